export { theme, type Theme } from './theme';
export { GlobalStyle } from './global-style';
export { UiProvider } from './ui-provider';
export { Button } from './button';
export { Spinner, VisuallyHidden } from './spinner';
export { Page, Card } from './page';
export { placeholderNote, PlaceholderPage } from './placeholder-page';
export { createMount, type MountOptions, type Unmount } from './mount';
export { productNameAtom } from './product';
export { createModuleApp, type ModulePage } from './module-app';
export {
  DEFAULT_TOAST_LIFE_MS,
  toastSummaries,
  toastsAtom,
  useToast,
  type Toast,
  type ToastInput,
  type ToastSeverity,
} from './toast/toast-store';
export { ToastViewport } from './toast/toast-viewport';
export { ApiProvider, useApi, useApiErrorToast } from './api/api-context';
export { currentUserAtom } from './session';
