// The backfill's run against the sandbox's seeded Instantly history, driven as the worker drives
// it but step by step (no worker here: the queued jobs wait, the test runs them): a run killed
// mid-way and taken over by another process, events delivered by webhook first, a cancel, the
// platform's 429, and the routes' validation and scoping.
import type { AuditLogPage } from '@outsync/contracts/history';
import type { Backfill, BackfillList } from '@outsync/contracts/webhooks';
import { DEMO_API_KEYS } from '@outsync/sandbox';
import type { Types } from 'mongoose';
import { createHistoryReader } from '../../connectors';
import { demoPortalOwner } from '../../testing/sandbox-test-app';
import {
  DAY_MS,
  backfillDoc,
  campaignsOf,
  expireLease,
  instantlyWebhook,
  pastRange,
  seedHistory,
  startAppOn,
  startBackfillSuite,
  stopBackfillSuite,
  type BackfillSuite,
  storedOf,
  type Seeded,
} from './backfill.test-support';
import { backfillModel } from './backfill.model';

const WEBHOOKS = '/api/admin/webhooks';

// Set by beforeAll.
let { sandbox, app, owner, profile } = {} as BackfillSuite;
const range = pastRange();
let seeded: Seeded;

beforeAll(async () => {
  ({ sandbox, app, owner, profile } = await startBackfillSuite('backfill-owner@example.com'));
}, 60_000);

afterAll(() => stopBackfillSuite({ app, sandbox }));

beforeEach(async () => {
  await fetch(`${sandbox.url}/_seed`, { method: 'POST' });
  seeded = await seedHistory(sandbox, 'instantly', range);
});

async function start(hook: { _id: Types.ObjectId; keyId: string | null }, client = owner) {
  return client.post<Backfill>(`${WEBHOOKS}/${hook._id.toString()}/backfills`, {
    ...range,
    campaigns: campaignsOf('instantly', seeded),
    apiKeyId: hook.keyId,
  });
}

function expectExactlySeeded(stored: Array<{ key: string }>) {
  const keys = stored.map((entry) => entry.key);
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys).toHaveLength(seeded.events);
}

describe('a backfill run', () => {
  it('killed after some pages, is taken over by a new process and ends with exactly the seeded set', async () => {
    const hook = await instantlyWebhook(app, profile);
    const started = await start(hook);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      status: 'queued',
      pagesRead: 0,
      notAvailable: [
        'EMAIL_OPEN',
        'EMAIL_LINK_CLICK',
        'EMAIL_BOUNCE',
        'LEAD_UNSUBSCRIBED',
        'LEAD_CATEGORY_UPDATED',
      ],
      rebuilds: ['EMAIL_SENT', 'EMAIL_REPLY'],
    });

    // The worker dies after 3 pages: the lease stays until it runs out.
    expect(await app.composition.runBackfill(started.body.id, { stopAfterPages: 3 })).toBe(
      'stopped',
    );
    const cut = await backfillDoc(app, started.body.id);
    expect(cut).toMatchObject({ status: 'running', pagesRead: 3 });
    expect(cut.cursor).not.toBeNull();
    expect((await storedOf(app, hook._id)).length).toBe(cut.queued);
    // While the lease holds, nobody else runs it.
    expect(await app.composition.runBackfill(started.body.id)).toBe('not-claimed');

    // A second process on the same database takes over once the lease is over.
    const second = await startAppOn(sandbox);
    try {
      await expireLease(second, started.body.id);
      expect(await second.composition.runBackfill(started.body.id)).toBe('completed');
    } finally {
      await second.stop();
    }
    const done = await backfillDoc(app, started.body.id);
    expect(done).toMatchObject({
      status: 'completed',
      active: false,
      eventsFound: seeded.events,
      queued: seeded.events,
      skipped: 0,
    });
    const stored = await storedOf(app, hook._id);
    expectExactlySeeded(stored);
    // A backfilled log says where it came from, and waits for the pipeline like a delivery.
    expect(stored[0]?.doc).toMatchObject({
      path: `/backfill/${started.body.id}`,
      status: 'received',
      test: false,
    });

    // Again over the same range: nothing new.
    const again = await start(hook);
    expect(again.status).toBe(201);
    expect(await app.composition.runBackfill(again.body.id)).toBe('completed');
    expect(await backfillDoc(app, again.body.id)).toMatchObject({
      eventsFound: seeded.events,
      queued: 0,
      skipped: seeded.events,
    });
    expectExactlySeeded(await storedOf(app, hook._id));
  }, 120_000);

  it('a page read again after a crash before its cursor was saved stores nothing twice', async () => {
    const hook = await instantlyWebhook(app, profile);
    const started = await start(hook);
    await app.composition.runBackfill(started.body.id, { stopAfterPages: 2 });
    // The crash came after the page's events were stored, before its cursor: back one page.
    const model = backfillModel(app.db.connection);
    const before = await backfillDoc(app, started.body.id);
    await model.updateOne(
      { _id: before._id },
      { $set: { cursor: null, pagesRead: 0, queued: 0, eventsFound: 0, skipped: 0 } },
    );
    await expireLease(app, started.body.id);
    expect(await app.composition.runBackfill(started.body.id)).toBe('completed');
    const done = await backfillDoc(app, started.body.id);
    expect(done.queued + done.skipped).toBe(seeded.events);
    expect(done.skipped).toBe(before.queued);
    expectExactlySeeded(await storedOf(app, hook._id));
  }, 120_000);

  it('skips what the webhook delivered first instead of storing it twice', async () => {
    const hook = await instantlyWebhook(app, profile);
    // 25 of the past e-mails reached the webhook as deliveries first.
    const pages = await readFirstPage();
    const delivered = pages.slice(0, 25);
    for (const payload of delivered) {
      const response = await fetch(`${app.url}/webhooks/${hook.code}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      expect(response.status).toBe(200);
    }
    expect(await storedOf(app, hook._id)).toHaveLength(25);

    const started = await start(hook);
    expect(await app.composition.runBackfill(started.body.id)).toBe('completed');
    expect(await backfillDoc(app, started.body.id)).toMatchObject({
      eventsFound: seeded.events,
      queued: seeded.events - 25,
      skipped: 25,
    });
    expectExactlySeeded(await storedOf(app, hook._id));
  }, 120_000);

  it('stops between pages when cancelled, keeping what it stored', async () => {
    const hook = await instantlyWebhook(app, profile);
    const started = await start(hook);
    const outcome = await app.composition.runBackfill(started.body.id, {
      afterPage: async (pagesRead) => {
        if (pagesRead === 2) {
          const cancelled = await owner.post<Backfill>(
            `${WEBHOOKS}/${hook._id.toString()}/backfills/${started.body.id}/cancel`,
          );
          expect(cancelled.status).toBe(200);
        }
      },
    });
    expect(outcome).toBe('cancelled');
    const view = await owner.get<Backfill>(
      `${WEBHOOKS}/${hook._id.toString()}/backfills/${started.body.id}`,
    );
    expect(view.body).toMatchObject({ status: 'cancelled', pagesRead: 2, eta: null });
    expect(view.body.finishedAt).not.toBeNull();
    expect(await storedOf(app, hook._id)).toHaveLength(view.body.queued);
    // A new backfill may start once it has ended.
    expect((await start(hook)).status).toBe(201);
  }, 120_000);

  it('a queued backfill cancelled ends at once and never runs', async () => {
    const hook = await instantlyWebhook(app, profile);
    const started = await start(hook);
    const cancelled = await owner.post<Backfill>(
      `${WEBHOOKS}/${hook._id.toString()}/backfills/${started.body.id}/cancel`,
    );
    expect(cancelled.body.status).toBe('cancelled');
    expect(await app.composition.runBackfill(started.body.id)).toBe('not-claimed');
    expect(await storedOf(app, hook._id)).toHaveLength(0);
    // Both are changes of the webhook owner's account, in the audit log.
    const audit = (await owner.get<AuditLogPage>('/api/admin/audit-log')).body.data;
    expect(audit.slice(0, 2).map((entry) => [entry.action, entry.target])).toEqual([
      ['cancelBackfill', `Instantly webhook ${hook._id.toString()}`],
      ['startBackfill', `Instantly webhook ${hook._id.toString()}`],
    ]);
  });

  it("pauses on the platform's 429 and goes on from its cursor once the pause is over", async () => {
    seeded = await seedHistory(sandbox, 'instantly', range, { emailsRateLimit: 3 });
    const hook = await instantlyWebhook(app, profile);
    const started = await start(hook);
    expect(await app.composition.runBackfill(started.body.id)).toBe('paused-for-rate-limit');
    const paused = await owner.get<Backfill>(
      `${WEBHOOKS}/${hook._id.toString()}/backfills/${started.body.id}`,
    );
    expect(paused.body).toMatchObject({ status: 'paused-for-rate-limit', pagesRead: 3 });
    // Instantly names no time: a minute.
    const resumesAt = Date.parse(paused.body.resumesAt ?? '');
    expect(resumesAt - Date.now()).toBeGreaterThan(50_000);
    expect(resumesAt - Date.now()).toBeLessThanOrEqual(60_000);
    // Instantly gives no total of its e-mails, so no ETA (backfill-view.test.ts has the rate).
    expect(paused.body.eta).toBeNull();
    // Not before its time.
    expect(await app.composition.runBackfill(started.body.id)).toBe('not-claimed');

    // The same history without the limit (same seed), and the minute has passed.
    seeded = await seedHistory(sandbox, 'instantly', range);
    await backfillModel(app.db.connection).updateOne(
      { _id: started.body.id },
      { $set: { resumesAt: new Date(Date.now() - 1000) } },
    );
    expect(await app.composition.runBackfill(started.body.id)).toBe('completed');
    expectExactlySeeded(await storedOf(app, hook._id));
  }, 120_000);
});

/** The payloads of the history's first page, as the webhook would have posted them. */
async function readFirstPage(): Promise<Array<Record<string, unknown>>> {
  const reader = createHistoryReader('instantly', {
    baseUrl: `${sandbox.url}/instantly`,
    apiKey: DEMO_API_KEYS.instantly,
    retries: 0,
  });
  for await (const page of reader.read({
    from: new Date(range.from),
    to: new Date(range.to),
    campaigns: campaignsOf('instantly', seeded),
  })) {
    return page.events.map((event) => event.payload);
  }
  return [];
}

describe('the backfill routes', () => {
  it('refuse a bad range, repeated campaigns, a webhook without a key, and a second run', async () => {
    const hook = await instantlyWebhook(app, profile);
    const path = `${WEBHOOKS}/${hook._id.toString()}/backfills`;
    const campaigns = campaignsOf('instantly', seeded);
    const apiKeyId = hook.keyId;
    const now = Date.now();
    const cases: Array<[unknown, string]> = [
      [
        { from: range.to, to: range.from, campaigns, apiKeyId },
        'The date range must start before it ends.',
      ],
      [
        {
          from: new Date(now + DAY_MS).toISOString(),
          to: new Date(now + 2 * DAY_MS).toISOString(),
          campaigns,
          apiKeyId,
        },
        'The date range cannot start in the future.',
      ],
      [
        { from: new Date(now - 400 * DAY_MS).toISOString(), to: range.to, campaigns, apiKeyId },
        'A backfill reads at most 366 days; choose a shorter range.',
      ],
      [
        { ...range, campaigns: [campaigns[0], campaigns[0]], apiKeyId },
        'Each campaign can be chosen once.',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await owner.post<{ message: string; code: string }>(path, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error', message });
    }

    const noKey = await owner.post<{ message: string }>(path, { ...range, campaigns });
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe('Choose the Instantly API key to read past activity with.');
    // Another customer's key, or a key of another platform, is not one to read with.
    const stranger = await demoPortalOwner(app, 'backfill-stranger@example.com');
    const strangersHook = await instantlyWebhook(app, {
      _id: stranger.profileId,
      ownerId: stranger.ownerId,
    });
    const foreignKey = await owner.post<{ message: string }>(path, {
      ...range,
      campaigns,
      apiKeyId: strangersHook.keyId,
    });
    expect(foreignKey.status).toBe(400);
    expect(foreignKey.body.message).toBe(
      "Choose one of this webhook's profile's Instantly API keys.",
    );

    // A range ending after now (a date picker's "today") is read up to now.
    const first = await owner.post<Backfill>(path, {
      from: range.from,
      to: new Date(now + DAY_MS).toISOString(),
      campaigns,
      apiKeyId,
    });
    expect(first.status).toBe(201);
    expect(Date.parse(first.body.to)).toBeLessThanOrEqual(Date.now());
    const second = await owner.post<{ message: string; code: string }>(path, {
      ...range,
      campaigns,
      apiKeyId,
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      code: 'backfill_running',
      message:
        'A backfill of this webhook is already running; wait for it to finish or cancel it first.',
    });

    const list = await owner.get<BackfillList>(path);
    expect(list.body.backfills.map((backfill) => backfill.id)).toEqual([first.body.id]);
  });

  it("answer another customer 404 on the webhook's backfills, as the webhook routes do", async () => {
    const hook = await instantlyWebhook(app, profile);
    const started = await start(hook);
    const other = await app.signIn({ email: 'backfill-other@example.com', isPaidTier: true });
    const base = `${WEBHOOKS}/${hook._id.toString()}/backfills`;
    expect((await start(hook, other)).status).toBe(404);
    expect((await other.get(base)).status).toBe(404);
    expect((await other.get(`${base}/${started.body.id}`)).status).toBe(404);
    expect((await other.post(`${base}/${started.body.id}/cancel`)).status).toBe(404);
    // A backfill of another webhook is not found under this one.
    const otherHook = await instantlyWebhook(app, profile);
    const elsewhere = await owner.get<{ message: string }>(
      `${WEBHOOKS}/${otherHook._id.toString()}/backfills/${started.body.id}`,
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe('No such backfill of this webhook.');
  });
});
