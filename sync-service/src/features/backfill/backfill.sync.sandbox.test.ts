// "Import past activity" end to end with the worker (issue 34, item 3): 1,000 past Instantly
// e-mails over 100 leads are read by the backfill job, stored once and synced into the
// sandbox's HubSpot by the usual pipeline; a second import over the same range adds nothing.
import type { Backfill } from '@outsync/contracts/webhooks';
import { webhookEventModel } from '../webhook-events';
import {
  campaignsOf,
  instantlyWebhook,
  pastRange,
  seedHistory,
  startBackfillSuite,
  stopBackfillSuite,
  type BackfillSuite,
  storedOf,
  type Seeded,
} from './backfill.test-support';

const WEBHOOKS = '/api/admin/webhooks';

// Set by beforeAll.
let { sandbox, app, owner, profile } = {} as BackfillSuite;
const range = pastRange();
let seeded: Seeded;

beforeAll(async () => {
  ({ sandbox, app, owner, profile } = await startBackfillSuite('backfill-sync-owner@example.com', {
    worker: true,
    env: { SYNC_BATCH_WINDOW_MS: '20' },
  }));
  seeded = await seedHistory(sandbox, 'instantly', range);
}, 60_000);

afterAll(() => stopBackfillSuite({ app, sandbox }));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

it('imports 1,000 past events once, syncs them, and a second import adds none', async () => {
  const hook = await instantlyWebhook(app, profile);
  const path = `${WEBHOOKS}/${hook._id.toString()}/backfills`;
  const body = { ...range, campaigns: campaignsOf('instantly', seeded), apiKeyId: hook.keyId };

  const started = await owner.post<Backfill>(path, body);
  expect(started.status).toBe(201);
  const read = () => owner.get<Backfill>(`${path}/${started.body.id}`).then((r) => r.body);
  const finished = await until(read, (view) => view.status === 'completed', 90_000);
  expect(finished).toMatchObject({
    status: 'completed',
    eventsFound: seeded.events,
    queued: seeded.events,
    skipped: 0,
    fraction: 1,
    eta: null,
    error: null,
  });

  const events = webhookEventModel(app.db.connection);
  const statuses = await until(
    () => events.distinct('status', { webhookId: hook._id }),
    (found) => found.length === 1 && found[0] === 'synced',
    240_000,
  );
  expect(statuses).toEqual(['synced']);
  const stored = await storedOf(app, hook._id);
  expect(new Set(stored.map((entry) => entry.key)).size).toBe(seeded.events);
  expect(stored).toHaveLength(seeded.events);

  const again = await owner.post<Backfill>(path, body);
  expect(again.status).toBe(201);
  const second = await until(
    () => owner.get<Backfill>(`${path}/${again.body.id}`).then((r) => r.body),
    (view) => view.status === 'completed',
    90_000,
  );
  expect(second).toMatchObject({ queued: 0, skipped: seeded.events });
  expect(await events.countDocuments({ webhookId: hook._id })).toBe(seeded.events);
}, 400_000);
