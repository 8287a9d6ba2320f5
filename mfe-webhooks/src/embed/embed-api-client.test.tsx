import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import { defineRoute, LogoutResponseSchema, SendCodeRequestSchema } from '@outsync/contracts';
import { UiProvider } from '@outsync/ui';
import { ApiProvider, createQueryClient, useRouteClient } from '@outsync/app-runtime';
import { createEmbedApiClient } from './embed-api-client';

const apiBaseUrl = 'https://api.outsync.test';

/** An area's table, as the webhooks module's (core schemas, so no zod here). */
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

const expired = {
  message: 'The embed token has expired. Ask your server for a new one.',
  code: 'embed_token_expired',
};

/** A fake service at the fetch level that accepts only the tokens in `valid`. */
function fakeService(valid: Set<string>) {
  const requests: Request[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    requests.push(request);
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
    if (!valid.has(token)) return Response.json(expired, { status: 401 });
    return Response.json({ redirectUrl: '/done' });
  });
  const tokensSent = () => requests.map((request) => request.headers.get('Authorization'));
  return { requests, tokensSent };
}

function renderAreaClient(client: ReturnType<typeof createEmbedApiClient>['client']) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider>
      <UiProvider>
        <ApiProvider client={client} queryClient={createQueryClient()}>
          {children}
        </ApiProvider>
      </UiProvider>
    </Provider>
  );
  return renderHook(() => useRouteClient(areaRoutes), { wrapper }).result.current;
}

afterEach(() => jest.restoreAllMocks());

test('calls go to apiBaseUrl with the bearer token, no cookies and no CSRF token', async () => {
  const service = fakeService(new Set(['token-1']));
  const { client } = createEmbedApiClient({
    apiBaseUrl,
    token: 'token-1',
    getToken: jest.fn(),
  });
  const area = renderAreaClient(client);

  await area.addThing({ body: { email: 'ada@example.com' } });
  await area.things();

  expect(service.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
    'POST https://api.outsync.test/api/things',
    'GET https://api.outsync.test/api/things',
  ]);
  for (const request of service.requests) {
    expect(request.headers.get('Authorization')).toBe('Bearer token-1');
    expect(request.headers.get('X-CSRF-Token')).toBeNull();
    expect(request.credentials).toBe('omit');
  }
});

test('a 401 asks the host for a token once and sends the call again with it', async () => {
  const service = fakeService(new Set(['token-2']));
  const getToken = jest.fn(async () => 'token-2');
  const { client } = createEmbedApiClient({ apiBaseUrl, token: 'token-1', getToken });
  const area = renderAreaClient(client);

  await expect(area.things()).resolves.toEqual({ redirectUrl: '/done' });
  await area.addThing({ body: { email: 'ada@example.com' } });

  expect(getToken).toHaveBeenCalledTimes(1);
  expect(service.tokensSent()).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-2']);
});

test('a second 401 is the call’s error; the host is not asked again for that call', async () => {
  const service = fakeService(new Set());
  const getToken = jest.fn(async () => 'token-2');
  const { client } = createEmbedApiClient({ apiBaseUrl, token: 'token-1', getToken });
  const area = renderAreaClient(client);

  await expect(area.things()).rejects.toMatchObject({
    status: 401,
    code: 'embed_token_expired',
    message: 'The embed token has expired. Ask your server for a new one.',
  });

  expect(getToken).toHaveBeenCalledTimes(1);
  expect(service.tokensSent()).toEqual(['Bearer token-1', 'Bearer token-2']);
});

test('calls refused together share one fresh token', async () => {
  const service = fakeService(new Set(['token-2']));
  const getToken = jest.fn(async () => 'token-2');
  const { client } = createEmbedApiClient({ apiBaseUrl, token: 'token-1', getToken });
  const area = renderAreaClient(client);

  await Promise.all([area.things(), area.things(), area.things()]);

  expect(getToken).toHaveBeenCalledTimes(1);
  expect(service.tokensSent().filter((sent) => sent === 'Bearer token-2')).toHaveLength(3);
});

test('when the host cannot give a token the service’s refusal is the error', async () => {
  fakeService(new Set());
  const getToken = jest.fn(async (): Promise<string> => {
    throw new Error('partner backend down');
  });
  const { client } = createEmbedApiClient({ apiBaseUrl, token: 'token-1', getToken });
  const area = renderAreaClient(client);

  await expect(area.things()).rejects.toMatchObject({ status: 401, code: 'embed_token_expired' });
  expect(getToken).toHaveBeenCalledTimes(1);
});

test('setToken makes later calls send the new token', async () => {
  const service = fakeService(new Set(['token-1', 'token-9']));
  const session = createEmbedApiClient({ apiBaseUrl, token: 'token-1', getToken: jest.fn() });
  const area = renderAreaClient(session.client);

  await area.things();
  session.setToken('token-9');
  await area.things();

  expect(service.tokensSent()).toEqual(['Bearer token-1', 'Bearer token-9']);
});

test('other errors are not retried', async () => {
  const requests: Request[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    requests.push(new Request(input, init));
    return Response.json({ message: 'No.', code: 'forbidden' }, { status: 403 });
  });
  const getToken = jest.fn(async () => 'token-2');
  const { client } = createEmbedApiClient({ apiBaseUrl, token: 'token-1', getToken });

  await expect(renderAreaClient(client).things()).rejects.toMatchObject({ status: 403 });
  expect(requests).toHaveLength(1);
  expect(getToken).not.toHaveBeenCalled();
});
