// A run takes the other due events of its CRM account along (issue 12 "Batching across events"):
// under a backlog, batches grow instead of jobs waiting in line with a few events each.
import type { WebhookEventDoc } from './webhook-event.model';
import type { CrmWriter, WriteItem } from '../../pipeline/write/crm-writer';
import {
  accountB,
  pipelineWith,
  storeEvent as storeEventIn,
  usePipelineDatabase,
} from './pipeline.test-support';

const database = usePipelineDatabase();
const models = () => database.models();

function storeEvent(lead: number, overrides: Partial<WebhookEventDoc> = {}) {
  return storeEventIn(models(), lead, overrides);
}

/** A pipeline whose writer records each batch it is given (the e-mails of its events). */
function pipelineWithBatches(maxBatch: number) {
  const batches: string[][] = [];
  const writer: CrmWriter = {
    write(items: readonly WriteItem[]) {
      batches.push(items.map((item) => item.event.lead.email ?? ''));
      return Promise.resolve(new Map(items.map((item) => [item.id, { kind: 'written' }])));
    },
  };
  const pipeline = pipelineWith(models(), writer, { maxBatch });
  return { pipeline, batches };
}

beforeEach(async () => {
  await models().events.deleteMany({});
});

it("takes the account's other due events along with its job's, and leaves what is not its to take", async () => {
  const first = await storeEvent(1);
  await storeEvent(2);
  await storeEvent(3);
  // Not to be taken: another account's, a test event, one held by another run, one not yet due.
  await storeEvent(4, { userProfileId: accountB });
  await storeEvent(5, { test: true });
  await storeEvent(6, { lease: { owner: 'another-run', until: new Date(Date.now() + 60_000) } });
  await storeEvent(7, { nextAttemptAt: new Date(Date.now() + 60_000) });
  const { pipeline, batches } = pipelineWithBatches(200);

  const ran = await pipeline.processEvents([first.toString()]);

  expect(batches).toEqual([['lead1@batch.example', 'lead2@batch.example', 'lead3@batch.example']]);
  expect(ran).toHaveLength(3);
  const statuses = await models()
    .events.find({}, { leadEmail: 1, status: 1 })
    .sort({ receivedAt: 1, _id: 1 })
    .lean();
  expect(statuses.map((doc) => [doc.leadEmail, doc.status])).toEqual([
    ['lead1@batch.example', 'synced'],
    ['lead2@batch.example', 'synced'],
    ['lead3@batch.example', 'synced'],
    ['lead4@batch.example', 'received'],
    ['lead5@batch.example', 'received'],
    ['lead6@batch.example', 'received'],
    ['lead7@batch.example', 'received'],
  ]);
});

it('takes no more than the batch size in all, and nothing more when it is 1', async () => {
  const first = await storeEvent(1);
  await storeEvent(2);
  await storeEvent(3);

  const two = pipelineWithBatches(2);
  await two.pipeline.processEvents([first.toString()]);
  expect(two.batches).toEqual([['lead1@batch.example', 'lead2@batch.example']]);

  const third = (await models().events.findOne({ status: 'received' }).lean())?._id;
  const one = pipelineWithBatches(1);
  await one.pipeline.processEvents([String(third)]);
  expect(one.batches).toEqual([['lead3@batch.example']]);
});

it('does nothing for a job whose events another run took already', async () => {
  const first = await storeEvent(1);
  const second = await storeEvent(2);
  const { pipeline, batches } = pipelineWithBatches(200);

  await pipeline.processEvents([first.toString()]);
  const again = await pipeline.processEvents([second.toString()]);

  expect(again).toEqual([]);
  expect(batches).toEqual([['lead1@batch.example', 'lead2@batch.example']]);
});

it('writes, when the account’s turn comes, only the events it still holds, with their steps as they are then', async () => {
  const first = await storeEvent(1);
  const second = await storeEvent(2);
  const seen: Array<{ email: string; steps: unknown }> = [];
  const writer: CrmWriter = {
    async write(items, _record, onTurn) {
      // While the batch waited behind the account's earlier writes: the first event's contact
      // step was recorded, and the second's lease ran out and another run took it.
      await models().events.updateOne(
        { _id: first },
        { $set: { 'steps.contactId': '9001', 'steps.contactWritten': true } },
      );
      await models().events.updateOne(
        { _id: second },
        { $set: { lease: { owner: 'another-run', until: new Date(Date.now() + 60_000) } } },
      );
      const now = onTurn ? await onTurn(items) : [...items];
      for (const item of now) seen.push({ email: item.event.lead.email ?? '', steps: item.steps });
      return new Map(now.map((item) => [item.id, { kind: 'written' as const }]));
    },
  };
  const pipeline = pipelineWith(models(), writer);

  await pipeline.processEvents([first.toString()]);

  expect(seen).toEqual([
    { email: 'lead1@batch.example', steps: { contactId: '9001', contactWritten: true } },
  ]);
  const [one, two] = await Promise.all([
    models().events.findById(first).lean(),
    models().events.findById(second).lean(),
  ]);
  expect(one?.status).toBe('synced');
  // The other run's event is left to it: neither written nor settled here.
  expect(two).toMatchObject({ status: 'received', lease: { owner: 'another-run' } });
});
