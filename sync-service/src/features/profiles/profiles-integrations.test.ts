import type { MeResponse } from '@outsync/contracts';
import type { IntegrationItem } from '@outsync/contracts/accounts';
import { buildProfile } from '../../testing/profile-factories';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';

let app: TestApp;
let customer: TestClient;
let otherCustomer: TestClient;
let manager: TestClient;
let admin: TestClient;
const ids: Record<string, string> = {};

async function idOf(client: TestClient): Promise<string> {
  return (await client.get<MeResponse>('/api/admin/me')).body.id;
}

beforeAll(async () => {
  app = await startTestApp();
  customer = await app.signIn({ email: 'integrations-customer@customer.test' });
  otherCustomer = await app.signIn({ email: 'integrations-other@customer.test' });
  manager = await app.signIn({ email: 'integrations-manager@outsync.test', role: 'MANAGER' });
  admin = await app.signIn({ email: 'integrations-admin@outsync.test', role: 'ADMIN' });
  const base = new Date('2026-01-01T00:00:00Z').getTime();
  const at = (minutes: number) => new Date(base + minutes * 60_000);

  const own = await buildProfile(app.db, {
    ownerId: await idOf(customer),
    email: 'rep@acme.test',
    organizationId: '111',
    organizationDomain: 'acme.hubspot.test',
    firstName: 'Rita',
    lastName: 'Rep',
    canBlockList: false,
    createdAt: at(1),
  });
  // Created but never connected: no org yet, nothing to pick.
  await buildProfile(app.db, {
    ownerId: await idOf(customer),
    crm: 'SALESFORCE',
    secrets: app.secrets,
    salesforce: { domain: 'https://acme.my.salesforce.com', consumerKey: 'k', consumerSecret: 's' },
    createdAt: at(2),
  });
  const other = await buildProfile(app.db, {
    ownerId: await idOf(otherCustomer),
    crm: 'SALESFORCE',
    organizationId: '00Dother',
    createdAt: at(3),
    secrets: app.secrets,
    connection: { accessToken: 'a', refreshToken: 'r', instanceUrl: 'https://na1.sf.test' },
  });
  const managers = await buildProfile(app.db, { ownerId: await idOf(manager), createdAt: at(4) });
  ids.own = own._id.toString();
  ids.other = other._id.toString();
  ids.managers = managers._id.toString();
});
afterAll(async () => {
  await app?.stop();
});

const listed = async (client: TestClient, path: string) => {
  const answer = await client.get<IntegrationItem[]>(path);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return answer.body.map((item) => item.user.id);
};

describe('the "Select Profile" lists', () => {
  it("give a customer their own connected profiles, with the flags and the label's parts", async () => {
    const answer = await customer.get<IntegrationItem[]>('/api/admin/users/integrations');
    expect(answer.body).toEqual([
      {
        user: {
          id: ids.own,
          profile: 'HUBSPOT',
          email: 'rep@acme.test',
          organizationId: '111',
          organizationDomain: 'acme.hubspot.test',
          firstName: 'Rita',
          lastName: 'Rep',
          canWebhook: true,
          canUserAccount: true,
          canBlockList: false,
        },
      },
    ]);
    expect(await listed(customer, '/api/admin/organizations/integrations')).toEqual([ids.own]);
    expect(await listed(otherCustomer, '/api/admin/users/integrations')).toEqual([ids.other]);
  });

  it('give admins every connected profile on the organization list; a manager (read-only staff) only their own', async () => {
    expect(await listed(manager, '/api/admin/users/integrations')).toEqual([ids.managers]);
    expect(await listed(manager, '/api/admin/organizations/integrations')).toEqual([ids.managers]);
    expect(await listed(admin, '/api/admin/users/integrations')).toEqual([]);
    expect(await listed(admin, '/api/admin/organizations/integrations')).toEqual([
      ids.own,
      ids.other,
      ids.managers,
    ]);
  });

  it('need a session', async () => {
    const anonymous = app.asAnonymous();
    for (const path of ['/api/admin/users/integrations', '/api/admin/organizations/integrations']) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
  });
});

describe('GET /api/admin/me', () => {
  it("lists the user's profiles, connected or not", async () => {
    const me = (await customer.get<MeResponse>('/api/admin/me')).body;
    expect(me.userProfiles).toHaveLength(2);
    expect(me.userProfiles[0]).toEqual({ userProfileId: ids.own });
    expect((await admin.get<MeResponse>('/api/admin/me')).body.userProfiles).toEqual([]);
  });
});
