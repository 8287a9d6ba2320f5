// The audit log (issue 30, item 6): every change made through the API is recorded with its
// actor, the account acted on and the time; a refused call is not. Managers and admins read
// every account's entries, a customer their own account's, changes staff made on it included.
import { auditActionLabels, type AuditEntry, type AuditLogPage } from '@outsync/contracts/history';
import { serviceRoutes } from '../../api-table';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { buildWebhook } from '../../testing/webhook-factories';
import type { ProfileDoc } from '../profiles';
import type { WebhookDoc } from '../webhooks';

guardOutboundCalls();

const AUDIT_LOG = '/api/admin/audit-log';
const WEBHOOKS = '/api/admin/webhooks';

type Person = { client: TestClient; id: string; email: string };

let app: TestApp;
let alice: Person;
let bob: Person;
let manager: Person;
let admin: Person;
let alicesProfile: ProfileDoc;
let alicesWebhook: WebhookDoc;

async function person(email: string, role: 'MANAGER' | 'ADMIN' | null = null): Promise<Person> {
  const client = await app.signIn({ email, role });
  const doc = await app.models.users.findOne({ email }).lean();
  if (!doc) throw new Error(`no user ${email}`);
  return { client, id: doc._id.toString(), email };
}

async function entriesFor(who: Person, query = ''): Promise<AuditLogPage> {
  const answer = await who.client.get<AuditLogPage>(`${AUDIT_LOG}${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The entries as who did what on whose account, newest first. */
const summary = (page: AuditLogPage) =>
  page.data.map((entry: AuditEntry) => [
    entry.action,
    entry.actor.email,
    entry.actor.role,
    entry.account?.email ?? null,
  ]);

beforeAll(async () => {
  app = await startTestApp();
  alice = await person('alice@audit-customer.test');
  bob = await person('bob@audit-other.test');
  manager = await person('manager@audit-staff.test', 'MANAGER');
  admin = await person('admin@audit-staff.test', 'ADMIN');
  alicesProfile = await buildProfile(app.db, {
    ownerId: alice.id,
    secrets: app.secrets,
    connection: { accessToken: 'alice-access', refreshToken: 'alice-refresh' },
  });
  alicesWebhook = await buildWebhook(app.db, { profile: alicesProfile });
});

afterAll(async () => {
  await app.stop();
});

describe('recording', () => {
  it("records an admin's change on a customer's webhook with both of them, and the time", async () => {
    const before = Date.now();
    const path = `${WEBHOOKS}/${alicesWebhook._id.toString()}`;
    const changed = await admin.client.put(path, {
      emailService: 'instantly',
      objectLookupMethod: 'default',
    });
    expect(changed.status).toBe(200);

    const [entry] = (await entriesFor(admin)).data;
    expect(entry).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      at: expect.any(String),
      action: 'updateWebhook',
      actor: {
        email: 'admin@audit-staff.test',
        role: 'ADMIN',
        via: 'dashboard',
        partnerName: null,
        apiTokenName: null,
      },
      account: { email: 'alice@audit-customer.test' },
      // The webhook as it was found (before the change).
      target: `Smartlead webhook ${alicesWebhook._id.toString()}`,
    });
    expect(Date.parse(entry?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('does not record a refused change (a manager is read-only staff)', async () => {
    const path = `${WEBHOOKS}/${alicesWebhook._id.toString()}`;
    const total = (await entriesFor(admin)).totalItems;
    const refused = await manager.client.put(path, {
      emailService: 'instantly',
      objectLookupMethod: 'default',
    });
    expect(refused.status).toBe(403);
    const deleteRefused = await bob.client.delete(path);
    expect(deleteRefused.status).toBe(404);
    expect((await entriesFor(admin)).totalItems).toBe(total);
  });

  it("records an admin's flag change on the user it changed", async () => {
    const changed = await admin.client.put(`/api/admin/dashboard/users/${bob.id}`, {
      canWebhook: true,
      canUserAccount: true,
      canBlockList: false,
      isPaidTier: true,
    });
    expect(changed.status).toBe(200);
    const [entry] = (await entriesFor(admin)).data;
    expect(entry).toMatchObject({
      action: 'updateAdminUser',
      actor: { email: 'admin@audit-staff.test', role: 'ADMIN' },
      account: { email: 'bob@audit-other.test' },
    });
    expect(entry?.target).toContain('bob@audit-other.test');
    expect(entry?.target).toContain('isPaidTier true');
  });

  it("records a customer's own change on their own account", async () => {
    const removed = await alice.client.delete(`${WEBHOOKS}/${alicesWebhook._id.toString()}`);
    expect(removed.status).toBe(200);
    const [entry] = (await entriesFor(alice)).data;
    expect(entry).toMatchObject({
      action: 'deleteWebhook',
      actor: { email: 'alice@audit-customer.test', role: null, via: 'dashboard' },
      account: { email: 'alice@audit-customer.test' },
    });
  });

  it('does not record reads', async () => {
    const total = (await entriesFor(admin)).totalItems;
    expect((await alice.client.get(WEBHOOKS)).status).toBe(200);
    expect((await admin.client.get('/api/admin/dashboard/users')).status).toBe(200);
    expect((await entriesFor(admin)).totalItems).toBe(total);
  });
});

describe('reading', () => {
  it('needs a session', async () => {
    expect((await app.asAnonymous().get(AUDIT_LOG)).status).toBe(401);
  });

  it("a customer reads their own account's entries, staff's changes on it included", async () => {
    expect(summary(await entriesFor(alice))).toEqual([
      ['deleteWebhook', 'alice@audit-customer.test', null, 'alice@audit-customer.test'],
      ['updateWebhook', 'admin@audit-staff.test', 'ADMIN', 'alice@audit-customer.test'],
    ]);
    expect(summary(await entriesFor(bob))).toEqual([
      ['updateAdminUser', 'admin@audit-staff.test', 'ADMIN', 'bob@audit-other.test'],
    ]);
  });

  it("managers and admins read every account's, newest first", async () => {
    const expected = [
      ['deleteWebhook', 'alice@audit-customer.test', null, 'alice@audit-customer.test'],
      ['updateAdminUser', 'admin@audit-staff.test', 'ADMIN', 'bob@audit-other.test'],
      ['updateWebhook', 'admin@audit-staff.test', 'ADMIN', 'alice@audit-customer.test'],
    ];
    expect(summary(await entriesFor(manager))).toEqual(expected);
    expect(await entriesFor(admin)).toMatchObject({ page: 1, limit: 20, totalItems: 3 });
  });

  it("filters by an actor's or an account's e-mail, trimmed and lower-cased", async () => {
    const byAccount = await entriesFor(manager, '?email=%20BOB@audit-other.test%20');
    expect(summary(byAccount)).toEqual([
      ['updateAdminUser', 'admin@audit-staff.test', 'ADMIN', 'bob@audit-other.test'],
    ]);
    const byActor = await entriesFor(manager, '?email=admin@audit-staff.test');
    expect(byActor.totalItems).toBe(2);
    // A customer's filter stays inside their own account.
    expect((await entriesFor(bob, '?email=alice@audit-customer.test')).totalItems).toBe(0);
  });

  it('refuses a malformed page or an unknown filter with a 400', async () => {
    expect((await admin.client.get(`${AUDIT_LOG}?page=0`)).status).toBe(400);
    expect((await admin.client.get(`${AUDIT_LOG}?actor=x`)).status).toBe(400);
  });
});

describe('coverage', () => {
  // Calls that write but change no one's account: sign-in and sign-out (the sessions are their
  // record), checks that store nothing, a code that is stored only by the create that uses it,
  // the partner's token call (made by a partner's server, not a user), and the dry-run
  // previews, which store nothing (issue 34, item 2).
  const CHANGE_NOTHING = [
    'sendCode',
    'verifyCode',
    'logout',
    'checkApiKey',
    'validateSalesforceTaskType',
    'createEmbedToken',
    'generateWebhookCode',
    'previewWebhook',
    'previewWebhookUpdate',
  ];

  it('audits every call that changes something: a new one without a label fails', () => {
    const unaudited = Object.entries(serviceRoutes)
      .filter(([name, route]) => route.method !== 'get' && !(name in auditActionLabels))
      .map(([name]) => name);
    expect(unaudited).toEqual(CHANGE_NOTHING);
  });
});
