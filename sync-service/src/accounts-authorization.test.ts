// Who may call what in the connected-accounts area, over every route that names a profile, a key
// or an endpoint: anonymous, the owner, another customer, a manager and an admin. A caller who
// may not see an item gets 404, exactly as for an item that does not exist.
import { randomBytes } from 'node:crypto';
import { fillPath, type RouteDefinition } from '@outsync/contracts';
import { accountsRoutes } from '@outsync/contracts/accounts';
import { blockListSyncModel } from './features/block-lists';
import { partnerModel } from './features/partners';
import { buildApiKey, buildUserAccount } from './testing/account-factories';
import { guardOutboundCalls } from './testing/nock-guard';
import { buildProfile } from './testing/profile-factories';
import { startTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';

guardOutboundCalls();

type Caller = 'anonymous' | 'owner' | 'other' | 'manager' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'owner', 'other', 'manager', 'admin'];

/**
 * - own-read: owner, manager, admin; - own-write: owner, admin; - owner-only: the owner alone;
 * - staff: manager and admin (customers 403); - admin: admin only (others 403).
 */
type Rule = 'own-read' | 'own-write' | 'owner-only' | 'staff' | 'admin';

const allowedBy: Record<Rule, Caller[]> = {
  'own-read': ['owner', 'manager', 'admin'],
  'own-write': ['owner', 'admin'],
  'owner-only': ['owner'],
  staff: ['manager', 'admin'],
  admin: ['admin'],
};

type Fixture = {
  hubspotProfileId: string;
  /** A profile nothing hangs off (a profile with keys or endpoints is refused with 409). */
  bareProfileId: string;
  salesforceProfileId: string;
  heyreachKeyId: string;
  smartleadKeyId: string;
  endpointId: string;
  blockListSyncId: string;
  partnerId: string;
};

type Case = {
  route: keyof typeof accountsRoutes;
  rule: Rule;
  params?: (f: Fixture) => Record<string, string>;
  body?: (f: Fixture) => unknown;
  /**
   * The call reaches a CRM or platform when allowed: only the refusals are checked here (the
   * module tests cover the allowed calls against the sandbox).
   */
  upstream?: boolean;
};

const CASES: Case[] = [
  { route: 'deleteHubspotProfile', rule: 'own-write', params: (f) => ({ id: f.bareProfileId }) },
  {
    // Only the owner connects: the tokens would be someone else's Salesforce user otherwise.
    route: 'salesforceConnectCheck',
    rule: 'owner-only',
    params: (f) => ({ userId: f.salesforceProfileId }),
  },
  {
    route: 'deleteSalesforceProfile',
    rule: 'own-write',
    params: (f) => ({ id: f.salesforceProfileId }),
  },
  { route: 'profileApiKeys', rule: 'own-read', params: (f) => ({ userId: f.hubspotProfileId }) },
  { route: 'revealApiKey', rule: 'owner-only', params: (f) => ({ id: f.heyreachKeyId }) },
  { route: 'leadCategories', rule: 'own-read', params: (f) => ({ id: f.heyreachKeyId }) },
  {
    route: 'addLeadCategories',
    rule: 'own-write',
    params: (f) => ({ id: f.heyreachKeyId }),
    body: (f) => ({
      categories: [{ categoryName: 'Warm', categoryId: 'warm', userProfileId: f.hubspotProfileId }],
    }),
  },
  { route: 'deleteApiKey', rule: 'own-write', params: (f) => ({ id: f.heyreachKeyId }) },
  { route: 'deleteUserAccount', rule: 'own-write', params: (f) => ({ id: f.endpointId }) },
  { route: 'revealUserAccountSecret', rule: 'own-write', params: (f) => ({ id: f.endpointId }) },
  {
    route: 'updateAdminUser',
    rule: 'admin',
    params: (f) => ({ id: f.hubspotProfileId }),
    body: () => ({ canWebhook: true, canUserAccount: false, canBlockList: true }),
  },
  { route: 'adminUsers', rule: 'staff' },
  // Partner accounts (issue 15): admins only. The partners' token call has no session (its
  // partner key is tested in modules/partners/partners.test.ts).
  { route: 'partners', rule: 'admin' },
  {
    route: 'createPartner',
    rule: 'admin',
    body: () => ({
      name: 'Agency',
      allowedOrigins: ['https://portal.agency.example'],
      customerEmails: ['owner@customer-a.example'],
    }),
  },
  {
    route: 'updatePartner',
    rule: 'admin',
    params: (f) => ({ id: f.partnerId }),
    body: () => ({
      name: 'Agency renamed',
      allowedOrigins: ['https://portal.agency.example'],
      customerEmails: [],
    }),
  },
  { route: 'rotatePartnerKey', rule: 'admin', params: (f) => ({ id: f.partnerId }) },
  { route: 'deletePartner', rule: 'admin', params: (f) => ({ id: f.partnerId }) },
  // Allowed calls of these reach HubSpot, Salesforce or a platform.
  {
    route: 'validateApiKey',
    rule: 'own-write',
    params: (f) => ({ id: f.smartleadKeyId }),
    upstream: true,
  },
  {
    route: 'updateApiKey',
    rule: 'own-write',
    params: (f) => ({ id: f.smartleadKeyId }),
    body: () => ({ platform: 'smartlead', apiKey: 'new-key', description: 'Renamed' }),
    upstream: true,
  },
  {
    route: 'createApiKey',
    rule: 'own-write',
    body: (f) => ({
      platform: 'smartlead',
      apiKey: 'k',
      description: 'd',
      userProfileId: f.hubspotProfileId,
    }),
    upstream: true,
  },
  {
    route: 'createUserAccount',
    rule: 'own-write',
    body: (f) => ({
      url: 'https://hooks.example.com/x',
      description: 'd',
      userProfileId: f.hubspotProfileId,
    }),
    upstream: true,
  },
  {
    route: 'hubspotOwnersAndUserAccounts',
    rule: 'own-read',
    params: (f) => ({ userProfileId: f.hubspotProfileId }),
    upstream: true,
  },
  {
    route: 'salesforceUserAccounts',
    rule: 'own-read',
    params: (f) => ({ userProfileId: f.salesforceProfileId }),
    upstream: true,
  },
  {
    route: 'crmProperties',
    rule: 'own-read',
    params: (f) => ({ userProfileId: f.hubspotProfileId }),
    upstream: true,
  },
  {
    route: 'salesforcePermissionSets',
    rule: 'own-read',
    params: (f) => ({ userProfileId: f.salesforceProfileId }),
    upstream: true,
  },
  // Block-list helpers (spec 02 §7).
  {
    route: 'hubspotBlockListSources',
    rule: 'own-read',
    params: (f) => ({ userProfileId: f.hubspotProfileId }),
    upstream: true,
  },
  {
    route: 'salesforceBlockListSources',
    rule: 'own-read',
    params: (f) => ({ userProfileId: f.salesforceProfileId }),
    upstream: true,
  },
  {
    route: 'salesforceReportFields',
    rule: 'own-read',
    params: (f) => ({ userProfileId: f.salesforceProfileId, listId: '00O5e000000000AEAQ' }),
    upstream: true,
  },
  {
    route: 'smartleadClients',
    rule: 'own-read',
    params: (f) => ({ apiKeyId: f.smartleadKeyId }),
    upstream: true,
  },
  {
    route: 'heyreachLists',
    rule: 'own-read',
    params: (f) => ({ apiKeyId: f.heyreachKeyId }),
    upstream: true,
  },
  {
    route: 'createHeyreachList',
    rule: 'own-write',
    params: (f) => ({ apiKeyId: f.heyreachKeyId }),
    body: () => ({ listName: 'Do not contact' }),
    upstream: true,
  },
  {
    route: 'salesforceTaskTypes',
    rule: 'own-read',
    params: (f) => ({ userProfileId: f.salesforceProfileId }),
    upstream: true,
  },
  {
    route: 'validateSalesforceTaskType',
    rule: 'own-read',
    body: (f) => ({ userProfileId: f.salesforceProfileId, taskType: 'Other' }),
    upstream: true,
  },
  {
    route: 'createSalesforceFields',
    rule: 'own-write',
    body: (f) => ({
      userProfileId: f.salesforceProfileId,
      permissionId: '0PS000000000001',
      customFields: ['Contact'],
    }),
    upstream: true,
  },
  {
    route: 'createHubspotBlockList',
    rule: 'own-write',
    body: (f) => ({
      crm: 'HUBSPOT',
      listType: 'CONTACT_LIST',
      listId: '12',
      apiKeyId: f.smartleadKeyId,
      blockType: 'ADDRESS',
      client: '1',
      userProfileId: f.hubspotProfileId,
    }),
    upstream: true,
  },
  {
    route: 'createSalesforceBlockList',
    rule: 'own-write',
    body: (f) => ({
      crm: 'SALESFORCE',
      listIdentifier: '00O5e000000000AEAQ',
      fields: ['EMAIL'],
      apiKeyId: f.smartleadKeyId,
      blockType: 'ADDRESS',
      client: null,
      userProfileId: f.salesforceProfileId,
    }),
    upstream: true,
  },
  {
    route: 'updateBlockListSync',
    rule: 'own-write',
    params: (f) => ({ id: f.blockListSyncId }),
    body: () => ({ isEnabled: false }),
  },
  {
    route: 'deleteBlockListSync',
    rule: 'own-write',
    params: (f) => ({ id: f.blockListSyncId }),
  },
];

/** Lists every signed-in user may call; another customer's items never appear in them. */
const LISTS: (keyof typeof accountsRoutes)[] = [
  'userIntegrations',
  'organizationIntegrations',
  'hubspotProfiles',
  'salesforceProfiles',
  'apiKeys',
  'userAccounts',
  'listBlockListSyncs',
  'hubspotCheckConnectedAccount',
  'salesforceCheckConnectedAccount',
];

let app: TestApp;
let ownerId: string;
const clients = {} as Record<Caller, TestClient>;

beforeAll(async () => {
  app = await startTestApp();
  clients.anonymous = app.asAnonymous();
  clients.owner = await app.signIn({ email: 'owner@customer-a.example', isPaidTier: true });
  clients.other = await app.signIn({ email: 'someone@customer-b.example', isPaidTier: true });
  clients.manager = await app.signIn({ email: 'manager@outsync.example', role: 'MANAGER' });
  clients.admin = await app.signIn({ email: 'admin@outsync.example', role: 'ADMIN' });
  const owner = await app.models.users.findOne({ email: 'owner@customer-a.example' }).lean();
  ownerId = String(owner?._id);
});

afterAll(async () => {
  await app.stop();
});

/** A fresh set of the owner's items, so a delete in one case leaves the next one its own. */
async function ownersItems(): Promise<Fixture> {
  const hubspot = await buildProfile(app.db, { ownerId, crm: 'HUBSPOT' });
  const bare = await buildProfile(app.db, { ownerId, crm: 'HUBSPOT' });
  const salesforce = await buildProfile(app.db, {
    ownerId,
    crm: 'SALESFORCE',
    salesforce: {
      domain: 'https://customer-a.my.salesforce.com',
      consumerKey: 'ck',
      consumerSecret: 'cs',
    },
    secrets: app.secrets,
  });
  const heyreach = await buildApiKey(app.db, app.secrets, {
    userProfileId: hubspot._id,
    platform: 'heyreach',
  });
  const smartlead = await buildApiKey(app.db, app.secrets, {
    userProfileId: hubspot._id,
    platform: 'smartlead',
  });
  const endpoint = await buildUserAccount(app.db, {
    userProfileId: hubspot._id,
    // Sealed as the service seals it: its owner may reveal it.
    signingSecretSealed: app.secrets.seal('endpoint-signing-secret'),
  });
  const now = new Date();
  const sync = await blockListSyncModel(app.db.connection).create({
    userId: hubspot.ownerId,
    userProfileId: hubspot._id,
    crm: 'HUBSPOT',
    listId: '12',
    listIdILS: '12',
    listName: 'Do not contact',
    listType: 'CONTACT_LIST',
    apiKeyId: smartlead._id,
    platform: 'smartlead',
    blockType: 'ADDRESS',
    createdAt: now,
    updatedAt: now,
  });
  const partner = await partnerModel(app.db.connection).create({
    name: 'Agency',
    allowedOrigins: ['https://portal.agency.example'],
    customerEmails: ['owner@customer-a.example'],
    keyHash: randomBytes(32).toString('hex'),
    keyPrefix: 'osp_fixture0',
    keyCreatedAt: now,
    createdAt: now,
  });
  return {
    partnerId: partner._id.toString(),
    blockListSyncId: sync._id.toString(),
    hubspotProfileId: hubspot._id.toString(),
    bareProfileId: bare._id.toString(),
    salesforceProfileId: salesforce._id.toString(),
    heyreachKeyId: heyreach._id.toString(),
    smartleadKeyId: smartlead._id.toString(),
    endpointId: endpoint._id.toString(),
  };
}

function call(client: TestClient, route: RouteDefinition, fixture: Fixture, c: Case) {
  const path = fillPath(route.path, c.params?.(fixture) ?? {});
  const body = c.body?.(fixture) ?? (route.request?.body ? {} : undefined);
  switch (route.method) {
    case 'get':
      return client.get(path);
    case 'delete':
      return client.delete(path);
    case 'post':
      return client.post(path, body);
    case 'put':
      return client.put(path, body);
    default:
      throw new Error(`unexpected method ${route.method}`);
  }
}

function expectedRefusal(c: Case, caller: Caller): number {
  if (caller === 'anonymous') return 401;
  // Role-gated routes refuse before looking anything up; item routes hide what they refuse.
  if (c.rule === 'staff' || c.rule === 'admin') return 403;
  return 404;
}

describe.each(CASES.map((c) => [c.route, c] as const))('%s', (_name, c) => {
  const route: RouteDefinition = accountsRoutes[c.route];
  const allowed = allowedBy[c.rule];

  it.each(CALLERS.filter((caller) => !allowed.includes(caller)))('refuses %s', async (caller) => {
    const fixture = await ownersItems();
    const response = await call(clients[caller], route, fixture, c);
    expect(response.status).toBe(expectedRefusal(c, caller));
    expect(JSON.stringify(response.body)).not.toContain(fixture.hubspotProfileId);
  });

  const allowedHere = c.upstream ? [] : allowed;
  if (allowedHere.length > 0) {
    it.each(allowedHere)('lets %s', async (caller) => {
      const fixture = await ownersItems();
      const response = await call(clients[caller], route, fixture, c);
      expect([response.status, response.body]).toEqual([expect.any(Number), expect.anything()]);
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
    });
  }
});

describe('lists', () => {
  it.each(LISTS)(
    "%s: anonymous 401; another customer never sees the owner's items",
    async (name) => {
      const fixture = await ownersItems();
      const route: RouteDefinition = accountsRoutes[name];
      const path = route.path;
      expect((await clients.anonymous.get(path)).status).toBe(401);
      const other = await clients.other.get(path);
      expect(other.status).toBe(200);
      const seen = JSON.stringify(other.body);
      for (const id of Object.values(fixture)) expect(seen).not.toContain(id);
      const owner = await clients.owner.get(path);
      expect(owner.status).toBe(200);
    },
  );

  it('the owner sees their own profiles, keys and endpoints; staff see every key masked', async () => {
    const fixture = await ownersItems();
    const integrations = JSON.stringify(
      (await clients.owner.get('/api/admin/users/integrations')).body,
    );
    expect(integrations).toContain(fixture.hubspotProfileId);
    const keys = (await clients.owner.get('/api/admin/dashboard/api-keys')).body as {
      apiKeys: { id: string }[];
    };
    expect(keys.apiKeys.map((key) => key.id)).toEqual(
      expect.arrayContaining([fixture.heyreachKeyId]),
    );
    const endpoints = JSON.stringify((await clients.owner.get('/api/admin/user-accounts')).body);
    expect(endpoints).toContain(fixture.endpointId);
    const staff = (await clients.manager.get('/api/admin/dashboard/api-keys')).body as {
      allApiKeys: Record<string, unknown>[];
    };
    const seen = staff.allApiKeys.find((key) => key.id === fixture.heyreachKeyId);
    expect(seen).toMatchObject({ canManage: false });
    expect(seen).not.toHaveProperty('apiKey');
  });

  it('every authenticated answer says Cache-Control: no-store', async () => {
    for (const name of LISTS) {
      const response = await clients.owner.get(accountsRoutes[name].path);
      expect([name, response.headers.get('cache-control')]).toEqual([name, 'no-store']);
    }
  });
});
