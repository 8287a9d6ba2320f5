import type { MeResponse } from '@outsync/contracts';
import type {
  BlockListLogsPage,
  BlockListSyncOption,
  CategoryBaseFiltersPage,
  HistoryCount,
  WebhookLog,
  WebhookLogDetail,
  WebhookLogsDaily,
  WebhookLogsPage,
} from '@outsync/contracts/history';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { categoryHoldModel, type CategoryHoldDoc } from '../category-holds';
import type { WebhookEventDoc } from '../../pipeline';
import { webhookEventModel } from '../webhook-events';
import { profileModel } from '../profiles';
import { blockListLogModel, blockListSyncModel, type BlockListLogDoc } from '../block-lists';

// The history area's service (spec 02 §2.9–2.11, §5, §6, §7; issue 13): the real app on the
// embedded MongoDB, logs written straight into its collections as the pipeline writes them.

guardOutboundCalls();

const LOGS = '/api/admin/webhook-logs';
const CATEGORY = '/api/admin/category-base-filters';
const BLOCK_LOGS = '/api/admin/dashboard/smartlead/blocked-lists/history';
const BLOCK_OPTIONS = '/api/admin/history/block-lists';

/** The viewer's "now": 12:00 UTC on 15 March 2030. */
const NOW = new Date('2030-03-15T12:00:00.000Z');

type Caller = { client: TestClient; id: string; email: string };
type ErrorBody = { code: string; message: string };

let app: TestApp;
let admin: Caller;
let manager: Caller;
let ada: Caller;
let bob: Caller;

async function caller(email: string, role?: 'ADMIN' | 'MANAGER'): Promise<Caller> {
  const client = await app.signIn({ email, role: role ?? null });
  const me = (await client.get<MeResponse>('/api/admin/me')).body;
  return { client, id: me.id, email };
}

beforeAll(async () => {
  app = await startTestApp({ now: () => NOW });
  admin = await caller('history-admin@outsync.test', 'ADMIN');
  manager = await caller('history-manager@outsync.test', 'MANAGER');
  ada = await caller('ada@customer-a.test');
  bob = await caller('bob@customer-b.test');
});

afterAll(async () => {
  await app.stop();
});

const events = () => webhookEventModel(app.db.connection);
const holds = () => categoryHoldModel(app.db.connection);

/** A stored webhook log of `owner`'s HubSpot webhook; a test sets what it is about. */
function logOf(owner: Caller, overrides: Partial<WebhookEventDoc> = {}): WebhookEventDoc {
  const receivedAt = overrides.receivedAt ?? new Date(NOW.getTime() - 60_000);
  const webhookId = overrides.webhookId ?? new Types.ObjectId();
  return {
    _id: new Types.ObjectId(),
    webhookId,
    userId: new Types.ObjectId(owner.id),
    userProfileId: new Types.ObjectId(),
    userEmail: owner.email,
    crm: 'HUBSPOT',
    hubId: '5550001',
    webhookUrl: `https://hooks.outsync.test/webhooks/code-${webhookId.toString()}`,
    test: false,
    path: `/webhooks/code-${webhookId.toString()}`,
    payloadJson: JSON.stringify({
      event_type: 'EMAIL_SENT',
      to_email: 'lead@prospect.test',
      secret: 'never',
    }),
    platform: 'smartlead',
    rawEventType: 'EMAIL_SENT',
    eventType: 'EMAIL_SENT',
    summary: {
      subject: 'Hello',
      to_email: 'lead@prospect.test',
      from_email: 'rep@agency.test',
      event_type: 'EMAIL_SENT',
    },
    leadKey: 'lead@prospect.test',
    leadEmail: 'lead@prospect.test',
    campaignId: '77',
    platformLeadId: '991',
    event: null,
    status: 'synced',
    reason: null,
    errors: [],
    steps: {},
    attempts: [],
    attemptCount: 1,
    nextAttemptAt: null,
    lease: null,
    receivedAt,
    syncedAt: null,
    updatedAt: receivedAt,
    expiresAt: new Date(NOW.getTime() + 30 * 86_400_000),
    ...overrides,
  };
}

async function store(...docs: WebhookEventDoc[]): Promise<void> {
  await events().insertMany(docs);
}

function ids(page: { data: { id: string }[] }): string[] {
  return page.data.map((row) => row.id);
}

beforeEach(async () => {
  await Promise.all([
    events().deleteMany({}),
    holds().deleteMany({}),
    blockListLogModel(app.db.connection).deleteMany({}),
    blockListSyncModel(app.db.connection).deleteMany({}),
  ]);
});

describe('GET /api/admin/webhook-logs/types', () => {
  it('offers ANY and the fourteen activity event types', async () => {
    const response = await ada.client.get<string[]>(`${LOGS}/types`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      'ANY',
      'EMAIL_SENT',
      'EMAIL_OPEN',
      'EMAIL_REPLY',
      'EMAIL_LINK_CLICK',
      'EMAIL_BOUNCE',
      'LEAD_CATEGORY_UPDATED',
      'LEAD_UNSUBSCRIBED',
      'CONNECTION_REQUEST_SENT',
      'CONNECTION_REQUEST_ACCEPTED',
      'MESSAGE_SENT',
      'REPLY_RECEIVED',
      'FOLLOW_SENT',
      'LIKED_POST',
      'VIEWED_PROFILE',
    ]);
  });

  it('needs a session', async () => {
    expect((await app.asAnonymous().get(`${LOGS}/types`)).status).toBe(401);
  });
});

describe('GET /api/admin/webhook-logs', () => {
  it('lists newest first, ties by id, as spec 02 §3 shapes a webhook log', async () => {
    const same = new Date('2030-03-15T11:00:00.000Z');
    const older = logOf(ada, { receivedAt: new Date('2030-03-14T09:00:00.000Z') });
    const tieFirst = logOf(ada, {
      _id: new Types.ObjectId('6600000000000000000000a1'),
      receivedAt: same,
    });
    const tieSecond = logOf(ada, {
      _id: new Types.ObjectId('6600000000000000000000a2'),
      receivedAt: same,
    });
    const failed = logOf(ada, {
      receivedAt: new Date('2030-03-15T11:30:00.000Z'),
      status: 'failed',
      errors: [{ step: 'contact', message: 'HubSpot answered 500', at: same }],
      attempts: [{ at: same, durationMs: 120, outcome: 'failed', message: 'HubSpot answered 500' }],
      steps: { contactId: '901', engagementId: '4411', engagementType: 'emails' },
    });
    await store(older, tieFirst, tieSecond, failed);

    const response = await ada.client.get<WebhookLogsPage>(LOGS);
    expect(response.status).toBe(200);
    expect(response.body.page).toBe(1);
    expect(response.body.limit).toBe(20);
    expect(ids(response.body)).toEqual([
      failed._id.toString(),
      tieSecond._id.toString(),
      tieFirst._id.toString(),
      older._id.toString(),
    ]);
    const row = response.body.data[0] as WebhookLog;
    expect(row).toEqual({
      id: failed._id.toString(),
      user: { email: 'ada@customer-a.test', organizationId: '5550001' },
      webhookId: failed.webhookId.toString(),
      webhookUrl: failed.webhookUrl,
      crm: 'HUBSPOT',
      platform: 'smartlead',
      eventType: 'EMAIL_SENT',
      test: false,
      smartleadPayload: {
        path: failed.path,
        payload: {
          subject: 'Hello',
          to_email: 'lead@prospect.test',
          from_email: 'rep@agency.test',
          event_type: 'EMAIL_SENT',
        },
      },
      webhookLogResults: {
        errors: [
          { step: 'contact', message: 'HubSpot answered 500', at: '2030-03-15T11:00:00.000Z' },
        ],
      },
      status: 'failed',
      reason: null,
      attempts: [
        {
          at: '2030-03-15T11:00:00.000Z',
          durationMs: 120,
          outcome: 'failed',
          message: 'HubSpot answered 500',
        },
      ],
      crmLinks: {
        contact: 'https://app.hubspot.com/contacts/5550001/record/0-1/901',
        activity: 'https://app.hubspot.com/contacts/5550001/record/0-49/4411',
      },
      canRetry: true,
      createdAt: '2030-03-15T11:30:00.000Z',
      syncedAt: null,
    });
    // The list never carries the raw payload; the detail does.
    expect(JSON.stringify(response.body)).not.toContain('never');
  });

  it('links a HubSpot task, and Salesforce records through the profile’s instance', async () => {
    const profile = await profileModel(app.db.connection).create({
      ownerId: new Types.ObjectId(ada.id),
      crm: 'SALESFORCE',
      canWebhook: true,
      canUserAccount: true,
      canBlockList: true,
      connection: {
        accessTokenSealed: 'sealed',
        refreshTokenSealed: 'sealed',
        expiresAt: NOW,
        scopes: [],
        instanceUrl: 'https://acme.my.salesforce.test',
        identityUrl: null,
        connectedAt: NOW,
      },
    });
    const lead = logOf(ada, {
      crm: 'SALESFORCE',
      hubId: '00D000000000001',
      userProfileId: profile._id,
      steps: {
        contactId: '00Q5g00000AbCdE',
        engagementId: '00T5g00000XyZaB',
        engagementType: 'tasks',
      },
    });
    const task = logOf(ada, {
      receivedAt: new Date(NOW.getTime() - 120_000),
      steps: { contactId: '902', engagementId: '77', engagementType: 'tasks' },
    });
    const unknownProfile = logOf(ada, {
      receivedAt: new Date(NOW.getTime() - 180_000),
      crm: 'SALESFORCE',
      steps: { contactId: '0035g00000AbCdE' },
    });
    await store(lead, task, unknownProfile);

    const rows = (await ada.client.get<WebhookLogsPage>(LOGS)).body.data;
    expect(rows.map((row) => row.crmLinks)).toEqual([
      {
        contact: 'https://acme.my.salesforce.test/lightning/r/Lead/00Q5g00000AbCdE/view',
        activity: 'https://acme.my.salesforce.test/lightning/r/Task/00T5g00000XyZaB/view',
      },
      {
        contact: 'https://app.hubspot.com/contacts/5550001/record/0-1/902',
        activity: 'https://app.hubspot.com/contacts/5550001/record/0-27/77',
      },
      { contact: null, activity: null },
    ]);
  });

  it('normalises the filters as spec 02 §5 says', async () => {
    const hook = new Types.ObjectId();
    const adaLead = logOf(ada, {
      leadEmail: 'ada@x.io',
      receivedAt: new Date(NOW.getTime() - 1000),
    });
    const reply = logOf(ada, {
      eventType: 'EMAIL_REPLY',
      receivedAt: new Date(NOW.getTime() - 2000),
    });
    const held = logOf(ada, {
      status: 'held',
      webhookId: hook,
      receivedAt: new Date(NOW.getTime() - 3000),
    });
    const otherHub = logOf(ada, { hubId: '777', receivedAt: new Date(NOW.getTime() - 4000) });
    await store(adaLead, reply, held, otherHub);
    const list = async (query: string) =>
      ids((await admin.client.get<WebhookLogsPage>(`${LOGS}?${query}`)).body);
    const all = [adaLead, reply, held, otherHub].map((doc) => doc._id.toString());

    expect(await list(`email=${encodeURIComponent('  Ada@X.io ')}`)).toEqual([
      adaLead._id.toString(),
    ]);
    expect(await list('email=nobody@x.io')).toEqual([]);
    expect(await list('email=%20%20')).toEqual(all);
    expect(await list('eventType=ANY')).toEqual(all);
    expect(await list('eventType=EMAIL_REPLY')).toEqual([reply._id.toString()]);
    expect(await list('status=held')).toEqual([held._id.toString()]);
    expect(await list('webhookId=0')).toEqual(all);
    expect(await list(`webhookId=${hook.toString()}`)).toEqual([held._id.toString()]);
    expect(await list(`webhookUrl=${encodeURIComponent(` ${held.webhookUrl} `)}`)).toEqual([
      held._id.toString(),
    ]);
    expect(await list('hubId=%20777%20')).toEqual([otherHub._id.toString()]);
    expect(await list(`userEmail=${encodeURIComponent(' ADA@customer-a.test')}`)).toEqual(all);
    expect(await list('userEmail=bob@customer-b.test')).toEqual([]);
    expect(await list('eventType=EMAIL_SENT&status=synced&hubId=5550001')).toEqual([
      adaLead._id.toString(),
    ]);
  });

  it('refuses a malformed filter with a message', async () => {
    const bad = await admin.client.get<ErrorBody>(`${LOGS}?eventType=EMAIL_SNT`);
    expect(bad.status).toBe(400);
    const badId = await admin.client.get<ErrorBody>(`${LOGS}?webhookId=12`);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('Expected an id (24 hexadecimal digits).');
    const badStatus = await admin.client.get<ErrorBody>(`${LOGS}?status=gone`);
    expect(badStatus.status).toBe(400);
    // A misspelt filter is refused rather than ignored (which would list everything).
    const unknown = await admin.client.get<ErrorBody>(`${LOGS}?eventtype=EMAIL_OPEN`);
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Unrecognized key: "eventtype"']);
    const repeated = await admin.client.get<ErrorBody>(`${LOGS}?email=a@x.io&email=b@x.io`);
    expect(repeated.status).toBe(400);
  });

  it('pages by 20 from page 1; past the end is empty; bad pages are a 400', async () => {
    await store(
      ...Array.from({ length: 45 }, (_, index) =>
        logOf(ada, {
          receivedAt: new Date(NOW.getTime() - (index + 1) * 1000),
          campaignId: String(index),
        }),
      ),
    );
    const page = (n: string) => ada.client.get<WebhookLogsPage & ErrorBody>(`${LOGS}?page=${n}`);
    const first = (await ada.client.get<WebhookLogsPage>(LOGS)).body;
    expect(first.data).toHaveLength(20);
    expect(first.page).toBe(1);
    expect(ids((await page('1')).body)).toEqual(ids(first));
    const second = (await page('2')).body;
    expect(second.data).toHaveLength(20);
    expect(second.page).toBe(2);
    const last = (await page('3')).body;
    expect(last.data).toHaveLength(5);
    expect(new Set([...ids(first), ...ids(second), ...ids(last)]).size).toBe(45);
    const beyond = await page('4');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ data: [], page: 4, limit: 20 });

    for (const [value, message] of [
      ['0', 'page must be a whole number from 1.'],
      ['abc', 'page must be a whole number from 1.'],
      ['1.5', 'page must be a whole number from 1.'],
      ['10001', 'page must be at most 10000.'],
    ]) {
      const refused = await page(value as string);
      expect({ value, status: refused.status, message: refused.body.message }).toEqual({
        value,
        status: 400,
        message,
      });
    }
    expect((await page('10000')).body.data).toEqual([]);
  });

  it('is 401 without a session', async () => {
    expect((await app.asAnonymous().get(LOGS)).status).toBe(401);
  });
});

describe('GET /api/admin/webhook-logs/count', () => {
  it('counts what the list’s filters match', async () => {
    await store(
      ...Array.from({ length: 23 }, () => logOf(ada)),
      ...Array.from({ length: 4 }, () =>
        logOf(ada, { eventType: 'EMAIL_OPEN', leadEmail: 'x@y.io' }),
      ),
      ...Array.from({ length: 3 }, () => logOf(bob)),
    );
    const count = async (client: TestClient, query = '') =>
      (await client.get<HistoryCount>(`${LOGS}/count${query}`)).body;
    expect(await count(admin.client)).toEqual({ totalItems: 30 });
    expect(await count(admin.client, '?eventType=EMAIL_OPEN')).toEqual({ totalItems: 4 });
    expect(await count(admin.client, '?email=%20X@Y.io')).toEqual({ totalItems: 4 });
    expect(await count(admin.client, '?eventType=ANY&webhookId=0')).toEqual({ totalItems: 30 });
    expect(await count(ada.client)).toEqual({ totalItems: 27 });
    expect(await count(bob.client)).toEqual({ totalItems: 3 });
    expect(await count(bob.client, '?email=x@y.io')).toEqual({ totalItems: 0 });
    // Page is not one of its parameters; the other filters are validated alike.
    const bad = await admin.client.get<ErrorBody>(`${LOGS}/count?eventType=nope`);
    expect(bad.status).toBe(400);
  });
});

describe('role scoping', () => {
  let adaLog: WebhookEventDoc;
  let bobLog: WebhookEventDoc;

  beforeEach(async () => {
    adaLog = logOf(ada, { leadEmail: 'shared@lead.io', status: 'failed' });
    bobLog = logOf(bob, {
      leadEmail: 'shared@lead.io',
      status: 'failed',
      hubId: '888',
      receivedAt: new Date(NOW.getTime() - 120_000),
    });
    await store(adaLog, bobLog);
  });

  it('shows a customer only their own logs, whatever they filter on', async () => {
    const list = async (query: string) =>
      ids((await ada.client.get<WebhookLogsPage>(`${LOGS}?${query}`)).body);
    const mine = [adaLog._id.toString()];
    expect(await list('')).toEqual(mine);
    expect(await list('email=shared@lead.io')).toEqual(mine);
    expect(await list('status=failed&eventType=EMAIL_SENT')).toEqual(mine);
    expect(ids((await bob.client.get<WebhookLogsPage>(LOGS)).body)).toEqual([
      bobLog._id.toString(),
    ]);
  });

  it('refuses a customer the manager-and-admin filters (403)', async () => {
    for (const query of [
      `userEmail=${encodeURIComponent(bob.email)}`,
      `webhookId=${bobLog.webhookId.toString()}`,
      `webhookUrl=${encodeURIComponent(bobLog.webhookUrl)}`,
      'hubId=888',
    ]) {
      for (const path of [LOGS, `${LOGS}/count`, `${LOGS}/daily`]) {
        const refused = await ada.client.get<ErrorBody>(`${path}?${query}`);
        expect({ path, query, status: refused.status, body: refused.body }).toEqual({
          path,
          query,
          status: 403,
          body: expect.objectContaining({
            code: 'forbidden',
            message:
              'The User, Webhook ID, Webhook URL and Hub ID filters are for managers and admins.',
          }) as unknown,
        });
      }
    }
    // Empty values are no filter, and webhookId 0 is none: not refused.
    expect((await ada.client.get(`${LOGS}?userEmail=&hubId=%20&webhookId=0`)).status).toBe(200);
  });

  it('lets managers and admins see everyone’s, with the extra filters', async () => {
    for (const staff of [manager, admin]) {
      expect(ids((await staff.client.get<WebhookLogsPage>(LOGS)).body)).toEqual([
        adaLog._id.toString(),
        bobLog._id.toString(),
      ]);
      expect(ids((await staff.client.get<WebhookLogsPage>(`${LOGS}?hubId=888`)).body)).toEqual([
        bobLog._id.toString(),
      ]);
      expect(
        (await staff.client.get<HistoryCount>(`${LOGS}/count?userEmail=${bob.email}`)).body,
      ).toEqual({ totalItems: 1 });
    }
  });

  it('offers Retry on a failed row to its owner and admins, not to managers', async () => {
    const canRetry = async (who: Caller) =>
      (await who.client.get<WebhookLogsPage>(LOGS)).body.data.map((row) => [row.id, row.canRetry]);
    expect(await canRetry(ada)).toEqual([[adaLog._id.toString(), true]]);
    expect(await canRetry(admin)).toEqual([
      [adaLog._id.toString(), true],
      [bobLog._id.toString(), true],
    ]);
    expect(await canRetry(manager)).toEqual([
      [adaLog._id.toString(), false],
      [bobLog._id.toString(), false],
    ]);
  });

  it('retries for the owner; hides others’ logs; refuses managers', async () => {
    const retry = (who: Caller, id: string) =>
      who.client.post<ErrorBody & { id: string; status: string }>(`${LOGS}/${id}/retry`);
    expect((await retry(bob, adaLog._id.toString())).status).toBe(404);
    const refused = await retry(manager, adaLog._id.toString());
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the webhook’s owner or an admin can retry its events.');
    const retried = await retry(ada, adaLog._id.toString());
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ id: adaLog._id.toString(), status: 'received' });
    // The row says so, and offers no second retry.
    const row = (await ada.client.get<WebhookLogsPage>(LOGS)).body.data[0];
    expect([row?.status, row?.canRetry]).toEqual(['received', false]);
    const again = await retry(ada, adaLog._id.toString());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a failed or partially synced event can be retried.');
  });

  it('serves the detail with the payload only to who may see it', async () => {
    const mine = await ada.client.get<WebhookLogDetail>(`${LOGS}/${adaLog._id.toString()}`);
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(adaLog._id.toString());
    expect(mine.body.payload).toEqual({
      event_type: 'EMAIL_SENT',
      to_email: 'lead@prospect.test',
      secret: 'never',
    });
    const theirs = await ada.client.get<ErrorBody>(`${LOGS}/${bobLog._id.toString()}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('No such webhook log, or it is not visible to you.');
    const missing = await admin.client.get(`${LOGS}/${new Types.ObjectId().toString()}`);
    expect(missing.status).toBe(404);
    for (const staff of [admin, manager])
      expect((await staff.client.get(`${LOGS}/${bobLog._id.toString()}`)).status).toBe(200);
    expect((await admin.client.get(`${LOGS}/not-an-id`)).status).toBe(400);
  });
});

describe('GET /api/admin/webhook-logs/daily', () => {
  type Day = WebhookLogsDaily['days'][number];
  const daily = async (who: Caller, query = '') =>
    (await who.client.get<WebhookLogsDaily>(`${LOGS}/daily${query}`)).body.days;
  const day = (days: Day[], date: string) => days.find((entry) => entry.date === date);

  it('answers the last 14 days, oldest first, every day present', async () => {
    const days = await daily(ada);
    expect(days.map((entry) => entry.date)).toEqual([
      '2030-03-02',
      '2030-03-03',
      '2030-03-04',
      '2030-03-05',
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-09',
      '2030-03-10',
      '2030-03-11',
      '2030-03-12',
      '2030-03-13',
      '2030-03-14',
      '2030-03-15',
    ]);
    expect(
      days.every((entry) => entry.synced + entry.held + entry.failed + entry.notSynced === 0),
    ).toBe(true);
  });

  it('groups by outcome; received events and older days are not counted', async () => {
    const at = (iso: string) => new Date(iso);
    const today = at('2030-03-15T08:00:00.000Z');
    await store(
      logOf(ada, { receivedAt: today, status: 'synced' }),
      logOf(ada, { receivedAt: today, status: 'partially_synced' }),
      logOf(ada, { receivedAt: today, status: 'held' }),
      logOf(ada, { receivedAt: today, status: 'failed' }),
      logOf(ada, { receivedAt: today, status: 'not_synced' }),
      logOf(ada, { receivedAt: today, status: 'unsupported' }),
      logOf(ada, { receivedAt: today, status: 'duplicate' }),
      logOf(ada, { receivedAt: today, status: 'received' }),
      logOf(ada, { receivedAt: at('2030-03-02T00:00:00.000Z'), status: 'failed' }),
      logOf(ada, { receivedAt: at('2030-03-01T23:59:59.999Z'), status: 'failed' }),
      logOf(ada, {
        receivedAt: at('2030-03-10T10:00:00.000Z'),
        status: 'synced',
        eventType: 'EMAIL_OPEN',
      }),
      logOf(bob, { receivedAt: today, status: 'synced' }),
    );
    const days = await daily(ada);
    expect(day(days, '2030-03-15')).toEqual({
      date: '2030-03-15',
      synced: 2,
      held: 1,
      failed: 1,
      notSynced: 3,
    });
    expect(day(days, '2030-03-02')).toEqual({
      date: '2030-03-02',
      synced: 0,
      held: 0,
      failed: 1,
      notSynced: 0,
    });
    expect(day(days, '2030-03-10')?.synced).toBe(1);
    // The list's filters apply.
    const opens = await daily(ada, '?eventType=EMAIL_OPEN');
    expect(opens.reduce((sum, entry) => sum + entry.synced + entry.failed, 0)).toBe(1);
    // Staff see everyone's.
    expect(day(await daily(admin), '2030-03-15')?.synced).toBe(3);
  });

  it('counts days in the viewer’s offset', async () => {
    // 23:30 UTC on the 14th is the 15th at 00:30 for a viewer at UTC+01:00.
    await store(logOf(ada, { receivedAt: new Date('2030-03-14T23:30:00.000Z'), status: 'synced' }));
    const utc = await daily(ada);
    expect(day(utc, '2030-03-14')?.synced).toBe(1);
    expect(day(utc, '2030-03-15')?.synced).toBe(0);
    const east = await daily(ada, '?utcOffsetMinutes=60');
    expect(day(east, '2030-03-14')?.synced).toBe(0);
    expect(day(east, '2030-03-15')?.synced).toBe(1);
    expect(east.map((entry) => entry.date).at(-1)).toBe('2030-03-15');
    // At 12:00 UTC it is already the 16th at UTC+14.
    const kiribati = await daily(ada, '?utcOffsetMinutes=840');
    expect(kiribati.map((entry) => entry.date).at(-1)).toBe('2030-03-16');
    expect((await ada.client.get(`${LOGS}/daily?utcOffsetMinutes=900`)).status).toBe(400);
  });
});

describe('GET /api/admin/category-base-filters', () => {
  function holdOf(owner: Caller, overrides: Partial<CategoryHoldDoc> = {}): CategoryHoldDoc {
    const webhookId = overrides.webhookId ?? new Types.ObjectId();
    return {
      _id: new Types.ObjectId(),
      eventId: new Types.ObjectId(),
      webhookId,
      userId: new Types.ObjectId(owner.id),
      webhook_url: `https://hooks.outsync.test/webhooks/code-${webhookId.toString()}`,
      webhook_event: 'EMAIL_REPLY',
      campaign_id: '77',
      lead_id: '991',
      leadKey: 'lead@prospect.test',
      smartlead_base_categories: [{ id: 'interested', name: 'Interested' }],
      category_name: 'Not Interested',
      dto: {
        subject: 'Re: Hello',
        to_email: 'rep@agency.test',
        from_email: 'lead@prospect.test',
        event_type: 'EMAIL_REPLY',
      },
      created_at: new Date(NOW.getTime() - 60_000),
      sent_at: null,
      expiresAt: new Date(NOW.getTime() + 86_400_000),
      ...overrides,
    };
  }
  const page = async (who: Caller, query = '') =>
    (await who.client.get<CategoryBaseFiltersPage & ErrorBody>(`${CATEGORY}${query}`)).body;

  it('pages the held events newest first, with the total, as spec 02 §3 shapes them', async () => {
    const sent = new Date('2030-03-15T11:59:00.000Z');
    const newest = holdOf(ada, { created_at: new Date(NOW.getTime() - 1000), sent_at: sent });
    const rest = Array.from({ length: 21 }, (_, index) =>
      holdOf(ada, { created_at: new Date(NOW.getTime() - (index + 2) * 1000) }),
    );
    await holds().insertMany([...rest, newest]);
    const first = await page(ada);
    expect(first.page).toBe(1);
    expect(first.limit).toBe(20);
    expect(first.totalItems).toBe(22);
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toEqual({
      id: newest._id.toString(),
      webhook_url: newest.webhook_url,
      webhook_event: 'EMAIL_REPLY',
      campaign_id: '77',
      lead_id: '991',
      smartlead_base_categories: [{ id: 'interested', name: 'Interested' }],
      category_name: 'Not Interested',
      dto: {
        subject: 'Re: Hello',
        to_email: 'rep@agency.test',
        from_email: 'lead@prospect.test',
        event_type: 'EMAIL_REPLY',
      },
      webhookId: newest.webhookId.toString(),
      eventId: newest.eventId.toString(),
      created_at: new Date(NOW.getTime() - 1000).toISOString(),
      sent_at: '2030-03-15T11:59:00.000Z',
    });
    const second = await page(ada, '?page=2');
    expect(second.data).toHaveLength(2);
    expect(second.totalItems).toBe(22);
    expect((await page(ada, '?page=3')).data).toEqual([]);
    const zero = await ada.client.get<ErrorBody>(`${CATEGORY}?page=0`);
    expect([zero.status, zero.body.message]).toEqual([400, 'page must be a whole number from 1.']);
  });

  it('filters, trimmed, and scopes a customer to their own', async () => {
    const hook = new Types.ObjectId();
    const open = holdOf(ada, {
      webhook_event: 'EMAIL_OPEN',
      created_at: new Date(NOW.getTime() - 1000),
    });
    const otherCampaign = holdOf(ada, {
      campaign_id: '88',
      lead_id: '5',
      webhookId: hook,
      created_at: new Date(NOW.getTime() - 2000),
    });
    const bobs = holdOf(bob, { created_at: new Date(NOW.getTime() - 3000) });
    await holds().insertMany([open, otherCampaign, bobs]);
    const listed = async (who: Caller, query: string) => ids(await page(who, `?${query}`));

    expect(await listed(ada, '')).toEqual([open._id.toString(), otherCampaign._id.toString()]);
    expect(await listed(bob, '')).toEqual([bobs._id.toString()]);
    expect(await listed(ada, 'eventType=EMAIL_OPEN')).toEqual([open._id.toString()]);
    expect(await listed(ada, 'eventType=ANY')).toHaveLength(2);
    expect(await listed(ada, 'campaignId=%2088%20')).toEqual([otherCampaign._id.toString()]);
    expect(await listed(ada, 'leadId=5')).toEqual([otherCampaign._id.toString()]);
    expect(await listed(ada, `webhookId=${hook.toString()}`)).toEqual([
      otherCampaign._id.toString(),
    ]);
    expect(await listed(ada, 'webhookId=0')).toHaveLength(2);
    expect(await listed(ada, `webhookUrl=${encodeURIComponent(` ${open.webhook_url}`)}`)).toEqual([
      open._id.toString(),
    ]);
    // A customer's filter on someone else's webhook finds nothing.
    expect(await listed(ada, `webhookId=${bobs.webhookId.toString()}`)).toEqual([]);
    expect((await page(ada, `?webhookId=${bobs.webhookId.toString()}`)).totalItems).toBe(0);
    for (const staff of [admin, manager]) expect(await listed(staff, '')).toHaveLength(3);
  });

  it('lists the event types the filter offers', async () => {
    const types = await ada.client.get<string[]>(`${CATEGORY}/types`);
    expect(types.status).toBe(200);
    expect(types.body).toHaveLength(14);
    expect(types.body).toContain('EMAIL_REPLY');
    expect(types.body).not.toContain('ANY');
  });
});

describe('History > Block Lists', () => {
  function runOf(owner: Caller, syncId: Types.ObjectId, overrides: Partial<BlockListLogDoc> = {}) {
    return {
      _id: new Types.ObjectId(),
      syncBlockListId: syncId,
      userId: new Types.ObjectId(owner.id),
      syncBlockList: { listName: 'Do not contact', blockType: 'ADDRESS', isEnabled: true },
      entities: ['ann@lead.io', 'ben@lead.io'],
      entityDetails: 'ann@lead.io, ben@lead.io',
      createdAt: new Date(NOW.getTime() - 60_000),
      syncedAt: new Date(NOW.getTime() - 59_000),
      lastError: null,
      expiresAt: new Date(NOW.getTime() + 86_400_000),
      ...overrides,
    } satisfies BlockListLogDoc;
  }

  it('answers empty lists before any block-list sync exists', async () => {
    const logs = await ada.client.get<BlockListLogsPage>(BLOCK_LOGS);
    expect(logs.status).toBe(200);
    expect(logs.body).toEqual({ page: 1, limit: 20, totalItems: 0, data: [] });
    const options = await ada.client.get<BlockListSyncOption[]>(BLOCK_OPTIONS);
    expect(options.status).toBe(200);
    expect(options.body).toEqual([]);
  });

  it('lists runs newest first, filtered by e-mail and sync, scoped by owner', async () => {
    const adaSync = new Types.ObjectId();
    const adaOther = new Types.ObjectId();
    const bobSync = new Types.ObjectId();
    // The rest of a sync, as Start Blocking stores it; the history screens read only the above.
    const rest = () => ({
      userProfileId: new Types.ObjectId(),
      crm: 'HUBSPOT',
      listType: 'CONTACT_LIST',
      apiKeyId: new Types.ObjectId(),
      platform: 'smartlead',
      blockType: 'ADDRESS',
      createdAt: NOW,
      updatedAt: NOW,
    });
    await blockListSyncModel(app.db.connection).insertMany([
      {
        _id: adaSync,
        userId: new Types.ObjectId(ada.id),
        listId: '12',
        listIdILS: 'ILS-12',
        listName: 'Competitors',
        ...rest(),
      },
      {
        _id: adaOther,
        userId: new Types.ObjectId(ada.id),
        listId: '13',
        listIdILS: null,
        listName: 'Bounced',
        ...rest(),
      },
      {
        _id: bobSync,
        userId: new Types.ObjectId(bob.id),
        listId: '99',
        listIdILS: null,
        listName: 'Bob list',
        ...rest(),
      },
    ]);
    const newest = runOf(ada, adaSync, {
      createdAt: new Date(NOW.getTime() - 1000),
      lastError: 'Smartlead answered 429',
      syncedAt: null,
    });
    const older = runOf(ada, adaOther, { entities: ['cat@lead.io'], entityDetails: 'cat@lead.io' });
    const bobs = runOf(bob, bobSync);
    await blockListLogModel(app.db.connection).insertMany([older, newest, bobs]);

    const logs = async (who: Caller, query = '') =>
      (await who.client.get<BlockListLogsPage>(`${BLOCK_LOGS}${query}`)).body;
    const first = await logs(ada);
    expect(first.totalItems).toBe(2);
    expect(first.data).toEqual([
      {
        id: newest._id.toString(),
        syncBlockList: {
          id: adaSync.toString(),
          listName: 'Do not contact',
          blockType: 'ADDRESS',
          isEnabled: true,
        },
        entityDetails: 'ann@lead.io, ben@lead.io',
        syncedAt: null,
        lastError: 'Smartlead answered 429',
      },
      expect.objectContaining({
        id: older._id.toString(),
        syncedAt: older.syncedAt?.toISOString(),
      }),
    ]);
    expect(ids(await logs(ada, `?email=${encodeURIComponent(' Ben@Lead.io ')}`))).toEqual([
      newest._id.toString(),
    ]);
    expect(ids(await logs(ada, `?block-list-id=${adaOther.toString()}`))).toEqual([
      older._id.toString(),
    ]);
    expect(ids(await logs(ada, `?block-list-id=${bobSync.toString()}`))).toEqual([]);
    expect(ids(await logs(bob, '?email=ann@lead.io'))).toEqual([bobs._id.toString()]);
    expect((await logs(admin, '?email=ann@lead.io')).totalItems).toBe(2);
    expect((await logs(manager)).totalItems).toBe(3);
    expect((await ada.client.get(`${BLOCK_LOGS}?block-list-id=nope`)).status).toBe(400);
    expect((await ada.client.get(`${BLOCK_LOGS}?page=abc`)).status).toBe(400);

    const options = async (who: Caller) =>
      (await who.client.get<BlockListSyncOption[]>(BLOCK_OPTIONS)).body;
    expect(await options(ada)).toEqual([
      { id: adaOther.toString(), listId: '13', listIdILS: null, listName: 'Bounced' },
      { id: adaSync.toString(), listId: '12', listIdILS: 'ILS-12', listName: 'Competitors' },
    ]);
    expect((await options(bob)).map((option) => option.listName)).toEqual(['Bob list']);
    expect(await options(admin)).toHaveLength(3);
  });
});
