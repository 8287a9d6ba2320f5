// Held events over time (issue 29 "The category filter's semantics"): judged again every hour,
// the platform asked again once its answer is an hour old, and ended after 30 days held.
import type { KnownCategory } from '../../pipeline/decisions/category-filter';
import type { CrmWriter } from '../../pipeline/write/crm-writer';
import { createHeldEvents } from './held-events';
import {
  contextWith,
  pipelineWith,
  storeEvent,
  usePipelineDatabase,
} from './pipeline.test-support';

const database = usePipelineDatabase();
const models = () => database.models();

beforeEach(async () => {
  await models().events.deleteMany({});
  await models().leadStates.deleteMany({});
  await models().holds.deleteMany({});
});

const MINUTE = 60_000;
const INTERESTED = { id: '1', name: 'Interested' };

const writer: CrmWriter = {
  write: (items) =>
    Promise.resolve(new Map(items.map((item) => [item.id, { kind: 'written' as const }]))),
};

function clock(start: string) {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    later: (ms: number) => {
      at += ms;
    },
  };
}

/** A filtered webhook (Interested) whose platform answers `answers` in turn, counted. */
function filtered(time: { now: () => Date }, answers: KnownCategory[]) {
  const asked: string[] = [];
  const pipeline = pipelineWith(models(), writer, {
    now: time.now,
    loadContext: () =>
      Promise.resolve({
        ...contextWith(writer),
        smartleadBaseCategories: [INTERESTED],
        apiKeyId: 'smartlead-key',
      }),
    platformCategory: ({ event }) => {
      asked.push(event.lead.email ?? '');
      return Promise.resolve(answers[asked.length - 1] ?? { kind: 'none' });
    },
  });
  return { pipeline, asked };
}

it('asks the platform again once its answer is an hour old, and syncs the lead it now knows as approved', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const { pipeline, asked } = filtered(time, [
    { kind: 'none' },
    { kind: 'category', ...INTERESTED },
  ]);
  const held = createHeldEvents({
    events: models().events,
    schedule: () => Promise.resolve(),
    now: time.now,
  });
  const id = await storeEvent(models(), 1, { nextAttemptAt: time.now(), receivedAt: time.now() });

  await pipeline.processEvents([id.toString()]);
  expect((await models().events.findById(id).lean())?.status).toBe('held');
  expect(asked).toEqual(['lead1@batch.example']);

  // Judged again half an hour on: the platform's answer still stands, it is not asked.
  time.later(30 * MINUTE);
  await held.reevaluate(String((await models().events.findById(id).lean())?.webhookId));
  await pipeline.processEvents([id.toString()]);
  expect((await models().events.findById(id).lean())?.status).toBe('held');
  expect(asked).toHaveLength(1);

  // An hour after the answer: asked again, and the lead is Interested now.
  time.later(31 * MINUTE);
  await held.reevaluate(String((await models().events.findById(id).lean())?.webhookId));
  await pipeline.processEvents([id.toString()]);
  expect(asked).toHaveLength(2);
  expect((await models().events.findById(id).lean())?.status).toBe('synced');
});

it('the sweep’s re-judging takes held events not judged for an hour, and only those', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const scheduled: string[][] = [];
  const held = createHeldEvents({
    events: models().events,
    schedule: (ids) => {
      scheduled.push([...ids]);
      return Promise.resolve();
    },
    now: time.now,
  });
  const old = await storeEvent(models(), 1, {
    status: 'held',
    updatedAt: new Date('2026-11-29T08:59:00Z'),
  });
  await storeEvent(models(), 2, { status: 'held', updatedAt: new Date('2026-11-29T09:30:00Z') });
  await storeEvent(models(), 3, { status: 'synced', updatedAt: new Date('2026-11-29T07:00:00Z') });

  expect(await held.rejudgeStale()).toBe(1);

  expect(scheduled).toEqual([[old.toString()]]);
  const statuses = await models()
    .events.find({}, { leadEmail: 1, status: 1 })
    .sort({ leadEmail: 1 })
    .lean();
  expect(statuses.map((doc) => [doc.leadEmail, doc.status])).toEqual([
    ['lead1@batch.example', 'received'],
    ['lead2@batch.example', 'held'],
    ['lead3@batch.example', 'synced'],
  ]);
});

it('an event held for 30 days ends not synced, saying why', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const { pipeline } = filtered(time, [{ kind: 'none' }]);
  const young = await storeEvent(models(), 1, {
    nextAttemptAt: time.now(),
    receivedAt: new Date('2026-10-30T10:00:01Z'),
  });
  const old = await storeEvent(models(), 2, {
    nextAttemptAt: time.now(),
    receivedAt: new Date('2026-10-30T10:00:00Z'),
  });

  await pipeline.processEvents([young.toString(), old.toString()]);

  expect(await models().events.findById(young).lean()).toMatchObject({ status: 'held' });
  expect(await models().events.findById(old).lean()).toMatchObject({
    status: 'not_synced',
    reason:
      'Not synced: held for 30 days without its lead reaching an approved category (Interested); its category is not known.',
  });
});

it('a released event is written although its lead has no approved category, and its hold is over', async () => {
  const time = clock('2026-11-29T10:00:00Z');
  const { pipeline, asked } = filtered(time, [{ kind: 'none' }]);
  const id = await storeEvent(models(), 1, { nextAttemptAt: time.now(), receivedAt: time.now() });
  await pipeline.processEvents([id.toString()]);
  expect((await models().events.findById(id).lean())?.status).toBe('held');
  expect(await models().holds.countDocuments({ sent_at: null })).toBe(1);

  // Released by its owner (History's Release): back in the queue, marked released.
  await models().events.updateOne(
    { _id: id },
    { $set: { status: 'received', nextAttemptAt: time.now(), 'steps.releasedAt': time.now() } },
  );
  await pipeline.processEvents([id.toString()]);

  expect((await models().events.findById(id).lean())?.status).toBe('synced');
  expect(asked).toHaveLength(1);
  expect(await models().holds.countDocuments({ sent_at: null })).toBe(0);
});
