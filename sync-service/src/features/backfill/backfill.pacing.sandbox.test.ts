// A backfill's reads go through the platform key's read budget (issue 34, item 3: "within the
// platform's rate limits"): with pacing on, as in production, every call of Instantly's
// `/emails` an import makes is counted in the key's shared budget (18 of Instantly's 20 a
// minute; platform-read-budgets.test.ts has the arithmetic), under a digest of the key.
import type { Backfill } from '@outsync/contracts/webhooks';
import { DEMO_API_KEYS, type RunningSandbox } from '@outsync/sandbox';
import { demoPortalOwner } from '../../testing/sandbox-test-app';
import type { TestApp } from '../../testing/test-app';
import {
  campaignsOf,
  instantlyWebhook,
  pastRange,
  seedHistory,
  startAppOn,
  startHistorySandbox,
} from './backfill.test-support';

let sandbox: RunningSandbox;
let app: TestApp;

beforeAll(async () => {
  sandbox = await startHistorySandbox();
  app = await startAppOn(sandbox, { env: { PLATFORM_READ_PACING: 'on' } });
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await sandbox?.stop();
});

it('counts each e-mails page an Instantly import reads in the key’s budget, and stores no key', async () => {
  const range = pastRange();
  // 300 e-mails: three pages of 100 and the empty answer that ends the read.
  const seeded = await seedHistory(sandbox, 'instantly', range, { events: 300, leads: 30 });
  const demo = await demoPortalOwner(app, 'backfill-pacing@example.com');
  const hook = await instantlyWebhook(app, { _id: demo.profileId, ownerId: demo.ownerId });
  const started = await demo.client.post<Backfill>(
    `/api/admin/webhooks/${hook._id.toString()}/backfills`,
    { ...range, campaigns: campaignsOf('instantly', seeded), apiKeyId: hook.keyId },
  );
  expect(started.status).toBe(201);

  expect(await app.composition.runBackfill(started.body.id)).toBe('completed');
  const done = await demo.client.get<Backfill>(
    `/api/admin/webhooks/${hook._id.toString()}/backfills/${started.body.id}`,
  );
  expect(done.body).toMatchObject({ status: 'completed', eventsFound: 300 });

  const budgets = await app.db.connection.collection('platformBudgets').find({}).toArray();
  expect(budgets.map((doc) => String(doc._id))).toEqual([
    expect.stringMatching(/^instantly:[0-9a-f]{32}:emails$/),
  ]);
  expect((budgets[0]?.calls as number[]).length).toBe(done.body.pagesRead);
  expect(JSON.stringify(budgets)).not.toContain(DEMO_API_KEYS.instantly);
});
