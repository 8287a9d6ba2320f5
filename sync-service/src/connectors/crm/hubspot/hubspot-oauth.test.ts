import nock from 'nock';
import {
  buildAuthorizeUrl,
  exchangeCode,
  getAccessTokenInfo,
  refreshAccessToken,
  revokeRefreshToken,
} from './hubspot-oauth';
import { assertNockDone, failureOf } from '../../test-support';

// The sandbox's base URL carries a path; the real one is https://api.hubapi.com.
const API = 'https://sandbox.test/hubspot';
const CLIENT_SECRET = 'hs-client-secret-4c1d9e';
const ACCESS = 'CNqW3K-access-token-9f2a';
const REFRESH = 'na1-refresh-token-77e0';

beforeAll(() => nock.disableNetConnect());
afterEach(assertNockDone);
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('buildAuthorizeUrl', () => {
  it('names client_id, redirect_uri, scope (space-separated), optional_scope and state', () => {
    expect(
      buildAuthorizeUrl({
        authorizeUrl: 'https://app.hubspot.com/oauth/authorize',
        clientId: 'client-1',
        redirectUri: 'https://outsync.test/oauth',
        scopes: ['crm.objects.contacts.write', 'timeline'],
        optionalScopes: ['crm.schemas.contacts.write', 'crm.lists.read'],
        state: 'st&te=1',
      }),
    ).toBe(
      'https://app.hubspot.com/oauth/authorize?client_id=client-1' +
        '&redirect_uri=https%3A%2F%2Foutsync.test%2Foauth' +
        '&scope=crm.objects.contacts.write%20timeline' +
        '&optional_scope=crm.schemas.contacts.write%20crm.lists.read' +
        '&state=st%26te%3D1',
    );
  });

  it('leaves optional_scope out when there is none', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authorizeUrl: `${API}/oauth/authorize`,
        clientId: 'c',
        redirectUri: 'https://outsync.test/oauth',
        scopes: ['timeline'],
        state: 's',
      }),
    );
    expect(url.pathname).toBe('/hubspot/oauth/authorize');
    expect([...url.searchParams.keys()]).toEqual(['client_id', 'redirect_uri', 'scope', 'state']);
  });
});

describe('exchangeCode', () => {
  it('posts the form to /oauth/v1/token and answers the tokens', async () => {
    nock(API)
      .post(
        '/oauth/v1/token',
        'grant_type=authorization_code&client_id=client-1' +
          `&client_secret=${CLIENT_SECRET}` +
          '&redirect_uri=https%3A%2F%2Foutsync.test%2Foauth&code=code-123',
      )
      .matchHeader('content-type', 'application/x-www-form-urlencoded')
      .reply(200, {
        token_type: 'bearer',
        access_token: ACCESS,
        refresh_token: REFRESH,
        expires_in: 1800,
        token_use: 'access_token',
        hub_id: 24000001,
        user_id: 9001,
        scopes: ['timeline'],
      });

    await expect(
      exchangeCode({
        apiUrl: API,
        clientId: 'client-1',
        clientSecret: CLIENT_SECRET,
        redirectUri: 'https://outsync.test/oauth',
        code: 'code-123',
      }),
    ).resolves.toEqual({ accessToken: ACCESS, refreshToken: REFRESH, expiresInSeconds: 1800 });
  });

  it('fails as unauthorized on a used code, with no secret in the error', async () => {
    nock(API)
      .post('/oauth/v1/token')
      .reply(400, {
        status: 'BAD_AUTH_CODE',
        message: `missing or unknown auth code (client_secret=${CLIENT_SECRET})`,
        correlationId: 'c-1',
        category: 'VALIDATION_ERROR',
      });

    const error = await failureOf(
      exchangeCode({
        apiUrl: API,
        clientId: 'client-1',
        clientSecret: CLIENT_SECRET,
        redirectUri: 'https://outsync.test/oauth',
        code: 'code-123',
      }),
    );

    expect(error).toMatchObject({
      system: 'hubspot',
      operation: 'exchangeCode',
      code: 'unauthorized',
      vendorCode: 'BAD_AUTH_CODE',
    });
    expect(String(error)).not.toContain(CLIENT_SECRET);
  });

  it('fails as unexpected when the answer has no refresh token', async () => {
    nock(API).post('/oauth/v1/token').reply(200, { access_token: ACCESS, expires_in: 1800 });

    const error = await failureOf(
      exchangeCode({
        apiUrl: API,
        clientId: 'client-1',
        clientSecret: CLIENT_SECRET,
        redirectUri: 'https://outsync.test/oauth',
        code: 'code-123',
      }),
    );

    expect(error.code).toBe('unexpected');
    expect(error.message).toMatch(
      /^HubSpot exchangeCode \(POST \/oauth\/v1\/token\) answered in an unexpected shape: refresh_token: /,
    );
    expect(error.message).not.toContain(ACCESS);
  });
});

describe('refreshAccessToken', () => {
  it('posts the refresh grant and answers the new access token', async () => {
    nock(API)
      .post(
        '/oauth/v1/token',
        `grant_type=refresh_token&client_id=client-1&client_secret=${CLIENT_SECRET}&refresh_token=${REFRESH}`,
      )
      .reply(200, {
        token_type: 'bearer',
        access_token: 'new-access',
        refresh_token: REFRESH,
        expires_in: 1800,
      });

    await expect(
      refreshAccessToken({
        apiUrl: API,
        clientId: 'client-1',
        clientSecret: CLIENT_SECRET,
        refreshToken: REFRESH,
      }),
    ).resolves.toEqual({
      accessToken: 'new-access',
      refreshToken: REFRESH,
      expiresInSeconds: 1800,
    });
  });

  it('fails as unauthorized, without the refresh token, when HubSpot no longer knows it', async () => {
    nock(API)
      .post('/oauth/v1/token')
      .reply(400, {
        status: 'BAD_REFRESH_TOKEN',
        message: `missing or unknown refresh token ${REFRESH}`,
        category: 'VALIDATION_ERROR',
      });

    const error = await failureOf(
      refreshAccessToken({
        apiUrl: API,
        clientId: 'client-1',
        clientSecret: CLIENT_SECRET,
        refreshToken: REFRESH,
      }),
    );

    expect(error.code).toBe('unauthorized');
    expect(error.vendorMessage).toBe('missing or unknown refresh token [redacted]');
  });
});

describe('getAccessTokenInfo', () => {
  it('reads hub, user and scopes of the token', async () => {
    nock(API)
      .get(`/oauth/v1/access-tokens/${ACCESS}`)
      .reply(200, {
        token: ACCESS,
        user: 'ana@acme.test',
        hub_domain: 'acme.hubspot.com',
        scopes: ['oauth', 'crm.objects.contacts.read'],
        hub_id: 24000001,
        app_id: 3100001,
        expires_in: 1795,
        user_id: 9001,
        token_type: 'access',
      });

    await expect(getAccessTokenInfo({ apiUrl: API, accessToken: ACCESS })).resolves.toEqual({
      hubId: '24000001',
      hubDomain: 'acme.hubspot.com',
      userEmail: 'ana@acme.test',
      userId: '9001',
      scopes: ['oauth', 'crm.objects.contacts.read'],
      expiresInSeconds: 1795,
    });
  });

  it('keeps the token out of the error of a refused lookup', async () => {
    nock(API).get(`/oauth/v1/access-tokens/${ACCESS}`).reply(404, {
      status: 'NOT_FOUND',
      message: 'Access token not found or expired',
      category: 'OBJECT_NOT_FOUND',
    });

    const error = await failureOf(getAccessTokenInfo({ apiUrl: API, accessToken: ACCESS }));

    expect(error.code).toBe('not_found');
    expect(error.message).toBe(
      'HubSpot getAccessTokenInfo (GET /oauth/v1/access-tokens/[redacted]) failed: 404 not_found (Access token not found or expired)',
    );
  });
});

describe('revokeRefreshToken', () => {
  it('deletes the refresh token at /oauth/v1/refresh-tokens/{token}', async () => {
    nock(API).delete(`/oauth/v1/refresh-tokens/${REFRESH}`).reply(204);
    await expect(
      revokeRefreshToken({ apiUrl: API, refreshToken: REFRESH }),
    ).resolves.toBeUndefined();
  });

  it('counts a token HubSpot no longer knows as revoked', async () => {
    nock(API).delete(`/oauth/v1/refresh-tokens/${REFRESH}`).reply(404, {
      status: 'error',
      message: 'refresh token not found',
      category: 'OBJECT_NOT_FOUND',
    });
    await expect(
      revokeRefreshToken({ apiUrl: API, refreshToken: REFRESH }),
    ).resolves.toBeUndefined();
  });

  it('fails on an outage, without the token in the error', async () => {
    nock(API).delete(`/oauth/v1/refresh-tokens/${REFRESH}`).times(3).reply(503, 'down');
    const error = await failureOf(revokeRefreshToken({ apiUrl: API, refreshToken: REFRESH }));
    expect(error.code).toBe('unavailable');
    expect(`${error.message} ${String(error)}`).not.toContain(REFRESH);
  });
});
