import { z } from 'zod';
import { ApiError } from './api-error';
import { createApiClient, createRouteClient, routeUrl } from './api-client';
import { defineRoute } from './route';

type Recorded = { method: string; url: string; body: string; headers: Headers };

/** A fetch that records each request and answers from the given function. */
function fakeFetch(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Recorded[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    // As the real fetch does: an aborted signal rejects before anything is sent.
    request.signal.throwIfAborted();
    requests.push({
      method: request.method,
      url: request.url,
      body: await request.clone().text(),
      headers: request.headers,
    });
    return answer(request);
  };
  return { fetch, requests };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const routes = {
  renameWebhook: defineRoute({
    method: 'patch',
    path: '/api/webhooks/:id',
    request: {
      params: z.object({ id: z.string() }),
      query: z.object({ notify: z.boolean().optional(), tags: z.array(z.string()).optional() }),
      body: z.object({ name: z.string() }),
    },
    response: z.object({
      id: z.string(),
      renamedAt: z.iso.datetime().transform((s) => new Date(s)),
    }),
    description: 'test',
  }),
};

describe('createApiClient', () => {
  it('calls a route and resolves with the parsed body', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, { status: 'ok' }));
    const client = createApiClient({ prefix: 'http://api.test', fetch });

    await expect(client.health()).resolves.toEqual({ status: 'ok' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', url: 'http://api.test/healthz' });
    expect(requests[0]?.headers.get('accept')).toBe('application/json');
  });

  it('keeps a path prefix of the base', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, { status: 'ok' }));
    const client = createApiClient({ prefix: 'http://gateway.test/outsync/', fetch });

    await client.health();
    expect(requests[0]?.url).toBe('http://gateway.test/outsync/healthz');
  });

  it("sends the client's headers and each call's own", async () => {
    const { fetch, requests } = fakeFetch(() => json(200, { status: 'ok' }));
    const client = createApiClient({
      prefix: 'http://api.test',
      fetch,
      headers: { 'x-client': 'shell' },
    });

    await client.health({ headers: { 'x-request-id': 'abc' } });
    expect(requests[0]?.headers.get('x-client')).toBe('shell');
    expect(requests[0]?.headers.get('x-request-id')).toBe('abc');
  });

  it('fills path params, sends query and JSON body, and parses the response', async () => {
    const { fetch, requests } = fakeFetch(() =>
      json(200, { id: 'a/b', renamedAt: '2026-01-02T03:04:05.000Z' }),
    );
    const client = createRouteClient(routes, { prefix: 'http://api.test', fetch });

    const result = await client.renameWebhook({
      params: { id: 'a/b' },
      query: { notify: true, tags: ['x', 'y'] },
      body: { name: 'Leads' },
    });

    expect(result).toEqual({ id: 'a/b', renamedAt: new Date('2026-01-02T03:04:05.000Z') });
    expect(requests[0]).toMatchObject({
      method: 'PATCH',
      url: 'http://api.test/api/webhooks/a%2Fb?notify=true&tags=x&tags=y',
      body: JSON.stringify({ name: 'Leads' }),
    });
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('turns an error envelope into an ApiError', async () => {
    const { fetch } = fakeFetch(() =>
      json(503, { message: 'Service not ready', code: 'not_ready', details: { checks: [] } }),
    );
    const client = createApiClient({ prefix: 'http://api.test', fetch });

    const error = await client.ready().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      code: 'not_ready',
      message: 'Service not ready',
      details: { checks: [] },
    });
  });

  it('does not retry by default', async () => {
    const { fetch, requests } = fakeFetch(() => json(503, { message: 'no', code: 'not_ready' }));
    const client = createApiClient({ prefix: 'http://api.test', fetch });

    await expect(client.ready()).rejects.toBeInstanceOf(ApiError);
    expect(requests).toHaveLength(1);
  });

  it('falls back to a generic ApiError when the error body is not an envelope', async () => {
    const { fetch } = fakeFetch(
      () =>
        new Response('<h1>Bad gateway</h1>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const client = createApiClient({ prefix: 'http://api.test', fetch });

    await expect(client.health()).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      code: 'http_error',
      message: 'Request failed with status 502',
      details: { body: '<h1>Bad gateway</h1>' },
    });
  });

  it('rejects a success body that breaks the contract', async () => {
    const { fetch } = fakeFetch(() => json(200, { status: 'maybe' }));
    const client = createApiClient({ prefix: 'http://api.test', fetch });

    await expect(client.health()).rejects.toMatchObject({
      status: 200,
      code: 'invalid_response',
    });
  });

  it('reports an unreachable server as a network error', async () => {
    const client = createApiClient({
      prefix: 'http://api.test',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });

    await expect(client.health()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('lets an abort through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const { fetch } = fakeFetch(() => json(200, { status: 'ok' }));
    const client = createApiClient({ prefix: 'http://api.test', fetch });

    await expect(client.health({ signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('createRouteClient options', () => {
  it('fails a call without an answer within `timeout` as a timeout', async () => {
    const client = createApiClient({
      prefix: 'http://api.test',
      timeout: 20,
      fetch: (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    });

    await expect(client.health()).rejects.toMatchObject({ status: 0, code: 'timeout' });
  });

  it('runs beforeRequest hooks on the request and afterResponse hooks on every answer', async () => {
    const { fetch, requests } = fakeFetch(() => json(401, { message: 'No', code: 'unauthorized' }));
    const seen: number[] = [];
    const client = createApiClient({
      prefix: 'http://api.test',
      fetch,
      hooks: {
        beforeRequest: [({ request }) => request.headers.set('x-csrf-token', 't1')],
        afterResponse: [({ response }) => void seen.push(response.status)],
      },
    });

    await expect(client.health()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(requests[0]?.headers.get('x-csrf-token')).toBe('t1');
    expect(seen).toEqual([401]);
  });

  it('lets an error thrown by a hook through unchanged, without sending', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, { status: 'ok' }));
    const refusal = new ApiError({ status: 0, code: 'csrf_unavailable', message: 'no token' });
    const client = createApiClient({
      prefix: 'http://api.test',
      fetch,
      hooks: {
        beforeRequest: [
          () => {
            throw refusal;
          },
        ],
      },
    });

    await expect(client.health()).rejects.toBe(refusal);
    expect(requests).toHaveLength(0);
  });
});

describe('ApiError.fromResponse', () => {
  it('reads an envelope without details', () => {
    const error = ApiError.fromResponse(404, { message: 'Not found', code: 'not_found' });
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Not found' });
    expect(error.details).toBeUndefined();
  });

  it('has no details for an empty body', () => {
    expect(ApiError.fromResponse(500, undefined).details).toBeUndefined();
  });
});

describe('routeUrl', () => {
  const exportRoute = defineRoute({
    method: 'get',
    path: '/api/things/:id/export',
    request: {
      params: z.object({ id: z.string() }),
      query: z.object({ status: z.string().optional(), from: z.string().optional() }),
    },
    response: z.string(),
    produces: 'text/csv',
    description: 'A download.',
  });

  it('fills the params and writes the query, leaving out what is unset', () => {
    expect(
      routeUrl(exportRoute, {
        params: { id: 'a/b' },
        query: { status: 'failed', from: undefined },
      }),
    ).toBe('/api/things/a%2Fb/export?status=failed');
  });

  it('joins a prefix with its own path', () => {
    expect(routeUrl(exportRoute, { params: { id: '7' } }, 'https://gw.test/outsync/')).toBe(
      'https://gw.test/outsync/api/things/7/export',
    );
  });
});
