// A CRM account's circuit (issue 29): after three batches the CRM failed as a whole, the
// account's events wait for a probe instead of spending their attempts; the probe that finds
// the CRM answering again makes every waiting event of the account due at once, in order.
import type { Types } from 'mongoose';
import type { CrmWriter, WriteItem, WriteOutcome } from '../../pipeline/write/crm-writer';
import { accountA, pipelineWith, storeEvent, usePipelineDatabase } from './pipeline.test-support';

const database = usePipelineDatabase();
const models = () => database.models();

beforeEach(async () => {
  await models().events.deleteMany({});
  await models().circuits.deleteMany({});
});

const OUTAGE = 'HubSpot (POST /crm/v3/objects/contacts/batch/upsert) failed: 503 unavailable';

/** A writer answering each call by `answer` (per call number), recording what it was given. */
function recordingWriter(answer: (call: number) => WriteOutcome) {
  const batches: string[][] = [];
  const writer: CrmWriter = {
    write(items: readonly WriteItem[]) {
      batches.push(items.map((item) => item.event.lead.email ?? ''));
      const outcome = answer(batches.length);
      return Promise.resolve(new Map(items.map((item) => [item.id, outcome])));
    },
  };
  return { writer, batches };
}

const down: WriteOutcome = { kind: 'retry', step: 'contact', message: OUTAGE };
const written: WriteOutcome = { kind: 'written' };

function clock(start: string) {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    at: (time: string | Date) => {
      at = new Date(time).getTime();
    },
  };
}

async function stored(id: Types.ObjectId) {
  const doc = await models().events.findById(id).lean();
  if (!doc) throw new Error('the event is gone');
  return doc;
}

it('opens after three failed batches, parks the account’s events without spending attempts, probes every 30 s, and resumes all of them in order when the CRM answers', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  let crmUp = false;
  const { writer, batches } = recordingWriter(() => (crmUp ? written : down));
  const scheduled: string[][] = [];
  const alerts: Array<{ accountKey: string; since: Date; reason: string }> = [];
  const recoveries: Array<{ accountKey: string; since: Date; resumed: number }> = [];
  const pipeline = pipelineWith(models(), writer, {
    alerts: {
      opened: (input) => {
        alerts.push(input);
        return Promise.resolve();
      },
      recovered: (input) => {
        recoveries.push(input);
        return Promise.resolve();
      },
    },
    now: time.now,
    maxAttempts: 9,
    // Its third failure sends the first event 10 minutes on: the probes are others' to make.
    retryScheduleMs: [5_000, 5_000, 600_000],
    schedule: (ids) => {
      scheduled.push([...ids]);
      return Promise.resolve();
    },
  });
  const first = await storeEvent(models(), 1, { nextAttemptAt: new Date('2026-11-29T09:59:00Z') });

  // Three batches fail: the first event spends three attempts; the third opens the circuit.
  for (const at of ['2026-11-29T10:00:00Z', '2026-11-29T10:00:10Z', '2026-11-29T10:00:20Z']) {
    time.at(at);
    await pipeline.processEvents([first.toString()]);
  }
  expect(await stored(first)).toMatchObject({ status: 'received', attemptCount: 3 });
  expect(batches).toHaveLength(3);
  // The owner is told once, when it opens (not at each failed probe after).
  expect(alerts).toEqual([
    { accountKey: accountA.toString(), since: new Date('2026-11-29T10:00:00Z'), reason: OUTAGE },
  ]);

  // A new event of the account is parked: the CRM is not called, no attempt is spent.
  time.at('2026-11-29T10:00:21Z');
  const second = await storeEvent(models(), 2, { nextAttemptAt: new Date('2026-11-29T10:00:21Z') });
  await pipeline.processEvents([second.toString()]);
  expect(batches).toHaveLength(3);
  const parked = await stored(second);
  expect(parked).toMatchObject({
    status: 'received',
    attemptCount: 0,
    reason: `HubSpot has failed for this account since 2026-11-29 10:00:00 UTC (${OUTAGE}). OutSync tries it again at 2026-11-29 10:00:50 UTC and resumes these events as soon as it answers (no attempt spent).`,
  });
  expect(parked.attempts.map((attempt) => attempt.outcome)).toEqual(['waiting']);
  const parkedUntil = parked.nextAttemptAt?.getTime() ?? 0;
  expect(parkedUntil).toBeGreaterThanOrEqual(new Date('2026-11-29T10:00:50Z').getTime());
  expect(parkedUntil).toBeLessThanOrEqual(new Date('2026-11-29T10:00:51Z').getTime());

  // The probe: one event (the oldest due) goes; the CRM still fails; nothing is spent.
  const third = await storeEvent(models(), 3, { nextAttemptAt: new Date('2026-11-29T10:00:30Z') });
  time.at('2026-11-29T10:00:51Z');
  await pipeline.processEvents([second.toString(), third.toString()]);
  expect(batches.slice(3)).toEqual([['lead2@batch.example']]);
  expect(alerts).toHaveLength(1);
  expect(await stored(second)).toMatchObject({ status: 'received', attemptCount: 0 });
  expect(await stored(third)).toMatchObject({
    status: 'received',
    attemptCount: 0,
    reason: expect.stringContaining('tries it again at 2026-11-29 10:01:21 UTC') as string,
  });

  // The next probe finds HubSpot answering.
  crmUp = true;
  time.at('2026-11-29T10:01:22Z');
  await pipeline.processEvents([second.toString(), third.toString()]);
  // The probe (the second event) goes alone and finds HubSpot answering: the circuit closes,
  // the run writes what it had parked (the third event) at once, and every other waiting event
  // of the account — the first one's far retry — is due now and queued.
  expect(batches.slice(4)).toEqual([['lead2@batch.example'], ['lead3@batch.example']]);
  expect(await stored(second)).toMatchObject({ status: 'synced', attemptCount: 1 });
  expect(await stored(third)).toMatchObject({ status: 'synced', attemptCount: 1 });
  expect(scheduled).toContainEqual([first.toString()]);
  // Told once, with when the outage began and how many waiting events were made due.
  expect(recoveries).toEqual([
    { accountKey: accountA.toString(), since: new Date('2026-11-29T10:00:00Z'), resumed: 1 },
  ]);

  await pipeline.processEvents([first.toString()]);
  expect(batches.slice(6)).toEqual([['lead1@batch.example']]);
  expect(await stored(first)).toMatchObject({ status: 'synced', attemptCount: 4 });
  expect(await models().circuits.countDocuments({})).toBe(0);
});

it('counts only consecutive failures: a batch the CRM takes in between starts the count again', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const answers = [down, down, written, down, down];
  const { writer, batches } = recordingWriter((call) => answers[call - 1] ?? written);
  const pipeline = pipelineWith(models(), writer, { now: time.now, maxAttempts: 9 });

  for (let lead = 1; lead <= 5; lead += 1) {
    const id = await storeEvent(models(), lead, { nextAttemptAt: time.now() });
    await pipeline.processEvents([id.toString()]);
    // Only this lead's event is due: the failed ones wait for their retry.
    time.at(new Date(time.now().getTime() + 1_000));
  }

  expect(batches).toHaveLength(5);
  const circuit = await models().circuits.findById(String(await accountOf()));
  expect(circuit).toMatchObject({ failures: 2, openedAt: null });
});

it('a rate limit neither opens nor closes it, and a Send Test Webhook event goes through an open circuit', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const limited: WriteOutcome = {
    kind: 'retry',
    step: 'contact',
    message: 'HubSpot: this portal’s calls budget is used',
    retryAfterMs: 4_000,
    rateLimited: true,
  };
  const answers = [limited, limited, limited, limited, down, down, down, written];
  const { writer, batches } = recordingWriter((call) => answers[call - 1] ?? written);
  const pipeline = pipelineWith(models(), writer, { now: time.now, maxAttempts: 9 });

  for (let lead = 1; lead <= 7; lead += 1) {
    const id = await storeEvent(models(), lead, { nextAttemptAt: time.now() });
    await pipeline.processEvents([id.toString()]);
    time.at(new Date(time.now().getTime() + 1_000));
  }
  const account = String(await accountOf());
  expect(await models().circuits.findById(account)).toMatchObject({ failures: 3 });
  expect((await models().circuits.findById(account))?.openedAt).not.toBeNull();

  const test = await storeEvent(models(), 8, { test: true, nextAttemptAt: time.now() });
  await pipeline.processEvents([test.toString()]);
  expect(batches.at(-1)).toEqual(['lead8@batch.example']);
  expect(await stored(test)).toMatchObject({ status: 'synced' });
});

/** The account every stored event belongs to (the test support's account A). */
async function accountOf() {
  const any = await models().events.findOne({}, { userProfileId: 1 }).lean();
  return any?.userProfileId;
}

it('an event whose CRM part is over (only endpoints waited) settles without the writer, and is never the probe', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const { writer, batches } = recordingWriter(() => down);
  const pipeline = pipelineWith(models(), writer, { now: time.now, maxAttempts: 9 });
  // The account's circuit is open, its probe due.
  await models().circuits.create({
    _id: accountA.toString(),
    failures: 3,
    firstFailureAt: new Date('2026-11-29T09:50:00Z'),
    lastReason: OUTAGE,
    openedAt: new Date('2026-11-29T09:51:00Z'),
    nextProbeAt: new Date('2026-11-29T09:59:00Z'),
  });
  const done = await storeEvent(models(), 1, {
    nextAttemptAt: new Date('2026-11-29T09:59:30Z'),
    steps: { contactId: '501', contactWritten: true, crmOutcome: { kind: 'written' } },
  });

  await pipeline.processEvents([done.toString()]);

  expect(batches).toEqual([]);
  expect(await stored(done)).toMatchObject({ status: 'synced' });
  expect(await models().circuits.findById(accountA.toString())).toMatchObject({
    nextProbeAt: new Date('2026-11-29T09:59:00Z'),
  });
});
