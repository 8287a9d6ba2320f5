// The webhook logs' reads (set-up in webhook-logs.test-support.ts): their event types, list,
// filters, paging and count.
import type { HistoryCount, WebhookLog, WebhookLogsPage } from '@outsync/contracts/history';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import type { TestClient } from '../../testing/test-client';
import { profileModel } from '../profiles';
import {
  LOGS,
  NOW,
  type ErrorBody,
  app,
  admin,
  ada,
  bob,
  useWebhookLogsApp,
  logOf,
  store,
  ids,
} from './webhook-logs.test-support';

guardOutboundCalls();
useWebhookLogsApp();

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
      // A failure stored without a code, whose message names none: said in general words.
      explanation: {
        state: 'failed',
        label: 'Failed',
        summary: 'It could not be written to HubSpot.',
        next: null,
        action: { kind: 'retry', text: 'Retry sends it again.' },
        detail: 'contact: HubSpot answered 500',
      },
      crmLinks: {
        contact: 'https://app.hubspot.com/contacts/5550001/record/0-1/901',
        activity: 'https://app.hubspot.com/contacts/5550001/record/0-49/4411',
      },
      canRetry: true,
      canRelease: false,
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
