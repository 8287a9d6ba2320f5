import nock from 'nock';
import { z } from 'zod';
import { ConnectorError } from './connector-error';
import { createHttpClient, type HttpClientOptions, type TokenAuth } from './http-client';
import { collectPages } from './paging';
import { redact } from './redact';
import { assertNockDone, failureOf, printedForms } from '../test-support';

const BASE = 'https://api.vendor.test';
const KEY = 'sk_live_7f3a9c1e5b2d4f60';
const Ok = z.looseObject({ ok: z.boolean() });

function client(overrides: Partial<HttpClientOptions> = {}) {
  return createHttpClient({ system: 'smartlead', baseUrl: BASE, ...overrides });
}

function tokenAuth(tokens: string[], refreshed: string[]): TokenAuth & { refreshes: number } {
  let current = tokens[0] ?? '';
  const auth = {
    kind: 'bearer' as const,
    refreshes: 0,
    getAccessToken: () => Promise.resolve(current),
    refresh: () => {
      auth.refreshes++;
      const next = refreshed.shift();
      if (next === undefined) return Promise.reject(new Error(`refresh token ${KEY} rejected`));
      current = next;
      return Promise.resolve(next);
    },
  };
  return auth;
}

beforeAll(() => nock.disableNetConnect());
afterEach(assertNockDone);
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

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

describe('token auth', () => {
  it('sends the bearer token, refreshes once on a 401 and repeats the request once', async () => {
    const auth = tokenAuth(['old-token-1'], ['new-token-2']);
    nock(BASE)
      .post('/search', { q: 1 })
      .matchHeader('authorization', 'Bearer old-token-1')
      .reply(401, { status: 'error', message: 'expired', category: 'EXPIRED_AUTHENTICATION' })
      .post('/search', { q: 1 })
      .matchHeader('authorization', 'Bearer new-token-2')
      .reply(200, { ok: true });

    const result = await client({ system: 'hubspot', auth }).request({
      operation: 'search',
      method: 'POST',
      path: '/search',
      json: { q: 1 },
      schema: Ok,
    });

    expect(result).toEqual({ ok: true });
    expect(auth.refreshes).toBe(1);
  });

  it('gives up after the repeated request is refused too, without a second refresh', async () => {
    const auth = tokenAuth(['old-token-1'], ['new-token-2', 'new-token-3']);
    nock(BASE)
      .get('/me')
      .times(2)
      .reply(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);

    const error = await failureOf(
      client({ system: 'salesforce', auth }).request({
        operation: 'me',
        method: 'GET',
        path: '/me',
        schema: Ok,
      }),
    );

    expect(auth.refreshes).toBe(1);
    expect(error).toMatchObject({
      system: 'salesforce',
      operation: 'me',
      code: 'unauthorized',
      status: 401,
      vendorCode: 'INVALID_SESSION_ID',
      vendorMessage: 'Session expired or invalid',
    });
  });

  it('fails as unauthorized, scrubbed, when the refresh itself fails', async () => {
    const auth = tokenAuth(['old-token-1'], []);
    nock(BASE).get('/me').reply(401, {});

    const error = await failureOf(
      client({ system: 'hubspot', auth, secrets: () => [KEY] }).request({
        operation: 'me',
        method: 'GET',
        path: '/me',
        schema: Ok,
      }),
    );

    expect(error.code).toBe('unauthorized');
    expect(error.message).toContain('could not be refreshed');
    expect(String(error)).not.toContain(KEY);
  });

  it('shares one refresh between requests refused at the same time', async () => {
    const auth = tokenAuth(['old-token-1'], ['new-token-2']);
    nock(BASE)
      .get('/a')
      .reply(401, {})
      .get('/b')
      .reply(401, {})
      .get('/a')
      .matchHeader('authorization', 'Bearer new-token-2')
      .reply(200, { ok: true })
      .get('/b')
      .matchHeader('authorization', 'Bearer new-token-2')
      .reply(200, { ok: true });
    const http = client({ system: 'hubspot', auth });

    await Promise.all(
      ['/a', '/b'].map((path) => http.request({ operation: 'x', method: 'GET', path, schema: Ok })),
    );

    expect(auth.refreshes).toBe(1);
  });

  it('uses a token refreshed meanwhile by someone else instead of refreshing again', async () => {
    const issued = ['old-token-1', 'new-token-2'];
    let refreshes = 0;
    const auth: TokenAuth = {
      kind: 'bearer',
      // The store hands out the old token, then (another worker refreshed) the new one.
      getAccessToken: () =>
        Promise.resolve(issued.length > 1 ? (issued.shift() ?? '') : 'new-token-2'),
      refresh: () => {
        refreshes++;
        return Promise.resolve('newer-token-3');
      },
    };
    nock(BASE)
      .get('/me')
      .matchHeader('authorization', 'Bearer old-token-1')
      .reply(401, {})
      .get('/me')
      .matchHeader('authorization', 'Bearer new-token-2')
      .reply(200, { ok: true });

    await client({ auth }).request({ operation: 'me', method: 'GET', path: '/me', schema: Ok });

    expect(refreshes).toBe(0);
  });

  it('never shows a token it sent, even when the vendor echoes it', async () => {
    const auth = tokenAuth(['tok_secret_aaaa'], ['tok_secret_bbbb']);
    nock(BASE)
      .get('/me')
      .reply(401, {})
      .get('/me')
      .reply(400, { message: 'bad token tok_secret_aaaa then tok_secret_bbbb' });

    const error = await failureOf(
      client({ auth }).request({ operation: 'me', method: 'GET', path: '/me', schema: Ok }),
    );

    expect(error.vendorMessage).toBe('bad token [redacted] then [redacted]');
    expect(String(error)).not.toMatch(/tok_secret/);
  });
});

describe('retries', () => {
  it('waits for Retry-After on a 429 and repeats, for a POST too', async () => {
    nock(BASE)
      .post('/lists', { name: 'x' })
      .reply(429, { message: 'Too Many Requests' }, { 'Retry-After': '1' })
      .post('/lists', { name: 'x' })
      .reply(200, { ok: true });

    const started = Date.now();
    await client().request({
      operation: 'createList',
      method: 'POST',
      path: '/lists',
      json: { name: 'x' },
      schema: Ok,
    });

    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('does not wait for a Retry-After beyond the cap: rate_limited with the wait', async () => {
    nock(BASE).get('/owners').reply(
      429,
      {
        status: 'error',
        message: 'You have reached your ten_secondly_rolling limit.',
        errorType: 'RATE_LIMIT',
        policyName: 'TEN_SECONDLY_ROLLING',
      },
      { 'Retry-After': '60' },
    );

    const error = await failureOf(
      client({ system: 'hubspot', maxRetryAfterMs: 5_000 }).request({
        operation: 'listOwners',
        method: 'GET',
        path: '/owners',
        schema: Ok,
      }),
    );

    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryAfterSeconds: 60 });
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(
      'HubSpot listOwners (GET /owners) failed: 429 rate_limited (You have reached your ten_secondly_rolling limit.)',
    );
  });

  it('does not spend retries in a window HubSpot names without Retry-After; reports its wait', async () => {
    nock(BASE)
      .get('/owners')
      .reply(429, { status: 'error', message: 'limit', policyName: 'TEN_SECONDLY_ROLLING' });

    const error = await failureOf(
      client({ system: 'hubspot', retries: 2 }).request({
        operation: 'listOwners',
        method: 'GET',
        path: '/owners',
        schema: Ok,
      }),
    );

    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 10 });
  });

  it('backs off and repeats a 429 that names no window', async () => {
    nock(BASE)
      .get('/a')
      .reply(429, { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' })
      .get('/a')
      .reply(200, { ok: true });

    await expect(
      client({ system: 'instantly' }).request({
        operation: 'a',
        method: 'GET',
        path: '/a',
        schema: Ok,
      }),
    ).resolves.toEqual({ ok: true });
  });

  it('repeats a GET after 503 but not a POST, unless the POST only reads', async () => {
    nock(BASE)
      .get('/a')
      .reply(503, 'down')
      .get('/a')
      .reply(200, { ok: true })
      .post('/create')
      .reply(503, { message: 'down' })
      .post('/search')
      .reply(502, 'bad gateway')
      .post('/search')
      .reply(200, { ok: true });
    const http = client();

    await expect(
      http.request({ operation: 'a', method: 'GET', path: '/a', schema: Ok }),
    ).resolves.toEqual({ ok: true });
    const error = await failureOf(
      http.request({ operation: 'create', method: 'POST', path: '/create', json: {}, schema: Ok }),
    );
    expect(error).toMatchObject({ code: 'unavailable', status: 503, vendorMessage: 'down' });
    await expect(
      http.request({
        operation: 'search',
        method: 'POST',
        path: '/search',
        json: {},
        idempotent: true,
        schema: Ok,
      }),
    ).resolves.toEqual({ ok: true });
  });

  it('awaits the throttle before the first attempt and before each retry, with the request', async () => {
    nock(BASE).get('/a').query({ q: '1' }).reply(503, 'down');
    nock(BASE).get('/a').query({ q: '1' }).reply(200, { ok: true });
    const seen: string[] = [];
    const throttle = (request: { method: string; url: string }): Promise<void> => {
      seen.push(`${request.method} ${request.url}`);
      return Promise.resolve();
    };

    await client({ throttle }).request({
      operation: 'a',
      method: 'GET',
      path: '/a',
      query: { q: '1' },
      schema: Ok,
    });

    expect(seen).toEqual([`GET ${BASE}/a?q=1`, `GET ${BASE}/a?q=1`]);
  });

  it('fails with the throttle’s own error when it refuses the call, sending nothing', async () => {
    const refusal = new ConnectorError({
      system: 'salesforce',
      operation: 'throttle',
      code: 'rate_limited',
      message: 'over budget',
      retryAfterSeconds: 900,
    });

    const error = await failureOf(
      client({ throttle: () => Promise.reject(refusal) }).request({
        operation: 'a',
        method: 'GET',
        path: '/a',
        schema: Ok,
      }),
    );

    expect(error).toBe(refusal);
  });

  it('shows every response to the observer, refusals included', async () => {
    nock(BASE)
      .get('/a')
      .reply(503, 'down', { 'x-usage': '1' })
      .get('/a')
      .reply(200, { ok: true }, { 'x-usage': '2' });
    const seen: string[] = [];

    await client({
      observe: (response) => seen.push(`${response.status} ${response.headers.get('x-usage')}`),
    }).request({ operation: 'a', method: 'GET', path: '/a', schema: Ok });

    expect(seen).toEqual(['503 1', '200 2']);
  });

  it('stops after the configured number of retries', async () => {
    nock(BASE).get('/a').times(3).reply(504, '<html><body>Gateway Timeout</body></html>');

    const error = await failureOf(
      client({ retries: 2 }).request({ operation: 'a', method: 'GET', path: '/a', schema: Ok }),
    );

    expect(error).toMatchObject({
      code: 'unavailable',
      status: 504,
      vendorMessage: '(an HTML page)',
    });
  });

  it('does not repeat a 400', async () => {
    nock(BASE).get('/a').reply(400, { message: 'bad' });
    const error = await failureOf(
      client().request({ operation: 'a', method: 'GET', path: '/a', schema: Ok }),
    );
    expect(error.code).toBe('invalid_request');
    expect(error.retryable).toBe(false);
  });
});

describe('error mapping', () => {
  const cases: Array<[string, number, unknown, Partial<ConnectorError>]> = [
    [
      'HubSpot missing scopes',
      403,
      {
        status: 'error',
        message: "This app hasn't been granted all required scopes to make this call.",
        correlationId: 'c-1',
        errors: [
          {
            message: 'One or more of the following scopes are required.',
            context: { requiredGranularScopes: ['crm.objects.owners.read'] },
          },
        ],
        category: 'MISSING_SCOPES',
      },
      {
        code: 'missing_scopes',
        vendorCode: 'MISSING_SCOPES',
        vendorMessage:
          "This app hasn't been granted all required scopes to make this call.; One or more of the following scopes are required.",
      },
    ],
    [
      'HubSpot refresh token',
      400,
      {
        status: 'BAD_REFRESH_TOKEN',
        message: 'missing or unknown refresh token',
        category: 'VALIDATION_ERROR',
      },
      { code: 'unauthorized', vendorCode: 'BAD_REFRESH_TOKEN' },
    ],
    [
      'HubSpot not found',
      404,
      { status: 'error', message: 'Unable to find property x', category: 'OBJECT_NOT_FOUND' },
      { code: 'not_found', vendorCode: 'OBJECT_NOT_FOUND' },
    ],
    [
      'Salesforce API budget',
      403,
      [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
      {
        code: 'rate_limited',
        vendorCode: 'REQUEST_LIMIT_EXCEEDED',
        vendorMessage: 'TotalRequests Limit exceeded.',
      },
    ],
    [
      'Salesforce malformed query',
      400,
      [{ message: "unexpected token: 'FROM'", errorCode: 'MALFORMED_QUERY' }],
      { code: 'invalid_request', vendorCode: 'MALFORMED_QUERY' },
    ],
    [
      'Salesforce OAuth',
      400,
      { error: 'invalid_grant', error_description: 'expired access/refresh token' },
      {
        code: 'unauthorized',
        vendorCode: 'invalid_grant',
        vendorMessage: 'expired access/refresh token',
      },
    ],
    [
      'Instantly plan',
      402,
      {
        statusCode: 402,
        error: 'Payment Required',
        message: 'Workspace does not have an active paid plan',
      },
      { code: 'forbidden', vendorMessage: 'Workspace does not have an active paid plan' },
    ],
    [
      'EmailBison validation',
      422,
      {
        message: 'The email field must be a valid email.',
        errors: { email: ['The email field must be a valid email.'] },
      },
      { code: 'invalid_request', vendorMessage: 'The email field must be a valid email.' },
    ],
    [
      'HeyReach',
      404,
      { errorMessage: 'List not found', statusCode: 404 },
      { code: 'not_found', vendorMessage: 'List not found' },
    ],
    ['plain text', 500, 'Internal error', { code: 'unavailable', vendorMessage: 'Internal error' }],
  ];

  it.each(cases)('%s', async (_name, status, body, expected) => {
    nock(BASE)
      .post('/call')
      .reply(status, body as nock.Body);
    const error = await failureOf(
      client({ retries: 0 }).request({
        operation: 'call',
        method: 'POST',
        path: '/call',
        json: {},
        schema: Ok,
      }),
    );
    expect(error).toMatchObject({ status, ...expected });
  });

  it('scrubs the API key from the message, the vendor message and String(error)', async () => {
    nock(BASE)
      .get('/api/v1/leads/fetch-categories')
      .query({ api_key: KEY })
      .reply(401, { error: 'Invalid API Key', message: `api_key=${KEY} is not valid` });

    const error = await failureOf(
      client({
        auth: ({ url }) => url.searchParams.set('api_key', KEY),
        secrets: () => [KEY],
      }).request({
        operation: 'listLeadCategories',
        method: 'GET',
        path: '/api/v1/leads/fetch-categories',
        schema: Ok,
      }),
    );

    expect(error.code).toBe('unauthorized');
    expect(error.vendorMessage).toBe('api_key=[redacted] is not valid');
    for (const text of printedForms(error)) {
      expect(text).not.toContain(KEY);
    }
    expect(error.cause).toBeUndefined();
  });

  it('scrubs a secret that sits in the path', async () => {
    nock(BASE).get(`/oauth/v1/access-tokens/${KEY}`).reply(404, { message: 'not found' });

    const error = await failureOf(
      client({ system: 'hubspot', secrets: () => [KEY] }).request({
        operation: 'getAccessTokenInfo',
        method: 'GET',
        path: `/oauth/v1/access-tokens/${KEY}`,
        schema: Ok,
      }),
    );

    expect(error.message).toBe(
      'HubSpot getAccessTokenInfo (GET /oauth/v1/access-tokens/[redacted]) failed: 404 not_found (not found)',
    );
  });

  it('fails as unexpected, naming system, call and field, when the shape changed', async () => {
    nock(BASE)
      .get('/owners')
      .reply(200, { results: [{ id: 7 }] });

    const error = await failureOf(
      client({ system: 'hubspot' }).request({
        operation: 'listOwners',
        method: 'GET',
        path: '/owners',
        schema: z.looseObject({ results: z.array(z.looseObject({ id: z.string() })) }),
      }),
    );

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'HubSpot listOwners (GET /owners) answered in an unexpected shape: results.0.id: Invalid input: expected string, received number',
    );
  });

  it('fails as unexpected on a body that is not JSON', async () => {
    nock(BASE).get('/owners').reply(200, '<html>login</html>');
    const error = await failureOf(
      client().request({ operation: 'listOwners', method: 'GET', path: '/owners', schema: Ok }),
    );
    expect(error.code).toBe('unexpected');
    expect(error.message).toContain('non-JSON');
  });

  // nock 15 neither delays nor fails native fetch on Node 20, so these two use a fake fetch.
  it('fails as timeout when no answer comes in time, aborting the request', async () => {
    let aborted = false;
    const fetch = (_input: string | URL, init?: RequestInit): Promise<Response> =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });

    const error = await failureOf(
      client({ fetch, timeoutMs: 50 }).request({
        operation: 'slow',
        method: 'GET',
        path: '/slow',
        schema: Ok,
      }),
    );

    expect(error).toMatchObject({ code: 'timeout', status: undefined });
    expect(error.message).toBe('Smartlead slow (GET /slow) timed out');
    expect(error.retryable).toBe(true);
    expect(aborted).toBe(true);
  });

  it('fails as network when the connection fails (after retrying a GET), scrubbing the URL', async () => {
    const urls: string[] = [];
    const fetch = (input: string | URL): Promise<Response> => {
      urls.push(String(input));
      const reset = Object.assign(new Error(`socket hang up ${String(input)}`), {
        code: 'ECONNRESET',
      });
      return Promise.reject(new TypeError('fetch failed', { cause: reset }));
    };

    const error = await failureOf(
      client({ fetch, auth: ({ url }) => url.searchParams.set('api_key', KEY) }).request({
        operation: 'a',
        method: 'GET',
        path: '/a',
        schema: Ok,
      }),
    );

    expect(urls).toEqual(Array(3).fill(`${BASE}/a?api_key=${KEY}`));
    expect(error.code).toBe('network');
    expect(error.message).toBe(
      `Smartlead a (GET /a) could not reach the server: ECONNRESET socket hang up ${BASE}/a?api_key=[redacted]`,
    );
  });

  it('does not repeat a POST after a connection failure', async () => {
    let calls = 0;
    const fetch = (): Promise<Response> => {
      calls++;
      return Promise.reject(new TypeError('fetch failed'));
    };
    const error = await failureOf(
      client({ fetch }).request({
        operation: 'p',
        method: 'POST',
        path: '/p',
        json: {},
        schema: Ok,
      }),
    );
    expect(error.code).toBe('network');
    expect(calls).toBe(1);
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

describe('redact', () => {
  it('replaces secrets in every spelling, credential parameters and bearer tokens', () => {
    const secret = 'a+b/c=d secret';
    expect(
      redact(
        `x ${secret} ${encodeURIComponent(secret)} a%2Bb%2Fc%3Dd+secret ?api_key=zzz&x=1 Authorization: Bearer abc.def`,
        [secret, ''],
      ),
    ).toBe(
      'x [redacted] [redacted] [redacted] ?api_key=[redacted]&x=1 Authorization: Bearer [redacted]',
    );
  });
});
