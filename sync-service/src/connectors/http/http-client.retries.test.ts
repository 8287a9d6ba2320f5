// http-client: retries (429 and Retry-After, backoff, 503s, the throttle, the observer).
import nock from 'nock';
import { ConnectorError } from './connector-error';
import { failureOf } from '../test-support';
import { installNockHooks, BASE, Ok, client } from './http-client.test-support';

installNockHooks();

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
