import {
  aCurrentUser,
  createFakeService,
  noAnswer,
  routeKey,
  userDetails,
} from '@outsync/app-runtime/testing';
import { apiRoutes, type CurrentUser, type RouteDefinition } from '@outsync/contracts';

type Handler = (
  request: Request,
) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/** Staff with role ADMIN on the paid tier. */
export const adminUser = aCurrentUser({
  id: 'u1',
  role: 'ADMIN',
  details: userDetails('ada', 'ada@example.com'),
});

/** Staff with role MANAGER: not an admin, but a manager-or-admin (spec 01 §6). */
export const managerUser = aCurrentUser({
  id: 'u3',
  role: 'MANAGER',
  details: userDetails('meg', 'meg@example.com'),
});

/** A customer account user (no role) on the free plan. */
export const freeCustomer = aCurrentUser({
  id: 'u2',
  isPaidTier: false,
  details: userDetails('bob', 'bob@example.com'),
});

/**
 * The real service's error envelopes for the calls the shell makes (copied from sync-service:
 * platform/http/session.ts, csrf.ts, modules/health/health.routes.ts).
 */
export const serviceErrors = {
  unauthorized: { status: 401, body: { message: 'Please sign in.', code: 'unauthorized' } },
  csrfInvalid: {
    status: 403,
    body: {
      message: 'Your session has expired. Refresh the page and try again.',
      code: 'csrf_invalid',
    },
  },
  notReady: {
    status: 503,
    body: {
      message: 'Service not ready',
      code: 'not_ready',
      details: { checks: [{ name: 'mongodb', ok: false }] },
    },
  },
  internal: { status: 500, body: { message: 'Internal server error', code: 'internal_error' } },
} as const;

/**
 * Answers the component tests' HTTP calls as the service would, through the harness's fake
 * (`@outsync/app-runtime/testing`: the core routes, a clear 404 for what nobody answers), and
 * records them. Keys are "METHOD /path"; `handlers` may be changed during a test.
 */
export function fakeServer(overrides: Record<string, Handler> = {}, user: CurrentUser = adminUser) {
  const handlers: Record<string, Handler> = {
    'GET /api/admin/me': () => ({ body: { ...user, redirectUrl: '/admin/dashboard/webhooks' } }),
    'GET /readyz': () => ({ body: { status: 'ok', checks: [{ name: 'mongodb', ok: true }] } }),
    'GET /auth/csrf-token': () => ({ body: { csrfToken: 'csrf-1' } }),
    'DELETE /auth/logout': () => ({ body: { redirectUrl: '/' } }),
    'GET /api/admin/sync-alerts': () => ({ body: { alerts: [] } }),
    ...overrides,
  };
  // The tests hand out their own CSRF tokens: the fake checks none.
  const api = createFakeService({ csrfToken: null });
  for (const [name, route] of Object.entries(apiRoutes) as [
    keyof typeof apiRoutes,
    RouteDefinition,
  ][]) {
    api.on(name, async (_input, sent) => {
      const handler = handlers[routeKey(route)];
      if (!handler) return noAnswer(sent);
      const { status = 200, body } = await handler(sent.request);
      return Response.json(body ?? {}, { status });
    });
  }
  /** The requests to one route, e.g. `sent('DELETE /auth/logout')`. */
  const sent = (route: string) =>
    api.requests.filter((request) => `${request.method} ${request.path}` === route);
  return { handlers, requests: api.requests, sent, restore: api.restore };
}
