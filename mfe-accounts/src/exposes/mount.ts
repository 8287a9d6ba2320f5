import { createModuleApp, createMount } from '@outsync/app-runtime';
import { moduleName, pages } from '../app/pages';

/** For hosts that are not our shell: `const unmount = mount(element, { basename })`. */
export const mount = createMount(createModuleApp(moduleName, pages));
export default mount;
