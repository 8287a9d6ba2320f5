import { createMount } from '@outsync/ui';
import { RemoteApp } from '../app/remote-app';

/** For hosts that are not our shell: `const unmount = mount(element, { basename })`. */
export const mount = createMount(RemoteApp);
export default mount;
