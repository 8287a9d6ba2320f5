// The dashboard's banner of sync problems (issue 29, "Alerts"): GET /api/admin/sync-alerts
// answers the reader's own CRM accounts whose circuit is open and how many of their events
// failed in the last 24 hours; nothing of anyone else's.
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';

guardOutboundCalls();

const ALERTS = '/api/admin/sync-alerts';
const NOW = new Date('2031-05-20T12:00:00.000Z');
const HOUR = 3_600_000;

type Person = { client: TestClient; id: string };

let app: TestApp;
let ada: Person;
let bob: Person;

async function person(email: string, role: 'ADMIN' | null = null): Promise<Person> {
  const client = await app.signIn({ email, role });
  const doc = await app.models.users.findOne({ email }).lean();
  if (!doc) throw new Error(`no user ${email}`);
  return { client, id: doc._id.toString() };
}

const circuits = () => app.db.connection.collection('crmCircuits');
const logs = () => app.db.connection.collection('webhookLogs');

async function failedLog(owner: Person, hoursAgo: number, status = 'failed') {
  await logs().insertOne({
    userId: new Types.ObjectId(owner.id),
    status,
    receivedAt: new Date(NOW.getTime() - hoursAgo * HOUR),
  });
}

beforeAll(async () => {
  app = await startTestApp({ now: () => NOW });
  ada = await person('ada@alerts-customer.test');
  bob = await person('bob@alerts-other.test', 'ADMIN');
});

afterAll(async () => {
  await app.stop();
});

beforeEach(async () => {
  await circuits().deleteMany({});
  await logs().deleteMany({});
});

it('needs a session', async () => {
  expect((await app.asAnonymous().get(ALERTS)).status).toBe(401);
});

it('answers no alerts when every account writes and nothing failed', async () => {
  expect((await ada.client.get(ALERTS)).body).toEqual({ alerts: [] });
});

it("names each of the reader's CRM accounts whose circuit is open, with since when and the CRM's words", async () => {
  const hubspot = await buildProfile(app.db, {
    ownerId: ada.id,
    organizationDomain: 'ada-portal.hubspot.example',
  });
  const recovered = await buildProfile(app.db, { ownerId: ada.id });
  const bobs = await buildProfile(app.db, { ownerId: bob.id });
  const openedAt = new Date(NOW.getTime() - 2 * HOUR);
  const circuit = (id: unknown, open: boolean) => ({
    _id: String(id),
    failures: 3,
    firstFailureAt: openedAt,
    lastReason: 'HubSpot answered 503 Service Unavailable',
    openedAt: open ? openedAt : null,
    nextProbeAt: open ? NOW : null,
  });
  await circuits().insertMany([
    circuit(hubspot._id, true),
    circuit(recovered._id, false),
    circuit(bobs._id, true),
  ] as never[]);

  expect((await ada.client.get(ALERTS)).body).toEqual({
    alerts: [
      {
        kind: 'crm_unavailable',
        crm: 'HUBSPOT',
        account: 'ada-portal.hubspot.example',
        since: '2031-05-20T10:00:00.000Z',
        reason: 'HubSpot answered 503 Service Unavailable',
      },
    ],
  });
});

it("counts the reader's events that failed in the last 24 hours, only theirs, staff included", async () => {
  await failedLog(ada, 1);
  await failedLog(ada, 23);
  await failedLog(ada, 25);
  await failedLog(ada, 2, 'synced');
  await failedLog(bob, 1);

  expect((await ada.client.get(ALERTS)).body).toEqual({
    alerts: [{ kind: 'events_failed', count: 2, limit: 1000 }],
  });
  // An admin's banner is about their own syncs, not everyone's.
  expect((await bob.client.get(ALERTS)).body).toEqual({
    alerts: [{ kind: 'events_failed', count: 1, limit: 1000 }],
  });
});
