// OAuth web-server flow, refresh, identity and the REST resources a client reads first, through
// jsforce. Expected answers: REST API Developer Guide ("Versions", "Resources by Version",
// "List Available REST Resources") and the OAuth 2.0 Web Server Flow / Refresh Token Flow help.
import { Connection, OAuth2 } from 'jsforce';
import { authorizeInSandbox } from '../../../src/oauth-driver.ts';
import {
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_ORG_ID,
} from '../../../src/demo-constants.ts';
import {
  API_VERSION,
  REDIRECT_URI,
  startSalesforceConformance,
  type SalesforceConformance,
} from '../salesforce-harness.ts';

let sf: SalesforceConformance;

beforeAll(async () => {
  sf = await startSalesforceConformance();
});
afterAll(() => sf.sandbox.stop());
beforeEach(() => sf.sandbox.request('POST', '/_seed'));

/** Runs the web-server flow as a user would: authorize page, then jsforce's code exchange. */
async function connectThroughOAuth(scope = 'api refresh_token'): Promise<Connection> {
  const connection = new Connection({ oauth2: sf.oauth2(), version: API_VERSION });
  const authorizeUrl = connection.oauth2.getAuthorizationUrl({ scope, state: 'xyz' });
  const back = await authorizeInSandbox(authorizeUrl);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  expect(back.searchParams.get('state')).toBe('xyz');
  await connection.authorize(back.searchParams.get('code') ?? '');
  return connection;
}

describe('Salesforce OAuth web-server flow (jsforce OAuth2)', () => {
  it('exchanges the authorization code for a session on the instance_url, with a refresh token', async () => {
    const connection = await connectThroughOAuth();
    // The token answer names the org's instance; data calls go there, not to the login domain.
    expect(connection.instanceUrl).toBe(sf.instanceUrl.replace('127.0.0.1', 'localhost'));
    expect(connection.accessToken).toMatch(/^00D5e000000OutSyncA!/);
    expect(connection.refreshToken).toEqual(expect.any(String));
    expect(connection.userInfo?.organizationId).toBe(SALESFORCE_DEMO_ORG_ID);
    expect(connection.userInfo?.id).toMatch(/^005/);
    const count = await connection.query('SELECT COUNT() FROM Contact');
    expect(count.totalSize).toBeGreaterThan(0);
  });

  it('returns no refresh token when the refresh_token scope was not granted', async () => {
    const connection = await connectThroughOAuth('api');
    expect(connection.refreshToken).toBeUndefined();
  });

  it('refuses a code that was already redeemed with invalid_grant', async () => {
    const oauth2 = sf.oauth2();
    const back = await authorizeInSandbox(oauth2.getAuthorizationUrl({ scope: 'api' }));
    const code = back.searchParams.get('code') ?? '';
    await oauth2.requestToken(code);
    await expect(oauth2.requestToken(code)).rejects.toMatchObject({
      name: 'invalid_grant',
      message: 'invalid authorization code',
    });
  });

  it('refreshes: a new access token, no new refresh token (no rotation), same instance_url', async () => {
    const connection = await connectThroughOAuth();
    const answer = await sf.oauth2().refreshToken(connection.refreshToken ?? '');
    expect(answer.access_token).not.toBe(connection.accessToken);
    expect(answer.refresh_token).toBeUndefined();
    expect(answer.instance_url).toBe(connection.instanceUrl);
    expect(answer.token_type).toBe('Bearer');
  });

  it('answers an expired session with 401 INVALID_SESSION_ID, on which jsforce refreshes and retries', async () => {
    const connection = await connectThroughOAuth();
    const before = connection.accessToken;
    const refreshed = jest.fn();
    connection.on('refresh', refreshed);
    await sf.sandbox.request('POST', '/_tokens/expire', { body: { system: 'salesforce' } });
    const result = await connection.query('SELECT Id FROM Contact LIMIT 1');
    expect(result.records).toHaveLength(1);
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(connection.accessToken).not.toBe(before);
  });

  it('answers a data call on the login domain with URL_NOT_RESET', async () => {
    const wrongHost = new Connection({
      instanceUrl: sf.loginUrl,
      accessToken: SALESFORCE_DEMO_ACCESS_TOKEN,
      version: API_VERSION,
    });
    await expect(wrongHost.query('SELECT Id FROM Contact')).rejects.toMatchObject({
      errorCode: 'URL_NOT_RESET',
      message: 'Destination URL not reset. The URL returned from login must be set',
    });
  });

  it('refuses an unknown consumer key on the authorize page with invalid_client_id', async () => {
    const stranger = new OAuth2({
      loginUrl: sf.loginUrl,
      clientId: 'not-a-registered-app',
      redirectUri: REDIRECT_URI,
    });
    await expect(
      authorizeInSandbox(stranger.getAuthorizationUrl({ scope: 'api' })),
    ).rejects.toThrow(/error=invalid_client_id&amp;error_description=client identifier invalid/);
  });

  it('refuses a wrong consumer secret at the token endpoint with invalid_client', async () => {
    const back = await authorizeInSandbox(sf.oauth2().getAuthorizationUrl({ scope: 'api' }));
    const wrongSecret = new OAuth2({
      loginUrl: sf.loginUrl,
      clientId: SALESFORCE_DEMO_CLIENT_ID,
      clientSecret: 'wrong',
      redirectUri: REDIRECT_URI,
    });
    await expect(
      wrongSecret.requestToken(back.searchParams.get('code') ?? ''),
    ).rejects.toMatchObject({ name: 'invalid_client', message: 'invalid client credentials' });
  });
});

describe('identity and the resources a client reads first', () => {
  it('lists the versions at /services/data as [{label, url, version}], labels naming the release', async () => {
    const versions = await sf.connection().request<Array<Record<string, string>>>('/services/data');
    // "Versions: Lists summary information about each Salesforce version currently available,
    // including the version, label, and a link to each version's root."
    expect(versions).toContainEqual({
      label: "Winter '25",
      url: '/services/data/v62.0',
      version: '62.0',
    });
    expect(versions).toContainEqual({
      label: "Summer '24",
      url: '/services/data/v61.0',
      version: '61.0',
    });
    // jsforce's default version (50.0, Winter '21) is still served.
    expect(versions).toContainEqual({
      label: "Winter '21",
      url: '/services/data/v50.0',
      version: '50.0',
    });
    expect(versions.map((entry) => Number(entry.version))).toEqual(
      [...versions.map((entry) => Number(entry.version))].sort((a, b) => a - b),
    );
  });

  it('lists the resources of a version at /services/data/vXX.X, with the identity URL', async () => {
    const resources = await sf
      .connection()
      .request<Record<string, string>>(`/services/data/v${API_VERSION}`);
    expect(resources).toMatchObject({
      sobjects: `/services/data/v${API_VERSION}/sobjects`,
      query: `/services/data/v${API_VERSION}/query`,
      queryAll: `/services/data/v${API_VERSION}/queryAll`,
      composite: `/services/data/v${API_VERSION}/composite`,
      limits: `/services/data/v${API_VERSION}/limits`,
      tooling: `/services/data/v${API_VERSION}/tooling`,
    });
    expect(resources.identity).toMatch(
      new RegExp(`^http://[^/]+/salesforce-instance/demo/id/${SALESFORCE_DEMO_ORG_ID}/005\\w{15}$`),
    );
  });

  it('answers a version it does not serve with 404 NOT_FOUND', async () => {
    const old = new Connection({
      instanceUrl: sf.instanceUrl,
      accessToken: SALESFORCE_DEMO_ACCESS_TOKEN,
      version: '20.0',
    });
    await expect(old.query('SELECT Id FROM Contact')).rejects.toMatchObject({
      errorCode: 'NOT_FOUND',
      message: 'The requested resource does not exist',
    });
  });

  it("answers jsforce's identity(): the user and org of the session", async () => {
    const connection = await connectThroughOAuth();
    const identity = await connection.identity();
    expect(identity.user_id).toBe(connection.userInfo?.id);
    expect(identity.organization_id).toBe(SALESFORCE_DEMO_ORG_ID);
    expect(identity.username).toEqual(expect.any(String));
    expect(identity.urls.rest).toContain('/services/data/v{version}/');
    // With the static demo session, identity() finds its URL through /services/data/vXX.X.
    const demo = await sf.connection().identity();
    expect(demo.organization_id).toBe(SALESFORCE_DEMO_ORG_ID);
  });
});
