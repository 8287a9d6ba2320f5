// The retry schedule (issue 29 "A retry schedule that outlives outages"): only real failures
// spend an attempt, nine of them over more than a day; a rate limit's wait spends none; the
// event's reason says truthfully whether and when it is tried again. One event's batches fail
// here again and again; the account's circuit, which such a run of failures would open, is
// sync.circuit.test.ts's subject, so here it never opens.
import type { Types } from 'mongoose';
import type { CrmWriter, WriteOutcome } from '../../pipeline/write/crm-writer';
import {
  circuitNeverOpens,
  pipelineWith,
  storeEvent,
  usePipelineDatabase,
} from './pipeline.test-support';

const database = usePipelineDatabase();
const models = () => database.models();

beforeEach(async () => {
  await models().events.deleteMany({});
});

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A writer that answers each call with the next of `outcomes` for every item. */
function scriptedWriter(outcomes: WriteOutcome[]): CrmWriter & { calls: number } {
  const writer = {
    calls: 0,
    write(items: readonly { id: string }[]) {
      const outcome = outcomes[writer.calls] ?? { kind: 'written' as const };
      writer.calls += 1;
      return Promise.resolve(new Map(items.map((item) => [item.id, outcome])));
    },
  };
  return writer;
}

const outage: WriteOutcome = {
  kind: 'retry',
  step: 'contact',
  message: 'HubSpot (POST /crm/v3/objects/contacts/batch/upsert) failed: 503 unavailable',
};
const budget: WriteOutcome = {
  kind: 'retry',
  step: 'contact',
  message:
    'HubSpot: this portal’s calls budget (99 calls per 10 s) is used; OutSync tries again in 4 s rather than collect HubSpot’s 429s.',
  retryAfterMs: 4_000,
  rateLimited: true,
};

/** A clock the test moves; the pipeline reads it for every time it records. */
function clock(start: string) {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (time: Date) => {
      at = time.getTime();
    },
  };
}

async function stored(id: Types.ObjectId) {
  const doc = await models().events.findById(id).lean();
  if (!doc) throw new Error('the event is gone');
  return doc;
}

it('a failed attempt is retried 10 s later (±20 %), and the reason says so', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const id = await storeEvent(models(), 1, { nextAttemptAt: new Date('2026-11-29T09:59:00Z') });
  const pipeline = pipelineWith(models(), scriptedWriter([outage]), {
    now: time.now,
    circuits: circuitNeverOpens,
    maxAttempts: 9,
  });

  await pipeline.processEvents([id.toString()]);

  const doc = await stored(id);
  expect(doc.status).toBe('received');
  expect(doc.attemptCount).toBe(1);
  const waited = (doc.nextAttemptAt?.getTime() ?? 0) - time.now().getTime();
  expect(waited).toBeGreaterThanOrEqual(8 * SECOND);
  expect(waited).toBeLessThanOrEqual(12 * SECOND);
  expect(doc.reason).toBe(
    `Attempt 1 of 9 failed; next attempt at ${doc.nextAttemptAt?.toISOString().slice(0, 19).replace('T', ' ')} UTC.`,
  );
  expect(doc.attempts.map((attempt) => [attempt.outcome, attempt.message])).toEqual([
    ['retrying', outage.message],
  ]);
});

it('nine attempts over more than a day: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 12 h; then failed, saying it is not retried', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const id = await storeEvent(models(), 1, { nextAttemptAt: new Date('2026-11-29T09:59:00Z') });
  const writer = scriptedWriter(Array<WriteOutcome>(9).fill(outage));
  const pipeline = pipelineWith(models(), writer, {
    now: time.now,
    circuits: circuitNeverOpens,
    maxAttempts: 9,
  });

  const waits: number[] = [];
  for (let attempt = 1; attempt <= 9; attempt += 1) {
    await pipeline.processEvents([id.toString()]);
    const doc = await stored(id);
    if (doc.nextAttemptAt) {
      waits.push(doc.nextAttemptAt.getTime() - time.now().getTime());
      time.set(doc.nextAttemptAt);
    }
  }

  const planned = [10 * SECOND, MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR];
  expect(waits).toHaveLength(8);
  [...planned, 12 * HOUR].forEach((wait, index) => {
    expect(waits[index]).toBeGreaterThanOrEqual(wait * 0.8);
    expect(waits[index]).toBeLessThanOrEqual(wait * 1.2);
  });
  expect(waits.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThan(24 * HOUR);
  expect(writer.calls).toBe(9);
  const doc = await stored(id);
  expect(doc).toMatchObject({
    status: 'failed',
    attemptCount: 9,
    nextAttemptAt: null,
    reason: 'Failed after 9 attempts; not retried automatically (Retry tries again).',
  });
});

it('a rate limit’s wait spends no attempt: the event waits as often as it must and is then synced', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const id = await storeEvent(models(), 1, { nextAttemptAt: new Date('2026-11-29T09:59:00Z') });
  // Twenty budget waits, more than the attempts allowed, then HubSpot takes it.
  const writer = scriptedWriter(Array<WriteOutcome>(20).fill(budget));
  const pipeline = pipelineWith(models(), writer, {
    now: time.now,
    circuits: circuitNeverOpens,
    maxAttempts: 3,
  });

  await pipeline.processEvents([id.toString()]);
  const first = await stored(id);
  const waited = (first.nextAttemptAt?.getTime() ?? 0) - time.now().getTime();
  expect(waited).toBeGreaterThanOrEqual(4 * SECOND);
  expect(waited).toBeLessThanOrEqual(4.8 * SECOND);
  expect(first).toMatchObject({
    status: 'received',
    attemptCount: 0,
    reason: `Waiting for the CRM's rate limit; next try at ${first.nextAttemptAt?.toISOString().slice(0, 19).replace('T', ' ')} UTC (no attempt spent).`,
  });
  expect(first.attempts.map((attempt) => [attempt.outcome, attempt.message])).toEqual([
    ['waiting', budget.message],
  ]);

  for (let run = 2; run <= 21; run += 1) {
    time.set((await stored(id)).nextAttemptAt ?? time.now());
    await pipeline.processEvents([id.toString()]);
  }

  const doc = await stored(id);
  expect(writer.calls).toBe(21);
  expect(doc).toMatchObject({ status: 'synced', attemptCount: 1, reason: null });
});

it('waits between failures do not shorten the attempts: three failures are still needed to fail', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const id = await storeEvent(models(), 1, { nextAttemptAt: new Date('2026-11-29T09:59:00Z') });
  const writer = scriptedWriter([budget, outage, budget, budget, outage, budget, outage]);
  const pipeline = pipelineWith(models(), writer, {
    now: time.now,
    circuits: circuitNeverOpens,
    maxAttempts: 3,
  });

  const statuses: string[] = [];
  for (let run = 1; run <= 7; run += 1) {
    await pipeline.processEvents([id.toString()]);
    const doc = await stored(id);
    statuses.push(`${doc.status}/${doc.attemptCount}`);
    if (doc.nextAttemptAt) time.set(doc.nextAttemptAt);
  }

  expect(statuses).toEqual([
    'received/0',
    'received/1',
    'received/1',
    'received/1',
    'received/2',
    'received/2',
    'failed/3',
  ]);
  const doc = await stored(id);
  expect(doc.attempts.map((attempt) => attempt.outcome)).toEqual([
    'waiting',
    'retrying',
    'waiting',
    'waiting',
    'retrying',
    'waiting',
    'failed',
  ]);
});

it('a configured schedule replaces the waits (an operator’s choice, and the tests’)', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const id = await storeEvent(models(), 1, { nextAttemptAt: new Date('2026-11-29T09:59:00Z') });
  const pipeline = pipelineWith(models(), scriptedWriter([outage, outage]), {
    now: time.now,
    circuits: circuitNeverOpens,
    maxAttempts: 9,
    retryScheduleMs: [2 * SECOND],
  });

  const waits: number[] = [];
  for (let run = 1; run <= 2; run += 1) {
    await pipeline.processEvents([id.toString()]);
    const next = (await stored(id)).nextAttemptAt ?? time.now();
    waits.push(next.getTime() - time.now().getTime());
    time.set(next);
  }

  // Past its end, a schedule's last wait repeats.
  for (const wait of waits) {
    expect(wait).toBeGreaterThanOrEqual(1.6 * SECOND);
    expect(wait).toBeLessThanOrEqual(2.4 * SECOND);
  }
});
