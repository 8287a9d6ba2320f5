import type { MeResponse } from '@outsync/contracts';
import type { BlockListSync } from '@outsync/contracts/accounts';
import { DEMO_API_KEYS, type RunningSandbox } from '@outsync/sandbox';
import { buildApiKey } from '../../testing/account-factories';
import { sandboxLists, type SandboxLists } from '../../testing/block-list-fixtures';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { connectHubspot } from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';
import { profileModel } from '../profiles';

// The schedule through Agenda, with the worker running: Start Blocking runs the sync at once,
// Pause stops further runs, Resume runs it again at once, and the sweep runs it again when its
// interval is over (3 s here, swept every second). Each test waits out real intervals (up to
// 20 s per wait in `eventually`), so each has a test timeout above jest's 5 s.

guardOutboundCalls();

const SYNCS = '/api/admin/dashboard/smartlead/blocked-lists';

let sandbox: RunningSandbox;
let lists: SandboxLists;
let app: SandboxTestApp;
let owner: TestClient;
let profileId: string;
let keyId: string;

async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  let value = await read();
  while (!until(value)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

async function syncOf(id: string): Promise<BlockListSync | undefined> {
  return (await owner.get<BlockListSync[]>(SYNCS)).body.find((sync) => sync.id === id);
}

beforeAll(async () => {
  app = await startSandboxTestApp({
    worker: true,
    env: {
      BLOCK_LIST_SWEEP_INTERVAL_MS: '1000',
      BLOCK_LIST_INTERVAL_MS: '3000',
      BLOCK_LIST_LEASE_MS: '5000',
    },
  });
  sandbox = app.sandbox;
  lists = sandboxLists(sandbox.url);
  owner = await app.signIn({ email: 'block-list-worker@customer.test', isPaidTier: true });
  await connectHubspot(app.url, owner);
  const me = (await owner.get<MeResponse>('/api/admin/me')).body;
  profileId = me.userProfiles[0]?.userProfileId ?? '';
  await profileModel(app.db.connection).updateOne({ _id: profileId }, { canBlockList: true });
  const key = await buildApiKey(app.db, app.secrets, {
    userProfileId: profileId,
    platform: 'smartlead',
    apiKey: DEMO_API_KEYS.smartlead,
  });
  keyId = key._id.toString();
});
afterAll(async () => {
  await app?.stop();
});

it('runs on create, stops on pause, runs again on resume and when the interval is over', async () => {
  const { listId } = await lists.contactList(['una@worker.test', 'vic@worker.test']);
  const created = (
    await owner.post<BlockListSync>('/api/admin/hubspot/blocked-lists', {
      crm: 'HUBSPOT',
      listType: 'CONTACT_LIST',
      listId,
      apiKeyId: keyId,
      blockType: 'ADDRESS',
      client: '302',
      userProfileId: profileId,
    })
  ).body;
  expect(created.status).toBe('QUEUED');

  const first = await eventually(
    () => syncOf(created.id),
    (sync) => sync?.status === 'SYNCED',
  );
  expect(first).toMatchObject({ countItemsSynced: 2, countItemsNotSynced: 0, progress: null });

  const paused = await owner.put<BlockListSync>(`${SYNCS}/${created.id}`, { isEnabled: false });
  expect(paused.body).toMatchObject({ isEnabled: false, nextRunAt: null });
  await lists.addMembers(listId, [await lists.newContact('wes@worker.test')]);
  // Paused past its interval and a few sweeps: no run.
  await new Promise((resolve) => setTimeout(resolve, 4_500));
  expect((await syncOf(created.id))?.lastFetchedAt).toBe(first?.lastFetchedAt);

  await owner.put(`${SYNCS}/${created.id}`, { isEnabled: true });
  const resumed = await eventually(
    () => syncOf(created.id),
    (sync) => sync?.status === 'SYNCED' && sync.lastFetchedAt !== first?.lastFetchedAt,
  );
  expect(resumed?.countItemsSynced).toBe(3);
}, 60_000);

it('runs a sync again once its interval is over', async () => {
  const { listId } = await lists.contactList(['xia@worker.test']);
  const created = (
    await owner.post<BlockListSync>('/api/admin/hubspot/blocked-lists', {
      crm: 'HUBSPOT',
      listType: 'CONTACT_LIST',
      listId,
      apiKeyId: keyId,
      blockType: 'DOMAIN',
      client: '301',
      userProfileId: profileId,
    })
  ).body;
  const first = await eventually(
    () => syncOf(created.id),
    (sync) => sync?.status === 'SYNCED',
  );
  await lists.addMembers(listId, [await lists.newContact('yul@worker-two.test')]);
  const again = await eventually(
    () => syncOf(created.id),
    (sync) => sync?.lastFetchedAt !== first?.lastFetchedAt && sync?.status === 'SYNCED',
  );
  expect(again?.countItemsSynced).toBe(2);
}, 30_000);
