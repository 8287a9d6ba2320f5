// http-client: how requests are sent (URL, query, bodies, static keys, the injected fetch) and
// collectPages.
import nock from 'nock';
import { z } from 'zod';
import { collectPages } from './paging';
import { failureOf } from '../test-support';
import { installNockHooks, BASE, KEY, Ok, client } from './http-client.test-support';

installNockHooks();

describe('requests', () => {
  it('sends GET to base URL + path with the query, accepts JSON and lets extra fields through', async () => {
    nock(`${BASE}/prefix`, { badheaders: ['authorization', 'content-type'] })
      .get('/things')
      .query({ limit: '100', archived: 'false' })
      .matchHeader('accept', 'application/json')
      .reply(200, { ok: true, extra: { nested: 1 } });

    const result = await client({ baseUrl: `${BASE}/prefix/` }).request({
      operation: 'listThings',
      method: 'GET',
      path: '/things',
      query: { limit: 100, archived: false, after: undefined },
      schema: Ok,
    });

    expect(result).toEqual({ ok: true, extra: { nested: 1 } });
  });

  it('sends a JSON body and a form body exactly', async () => {
    nock(BASE)
      .post('/json', { name: 'Do not contact', ids: [1, 2] })
      .matchHeader('content-type', 'application/json')
      .reply(200, { ok: true })
      .post('/form', 'grant_type=authorization_code&redirect_uri=https%3A%2F%2Fapp.test%2Foauth')
      .matchHeader('content-type', 'application/x-www-form-urlencoded')
      .reply(200, { ok: true });
    const http = client();

    await http.request({
      operation: 'json',
      method: 'POST',
      path: '/json',
      json: { name: 'Do not contact', ids: [1, 2] },
      schema: Ok,
    });
    await http.request({
      operation: 'form',
      method: 'POST',
      path: '/form',
      form: { grant_type: 'authorization_code', redirect_uri: 'https://app.test/oauth' },
      schema: Ok,
    });

    expect(nock.isDone()).toBe(true);
  });

  it('places a static key where the auth function puts it (header or query)', async () => {
    nock(BASE)
      .get('/h')
      .matchHeader('x-api-key', KEY)
      .reply(200, { ok: true })
      .get('/q')
      .query({ api_key: KEY })
      .reply(200, { ok: true });

    await client({ auth: ({ headers }) => headers.set('X-API-KEY', KEY) }).request({
      operation: 'h',
      method: 'GET',
      path: '/h',
      schema: Ok,
    });
    await client({ auth: ({ url }) => url.searchParams.set('api_key', KEY) }).request({
      operation: 'q',
      method: 'GET',
      path: '/q',
      schema: Ok,
    });

    expect(nock.isDone()).toBe(true);
  });

  it('goes through the injected fetch with a URL string and a plain init', async () => {
    const calls: Array<{ url: string; method?: string; body: string; auth: string | null }> = [];
    const fetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
      calls.push({
        url: String(input),
        method: init?.method,
        body: new TextDecoder().decode(init?.body as ArrayBuffer),
        auth: new Headers(init?.headers).get('x-api-key'),
      });
      return new Response(JSON.stringify({ ok: true }), {
        headers: { 'content-type': 'application/json' },
      });
    };

    await client({ fetch, auth: ({ headers }) => headers.set('x-api-key', KEY) }).request({
      operation: 'create',
      method: 'POST',
      path: '/lists',
      json: { name: 'x' },
      schema: Ok,
    });

    expect(calls).toEqual([
      { url: `${BASE}/lists`, method: 'POST', body: '{"name":"x"}', auth: KEY },
    ]);
  });

  it('answers undefined for an empty body', async () => {
    nock(BASE).get('/check').reply(200, '');
    await expect(
      client().request({ operation: 'check', method: 'GET', path: '/check', schema: z.unknown() }),
    ).resolves.toBeUndefined();
  });
});

describe('collectPages', () => {
  it('follows the cursor to the end', async () => {
    const pages: Record<string, { items: number[]; next?: string }> = {
      start: { items: [1, 2], next: 'b' },
      b: { items: [3] },
    };
    await expect(
      collectPages({ system: 'hubspot', operation: 'list' }, (cursor: string | undefined) =>
        Promise.resolve(pages[cursor ?? 'start'] ?? { items: [] }),
      ),
    ).resolves.toEqual([1, 2, 3]);
  });

  it('fails as unexpected when a cursor repeats', async () => {
    const error = await failureOf(
      collectPages({ system: 'hubspot', operation: 'listOwners' }, () =>
        Promise.resolve({ items: [1], next: 'same' }),
      ),
    );
    expect(error.message).toBe('HubSpot listOwners repeated its paging cursor');
  });
});
