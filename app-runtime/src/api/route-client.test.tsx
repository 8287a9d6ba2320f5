// An area's screens call their own route table through `useRouteClient`, with the behaviour of
// the client the host provided: the shell's 401 handler and the page's CSRF token.
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import {
  createApiClient,
  defineRoute,
  LogoutResponseSchema,
  SendCodeRequestSchema,
  type ApiClient,
} from '@outsync/contracts';
import { UiProvider } from '@outsync/ui';
import { ApiProvider, useRouteClient } from './api-context';
import { createDashboardApiClient, createDashboardRouteClient } from './dashboard-api-client';
import { createQueryClient } from './query-client';

/** An area's table, as `@outsync/contracts/<area>` exports one (core schemas, so no zod here). */
const areaRoutes = {
  things: defineRoute({
    method: 'get',
    path: '/api/things',
    response: LogoutResponseSchema,
    description: 'A read.',
  }),
  addThing: defineRoute({
    method: 'post',
    path: '/api/things',
    request: { body: SendCodeRequestSchema },
    response: LogoutResponseSchema,
    description: 'A write.',
  }),
};

const otherRoutes = { ...areaRoutes };

/** A fake service at the fetch level: hands out CSRF tokens, answers the area's routes. */
function fakeService(thingsStatus = 200) {
  const requests: Request[] = [];
  let tokens = 0;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    requests.push(request);
    const route = `${request.method} ${new URL(request.url).pathname}`;
    if (route === 'GET /auth/csrf-token') return Response.json({ csrfToken: `csrf-${++tokens}` });
    if (route === 'GET /api/things' && thingsStatus === 401) {
      return Response.json({ message: 'Please sign in.', code: 'unauthorized' }, { status: 401 });
    }
    return Response.json({ redirectUrl: '/done' });
  });
  const sent = (route: string) =>
    requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);
  return { sent };
}

function renderRouteClient<T extends typeof areaRoutes>(
  client: ApiClient,
  { queryClient = createQueryClient(), routes = areaRoutes as T } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider>
      <UiProvider>
        <ApiProvider client={client} queryClient={queryClient}>
          {children}
        </ApiProvider>
      </UiProvider>
    </Provider>
  );
  return renderHook(() => useRouteClient(routes), { wrapper });
}

afterEach(() => jest.restoreAllMocks());

test("a 401 through the route client calls the host client's onUnauthorized", async () => {
  fakeService(401);
  const onUnauthorized = jest.fn();
  const queryClient = createQueryClient();
  const host = createDashboardApiClient({ onUnauthorized, queryClient });
  const { result } = renderRouteClient(host, { queryClient });

  await expect(result.current.things()).rejects.toMatchObject({
    status: 401,
    code: 'unauthorized',
  });
  expect(onUnauthorized).toHaveBeenCalledTimes(1);
});

test("a POST through the route client carries the page's CSRF token, shared with the host client", async () => {
  const service = fakeService();
  const queryClient = createQueryClient();
  const host = createDashboardApiClient({ queryClient });
  const { result } = renderRouteClient(host, { queryClient });

  await result.current.addThing({ body: { email: 'ada@example.com' } });
  await host.logout();
  await result.current.things();

  expect(service.sent('POST /api/things')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  expect(service.sent('DELETE /auth/logout')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  expect(service.sent('GET /api/things')[0]?.headers.get('X-CSRF-Token')).toBeNull();
  // One token for the page: the route client uses the host client's cache.
  expect(service.sent('GET /auth/csrf-token')).toHaveLength(1);
});

test('one client per host client and route table, across renders', () => {
  fakeService();
  const host = createDashboardApiClient({ queryClient: createQueryClient() });
  const { result, rerender } = renderRouteClient(host);
  const first = result.current;

  rerender();

  expect(result.current).toBe(first);
  expect(Object.keys(first).sort()).toEqual(['addThing', 'things']);
  // Another table (equal, but not the same object) gets a client of its own.
  const other = renderRouteClient(host, { routes: otherRoutes });
  expect(other.result.current).not.toBe(first);
});

test('a host client that is not a dashboard client gives a route client with the default options', async () => {
  const service = fakeService(401);
  const { result } = renderRouteClient(createApiClient());

  await result.current.addThing({ body: { email: 'ada@example.com' } });
  await expect(result.current.things()).rejects.toMatchObject({ status: 401 });

  expect(service.sent('POST /api/things')[0]?.headers.get('X-CSRF-Token')).toMatch(/^csrf-/);
});

test('createDashboardRouteClient sends CSRF on unsafe calls and reports a 401', async () => {
  const service = fakeService(401);
  const onUnauthorized = jest.fn();
  const client = createDashboardRouteClient(areaRoutes, {
    onUnauthorized,
    queryClient: createQueryClient(),
  });

  await client.addThing({ body: { email: 'ada@example.com' } });
  await expect(client.things()).rejects.toMatchObject({ status: 401 });

  expect(service.sent('POST /api/things')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  expect(onUnauthorized).toHaveBeenCalledTimes(1);
});
