// The harness's fake answers as the service does before any handler (route match, CSRF, the
// request schemas' 400) and never answers a request nobody handles with a silent success.
import { defineRoute, isApiError } from '@outsync/contracts';
import * as z from '@outsync/contracts/zod';
import { createDashboardApiClient } from '../api/dashboard-api-client';
import { createQueryClient } from '../api/query-client';
import { createFakeService } from './fake-service';

afterEach(() => jest.restoreAllMocks());

const client = () => createDashboardApiClient({ queryClient: createQueryClient() });

async function failure(call: Promise<unknown>) {
  const error: unknown = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isApiError(error)) throw new Error('expected the call to fail');
  return { status: error.status, code: error.code, message: error.message };
}

test('a request is dispatched to its route handler with the validated input', async () => {
  const api = createFakeService({
    handlers: {
      sendCode: ({ body }) => ({ body: { success: true, message: `Sent to ${body.email}` } }),
    },
  });

  await expect(client().sendCode({ body: { email: ' ada@example.com ' } })).resolves.toEqual({
    success: true,
    message: 'Sent to ada@example.com',
  });
  expect(api.sent('sendCode')).toHaveLength(1);
  expect(api.sent('sendCode')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  expect(api.sent('csrfToken')).toHaveLength(1);
});

test("a body the route's schema refuses is answered 400 as the service does", async () => {
  const handler = jest.fn();
  const api = createFakeService({ handlers: { sendCode: handler } });
  api.on('verifyCode', handler);

  const refused: unknown = await client()
    .verifyCode({ body: { email: 'ada@example.com', code: 'abc' } })
    .catch((error: unknown) => error);

  expect(refused).toMatchObject({
    status: 400,
    code: 'validation_error',
    message: 'The code is up to six digits.',
    details: { issues: [{ in: 'body', path: ['code'], message: 'The code is up to six digits.' }] },
  });
  expect(handler).not.toHaveBeenCalled();
});

test('a state-changing call without the CSRF token is refused 403', async () => {
  createFakeService({ handlers: { logout: () => ({ body: { redirectUrl: '/' } }) } });

  const answer = await fetch('http://localhost/auth/logout', { method: 'DELETE' });

  expect(answer.status).toBe(403);
  expect(await answer.json()).toEqual({
    message: 'Your session has expired. Refresh the page and try again.',
    code: 'csrf_invalid',
  });
});

test('a route without a handler, and a path no route has, fail with a message that says so', async () => {
  const api = createFakeService();

  expect(await failure(client().me())).toEqual({
    status: 404,
    code: 'not_found',
    message:
      "The fake service has no handler for route 'me' (GET /api/admin/me): register one with on('me', …).",
  });
  const unknown = await fetch('http://localhost/api/nothing-here');
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual({
    message: 'The fake service has no route for GET /api/nothing-here.',
    code: 'not_found',
  });
  expect(api.requests.map((request) => request.route)).toEqual(['me', null]);
});

const sampleRoute = defineRoute({
  method: 'get',
  path: '/',
  response: z.object({ ok: z.boolean() }),
  description: 'A sample',
});

test('path parameters are matched, fixed segments first', async () => {
  const routes = {
    one: { ...sampleRoute, path: '/things/:id', request: { params: z.object({ id: z.string() }) } },
    count: { ...sampleRoute, path: '/things/count' },
  };
  const api = createFakeService({ routes, csrfToken: null });
  api.on('count', () => ({ body: { ok: true } }));
  api.on('one', (_input, request) => new Response(request.path, { status: 418 }));

  expect((await fetch('http://localhost/things/count')).status).toBe(200);
  expect(await (await fetch('http://localhost/things/42')).text()).toBe('/things/42');
  expect(api.requests.map((request) => request.route)).toEqual(['count', 'one']);
});
