// History > Category Base Filter exported as CSV (issue 34 item 4): the list's held events and
// scoping, as a file a spreadsheet opens safely (the file's bytes: webhook-logs.export.test.ts).
import type { CategoryBaseFiltersPage } from '@outsync/contracts/history';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { parseCsv } from '../../testing/parse-csv';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { signInCaller, type Caller } from '../../testing/test-callers';
import type { TestClient } from '../../testing/test-client';
import { categoryHoldModel, type CategoryHoldDoc } from './category-hold.model';

const CATEGORY = '/api/admin/category-base-filters';
const EXPORT = `${CATEGORY}/export`;
const NOW = new Date('2030-03-15T12:00:00.000Z');

type ErrorBody = { code: string; message: string };

// The real app on the embedded MongoDB with its clock at NOW, an admin and two customers.
let app: TestApp;
let admin: Caller;
let ada: Caller;
let bob: Caller;

const caller = (email: string, role?: 'ADMIN' | 'MANAGER') => signInCaller(app, email, role);

guardOutboundCalls();

beforeAll(async () => {
  app = await startTestApp({ now: () => NOW });
  admin = await caller('history-admin@outsync.test', 'ADMIN');
  ada = await caller('ada@customer-a.test');
  bob = await caller('bob@customer-b.test');
});

afterAll(async () => {
  await app.stop();
});

beforeEach(async () => {
  await holds().deleteMany({});
});

const holds = () => categoryHoldModel(app.db.connection);

/** An event of `owner`'s webhook the category filter held, as the pipeline stores it. */
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

async function exportOf(client: TestClient, query = '') {
  const response = await client.get<string>(`${EXPORT}${query ? `?${query}` : ''}`);
  return { response, text: String(response.body) };
}

const HEADER = [
  'ID',
  'Webhook ID',
  'Webhook URL',
  'Event',
  'Campaign ID',
  'Lead ID',
  'Webhook Categories',
  'Current Lead Category',
  'To Email',
  'From Email',
  'Subject',
  'Webhook Log ID',
  'Created',
  'Sent At',
];

const cell = (row: string[] | undefined, name: string) => row?.[HEADER.indexOf(name)];

describe('category base filter export', () => {
  it('downloads the caller’s own held events, newest first, as a CSV attachment', async () => {
    const released = holdOf(ada, {
      smartlead_base_categories: [
        { id: 'interested', name: 'Interested' },
        { id: 'later', name: 'Interested, later' },
      ],
      category_name: null,
      campaign_id: null,
      dto: {
        subject: '@channel, "quick" question',
        to_email: 'rep@agency.test',
        from_email: 'müller@prospect.test',
        event_type: 'EMAIL_REPLY',
      },
      created_at: new Date(NOW.getTime() - 1_000),
      sent_at: new Date('2030-03-15T11:59:30.000Z'),
    });
    const held = holdOf(ada);
    await holds().insertMany([held, released, holdOf(bob)]);

    const { response, text } = await exportOf(ada.client);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="outsync-category-base-filter-logs-2030-03-15T1200.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(HEADER);
    expect(rows).toEqual([
      [
        released._id.toString(),
        released.webhookId.toString(),
        released.webhook_url,
        'EMAIL_REPLY',
        '',
        '991',
        'Interested\nInterested, later',
        '',
        'rep@agency.test',
        'müller@prospect.test',
        // A subject a spreadsheet would run as a formula stays text.
        '\'@channel, "quick" question',
        released.eventId.toString(),
        '2030-03-15T11:59:59.000Z',
        '2030-03-15T11:59:30.000Z',
      ],
      [
        held._id.toString(),
        held.webhookId.toString(),
        held.webhook_url,
        'EMAIL_REPLY',
        '77',
        '991',
        'Interested',
        'Not Interested',
        'rep@agency.test',
        'lead@prospect.test',
        'Re: Hello',
        held.eventId.toString(),
        '2030-03-15T11:59:00.000Z',
        '',
      ],
    ]);
  });

  it('has as many rows as the list’s total under the same filters, across many batches', async () => {
    const rows = Array.from({ length: 1_234 }, (_, i) =>
      holdOf(ada, {
        webhook_event: i % 3 === 0 ? 'EMAIL_OPEN' : 'EMAIL_REPLY',
        campaign_id: i % 2 === 0 ? '77' : '88',
        created_at: new Date(NOW.getTime() - (i + 1) * 1_000),
      }),
    );
    await holds().insertMany(rows);
    const query = 'eventType=EMAIL_OPEN&campaignId=%2077%20';
    const total = (await ada.client.get<CategoryBaseFiltersPage>(`${CATEGORY}?${query}`)).body
      .totalItems;
    const exported = parseCsv((await exportOf(ada.client, query)).text).slice(1);
    expect(total).toBe(206);
    expect(exported).toHaveLength(206);
    expect(
      new Set(exported.map((row) => `${cell(row, 'Event')} ${cell(row, 'Campaign ID')}`)),
    ).toEqual(new Set(['EMAIL_OPEN 77']));
    const created = exported.map((row) => cell(row, 'Created') ?? '');
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(exported.map((row) => row[0])).size).toBe(206);
  });

  it('scopes a customer to their own, whatever webhook they name; staff get everyone’s', async () => {
    const bobs = holdOf(bob);
    await holds().insertMany([holdOf(ada), bobs]);
    const named = await exportOf(ada.client, `webhookId=${bobs.webhookId.toString()}`);
    expect(parseCsv(named.text)).toEqual([HEADER]);
    expect(parseCsv((await exportOf(admin.client)).text).slice(1)).toHaveLength(2);
    const filtered = parseCsv(
      (await exportOf(admin.client, `webhookId=${bobs.webhookId.toString()}`)).text,
    ).slice(1);
    expect(filtered.map((row) => row[0])).toEqual([bobs._id.toString()]);
  });

  it('refuses a stranger, a malformed filter and a page with the JSON envelope', async () => {
    const anonymous = await app.asAnonymous().get<ErrorBody>(EXPORT);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('unauthorized');
    const malformed = await ada.client.get<ErrorBody>(`${EXPORT}?eventType=EMAIL_LOST`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('validation_error');
    // The file is every page: a page is not one of its filters.
    const paged = await ada.client.get<ErrorBody>(`${EXPORT}?page=2`);
    expect(paged.status).toBe(400);
    expect(paged.body.code).toBe('validation_error');
  });

  it('exports only the header when nothing matches', async () => {
    const { text } = await exportOf(bob.client);
    expect(text).toBe(`${HEADER.join(',')}\r\n`);
  });
});
