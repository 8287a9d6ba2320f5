import {
  HUBSPOT_DEMO_HUB_DOMAIN,
  HUBSPOT_DEMO_HUB_ID,
  HUBSPOT_SECOND_HUB_ID,
  type RunningSandbox,
} from '@outsync/sandbox';
import type { MeResponse } from '@outsync/contracts';
import type { HubspotProfilesResponse } from '@outsync/contracts/accounts';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  authorizeInSandbox,
  browserGet,
  buildProfile,
  callbackPath,
  connectHubspot,
} from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import { startTestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { profileModel, type ProfileDoc } from './profiles.service';

guardOutboundCalls();

let sandbox: RunningSandbox;
let app: SandboxTestApp;
let clock: Date;
let seq = 0;

beforeAll(async () => {
  app = await startSandboxTestApp({ now: () => clock });
  sandbox = app.sandbox;
});
afterAll(async () => {
  await app?.stop();
});
beforeEach(() => {
  clock = new Date();
});

const DASHBOARD = 'http://localhost:3000/admin/dashboard/hubspot';

function customer(options: { isPaidTier?: boolean } = {}): Promise<TestClient> {
  seq += 1;
  return app.signIn({ email: `hubspot-${seq}@customer.test`, ...options });
}

async function meOf(client: TestClient): Promise<MeResponse> {
  return (await client.get<MeResponse>('/api/admin/me')).body;
}

async function profilesOf(client: TestClient): Promise<ProfileDoc[]> {
  const me = await meOf(client);
  return profileModel(app.db.connection).find({ ownerId: me.id }).lean<ProfileDoc[]>();
}

const pageText = (client: TestClient | null, path: string) => browserGet(app.url, client, path);

describe('connecting HubSpot', () => {
  it('builds the authorize URL from the config, with the spec scopes, /oauth and a state', async () => {
    const client = await customer();
    const answer = await client.get<{ url: string }>('/api/admin/hubspot/authorize-url');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const url = new URL(answer.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/hubspot/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe('outsync-sandbox-hubspot-client');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/oauth');
    expect(url.searchParams.get('scope')).toBe(
      'crm.objects.contacts.write timeline crm.objects.owners.read crm.objects.companies.write crm.objects.companies.read crm.objects.contacts.read',
    );
    expect(url.searchParams.get('optional_scope')).toBe(
      'crm.schemas.contacts.write crm.lists.read',
    );
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('connects a portal end to end and stores the tokens sealed', async () => {
    const client = await customer({ isPaidTier: false });
    const answer = await connectHubspot(app.url, client);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${DASHBOARD}?connected=1`);

    const listed = await client.get<HubspotProfilesResponse>('/api/admin/hubspot/profiles');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body.organizationProfiles).toEqual([]);
    expect(listed.body.auth0Profiles).toHaveLength(1);
    const [profile] = listed.body.auth0Profiles;
    expect(profile?.user).toMatchObject({
      profile: 'HUBSPOT',
      organizationId: String(HUBSPOT_DEMO_HUB_ID),
      organizationDomain: HUBSPOT_DEMO_HUB_DOMAIN,
      role: null,
      canWebhook: true,
      canUserAccount: true,
      // A free-plan owner's new profile has no block lists.
      canBlockList: false,
    });
    expect(profile?.user.email).toMatch(/@/);
    expect(profile?.user.accountId).toMatch(/^\d+$/);
    expect(profile?.id).toBe(profile?.user.id);

    const me = await meOf(client);
    expect(me.userProfiles).toEqual([{ userProfileId: profile?.id }]);

    const [stored] = await profilesOf(client);
    const connection = stored!.connection!;
    expect(connection.accessTokenSealed).toMatch(/^v1\./);
    expect(connection.refreshTokenSealed).toMatch(/^v1\./);
    const accessToken = app.secrets.open(connection.accessTokenSealed);
    expect(JSON.stringify(stored)).not.toContain(accessToken);
    expect(JSON.stringify(stored)).not.toContain(app.secrets.open(connection.refreshTokenSealed));
    expect(connection.scopes).toEqual(
      expect.arrayContaining(['crm.objects.owners.read', 'crm.lists.read']),
    );
    // The stored token is the one HubSpot issued: its metadata names the portal.
    const info = await fetch(`${sandbox.url}/hubspot/oauth/v1/access-tokens/${accessToken}`);
    expect(((await info.json()) as { hub_id: number }).hub_id).toBe(HUBSPOT_DEMO_HUB_ID);
  });

  it('gives a paid-tier owner block lists on a new profile', async () => {
    const client = await customer({ isPaidTier: true });
    await connectHubspot(app.url, client);
    const [stored] = await profilesOf(client);
    expect(stored?.canBlockList).toBe(true);
  });

  it('updates the profile when the same portal and user connect again, never duplicating it', async () => {
    const client = await customer();
    await connectHubspot(app.url, client);
    const [first] = await profilesOf(client);
    await profileModel(app.db.connection).updateOne(
      { _id: first!._id },
      { $set: { problem: { title: 'HubSpot connection lost', message: 'x', at: new Date() } } },
    );

    const again = await connectHubspot(app.url, client);
    expect(again.location).toBe(`${DASHBOARD}?connected=1`);
    const after = await profilesOf(client);
    expect(after).toHaveLength(1);
    expect(after[0]?._id).toEqual(first?._id);
    expect(after[0]?.problem).toBeNull();
    expect(app.secrets.open(after[0]!.connection!.accessTokenSealed)).not.toBe(
      app.secrets.open(first!.connection!.accessTokenSealed),
    );

    // Another portal is another profile.
    await connectHubspot(app.url, client, { hubId: HUBSPOT_SECOND_HUB_ID });
    const both = await profilesOf(client);
    expect(both.map((profile) => profile.organizationId).sort()).toEqual(
      [String(HUBSPOT_DEMO_HUB_ID), String(HUBSPOT_SECOND_HUB_ID)].sort(),
    );
  });

  it("lists other users' profiles on the same portals as organization profiles", async () => {
    const alice = await customer();
    const bob = await customer();
    const carol = await customer();
    await connectHubspot(app.url, alice);
    await connectHubspot(app.url, bob);
    await connectHubspot(app.url, carol, { hubId: HUBSPOT_SECOND_HUB_ID });

    const seen = (await alice.get<HubspotProfilesResponse>('/api/admin/hubspot/profiles')).body;
    const bobsId = (await meOf(bob)).userProfiles[0]?.userProfileId;
    const carolsId = (await meOf(carol)).userProfiles[0]?.userProfileId;
    const orgIds = seen.organizationProfiles.map((profile) => profile.id);
    expect(orgIds).toContain(bobsId);
    expect(orgIds).not.toContain(carolsId);
    expect(
      seen.organizationProfiles.every(
        (profile) => profile.organizationId === String(HUBSPOT_DEMO_HUB_ID),
      ),
    ).toBe(true);
    expect(seen.auth0Profiles).toHaveLength(1);
  });

  it('sends the browser back with a message when the user denies consent', async () => {
    const client = await customer();
    const authorize = await client.get<{ url: string }>('/api/admin/hubspot/authorize-url');
    const backTo = await authorizeInSandbox(authorize.body.url, { decision: 'deny' });
    expect(backTo.searchParams.get('error')).toBe('access_denied');
    const answer = await browserGet(app.url, client, callbackPath(backTo));
    expect(answer.status).toBe(302);
    const location = new URL(answer.location!);
    expect(`${location.origin}${location.pathname}`).toBe(DASHBOARD);
    expect(location.searchParams.get('error')).toBe(
      'You did not allow OutSync to access HubSpot, so nothing was connected.',
    );
    expect(await profilesOf(client)).toEqual([]);
  });

  it('sends the browser back with a HubSpot message when the code exchange fails', async () => {
    const client = await customer();
    const authorize = await client.get<{ url: string }>('/api/admin/hubspot/authorize-url');
    const backTo = await authorizeInSandbox(authorize.body.url);
    backTo.searchParams.set('code', 'code-forged');
    const answer = await browserGet(app.url, client, callbackPath(backTo));
    expect(answer.status).toBe(302);
    const error = new URL(answer.location!).searchParams.get('error');
    expect(error).toMatch(/^HubSpot /);
    expect(error).not.toContain('code-forged');
    expect(await profilesOf(client)).toEqual([]);
  });
});

describe('the OAuth state', () => {
  async function pendingCallback(client: TestClient): Promise<string> {
    const authorize = await client.get<{ url: string }>('/api/admin/hubspot/authorize-url');
    return callbackPath(await authorizeInSandbox(authorize.body.url));
  }

  function expectRefusedPage(answer: { status: number; text: string }, reason: RegExp) {
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('HubSpot was not connected');
    expect(answer.text).toMatch(reason);
    expect(answer.text).toContain('href="http://localhost:3000/admin/dashboard/hubspot"');
  }

  it('is required', async () => {
    const client = await customer();
    const path = (await pendingCallback(client)).replace(/[?&]state=[^&]*/, '');
    expectRefusedPage(await pageText(client, path), /carries no connection request/);
    expect(await profilesOf(client)).toEqual([]);
  });

  it('must be one the service issued', async () => {
    const client = await customer();
    const path = (await pendingCallback(client)).replace(/state=[^&]*/, 'state=forged-state');
    expectRefusedPage(await pageText(client, path), /is not known/);
    expect(await profilesOf(client)).toEqual([]);
  });

  it('works once', async () => {
    const client = await customer();
    const path = await pendingCallback(client);
    expect((await browserGet(app.url, client, path)).status).toBe(302);
    expectRefusedPage(await pageText(client, path), /already been used/);
    expect(await profilesOf(client)).toHaveLength(1);
  });

  it('expires after 10 minutes', async () => {
    const client = await customer();
    const path = await pendingCallback(client);
    clock = new Date(clock.getTime() + 10 * 60_000 + 1000);
    expectRefusedPage(await pageText(client, path), /has expired/);
    expect(await profilesOf(client)).toEqual([]);
  });

  it("is refused from another user's session or without one, and stays good for its own", async () => {
    const owner = await customer();
    const intruder = await customer();
    const path = await pendingCallback(owner);
    expectRefusedPage(await pageText(intruder, path), /another user or in another browser/);
    expectRefusedPage(await pageText(null, path), /another user or in another browser/);
    // Another browser of the same user is another session: refused too.
    const ownerElsewhere = await app.signIn({ email: (await meOf(owner)).details.email });
    expectRefusedPage(await pageText(ownerElsewhere, path), /another user or in another browser/);
    expect(await profilesOf(intruder)).toEqual([]);

    const answer = await browserGet(app.url, owner, path);
    expect(answer.location).toBe(`${DASHBOARD}?connected=1`);
  });
});

describe('check-connected-account', () => {
  it('answers nothing while connections work, and names a profile whose grant was revoked', async () => {
    const client = await customer();
    const check = () =>
      client.get<{ title?: string; message?: string }>(
        '/api/admin/hubspot/profiles/check-connected-account',
      );
    expect((await check()).body).toEqual({});
    await connectHubspot(app.url, client);
    expect((await check()).body).toEqual({});

    const [stored] = await profilesOf(client);
    const refreshToken = app.secrets.open(stored!.connection!.refreshTokenSealed);
    // The customer uninstalls the app: HubSpot forgets the refresh token.
    const revoked = await fetch(`${sandbox.url}/hubspot/oauth/v1/refresh-tokens/${refreshToken}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(204);
    // Still fresh: the cheap check trusts it.
    expect((await check()).body).toEqual({});

    clock = new Date(clock.getTime() + 31 * 60_000);
    const answer = await check();
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('HubSpot connection lost');
    expect(answer.body.message).toContain(stored!.email);
    expect(answer.body.message).toContain(HUBSPOT_DEMO_HUB_DOMAIN);
    expect(answer.body.message).not.toContain(refreshToken);
  });
});

describe('configuration', () => {
  it('answers 503 not_ready without a HubSpot client id and secret', async () => {
    const bare = await startTestApp({ env: { HUBSPOT_CLIENT_ID: '', HUBSPOT_CLIENT_SECRET: '' } });
    try {
      const client = await bare.signIn({ email: 'nohubspot@customer.test' });
      const answer = await client.get<{ code: string; message: string }>(
        '/api/admin/hubspot/authorize-url',
      );
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('not_ready');
      expect(answer.body.message).toContain('HUBSPOT_CLIENT_ID');
    } finally {
      await bare.stop();
    }
  });
});

describe('deleting a HubSpot profile', () => {
  it("deletes the owner's profile; a foreign or unknown id is 404; a malformed one 400", async () => {
    const client = await customer();
    const other = await customer();
    await connectHubspot(app.url, client);
    const id = (await meOf(client)).userProfiles[0]!.userProfileId;

    expect((await other.delete(`/api/admin/hubspot/profiles/${id}`)).status).toBe(404);
    expect(
      (await client.delete('/api/admin/hubspot/profiles/0123456789abcdef01234567')).status,
    ).toBe(404);
    expect((await client.delete('/api/admin/hubspot/profiles/nope')).status).toBe(400);
    // The Salesforce route does not delete a HubSpot profile.
    expect((await client.delete(`/api/admin/salesforce/${id}`)).status).toBe(404);

    const deleted = await client.delete<{ id: string }>(`/api/admin/hubspot/profiles/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id });
    expect(await profilesOf(client)).toEqual([]);
    expect((await meOf(client)).userProfiles).toEqual([]);
  });

  it('revokes the connection at HubSpot: the stored refresh token stops working', async () => {
    const client = await customer();
    await connectHubspot(app.url, client);
    const [profile] = await profilesOf(client);
    const refreshToken = app.secrets.open(profile!.connection!.refreshTokenSealed);
    const refresh = () =>
      fetch(`${sandbox.url}/hubspot/oauth/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: 'outsync-sandbox-hubspot-client',
          client_secret: 'outsync-sandbox-hubspot-secret',
          refresh_token: refreshToken,
        }),
      });
    expect((await refresh()).status).toBe(200);

    const deleted = await client.delete(`/api/admin/hubspot/profiles/${profile!._id.toString()}`);
    expect(deleted.status).toBe(200);
    expect((await refresh()).status).toBe(400);
  });

  it("lets an admin delete anyone's profile, but not a manager", async () => {
    const owner = await customer();
    const ownerId = (await meOf(owner)).id;
    const profile = await buildProfile(app.db, { ownerId });
    const manager = await app.signIn({ email: 'hs-manager@outsync.test', role: 'MANAGER' });
    const admin = await app.signIn({ email: 'hs-admin@outsync.test', role: 'ADMIN' });
    const path = `/api/admin/hubspot/profiles/${profile._id.toString()}`;
    expect((await manager.delete(path)).status).toBe(404);
    expect((await admin.delete(path)).status).toBe(200);
  });
});
