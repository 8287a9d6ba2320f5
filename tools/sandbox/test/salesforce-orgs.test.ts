import { createHash, createHmac } from 'node:crypto';
import {
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_CLIENT_SECRET,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SALESFORCE_DEMO_LOGIN_PATH,
  SALESFORCE_SECOND_ACCESS_TOKEN,
  SALESFORCE_SECOND_INSTANCE_PATH,
  SALESFORCE_SECOND_LOGIN_PATH,
  SALESFORCE_SECOND_ORG_ID,
  SALESFORCE_SECOND_ORG_KEY,
} from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const CALLBACK = 'https://app.customer.example/oauth/salesforce';
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** What the sandbox calls itself in instance_url (it names itself localhost). */
const publicBase = () => sandbox.url.replace('127.0.0.1', 'localhost');
/** A URL the sandbox handed out, turned into a path the test client can call. */
const pathOf = (url: string) => url.replace(publicBase(), '');

async function registerApp(body: Record<string, unknown>) {
  const app = await sandbox.request('POST', '/_sandbox/salesforce/connected-apps', { body });
  expect(app.status).toBe(201);
  return app.body as { consumerKey: string; consumerSecret: string; callbackUrls: string[] };
}

/** The web-server flow on a login domain: page, Authorize, code, token exchange. */
async function webServerFlow(options: {
  loginPath: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope?: string;
  pkce?: boolean;
}) {
  const verifier = 'v'.repeat(64);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    state: 'xyz',
    scope: options.scope ?? 'api refresh_token',
    ...(options.pkce ? { code_challenge: challenge, code_challenge_method: 'S256' } : {}),
  });
  const authorizePage = await sandbox.request(
    'GET',
    `${options.loginPath}/services/oauth2/authorize?${query}`,
  );
  expect(authorizePage.status).toBe(200);
  const html = String(authorizePage.body);
  expect(html).toContain(`action="${options.loginPath}/services/oauth2/authorize"`);
  const user = /<option value="([^"]+)">/.exec(html)?.[1] ?? '';
  const decision = await sandbox.request('POST', `${options.loginPath}/services/oauth2/authorize`, {
    form: {
      client_id: options.clientId,
      redirect_uri: options.redirectUri,
      state: 'xyz',
      scope: options.scope ?? 'api refresh_token',
      user,
      decision: 'authorize',
      ...(options.pkce ? { code_challenge: challenge, code_challenge_method: 'S256' } : {}),
    },
  });
  expect(decision.status).toBe(302);
  const callback = new URL(decision.headers.get('location') ?? '');
  expect(`${callback.origin}${callback.pathname}`).toBe(options.redirectUri);
  expect(callback.searchParams.get('state')).toBe('xyz');
  const tokens = await sandbox.request('POST', `${options.loginPath}/services/oauth2/token`, {
    form: {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      client_id: options.clientId,
      client_secret: options.clientSecret,
      redirect_uri: options.redirectUri,
      ...(options.pkce ? { code_verifier: verifier } : {}),
    },
  });
  return { tokens, user };
}

describe('Salesforce connected apps', () => {
  it('registers, lists and deletes connected apps, and shows them on the admin page', async () => {
    const app = await registerApp({
      orgId: SALESFORCE_SECOND_ORG_ID,
      consumerKey: '3MVG9customer-key',
      consumerSecret: 'customer-secret',
      callbackUrls: [CALLBACK],
    });
    expect(app).toMatchObject({
      consumerKey: '3MVG9customer-key',
      consumerSecret: 'customer-secret',
      callbackUrls: [CALLBACK],
      orgId: SALESFORCE_SECOND_ORG_ID,
    });
    const generated = await registerApp({});
    expect(generated.consumerKey).toMatch(/^3MVG9/);
    expect(generated.consumerSecret).toMatch(/^[0-9A-F]{64}$/);
    const listed = await sandbox.request('GET', '/_sandbox/salesforce/connected-apps');
    expect(
      (listed.body as Array<{ consumerKey: string }>).map((entry) => entry.consumerKey),
    ).toEqual([SALESFORCE_DEMO_CLIENT_ID, '3MVG9customer-key', generated.consumerKey]);
    const adminPage = await sandbox.request('GET', '/_sandbox');
    expect(String(adminPage.body)).toContain('3MVG9customer-key');
    expect(String(adminPage.body)).toContain(CALLBACK);
    expect(
      (
        await sandbox.request('POST', '/_sandbox/salesforce/connected-apps', {
          body: { consumerKey: '3MVG9customer-key' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await sandbox.request(
          'DELETE',
          `/_sandbox/salesforce/connected-apps/${generated.consumerKey}`,
        )
      ).status,
    ).toBe(204);
    expect(
      (
        await sandbox.request(
          'DELETE',
          `/_sandbox/salesforce/connected-apps/${SALESFORCE_DEMO_CLIENT_ID}`,
        )
      ).status,
    ).toBe(400);
    // A form post from the admin page registers too and goes back to the page.
    const viaForm = await sandbox.request('POST', '/_sandbox/salesforce/connected-apps', {
      form: { consumerKey: '3MVG9from-form', callbackUrls: `${CALLBACK} https://other.example/cb` },
    });
    expect(viaForm.status).toBe(302);
    const fromForm = (
      (await sandbox.request('GET', '/_sandbox/salesforce/connected-apps')).body as Array<{
        consumerKey: string;
        callbackUrls: string[];
      }>
    ).find((entry) => entry.consumerKey === '3MVG9from-form');
    expect(fromForm?.callbackUrls).toEqual([CALLBACK, 'https://other.example/cb']);
  });

  it('runs the full web-server flow on a login domain and answers data only at instance_url', async () => {
    const app = await registerApp({ callbackUrls: [CALLBACK] });
    const { tokens, user } = await webServerFlow({
      loginPath: SALESFORCE_SECOND_LOGIN_PATH,
      clientId: app.consumerKey,
      clientSecret: app.consumerSecret,
      redirectUri: CALLBACK,
    });
    expect(tokens.status).toBe(200);
    const body = tokens.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'access_token',
        'id',
        'instance_url',
        'issued_at',
        'refresh_token',
        'scope',
        'signature',
        'token_type',
      ].sort(),
    );
    expect(body.instance_url).toBe(`${publicBase()}${SALESFORCE_SECOND_INSTANCE_PATH}`);
    expect(body.instance_url).not.toContain(SALESFORCE_SECOND_LOGIN_PATH);
    expect(body.id).toBe(`${body.instance_url}/id/${SALESFORCE_SECOND_ORG_ID}/${user}`);
    expect(body.token_type).toBe('Bearer');
    expect(body.scope).toBe('api refresh_token');
    expect(body.access_token?.startsWith(`${SALESFORCE_SECOND_ORG_ID}!`)).toBe(true);
    expect(body.signature).toBe(
      createHmac('sha256', app.consumerSecret)
        .update(`${body.id ?? ''}${body.issued_at ?? ''}`)
        .digest('base64'),
    );
    const session = bearer(body.access_token ?? '');

    // Data on the instance: the second org's users, not the demo org's.
    const users = await sandbox.request(
      'GET',
      `${pathOf(body.instance_url ?? '')}/services/data/v60.0/query?q=${encodeURIComponent('SELECT Id, Email FROM User WHERE IsActive = true')}`,
      { headers: session },
    );
    expect(users.status).toBe(200);
    expect((at(users.body, 'records') as Array<{ Email: string }>).map((row) => row.Email)).toEqual(
      ['quinn.quota@outsync-second.test', 'avery.account@outsync-second.test'],
    );
    const identity = await sandbox.request('GET', pathOf(body.id ?? ''), { headers: session });
    expect(identity.status).toBe(200);
    expect(at(identity.body, 'organization_id')).toBe(SALESFORCE_SECOND_ORG_ID);
    expect(at(identity.body, 'user_id')).toBe(user);

    // The same call on the login domain: what login.salesforce.com answers.
    const wrongHost = await sandbox.request(
      'GET',
      `${SALESFORCE_SECOND_LOGIN_PATH}/services/data/v60.0/sobjects/Contact/describe`,
      { headers: session },
    );
    expect(wrongHost.status).toBe(400);
    expect(wrongHost.body).toEqual([
      {
        errorCode: 'URL_NOT_RESET',
        message: 'Destination URL not reset. The URL returned from login must be set',
      },
    ]);
    // Another org's instance does not know the session.
    const foreign = await sandbox.request(
      'GET',
      `${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v60.0/sobjects/Contact/describe`,
      { headers: session },
    );
    expect(foreign.status).toBe(401);
    expect(foreign.body).toEqual([
      { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' },
    ]);

    // Expired → INVALID_SESSION_ID; refresh gives a new session and no new refresh token.
    await sandbox.request('POST', '/_tokens/expire', {
      body: { system: 'salesforce', tenant: SALESFORCE_SECOND_ORG_KEY },
    });
    const describePath = `${SALESFORCE_SECOND_INSTANCE_PATH}/services/data/v60.0/sobjects/Contact/describe`;
    const expired = await sandbox.request('GET', describePath, { headers: session });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual([
      { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' },
    ]);
    const refreshed = await sandbox.request(
      'POST',
      `${SALESFORCE_SECOND_LOGIN_PATH}/services/oauth2/token`,
      {
        form: {
          grant_type: 'refresh_token',
          refresh_token: body.refresh_token ?? '',
          client_id: app.consumerKey,
          client_secret: app.consumerSecret,
        },
      },
    );
    expect(refreshed.status).toBe(200);
    expect(at(refreshed.body, 'refresh_token')).toBeUndefined();
    expect(at(refreshed.body, 'instance_url')).toBe(body.instance_url);
    const fresh = bearer(String(at(refreshed.body, 'access_token')));
    expect((await sandbox.request('GET', describePath, { headers: fresh })).status).toBe(200);

    // Revoking the refresh token ends its sessions too.
    const revoked = await sandbox.request(
      'POST',
      `${SALESFORCE_SECOND_LOGIN_PATH}/services/oauth2/revoke`,
      {
        form: { token: body.refresh_token ?? '' },
      },
    );
    expect(revoked.status).toBe(200);
    const afterRevoke = await sandbox.request('GET', describePath, { headers: fresh });
    expect(afterRevoke.status).toBe(401);
    expect(at(afterRevoke.body, 0, 'errorCode')).toBe('INVALID_SESSION_ID');
    const refreshAgain = await sandbox.request(
      'POST',
      `${SALESFORCE_SECOND_LOGIN_PATH}/services/oauth2/token`,
      {
        form: {
          grant_type: 'refresh_token',
          refresh_token: body.refresh_token ?? '',
          client_id: app.consumerKey,
          client_secret: app.consumerSecret,
        },
      },
    );
    expect(refreshAgain.body).toEqual({
      error: 'invalid_grant',
      error_description: 'expired access/refresh token',
    });
  });

  it('holds the redirect_uri to the app’s callback URLs; apps without any (the demo app) take any', async () => {
    const app = await registerApp({ callbackUrls: [CALLBACK] });
    const page = await sandbox.request(
      'GET',
      `${SALESFORCE_DEMO_LOGIN_PATH}/services/oauth2/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: app.consumerKey,
        redirect_uri: 'http://localhost:3000/oauth/salesforce',
      })}`,
    );
    expect(page.status).toBe(400);
    expect(String(page.body)).toContain('error=redirect_uri_mismatch');
    const unknown = await sandbox.request(
      'GET',
      `${SALESFORCE_DEMO_LOGIN_PATH}/services/oauth2/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: 'nobody',
        redirect_uri: CALLBACK,
      })}`,
    );
    expect(String(unknown.body)).toContain('error=invalid_client_id');

    const demo = await webServerFlow({
      loginPath: SALESFORCE_DEMO_LOGIN_PATH,
      clientId: SALESFORCE_DEMO_CLIENT_ID,
      clientSecret: SALESFORCE_DEMO_CLIENT_SECRET,
      redirectUri: 'http://localhost:43123/oauth/salesforce',
      pkce: true,
    });
    expect(demo.tokens.status).toBe(200);
    expect(at(demo.tokens.body, 'instance_url')).toBe(
      `${publicBase()}${SALESFORCE_DEMO_INSTANCE_PATH}`,
    );
  });

  it('refuses a code at another org’s login domain, a wrong secret, and leaves out the refresh token without its scope', async () => {
    const app = await registerApp({});
    const wrongSecret = await sandbox.request(
      'POST',
      `${SALESFORCE_DEMO_LOGIN_PATH}/services/oauth2/token`,
      {
        form: {
          grant_type: 'refresh_token',
          refresh_token: 'x',
          client_id: app.consumerKey,
          client_secret: 'nope',
        },
      },
    );
    expect(wrongSecret.body).toEqual({
      error: 'invalid_client',
      error_description: 'invalid client credentials',
    });
    const apiOnly = await webServerFlow({
      loginPath: SALESFORCE_DEMO_LOGIN_PATH,
      clientId: app.consumerKey,
      clientSecret: app.consumerSecret,
      redirectUri: CALLBACK,
      scope: 'api',
    });
    expect(apiOnly.tokens.status).toBe(200);
    expect(at(apiOnly.tokens.body, 'refresh_token')).toBeUndefined();
  });

  it('keeps each org’s static session on its own instance', async () => {
    const demoUsers = await sandbox.request(
      'GET',
      `${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v60.0/query?q=${encodeURIComponent('SELECT COUNT() FROM Contact')}`,
      { headers: bearer(SALESFORCE_DEMO_ACCESS_TOKEN) },
    );
    const secondUsers = await sandbox.request(
      'GET',
      `${SALESFORCE_SECOND_INSTANCE_PATH}/services/data/v60.0/query?q=${encodeURIComponent('SELECT COUNT() FROM Contact')}`,
      { headers: bearer(SALESFORCE_SECOND_ACCESS_TOKEN) },
    );
    expect([at(demoUsers.body, 'totalSize'), at(secondUsers.body, 'totalSize')]).toEqual([54, 4]);
    const crossed = await sandbox.request(
      'GET',
      `${SALESFORCE_SECOND_INSTANCE_PATH}/services/data/v60.0/limits`,
      { headers: bearer(SALESFORCE_DEMO_ACCESS_TOKEN) },
    );
    expect(crossed.status).toBe(401);
    const org = await sandbox.request('POST', '/_sandbox/salesforce/orgs', {
      body: { key: 'acme' },
    });
    expect(org.status).toBe(201);
    expect(at(org.body, 'loginUrl')).toBe(`${publicBase()}/salesforce-login/acme`);
    expect(at(org.body, 'instanceUrl')).toBe(`${publicBase()}/salesforce-instance/acme`);
    const empty = await sandbox.request(
      'GET',
      `/salesforce-instance/acme/services/data/v60.0/query?q=${encodeURIComponent('SELECT COUNT() FROM Contact')}`,
      { headers: bearer(String(at(org.body, 'accessToken'))) },
    );
    expect(at(empty.body, 'totalSize')).toBe(0);
    expect(
      (await sandbox.request('GET', '/salesforce-instance/nowhere/services/data/v60.0/limits'))
        .status,
    ).toBe(404);
  });
});
