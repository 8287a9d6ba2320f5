// The Audit log exported as CSV (issue 34 item 4): the log's entries and scoping (a customer their
// own account's, staff's changes on it included; managers and admins every account's), as a file
// a spreadsheet opens safely (the file's bytes: webhook-logs.export.test.ts).
import type { AuditLogPage } from '@outsync/contracts/history';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { parseCsv } from '../../testing/parse-csv';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { signInCaller, type Caller } from '../../testing/test-callers';
import type { TestClient } from '../../testing/test-client';
import { partnerModel } from '../partners';
import { auditEntryModel, type AuditEntryDoc } from './audit-entry.model';

const AUDIT_LOG = '/api/admin/audit-log';
const EXPORT = `${AUDIT_LOG}/export`;
const NOW = new Date('2030-03-15T12:00:00.000Z');

type ErrorBody = { code: string; message: string };

// The real app on the embedded MongoDB with its clock at NOW, a manager, an admin and two
// customers; entries written straight into the collection as the audit trail writes them.
let app: TestApp;
let manager: Caller;
let admin: Caller;
let ada: Caller;
let bob: Caller;

const caller = (email: string, role?: 'ADMIN' | 'MANAGER') => signInCaller(app, email, role);

guardOutboundCalls();

beforeAll(async () => {
  app = await startTestApp({ now: () => NOW });
  manager = await caller('manager@audit-staff.test', 'MANAGER');
  admin = await caller('admin@audit-staff.test', 'ADMIN');
  ada = await caller('ada@audit-customer.test');
  bob = await caller('bob@audit-other.test');
});

afterAll(async () => {
  await app.stop();
});

beforeEach(async () => {
  await entries().deleteMany({});
});

const entries = () => auditEntryModel(app.db.connection);

/** `actor`'s change on the accounts of `on` (their own when none), a minute before NOW. */
function entryOf(
  actor: Caller,
  role: 'ADMIN' | 'MANAGER' | null,
  on: Caller[],
  overrides: Partial<AuditEntryDoc> = {},
): AuditEntryDoc {
  return {
    _id: new Types.ObjectId(),
    at: new Date(NOW.getTime() - 60_000),
    action: 'updateWebhook',
    actorId: new Types.ObjectId(actor.id),
    actorEmail: actor.email,
    actorRole: role,
    partnerId: null,
    accountIds: (on.length > 0 ? on : [actor]).map((owner) => new Types.ObjectId(owner.id)),
    target: 'Smartlead webhook 1',
    ...overrides,
  };
}

async function exportOf(client: TestClient, query = '') {
  const response = await client.get<string>(`${EXPORT}${query ? `?${query}` : ''}`);
  return { response, text: String(response.body) };
}

const HEADER = [
  'Time',
  'Actor',
  'Actor Role',
  'Via',
  'Partner',
  'API Token',
  'Account',
  'Action',
  'Target',
  'ID',
];

const cell = (row: string[] | undefined, name: string) => row?.[HEADER.indexOf(name)];

describe('audit log export', () => {
  it('downloads the caller’s own account’s entries, newest first, as a CSV attachment', async () => {
    const partner = await partnerModel(app.db.connection).create({
      name: 'Acme Partners',
      allowedOrigins: ['https://portal.acme.test'],
      customerEmails: [ada.email],
      keyHash: 'f'.repeat(64),
      keyPrefix: 'osp_12345678',
      keyCreatedAt: NOW,
      createdAt: NOW,
    });
    const byAdmin = entryOf(admin, 'ADMIN', [ada], { at: new Date(NOW.getTime() - 1_000) });
    const embedded = entryOf(ada, null, [], {
      at: new Date(NOW.getTime() - 2_000),
      action: 'sendTestWebhook',
      partnerId: partner._id,
      target: null,
    });
    const bulk = entryOf(admin, 'ADMIN', [ada, bob], {
      at: new Date(NOW.getTime() - 3_000),
      action: 'webhookLogAction',
      target: '=retry 2 events',
    });
    await entries().insertMany([bulk, embedded, byAdmin, entryOf(bob, null, [])]);

    const { response, text } = await exportOf(ada.client);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="outsync-audit-log-2030-03-15T1200.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(HEADER);
    expect(rows).toEqual([
      [
        '2030-03-15T11:59:59.000Z',
        'admin@audit-staff.test',
        'admin',
        'dashboard',
        '',
        '',
        'ada@audit-customer.test',
        'Changed a webhook',
        'Smartlead webhook 1',
        byAdmin._id.toString(),
      ],
      [
        '2030-03-15T11:59:58.000Z',
        'ada@audit-customer.test',
        '',
        'embed',
        'Acme Partners',
        '',
        'ada@audit-customer.test',
        'Sent a test event',
        '',
        embedded._id.toString(),
      ],
      [
        '2030-03-15T11:59:57.000Z',
        'admin@audit-staff.test',
        'admin',
        'dashboard',
        '',
        '',
        // One change across several accounts names none.
        '',
        'Acted on events in bulk',
        // A target a spreadsheet would run as a formula stays text.
        "'=retry 2 events",
        bulk._id.toString(),
      ],
    ]);
  });

  it('has as many rows as the log’s total under the same filter, across many batches', async () => {
    const many = Array.from({ length: 1_234 }, (_, i) =>
      entryOf(i % 3 === 0 ? manager : ada, i % 3 === 0 ? 'MANAGER' : null, [ada], {
        at: new Date(NOW.getTime() - (i + 1) * 1_000),
      }),
    );
    await entries().insertMany([...many, entryOf(bob, null, [])]);
    const query = `email=${encodeURIComponent(' Manager@Audit-Staff.test ')}`;
    const total = (await admin.client.get<AuditLogPage>(`${AUDIT_LOG}?${query}`)).body.totalItems;
    const rows = parseCsv((await exportOf(admin.client, query)).text).slice(1);
    expect(total).toBe(412);
    expect(rows).toHaveLength(412);
    expect(new Set(rows.map((row) => `${cell(row, 'Actor')} ${cell(row, 'Actor Role')}`))).toEqual(
      new Set(['manager@audit-staff.test manager']),
    );
    const times = rows.map((row) => cell(row, 'Time') ?? '');
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(rows.map((row) => cell(row, 'ID'))).size).toBe(412);
  });

  it('gives managers and admins every account’s; a customer’s filter stays in their account', async () => {
    const gone = new Types.ObjectId().toString();
    await entries().insertMany([
      entryOf(ada, null, []),
      entryOf(bob, null, []),
      entryOf(admin, 'ADMIN', [{ ...bob, id: gone }]),
    ]);
    const everyone = parseCsv((await exportOf(manager.client)).text).slice(1);
    expect(everyone.map((row) => cell(row, 'Account')).sort()).toEqual([
      // A deleted account keeps its entries; its e-mail is gone with it.
      '(deleted account)',
      'ada@audit-customer.test',
      'bob@audit-other.test',
    ]);
    const bobs = parseCsv((await exportOf(manager.client, `email=${bob.email}`)).text).slice(1);
    expect(bobs.map((row) => cell(row, 'Actor'))).toEqual([bob.email]);
    const asked = await exportOf(ada.client, `email=${bob.email}`);
    expect(parseCsv(asked.text)).toEqual([HEADER]);
  });

  it('refuses a stranger, a malformed filter and a page with the JSON envelope', async () => {
    const anonymous = await app.asAnonymous().get<ErrorBody>(EXPORT);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('unauthorized');
    const malformed = await ada.client.get<ErrorBody>(`${EXPORT}?email=${'a'.repeat(321)}`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('validation_error');
    // The file is every page: a page is not its filter.
    const paged = await ada.client.get<ErrorBody>(`${EXPORT}?page=2`);
    expect(paged.status).toBe(400);
    expect(paged.body.code).toBe('validation_error');
  });

  it('exports only the header when nothing matches', async () => {
    const { text } = await exportOf(bob.client);
    expect(text).toBe(`${HEADER.join(',')}\r\n`);
  });
});
