// http-client: token auth (bearer tokens, one shared refresh on a 401, tokens never shown).
import nock from 'nock';
import type { TokenAuth } from './http-client';
import { failureOf } from '../test-support';
import { installNockHooks, BASE, KEY, Ok, client, tokenAuth } from './http-client.test-support';

installNockHooks();

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
