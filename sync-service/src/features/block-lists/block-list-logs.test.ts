// History > Block Lists over HTTP: the runs of block-list syncs and the syncs to filter by,
// scoped by role.
import type { MeResponse } from '@outsync/contracts';
import type { BlockListLogsPage, BlockListSyncOption } from '@outsync/contracts/history';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { blockListLogModel, type BlockListLogDoc } from './block-list-log.model';
import { blockListSyncModel } from './block-list-sync.model';

const BLOCK_LOGS = '/api/admin/dashboard/smartlead/blocked-lists/history';
const BLOCK_OPTIONS = '/api/admin/history/block-lists';
const NOW = new Date('2030-03-15T12:00:00.000Z');

type Caller = { client: TestClient; id: string; email: string };

// The real app on the embedded MongoDB with its clock at NOW, an admin, a manager and two
// customers (as webhook-logs.test-support.ts sets up the webhook logs' tests).
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

const ids = (page: { data: { id: string }[] }) => page.data.map((row) => row.id);

guardOutboundCalls();

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

beforeEach(async () => {
  await Promise.all([
    blockListLogModel(app.db.connection).deleteMany({}),
    blockListSyncModel(app.db.connection).deleteMany({}),
  ]);
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
