// The core entry: the HTTP machinery, health, sign-in and the session, the catalogs, and the core
// `apiRoutes`. It is a federation singleton that the shell loads whole (shared modules are not
// tree-shaken), so it holds no area's contracts. Each area is a subpath entry of its own, not
// shared: the modules that import it bundle the parts they use, tree-shaken (package.json's
// `sideEffects` names the one file with side effects, ./zod.ts): `@outsync/contracts/accounts`
// (connected accounts), `/webhooks`, `/history`. A new area follows the same pattern:
// `src/<area>/index.ts`, an `exports` entry in package.json, and the area's route table added to
// sync-service's `serviceRoutes`. An area imports the core and zod by package name
// (`@outsync/contracts`, `@outsync/contracts/zod`), never by relative path, so its bundle uses the
// shared copies instead of copying parts of them.
// The OpenAPI builder is not here: only the service runs it, and the shell would load it whole.
// Outside the browser `@outsync/contracts` is ./server.ts, this entry and the builder
// (package.json's `browser` and `default` export conditions).
export * from './http/error-envelope';
export * from './http/route';
export * from './http/api-error';
export * from './http/api-client';
export * from './http/openapi-document.schemas';
export * from './health/health.schemas';
export * from './auth/auth.schemas';
export * from './api-routes';
export * from './sync/sync-alerts.routes';
export * from './catalog/front-end-apps';
export * from './catalog/routes';
export * from './catalog/crm-kinds';
export * from './catalog/platforms';
export * from './catalog/activity-events';
export * from './catalog/test-events';
export * from './catalog/webhook-settings';
export * from './catalog/lead-categories';
export * from './catalog/block-lists';
export * from './catalog/history';
export * from './catalog/api-keys';
export * from './catalog/oauth';
export * from './catalog/timing';
export * from './catalog/compatibility';
