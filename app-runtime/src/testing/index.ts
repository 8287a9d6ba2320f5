// `@outsync/app-runtime/testing`: the front end's one test harness (a fake sync-service driven by
// the contracts' route tables, the host's providers, signed-in users). For test files and
// src/test/ folders only; it never enters a bundle (index.test.ts checks no app code imports it).
export {
  createFakeService,
  csrfInvalid,
  deferred,
  noAnswer,
  routeKey,
  type FakeHandler,
  type FakeHandlers,
  type FakeReply,
  type FakeService,
  type FakeServiceOptions,
  type RequestCheck,
  type SentRequest,
  type ServiceRoutes,
  type UnmatchedHandler,
} from './fake-service';
export {
  chooseOption,
  findToast,
  pageRoutes,
  renderRoutes,
  renderWithProviders,
  settled,
  shownToasts,
  unauthorizedRoute,
  type ProviderOptions,
  type RouteRenderOptions,
} from './render';
export { aCurrentUser, admin, customer, manager, oid, userDetails } from './users';
