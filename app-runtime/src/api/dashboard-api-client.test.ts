import { ApiError } from '@outsync/contracts';
import { createDashboardApiClient } from './dashboard-api-client';
import { createQueryClient } from './query-client';

type Answer = (request: Request) => Response | Promise<Response>;

const csrfInvalid = {
  message: 'Your session has expired. Refresh the page and try again.',
  code: 'csrf_invalid',
};

/** A fake service at the fetch level; counts the CSRF tokens it hands out. */
function fakeService(answers: Record<string, Answer>) {
  const requests: Request[] = [];
  let tokens = 0;
  const all: Record<string, Answer> = {
    'GET /auth/csrf-token': () => Response.json({ csrfToken: `csrf-${++tokens}` }),
    'DELETE /auth/logout': () => Response.json({ redirectUrl: '/' }),
    'GET /readyz': () => Response.json({ status: 'ok', checks: [] }),
    ...answers,
  };
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    requests.push(request);
    const answer = all[`${request.method} ${new URL(request.url).pathname}`];
    return answer
      ? answer(request)
      : Response.json({ message: 'no', code: 'not_found' }, { status: 404 });
  });
  const sent = (route: string) =>
    requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);
  return { requests, sent };
}

afterEach(() => jest.restoreAllMocks());

test('state-changing calls carry X-CSRF-Token, fetched once for the page; safe calls do not', async () => {
  const service = fakeService({});
  const client = createDashboardApiClient({ queryClient: createQueryClient() });

  await client.ready();
  await client.logout();
  await client.logout();

  expect(service.sent('GET /readyz')[0]?.headers.get('X-CSRF-Token')).toBeNull();
  expect(service.sent('DELETE /auth/logout').map((r) => r.headers.get('X-CSRF-Token'))).toEqual([
    'csrf-1',
    'csrf-1',
  ]);
  expect(service.sent('GET /auth/csrf-token')).toHaveLength(1);
});

test('two clients on one query cache share the token (the shell and the sign-in screens)', async () => {
  const service = fakeService({});
  const queryClient = createQueryClient();

  await createDashboardApiClient({ queryClient }).logout();
  await createDashboardApiClient({ queryClient })
    .sendCode({ body: { email: 'ada@example.com' } })
    .catch(() => undefined);

  expect(service.sent('GET /auth/csrf-token')).toHaveLength(1);
  expect(service.sent('POST /auth/code')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-1');
});

test('after a 403 the next call fetches a fresh token', async () => {
  let refuse = true;
  const service = fakeService({
    'DELETE /auth/logout': () =>
      refuse ? Response.json(csrfInvalid, { status: 403 }) : Response.json({ redirectUrl: '/' }),
  });
  const client = createDashboardApiClient({ queryClient: createQueryClient() });

  await expect(client.logout()).rejects.toMatchObject({ status: 403, code: 'csrf_invalid' });
  refuse = false;
  await expect(client.logout()).resolves.toEqual({ redirectUrl: '/' });

  expect(service.sent('DELETE /auth/logout').map((r) => r.headers.get('X-CSRF-Token'))).toEqual([
    'csrf-1',
    'csrf-2',
  ]);
});

test('a 401 calls onUnauthorized; without one a 401 is only an error', async () => {
  fakeService({
    'GET /api/admin/me': () =>
      Response.json({ message: 'Please sign in.', code: 'unauthorized' }, { status: 401 }),
  });
  const onUnauthorized = jest.fn();

  await expect(
    createDashboardApiClient({ onUnauthorized, queryClient: createQueryClient() }).me(),
  ).rejects.toMatchObject({ status: 401, code: 'unauthorized', message: 'Please sign in.' });
  expect(onUnauthorized).toHaveBeenCalledTimes(1);

  await expect(
    createDashboardApiClient({ queryClient: createQueryClient() }).me(),
  ).rejects.toBeInstanceOf(ApiError);
  expect(onUnauthorized).toHaveBeenCalledTimes(1);
});

test('when no token can be fetched the call is not sent and rejects as csrf_token_unavailable', async () => {
  const service = fakeService({
    'GET /auth/csrf-token': () =>
      Response.json({ message: 'Internal server error', code: 'internal_error' }, { status: 500 }),
  });
  const client = createDashboardApiClient({ queryClient: createQueryClient() });

  await expect(client.logout()).rejects.toMatchObject({
    name: 'ApiError',
    status: 0,
    code: 'csrf_token_unavailable',
  });
  expect(service.sent('DELETE /auth/logout')).toHaveLength(0);

  // The failed fetch is not kept: the next call tries again.
  await expect(client.logout()).rejects.toMatchObject({ code: 'csrf_token_unavailable' });
  expect(service.sent('GET /auth/csrf-token')).toHaveLength(2);
});
