// Plumbing, not design: what connects a screen to the session, the API and the router. A change
// here never ships with a button, and a change to a button never ships the router.
export { ApiProvider, useApi, useApiErrorToast } from './api/api-context';
export { currentUserAtom } from './session';
export { productNameAtom } from './product';
export { placeholderNote, PlaceholderPage } from './placeholder-page';
export { createModuleApp, type ModulePage } from './module-app';
export { createMount, type MountOptions, type Unmount } from './mount';
