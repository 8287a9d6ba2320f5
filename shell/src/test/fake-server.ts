import type { CurrentUser } from '@outsync/contracts';

type Handler = (
  request: Request,
) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/** Staff with role ADMIN on the paid tier. */
export const adminUser: CurrentUser = {
  id: 'u1',
  role: 'ADMIN',
  isAdmin: true,
  isManager: false,
  isManagerOrAdmin: true,
  isPaidTier: true,
  userProfiles: [],
  details: {
    nickname: 'ada',
    email: 'ada@example.com',
    picture: 'data:image/svg+xml,%3Csvg%2F%3E',
  },
};

/** Staff with role MANAGER: not an admin, but a manager-or-admin (spec 01 §6). */
export const managerUser: CurrentUser = {
  ...adminUser,
  id: 'u3',
  role: 'MANAGER',
  isAdmin: false,
  isManager: true,
  isManagerOrAdmin: true,
  details: {
    nickname: 'meg',
    email: 'meg@example.com',
    picture: 'data:image/svg+xml,%3Csvg%2F%3E',
  },
};

/** A customer account user (no role) on the free plan. */
export const freeCustomer: CurrentUser = {
  ...adminUser,
  id: 'u2',
  role: null,
  isAdmin: false,
  isManager: false,
  isManagerOrAdmin: false,
  isPaidTier: false,
  details: {
    nickname: 'bob',
    email: 'bob@example.com',
    picture: 'data:image/svg+xml,%3Csvg%2F%3E',
  },
};

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
 * Answers the component tests' HTTP calls at the fetch level, as the service would, and records
 * them. Keys are "METHOD /path"; `handlers` may be changed during a test.
 */
export function fakeServer(overrides: Record<string, Handler> = {}, user: CurrentUser = adminUser) {
  const handlers: Record<string, Handler> = {
    'GET /api/admin/me': () => ({ body: { ...user, redirectUrl: '/admin/dashboard/webhooks' } }),
    'GET /readyz': () => ({ body: { status: 'ok', checks: [{ name: 'mongodb', ok: true }] } }),
    'GET /auth/csrf-token': () => ({ body: { csrfToken: 'csrf-1' } }),
    'DELETE /auth/logout': () => ({ body: { redirectUrl: '/' } }),
    ...overrides,
  };
  const requests: Request[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(
      input instanceof Request ? input : new URL(String(input), 'http://localhost'),
      init,
    );
    requests.push(request);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = handlers[key];
    if (!handler) {
      return Response.json({ message: `No fake for ${key}`, code: 'not_found' }, { status: 404 });
    }
    const { status = 200, body } = await handler(request);
    return Response.json(body ?? {}, { status });
  });
  /** The requests to one route, e.g. `sent('DELETE /auth/logout')`. */
  const sent = (route: string) =>
    requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);
  return { handlers, requests, sent, restore: () => spy.mockRestore() };
}
