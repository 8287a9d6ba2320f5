import type { CurrentUser } from '@outsync/contracts';

type Handler = (
  request: Request,
) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

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

export const freeCustomer: CurrentUser = {
  ...adminUser,
  id: 'u2',
  role: null,
  isAdmin: false,
  isManagerOrAdmin: false,
  isPaidTier: false,
  details: {
    nickname: 'bob',
    email: 'bob@example.com',
    picture: 'data:image/svg+xml,%3Csvg%2F%3E',
  },
};

/**
 * Answers the component tests' HTTP calls at the fetch level, as the service would, and records
 * them. Keys are "METHOD /path".
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
  return { requests, restore: () => spy.mockRestore() };
}
