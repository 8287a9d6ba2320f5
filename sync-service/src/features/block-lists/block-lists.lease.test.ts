// Who may run a sync, and what stops a run (docs/dedupe-and-block-list-runs.md, "Block-list
// runs"): one run at a time (the lease), a lease left by a run that died, a pause or a delete
// during a run, and a key or a sync gone before the run.
import type { BlockListSync } from '@outsync/contracts/accounts';
import { buildApiKey } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { apiKeyModel } from '../api-keys';
import { profileModel } from '../profiles';
import { blockListSyncModel } from './block-list-sync.model';
import {
  callsTo,
  createHubspotSync,
  logOf,
  runSync,
  savedState,
  seededContactList,
  smartleadValues,
} from './block-lists.runs.test-support';
import {
  SYNCS,
  app,
  hubspotBody,
  hubspotId,
  lists,
  owner,
  syncOf,
  useBlockListsApp,
} from './block-lists.test-support';

guardOutboundCalls();
useBlockListsApp();

const WRITE = 'add-domain-block-list';
const HOUR_MS = 60 * 60 * 1000;

async function newSync(emails: string[]): Promise<BlockListSync> {
  const { listId } = await lists.contactList(emails);
  return createHubspotSync(hubspotBody({ listId }));
}

describe('one run at a time', () => {
  it('runs a sync once when two runs start together', async () => {
    const created = await newSync(['ta@together.test', 'tb@together.test', 'tc@together.test']);
    const writes = await callsTo(WRITE);
    const outcomes = await Promise.all([runSync(created.id), runSync(created.id)]);
    expect(outcomes).toHaveLength(2);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { ran: true, status: 'SYNCED', added: 3, notSynced: 0 },
        { ran: false, reason: 'held_elsewhere' },
      ]),
    );
    expect(await callsTo(WRITE)).toBe(writes + 1);
    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      'ta@together.test, tb@together.test, tc@together.test.',
    ]);
    const done = await syncOf(owner, created.id);
    expect(done).toMatchObject({ status: 'SYNCED', progress: null });
    // The lease is let go and the next run planned an hour after this one ended.
    const stored = await blockListSyncModel(app.db.connection).findById(created.id).lean();
    expect(stored?.lease).toBeNull();
    const planned = Date.parse(done.nextRunAt ?? '') - Date.parse(done.lastFetchedAt ?? '');
    expect(planned).toBeGreaterThanOrEqual(HOUR_MS);
    expect(planned).toBeLessThan(HOUR_MS + 5_000);
  });

  it('waits out the lease of a run that died, then takes the sync', async () => {
    const created = await newSync(['ua@died.test']);
    const syncs = blockListSyncModel(app.db.connection);
    await syncs.updateOne(
      { _id: created.id },
      { $set: { lease: { runId: 'died', until: new Date(Date.now() + 60_000) } } },
    );
    expect(await runSync(created.id)).toEqual({ ran: false, reason: 'held_elsewhere' });
    expect(await savedState(created.id)).toBeNull();
    await syncs.updateOne(
      { _id: created.id },
      { $set: { lease: { runId: 'died', until: new Date(Date.now() - 1_000) } } },
    );
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 1,
      notSynced: 0,
    });
  });

  it('lets another run take a sync whose run went past its lease, and stops the first', async () => {
    const created = await newSync(['qa@overtaken.test', 'qb@overtaken.test']);
    let second: Awaited<ReturnType<typeof runSync>> | undefined;
    const first = await runSync(created.id, {
      batchSize: 1,
      leaseMs: 1_000,
      afterBatch: async (index) => {
        if (index !== 0) return;
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        second = await runSync(created.id);
      },
    });
    expect({ first, second }).toEqual({
      first: { ran: false, reason: 'held_elsewhere' },
      second: { ran: true, status: 'SYNCED', added: 2, notSynced: 0 },
    });
    expect(await syncOf(owner, created.id)).toMatchObject({ status: 'SYNCED', progress: null });
    expect((await smartleadValues()).filter((value) => value.endsWith('@overtaken.test'))).toEqual([
      'qa@overtaken.test',
      'qb@overtaken.test',
    ]);
  });

  it('holds the sync for the lease from when it starts, renewed at every step', async () => {
    const created = await newSync(['va@leased.test', 'vb@leased.test']);
    const leases: Array<number | null> = [];
    const startedAt = Date.now();
    await runSync(created.id, {
      batchSize: 1,
      leaseMs: 600_000,
      afterBatch: async () => {
        const held = await blockListSyncModel(app.db.connection).findById(created.id).lean();
        leases.push(held?.lease ? held.lease.until.getTime() - startedAt : null);
      },
    });
    expect(leases).toHaveLength(2);
    for (const lease of leases) {
      expect(lease).toBeGreaterThanOrEqual(600_000);
      expect(lease).toBeLessThan(600_000 + 10_000);
    }
  });
});

describe('a run stopped halfway', () => {
  it('reports a pause as paused, not failed, keeping what it wrote; resume writes the rest', async () => {
    const values = ['wa@paused.test', 'wb@paused.test', 'wc@paused.test'];
    const created = await newSync(values);
    const during: Array<Pick<BlockListSync, 'status' | 'progress'>> = [];
    const outcome = await runSync(created.id, {
      batchSize: 1,
      afterBatch: async (index) => {
        const { status, progress } = await syncOf(owner, created.id);
        during.push({ status, progress });
        if (index === 1) await owner.put(`${SYNCS}/${created.id}`, { isEnabled: false });
      },
    });
    expect(outcome).toEqual({ ran: false, reason: 'paused' });
    expect(during).toEqual([
      { status: 'SYNCING', progress: { phase: 'writing', done: 0, total: 3 } },
      { status: 'SYNCING', progress: { phase: 'writing', done: 1, total: 3 } },
    ]);
    const paused = await syncOf(owner, created.id);
    expect(paused).toMatchObject({
      isEnabled: false,
      status: 'QUEUED',
      lastError: null,
      lastSmartleadError: null,
      progress: null,
      nextRunAt: null,
    });
    expect(paused.lastAttemptedAt).not.toBeNull();
    expect(await savedState(created.id)).toEqual({
      written: ['wa@paused.test', 'wb@paused.test'],
      keptAfterRemoval: [],
      refused: [],
    });
    expect(await logOf(created.id)).toEqual([
      {
        entities: ['wa@paused.test'],
        entityDetails: 'wa@paused.test (batch 1 of 3).',
        lastError: null,
        synced: true,
      },
      {
        entities: ['wb@paused.test'],
        entityDetails: 'wb@paused.test (batch 2 of 3).',
        lastError: null,
        synced: true,
      },
    ]);
    expect(await runSync(created.id)).toEqual({ ran: false, reason: 'paused' });

    const resumed = await owner.put<BlockListSync>(`${SYNCS}/${created.id}`, { isEnabled: true });
    expect(resumed.body).toMatchObject({ isEnabled: true, status: 'QUEUED' });
    const writes = await callsTo(WRITE);
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 1,
      notSynced: 0,
    });
    expect(await callsTo(WRITE)).toBe(writes + 1);
    expect((await smartleadValues()).filter((value) => value.endsWith('@paused.test'))).toEqual(
      values,
    );
    expect(await syncOf(owner, created.id)).toMatchObject({
      status: 'SYNCED',
      countItemsSynced: 3,
    });
  });

  it('stops at the next page when paused while reading the list, writing nothing', async () => {
    const created = await createHubspotSync(hubspotBody({ listId: await seededContactList(101) }));
    const seen: Array<Pick<BlockListSync, 'status' | 'progress'>> = [];
    const writes = await callsTo(WRITE);
    const outcome = await runSync(created.id, {
      beforeRead: async () => {
        const { status, progress } = await syncOf(owner, created.id);
        seen.push({ status, progress });
        if (seen.length === 1) await owner.put(`${SYNCS}/${created.id}`, { isEnabled: false });
      },
    });
    expect(outcome).toEqual({ ran: false, reason: 'paused' });
    // One read of 100 records, then the progress it could not record stopped the run.
    expect(seen).toEqual([
      { status: 'SYNCING', progress: { phase: 'reading', done: 0, total: null } },
    ]);
    expect(await callsTo(WRITE)).toBe(writes);
    expect(await savedState(created.id)).toBeNull();
    expect(await logOf(created.id)).toEqual([]);
    expect(await syncOf(owner, created.id)).toMatchObject({
      status: 'QUEUED',
      isEnabled: false,
      progress: null,
      lastError: null,
    });
  });

  it('counts the records read while reading a long list', async () => {
    const created = await createHubspotSync(hubspotBody({ listId: await seededContactList(251) }));
    const seen: Array<BlockListSync['progress']> = [];
    await runSync(created.id, {
      beforeRead: async () => {
        seen.push((await syncOf(owner, created.id)).progress);
      },
    });
    expect(seen).toEqual([
      { phase: 'reading', done: 0, total: null },
      // The first page's 250 members are read in whole hundreds; the rest with the last page.
      { phase: 'reading', done: 200, total: 251 },
    ]);
  });

  it('stops a run whose sync is deleted, and leaves no state of it behind', async () => {
    // Another sync's state, which the delete must leave alone.
    const other = await newSync(['ya@kept.test']);
    await runSync(other.id);
    const othersState = await savedState(other.id);
    expect(othersState).toEqual({ written: ['ya@kept.test'], keptAfterRemoval: [], refused: [] });
    const created = await newSync(['xa@deleted.test', 'xb@deleted.test']);
    const outcome = await runSync(created.id, {
      batchSize: 1,
      afterBatch: async (index) => {
        if (index === 0) await owner.delete(`${SYNCS}/${created.id}`);
      },
    });
    expect(outcome).toEqual({ ran: false, reason: 'not_found' });
    expect(await savedState(created.id)).toBeNull();
    expect(await savedState(other.id)).toEqual(othersState);
    expect((await smartleadValues()).filter((value) => value.endsWith('@deleted.test'))).toEqual([
      'xa@deleted.test',
    ]);
    // Its runs stay in History.
    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      'xa@deleted.test (batch 1 of 2).',
    ]);
  });
});

describe('what a run cannot start without', () => {
  it('answers not found for a sync that does not exist', async () => {
    expect(await runSync('not-an-id')).toEqual({ ran: false, reason: 'not_found' });
    expect(await runSync('65f000000000000000000000')).toEqual({
      ran: false,
      reason: 'not_found',
    });
  });

  it('never runs a sync whose profile is gone, and lets it go', async () => {
    const created = await newSync(['ab@no-profile.test']);
    const user = await app.models.users.findOne({ email: 'block-lists@customer.test' }).lean();
    const gone = await buildProfile(app.db, { ownerId: user?._id ?? '' });
    await blockListSyncModel(app.db.connection).updateOne(
      { _id: created.id },
      { $set: { userProfileId: gone._id } },
    );
    await profileModel(app.db.connection).deleteOne({ _id: gone._id });
    expect(await runSync(created.id)).toEqual({ ran: false, reason: 'not_approved' });
    expect(await runSync(created.id)).toEqual({ ran: false, reason: 'not_approved' });
    const stored = await blockListSyncModel(app.db.connection).findById(created.id).lean();
    expect(stored?.lease).toBeNull();
    expect(stored?.lastAttemptedAt).toBeNull();
    const planned = (stored?.nextRunAt?.getTime() ?? 0) - Date.now();
    expect(planned).toBeGreaterThan(HOUR_MS - 60_000);
    expect(planned).toBeLessThanOrEqual(HOUR_MS);
  });

  it('fails naming the key when the sync’s key was deleted', async () => {
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'instantly',
    });
    const { listId } = await lists.contactList(['ya@no-key.test']);
    const created = await createHubspotSync(
      hubspotBody({ listId, apiKeyId: key._id.toString(), client: null }),
    );
    await apiKeyModel(app.db.connection).deleteOne({ _id: key._id });
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'FAILED',
      added: 0,
      notSynced: 0,
    });
    expect(await syncOf(owner, created.id)).toMatchObject({
      status: 'FAILED',
      lastError: null,
      lastSmartleadError: 'The API key of this sync was deleted: choose another key.',
    });
    expect(await logOf(created.id)).toEqual([
      {
        entities: [],
        entityDetails: '',
        lastError: 'The API key of this sync was deleted: choose another key.',
        synced: false,
      },
    ]);
  });

  it('fails naming the instance when a bison key has lost its URL', async () => {
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'bison',
      baseUrl: 'https://bison.example.com',
    });
    const { listId } = await lists.contactList(['za@bison.test']);
    const created = await createHubspotSync(
      hubspotBody({ listId, apiKeyId: key._id.toString(), client: null }),
    );
    await apiKeyModel(app.db.connection).updateOne({ _id: key._id }, { $set: { baseUrl: null } });
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'FAILED',
      added: 0,
      notSynced: 0,
    });
    expect(await syncOf(owner, created.id)).toMatchObject({
      status: 'FAILED',
      lastError: null,
      lastSmartleadError: 'A bison block list needs the key’s instance URL.',
    });
  });
});
