import {
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_CLIENT_SECRET,
  SALESFORCE_DEMO_ORG_ID,
  type RunningSandbox,
} from '@outsync/sandbox';
import type { MeResponse } from '@outsync/contracts';
import type { SalesforceProfile } from '@outsync/contracts/accounts';
import nock from 'nock';
import { buildApiKey } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  authorizeInSandbox,
  browserGet,
  buildProfile,
  callbackPath,
} from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';
import { profileModel, type ProfileDoc } from './profiles.service';

guardOutboundCalls();

let sandbox: RunningSandbox;
let app: SandboxTestApp;
let seq = 0;
const SECRET = 'consumer-secret-that-must-never-show-7c1e';
const DASHBOARD = 'http://localhost:3000/admin/dashboard/salesforce';

beforeAll(async () => {
  // A name with no DNS answer, for the domain-typo case.
  app = await startSandboxTestApp({ dns: { 'no-such-org.invalid': [] } });
  sandbox = app.sandbox;
});
afterAll(async () => {
  await app?.stop();
});

function customer(): Promise<TestClient> {
  seq += 1;
  return app.signIn({ email: `salesforce-${seq}@customer.test` });
}

const loginDomain = () => `${sandbox.url}/salesforce`;

async function createDemoProfile(client: TestClient): Promise<SalesforceProfile> {
  const created = await client.post<SalesforceProfile>('/api/admin/salesforce/profiles', {
    domain: loginDomain(),
    consumer_key: SALESFORCE_DEMO_CLIENT_ID,
    consumer_secret: SALESFORCE_DEMO_CLIENT_SECRET,
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  return created.body;
}

async function connect(client: TestClient, profileId: string) {
  const check = await client.get<{ ok: true; authorizeUrl: string }>(
    `/api/admin/salesforce/profiles/${profileId}`,
  );
  if (check.status !== 200) throw new Error(`connect check answered ${check.status}`);
  const backTo = await authorizeInSandbox(check.body.authorizeUrl);
  return browserGet(app.url, client, callbackPath(backTo));
}

async function stored(id: string): Promise<ProfileDoc> {
  const doc = await profileModel(app.db.connection).findById(id).lean<ProfileDoc>();
  if (!doc) throw new Error('no such profile');
  return doc;
}

describe('creating a Salesforce profile', () => {
  it('trims the form, adds https:// and never returns or stores the secret in clear', async () => {
    const client = await customer();
    const created = await client.post<SalesforceProfile>('/api/admin/salesforce/profiles', {
      domain: '  acme.my.salesforce.com/ ',
      consumer_key: '  3MVG9-key  ',
      consumer_secret: `  ${SECRET}  `,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toEqual({
      id: created.body.id,
      user: {
        id: created.body.id,
        settings: { domain: 'https://acme.my.salesforce.com', consumer_key: '3MVG9-key' },
      },
      isConnected: false,
      connectedAs: null,
    });
    const listed = await client.get<SalesforceProfile[]>('/api/admin/salesforce/profiles');
    expect(listed.body).toEqual([created.body]);
    for (const answer of [created, listed])
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);

    const raw = await app.db.connection
      .collection('profiles')
      .findOne({ _id: new (await import('mongoose')).Types.ObjectId(created.body.id) });
    expect(JSON.stringify(raw)).not.toContain(SECRET);
    const sealed = (raw?.salesforce as { consumerSecretSealed: string }).consumerSecretSealed;
    expect(app.secrets.open(sealed)).toBe(SECRET);
    // Not connected yet: it is no integration for the "Select Profile" lists.
    expect((await client.get('/api/admin/users/integrations')).body).toEqual([]);
  });

  it.each([
    [{ domain: ' ', consumer_key: 'k', consumer_secret: 's' }, 'Domain is required'],
    [
      { domain: 'acme.my.salesforce.com', consumer_key: '', consumer_secret: 's' },
      'Consumer key is required',
    ],
    [{ domain: 'acme.my.salesforce.com', consumer_key: 'k' }, 'Consumer secret is required'],
  ])('refuses %j with "%s"', async (body, message) => {
    const client = await customer();
    const answer = await client.post<{ code: string; message: string }>(
      '/api/admin/salesforce/profiles',
      body,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', message });
  });

  it.each(['http://10.0.0.8', 'https://localhost', 'http://169.254.169.254/latest'])(
    'refuses the private address %s with unsafe_url',
    async (domain) => {
      const client = await customer();
      const answer = await client.post<{ code: string; message: string }>(
        '/api/admin/salesforce/profiles',
        { domain, consumer_key: 'k', consumer_secret: SECRET },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('unsafe_url');
      expect(answer.body.message).toMatch(/address|private|not public|refus/i);
      expect((await client.get('/api/admin/salesforce/profiles')).body).toEqual([]);
    },
  );

  it('says so when the domain has no address', async () => {
    const client = await customer();
    const answer = await client.post<{ code: string; message: string }>(
      '/api/admin/salesforce/profiles',
      { domain: 'no-such-org.invalid', consumer_key: 'k', consumer_secret: SECRET },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'validation_error',
      message: 'No address was found for no-such-org.invalid: check the domain.',
    });
  });
});

describe('connecting a Salesforce profile', () => {
  it('answers the authorize address on the org domain with a state, for the owner only', async () => {
    const client = await customer();
    const profile = await createDemoProfile(client);
    const check = await client.get<{ ok: boolean; authorizeUrl: string }>(
      `/api/admin/salesforce/profiles/${profile.id}`,
    );
    expect(check.status).toBe(200);
    expect(check.body.ok).toBe(true);
    const url = new URL(check.body.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${loginDomain()}/services/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: SALESFORCE_DEMO_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/oauth/salesforce',
      response_type: 'code',
      prompt: 'login',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });

    const stranger = await customer();
    const admin = await app.signIn({ email: 'sf-admin@outsync.test', role: 'ADMIN' });
    for (const other of [stranger, admin]) {
      expect((await other.get(`/api/admin/salesforce/profiles/${profile.id}`)).status).toBe(404);
    }
    expect((await client.get('/api/admin/salesforce/profiles/not-an-id')).status).toBe(400);
  });

  it('exchanges the code at the org domain and stores the instance URL, identity and sealed tokens', async () => {
    const client = await customer();
    const profile = await createDemoProfile(client);
    const answer = await connect(client, profile.id);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${DASHBOARD}?connected=1`);

    const doc = await stored(profile.id);
    expect(doc.organizationId).toBe(SALESFORCE_DEMO_ORG_ID);
    expect(doc.accountId).toMatch(/^005/);
    expect(doc.email).toMatch(/@/);
    // Data goes to the instance the token answer named, not to the login domain.
    expect(doc.connection?.instanceUrl).toBe(`${sandbox.url}/salesforce-instance/demo`);
    expect(doc.organizationDomain).toBe(new URL(sandbox.url).host);
    const accessToken = app.secrets.open(doc.connection!.accessTokenSealed);
    expect(JSON.stringify(doc)).not.toContain(accessToken);
    expect(JSON.stringify(doc)).not.toContain(SALESFORCE_DEMO_CLIENT_SECRET);

    const listed = await client.get<SalesforceProfile[]>('/api/admin/salesforce/profiles');
    expect(listed.body[0]).toMatchObject({ isConnected: true, connectedAs: doc.email });
    const integrations = await client.get<Array<{ user: { id: string; organizationId: string } }>>(
      '/api/admin/users/integrations',
    );
    expect(integrations.body).toEqual([
      {
        user: expect.objectContaining({
          id: profile.id,
          profile: 'SALESFORCE',
          organizationId: SALESFORCE_DEMO_ORG_ID,
        }),
      },
    ]);
    expect(
      (await client.get('/api/admin/salesforce/profiles/check-connected-account')).body,
    ).toEqual({});
  });

  it('sends the browser back with a message when the user denies access', async () => {
    const client = await customer();
    const profile = await createDemoProfile(client);
    const check = await client.get<{ authorizeUrl: string }>(
      `/api/admin/salesforce/profiles/${profile.id}`,
    );
    const backTo = await authorizeInSandbox(check.body.authorizeUrl, { decision: 'deny' });
    const answer = await browserGet(app.url, client, callbackPath(backTo));
    expect(answer.status).toBe(302);
    expect(new URL(answer.location!).searchParams.get('error')).toBe(
      'You did not allow OutSync to access Salesforce, so nothing was connected.',
    );
    expect((await stored(profile.id)).connection).toBeNull();
  });

  it('refuses a HubSpot state, and a state from another session, with the page', async () => {
    const client = await customer();
    const profile = await createDemoProfile(client);
    const check = await client.get<{ authorizeUrl: string }>(
      `/api/admin/salesforce/profiles/${profile.id}`,
    );
    const backTo = await authorizeInSandbox(check.body.authorizeUrl);
    const intruder = await customer();
    const foreign = await browserGet(app.url, intruder, callbackPath(backTo));
    expect(foreign.status).toBe(400);
    expect(foreign.text).toContain('Salesforce was not connected');
    // A Salesforce state is not one HubSpot's callback knows.
    const crossed = await browserGet(app.url, client, `/oauth${backTo.search}`);
    expect(crossed.status).toBe(400);
    expect(crossed.text).toContain('is not known');
    expect((await browserGet(app.url, client, callbackPath(backTo))).location).toBe(
      `${DASHBOARD}?connected=1`,
    );
  });

  it('never calls an instance_url the outbound guard refuses', async () => {
    const client = await customer();
    const created = await client.post<SalesforceProfile>('/api/admin/salesforce/profiles', {
      domain: 'login.acme-sf.test',
      consumer_key: 'key',
      consumer_secret: SECRET,
    });
    const check = await client.get<{ authorizeUrl: string }>(
      `/api/admin/salesforce/profiles/${created.body.id}`,
    );
    const state = new URL(check.body.authorizeUrl).searchParams.get('state');
    nock('https://login.acme-sf.test')
      .post('/services/oauth2/token')
      .reply(200, {
        access_token: 'sf-access',
        refresh_token: 'sf-refresh',
        instance_url: 'http://169.254.169.254',
        id: 'http://169.254.169.254/id/00D/005',
        issued_at: String(Date.now()),
        token_type: 'Bearer',
      });
    const answer = await browserGet(
      app.url,
      client,
      `/oauth/salesforce?code=abc&state=${state ?? ''}`,
    );
    expect(answer.status).toBe(302);
    expect(new URL(answer.location!).searchParams.get('error')).toContain('169.254.169.254');
    const doc = await stored(created.body.id);
    expect(doc.connection).toBeNull();
    expect(JSON.stringify(doc)).not.toContain('sf-access');
  });
});

describe('a connected Salesforce profile', () => {
  it('refreshes once on a 401 and, when the grant is gone, names the profile in check-connected-account', async () => {
    const client = await customer();
    const profile = await createDemoProfile(client);
    await connect(client, profile.id);
    const before = await stored(profile.id);
    const permissions = () =>
      client.get<Array<{ Id: string; Name: string }> | { code: string; message: string }>(
        `/api/admin/salesforce/permissions/${profile.id}`,
      );

    // Salesforce ends the session early: the next call gets INVALID_SESSION_ID, refreshes, retries.
    await fetch(`${sandbox.url}/_tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'salesforce' }),
    });
    const renewed = await permissions();
    expect(renewed.status).toBe(200);
    expect(Array.isArray(renewed.body)).toBe(true);
    const after = await stored(profile.id);
    expect(app.secrets.open(after.connection!.accessTokenSealed)).not.toBe(
      app.secrets.open(before.connection!.accessTokenSealed),
    );

    // The customer revokes the app: the refresh token dies with the session.
    const refreshToken = app.secrets.open(after.connection!.refreshTokenSealed);
    const revoked = await fetch(`${loginDomain()}/services/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refreshToken }).toString(),
    });
    expect(revoked.status).toBe(200);
    await fetch(`${sandbox.url}/_tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'salesforce' }),
    });
    const refused = await permissions();
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'upstream_failed' });
    expect((refused.body as { message: string }).message).toMatch(/^Salesforce /);

    const checked = await client.get<{ title?: string; message?: string }>(
      '/api/admin/salesforce/profiles/check-connected-account',
    );
    expect(checked.body.title).toBeUndefined();
    expect(checked.body.message).toMatch(/^Reconnect /);
    expect(checked.body.message).toContain(after.email);
  });
});

describe('deleting a Salesforce profile', () => {
  it('refuses while API keys or endpoints hang off it, naming them; then deletes', async () => {
    const client = await customer();
    const me = (await client.get<MeResponse>('/api/admin/me')).body;
    const profile = await buildProfile(app.db, {
      ownerId: me.id,
      crm: 'SALESFORCE',
      secrets: app.secrets,
      salesforce: {
        domain: 'https://acme.my.salesforce.com',
        consumerKey: 'k',
        consumerSecret: SECRET,
      },
    });
    const id = profile._id.toString();
    const key = await buildApiKey(app.db, app.secrets, { userProfileId: id });
    await buildApiKey(app.db, app.secrets, { userProfileId: id });

    const refused = await client.delete<{ code: string; message: string }>(
      `/api/admin/salesforce/${id}`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'in_use',
      message: 'This profile is still used by 2 API keys. Delete those first.',
    });
    expect((await client.delete(`/api/admin/hubspot/profiles/${id}`)).status).toBe(404);

    await app.db.connection.collection('apiKeys').deleteMany({ userProfileId: key.userProfileId });
    const deleted = await client.delete<{ id: string }>(`/api/admin/salesforce/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id });
    expect(await profileModel(app.db.connection).countDocuments({ _id: profile._id })).toBe(0);
  });
});

describe('deleting a connected Salesforce profile', () => {
  it('revokes its refresh token at the org: the token no longer refreshes', async () => {
    const client = await customer();
    const profile = await createDemoProfile(client);
    expect((await connect(client, profile.id)).status).toBe(302);
    const refreshToken = app.secrets.open(
      (await stored(profile.id)).connection!.refreshTokenSealed,
    );
    const refresh = () =>
      fetch(`${loginDomain()}/services/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: SALESFORCE_DEMO_CLIENT_ID,
          client_secret: SALESFORCE_DEMO_CLIENT_SECRET,
        }),
      });
    expect((await refresh()).status).toBe(200);

    expect((await client.delete(`/api/admin/salesforce/${profile.id}`)).status).toBe(200);
    expect((await refresh()).status).toBe(400);
  });
});
