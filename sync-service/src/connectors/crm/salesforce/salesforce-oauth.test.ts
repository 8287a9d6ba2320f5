import nock from 'nock';
import { assertNockDone, failureOf, printedForms } from '../../test-support';
import {
  buildAuthorizeUrl,
  exchangeCode,
  getIdentity,
  refreshAccessToken,
  revokeToken,
  salesforceDomainUrl,
} from './salesforce-oauth';

const LOGIN = 'https://acme.my.salesforce.com';
const INSTANCE = 'https://acme.my.salesforce.com.na139.example';
const SECRET = 'sf-consumer-secret-81d2c7';
const REFRESH = '5Aep861rEfReShToKeN';
const ACCESS = '00D5e000000OutSyncA!AQ4AQsession';
const IDENTITY = 'https://login.salesforce.com/id/00D5e000000OutSyncA/0055e000001AbCdAAK';

function tokenAnswer(extra: Record<string, unknown> = {}) {
  return {
    access_token: ACCESS,
    signature: 'sig=',
    scope: 'refresh_token api',
    instance_url: `${INSTANCE}/`,
    id: IDENTITY,
    token_type: 'Bearer',
    issued_at: '1735725600000',
    ...extra,
  };
}

beforeAll(() => nock.disableNetConnect());
afterEach(assertNockDone);
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('buildAuthorizeUrl', () => {
  it('points at {domain}/services/oauth2/authorize with code, prompt=login and state', () => {
    expect(
      buildAuthorizeUrl({
        domain: `${LOGIN}/`,
        clientId: '3MVG9-consumer-key',
        redirectUri: 'https://outsync.test/oauth/salesforce',
        state: 'abc 123',
      }),
    ).toBe(
      `${LOGIN}/services/oauth2/authorize?client_id=3MVG9-consumer-key` +
        '&redirect_uri=https%3A%2F%2Foutsync.test%2Foauth%2Fsalesforce' +
        '&response_type=code&prompt=login&state=abc+123',
    );
  });

  it('reads a bare host as https and keeps a path (the sandbox org domain)', () => {
    expect(salesforceDomainUrl(' acme.my.salesforce.com ')).toBe(LOGIN);
    expect(salesforceDomainUrl('http://localhost:4100/salesforce/')).toBe(
      'http://localhost:4100/salesforce',
    );
  });
});

describe('exchangeCode', () => {
  it('posts the code grant to the login domain and answers instance and identity URLs', async () => {
    nock(LOGIN)
      .post(
        '/services/oauth2/token',
        `grant_type=authorization_code&code=aPrx-code&client_id=3MVG9-consumer-key&client_secret=${SECRET}` +
          '&redirect_uri=https%3A%2F%2Foutsync.test%2Foauth%2Fsalesforce',
      )
      .matchHeader('content-type', 'application/x-www-form-urlencoded')
      .reply(200, tokenAnswer({ refresh_token: REFRESH }));

    await expect(
      exchangeCode({
        domain: 'acme.my.salesforce.com',
        clientId: '3MVG9-consumer-key',
        clientSecret: SECRET,
        redirectUri: 'https://outsync.test/oauth/salesforce',
        code: 'aPrx-code',
      }),
    ).resolves.toEqual({
      accessToken: ACCESS,
      refreshToken: REFRESH,
      instanceUrl: INSTANCE,
      identityUrl: IDENTITY,
      issuedAt: new Date(1735725600000),
    });
  });

  it('fails as missing_scopes when no refresh token was granted', async () => {
    nock(LOGIN).post('/services/oauth2/token').reply(200, tokenAnswer());

    const error = await failureOf(
      exchangeCode({
        domain: LOGIN,
        clientId: 'key',
        clientSecret: SECRET,
        redirectUri: 'https://outsync.test/oauth/salesforce',
        code: 'aPrx-code',
      }),
    );

    expect(error.code).toBe('missing_scopes');
    expect(error.message).toContain('refresh_token');
  });

  it('fails as unauthorized on a spent code, with neither secret nor code in the error', async () => {
    nock(LOGIN).post('/services/oauth2/token').reply(400, {
      error: 'invalid_grant',
      error_description: 'invalid authorization code aPrx-code',
    });

    const error = await failureOf(
      exchangeCode({
        domain: LOGIN,
        clientId: 'key',
        clientSecret: SECRET,
        redirectUri: 'https://outsync.test/oauth/salesforce',
        code: 'aPrx-code',
      }),
    );

    expect(error).toMatchObject({
      system: 'salesforce',
      operation: 'exchangeCode',
      code: 'unauthorized',
      vendorCode: 'invalid_grant',
      vendorMessage: 'invalid authorization code [redacted]',
    });
    for (const text of printedForms(error)) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('aPrx-code');
    }
  });

  it('fails as unexpected when instance_url is not a URL', async () => {
    nock(LOGIN)
      .post('/services/oauth2/token')
      .reply(200, tokenAnswer({ refresh_token: REFRESH, instance_url: 'na139' }));

    const error = await failureOf(
      exchangeCode({
        domain: LOGIN,
        clientId: 'key',
        clientSecret: SECRET,
        redirectUri: 'https://outsync.test/oauth/salesforce',
        code: 'aPrx-code',
      }),
    );

    expect(error.code).toBe('unexpected');
    expect(error.message).toMatch(/^Salesforce exchangeCode .* instance_url: /);
  });
});

describe('refreshAccessToken', () => {
  it('posts the refresh grant and answers the new session and instance', async () => {
    nock(LOGIN)
      .post(
        '/services/oauth2/token',
        `grant_type=refresh_token&refresh_token=${REFRESH}&client_id=key&client_secret=${SECRET}`,
      )
      .reply(200, tokenAnswer({ access_token: 'new-session' }));

    await expect(
      refreshAccessToken({
        domain: LOGIN,
        clientId: 'key',
        clientSecret: SECRET,
        refreshToken: REFRESH,
      }),
    ).resolves.toEqual({ accessToken: 'new-session', instanceUrl: INSTANCE });
  });

  it('answers the new refresh token when the app rotates them', async () => {
    nock(LOGIN)
      .post('/services/oauth2/token')
      .reply(200, tokenAnswer({ access_token: 'new-session', refresh_token: 'rotated' }));

    await expect(
      refreshAccessToken({
        domain: LOGIN,
        clientId: 'key',
        clientSecret: SECRET,
        refreshToken: REFRESH,
      }),
    ).resolves.toEqual({
      accessToken: 'new-session',
      instanceUrl: INSTANCE,
      refreshToken: 'rotated',
    });
  });

  it('fails as unauthorized when the refresh token is revoked', async () => {
    nock(LOGIN).post('/services/oauth2/token').reply(400, {
      error: 'invalid_grant',
      error_description: 'expired access/refresh token',
    });

    const error = await failureOf(
      refreshAccessToken({
        domain: LOGIN,
        clientId: 'key',
        clientSecret: SECRET,
        refreshToken: REFRESH,
      }),
    );

    expect(error.code).toBe('unauthorized');
    expect(String(error)).not.toContain(REFRESH);
  });
});

describe('getIdentity', () => {
  it('reads the identity URL with the session as bearer token', async () => {
    nock('https://login.salesforce.com')
      .get('/id/00D5e000000OutSyncA/0055e000001AbCdAAK')
      .matchHeader('authorization', `Bearer ${ACCESS}`)
      .reply(200, {
        id: IDENTITY,
        asserted_user: true,
        user_id: '0055e000001AbCdAAK',
        organization_id: '00D5e000000OutSyncA',
        username: 'ana@acme.test',
        nick_name: 'ana',
        display_name: 'Ana Lima',
        email: 'ana@acme.test',
        email_verified: true,
        first_name: null,
        last_name: 'Lima',
        active: true,
        user_type: 'STANDARD',
        urls: { rest: `${INSTANCE}/services/data/v{version}/` },
      });

    await expect(getIdentity({ identityUrl: IDENTITY, accessToken: ACCESS })).resolves.toEqual({
      userId: '0055e000001AbCdAAK',
      organizationId: '00D5e000000OutSyncA',
      username: 'ana@acme.test',
      email: 'ana@acme.test',
      lastName: 'Lima',
      displayName: 'Ana Lima',
    });
  });

  it('reads the OpenID userinfo answer as well', async () => {
    nock(INSTANCE)
      .get('/services/oauth2/userinfo')
      .matchHeader('authorization', `Bearer ${ACCESS}`)
      .reply(200, {
        sub: IDENTITY,
        user_id: '0055e000001AbCdAAK',
        organization_id: '00D5e000000OutSyncA',
        preferred_username: 'ana@acme.test',
        nickname: 'ana',
        name: 'Ana Lima',
        email: 'ana@acme.test',
        email_verified: true,
        given_name: 'Ana',
        family_name: 'Lima',
        active: true,
      });

    await expect(
      getIdentity({ identityUrl: `${INSTANCE}/services/oauth2/userinfo`, accessToken: ACCESS }),
    ).resolves.toEqual({
      userId: '0055e000001AbCdAAK',
      organizationId: '00D5e000000OutSyncA',
      username: 'ana@acme.test',
      email: 'ana@acme.test',
      firstName: 'Ana',
      lastName: 'Lima',
      displayName: 'Ana Lima',
    });
  });

  it('fails as unexpected when the answer names no user', async () => {
    nock(INSTANCE).get('/services/oauth2/userinfo').reply(200, {
      user_id: '005A',
      organization_id: '00DA',
      email: 'ana@acme.test',
      name: 'Ana',
    });

    const error = await failureOf(
      getIdentity({ identityUrl: `${INSTANCE}/services/oauth2/userinfo`, accessToken: ACCESS }),
    );

    expect(error.message).toMatch(
      /unexpected shape: username: expected username or preferred_username$/,
    );
  });

  it('fails as unauthorized, without the session, on a dead session', async () => {
    nock('https://login.salesforce.com')
      .get('/id/00D5e000000OutSyncA/0055e000001AbCdAAK')
      .reply(403, 'Bad_OAuth_Token');

    const error = await failureOf(getIdentity({ identityUrl: IDENTITY, accessToken: ACCESS }));

    expect(error).toMatchObject({
      code: 'unauthorized',
      status: 403,
      vendorCode: 'Bad_OAuth_Token',
    });
    expect(String(error)).not.toContain(ACCESS);
  });
});

describe('revokeToken', () => {
  it("posts the token to the login domain's revoke endpoint", async () => {
    nock(LOGIN)
      .post('/services/oauth2/revoke', { token: REFRESH })
      .matchHeader('content-type', /application\/x-www-form-urlencoded/)
      .reply(200, '');
    await expect(revokeToken({ domain: LOGIN, token: REFRESH })).resolves.toBeUndefined();
  });

  it('counts a token the org no longer knows as revoked', async () => {
    nock(LOGIN).post('/services/oauth2/revoke').reply(400, {
      error: 'unsupported_token_type',
      error_description: 'this token type is not supported',
    });
    await expect(revokeToken({ domain: LOGIN, token: REFRESH })).resolves.toBeUndefined();
  });

  it('fails on any other refusal, without the token in the error', async () => {
    nock(LOGIN)
      .post('/services/oauth2/revoke')
      .reply(403, [{ message: 'no', errorCode: 'FORBIDDEN' }]);
    const error = await failureOf(revokeToken({ domain: LOGIN, token: REFRESH }));
    expect(error.code).toBe('forbidden');
    for (const printed of printedForms(error)) expect(printed).not.toContain(REFRESH);
  });
});
