// History > Block Lists exported as CSV (issue 34 item 4): the list's runs and scoping, as a
// file a spreadsheet opens safely (the file's bytes: webhook-logs.export.test.ts).
import type { BlockListLogsPage } from '@outsync/contracts/history';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { parseCsv } from '../../testing/parse-csv';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { signInCaller, type Caller } from '../../testing/test-callers';
import type { TestClient } from '../../testing/test-client';
import { blockListLogModel, type BlockListLogDoc } from './block-list-log.model';

const BLOCK_LOGS = '/api/admin/dashboard/smartlead/blocked-lists/history';
const EXPORT = `${BLOCK_LOGS}/export`;
const NOW = new Date('2030-03-15T12:00:00.000Z');

type ErrorBody = { code: string; message: string };

// The real app on the embedded MongoDB with its clock at NOW, a manager and two customers.
let app: TestApp;
let manager: Caller;
let ada: Caller;
let bob: Caller;

const caller = (email: string, role?: 'ADMIN' | 'MANAGER') => signInCaller(app, email, role);

guardOutboundCalls();

beforeAll(async () => {
  app = await startTestApp({ now: () => NOW });
  manager = await caller('history-manager@outsync.test', 'MANAGER');
  ada = await caller('ada@customer-a.test');
  bob = await caller('bob@customer-b.test');
});

afterAll(async () => {
  await app.stop();
});

beforeEach(async () => {
  await logs().deleteMany({});
});

const logs = () => blockListLogModel(app.db.connection);

/** A run of `owner`'s sync `syncId`, as a block-list run records it. */
function runOf(
  owner: Caller,
  syncId: Types.ObjectId,
  overrides: Partial<BlockListLogDoc> = {},
): BlockListLogDoc {
  return {
    _id: new Types.ObjectId(),
    syncBlockListId: syncId,
    userId: new Types.ObjectId(owner.id),
    syncBlockList: { listName: 'Do not contact', blockType: 'ADDRESS', isEnabled: true },
    entities: ['ann@lead.io', 'ben@lead.io'],
    entityDetails: 'ann@lead.io, ben@lead.io.',
    createdAt: new Date(NOW.getTime() - 60_000),
    syncedAt: new Date(NOW.getTime() - 59_000),
    lastError: null,
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
  'Block List ID',
  'Block List Name',
  'Block List Type',
  'Emails',
  'Error Response',
  'Enabled',
  'Created',
  'Synced At',
];

const cell = (row: string[] | undefined, name: string) => row?.[HEADER.indexOf(name)];

describe('block-list logs export', () => {
  it('downloads the caller’s own runs, newest first, as a CSV attachment', async () => {
    const sync = new Types.ObjectId();
    const older = runOf(ada, sync);
    const failed = runOf(ada, sync, {
      syncBlockList: { listName: '=Competitors, EU', blockType: 'DOMAIN', isEnabled: false },
      entities: [],
      entityDetails: '',
      createdAt: new Date(NOW.getTime() - 1_000),
      syncedAt: null,
      lastError: 'Smartlead answered 429: "slow down"',
    });
    await logs().insertMany([older, failed, runOf(bob, new Types.ObjectId())]);

    const { response, text } = await exportOf(ada.client);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="outsync-block-list-logs-2030-03-15T1200.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(HEADER);
    expect(rows).toEqual([
      [
        failed._id.toString(),
        sync.toString(),
        // A name a spreadsheet would run as a formula stays text.
        "'=Competitors, EU",
        'DOMAIN',
        '',
        'Smartlead answered 429: "slow down"',
        'No',
        '2030-03-15T11:59:59.000Z',
        '',
      ],
      [
        older._id.toString(),
        sync.toString(),
        'Do not contact',
        'ADDRESS',
        'ann@lead.io, ben@lead.io.',
        '',
        'Yes',
        '2030-03-15T11:59:00.000Z',
        '2030-03-15T11:59:01.000Z',
      ],
    ]);
  });

  it('has as many rows as the list’s total under the same filters, across many batches', async () => {
    const sync = new Types.ObjectId();
    const other = new Types.ObjectId();
    const runs = Array.from({ length: 1_234 }, (_, i) =>
      runOf(ada, i % 3 === 0 ? sync : other, {
        entities: [`lead${i}@lead.io`, 'all@lead.io'],
        createdAt: new Date(NOW.getTime() - (i + 1) * 1_000),
      }),
    );
    await logs().insertMany(runs);
    const query = `block-list-id=${sync.toString()}&email=${encodeURIComponent(' ALL@lead.io ')}`;
    const total = (await ada.client.get<BlockListLogsPage>(`${BLOCK_LOGS}?${query}`)).body
      .totalItems;
    const rows = parseCsv((await exportOf(ada.client, query)).text).slice(1);
    expect(total).toBe(412);
    expect(rows).toHaveLength(412);
    expect(new Set(rows.map((row) => cell(row, 'Block List ID')))).toEqual(
      new Set([sync.toString()]),
    );
    const created = rows.map((row) => cell(row, 'Created') ?? '');
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(rows.map((row) => row[0])).size).toBe(412);

    const one = parseCsv((await exportOf(ada.client, 'email=lead3@lead.io')).text).slice(1);
    expect(one.map((row) => row[0])).toEqual([runs[3]?._id.toString()]);
  });

  it('scopes a customer to their own runs, whatever sync they name; staff get everyone’s', async () => {
    const bobsSync = new Types.ObjectId();
    await logs().insertMany([runOf(ada, new Types.ObjectId()), runOf(bob, bobsSync)]);
    const named = await exportOf(ada.client, `block-list-id=${bobsSync.toString()}`);
    expect(parseCsv(named.text)).toEqual([HEADER]);
    const everyone = parseCsv((await exportOf(manager.client)).text).slice(1);
    expect(everyone).toHaveLength(2);
    const bobs = parseCsv(
      (await exportOf(manager.client, `block-list-id=${bobsSync.toString()}`)).text,
    );
    expect(bobs.slice(1).map((row) => cell(row, 'Block List ID'))).toEqual([bobsSync.toString()]);
  });

  it('refuses a stranger, a malformed filter and a page with the JSON envelope', async () => {
    const anonymous = await app.asAnonymous().get<ErrorBody>(EXPORT);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('unauthorized');
    const malformed = await ada.client.get<ErrorBody>(`${EXPORT}?block-list-id=nope`);
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
