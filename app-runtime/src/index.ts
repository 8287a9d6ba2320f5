// Plumbing, not design: what connects a screen to the session, the API and the router. A change
// here never ships with a button, and a change to a button never ships the router.
export { ApiProvider, useApi, useRouteClient } from './api/api-context';
export {
  apiErrorMessage,
  apiErrorToast,
  defaultApiErrorTexts,
  useApiErrorToast,
  type ApiErrorToastOptions,
} from './api/api-error-toast';
export {
  createQueryClient,
  DEFAULT_STALE_TIME_MS,
  getPageQueryClient,
  shouldRetry,
  type ApiQueryMeta,
} from './api/query-client';
export {
  createDashboardApiClient,
  attachRouteClientFactory,
  createDashboardRouteClient,
  type DashboardApiClientOptions,
  type RouteClientFactory,
} from './api/dashboard-api-client';
export {
  CSRF_TOKEN_UNAVAILABLE,
  csrfTokenQueryOptions,
  getCsrfToken,
  isCsrfRejection,
  isCsrfTokenUnavailable,
  keepCsrfToken,
  renewCsrfToken,
} from './api/csrf';
export { validationToast, VALIDATION_SUMMARY, VALIDATION_TOAST_LIFE_MS } from './validation-toast';
export { currentUserAtom } from './session';
export { embeddedAtom, productNameAtom } from './product';
export { placeholderNote, PlaceholderPage } from './placeholder-page';
export { createModuleApp, type ModulePage } from './module-app';
export { createMount, type MountOptions, type Unmount } from './mount';
