// A run's lease and its heartbeat (issue 30, "faster takeover"): a run renews its events'
// leases every third of a lease while it works, so a live run keeps them however long its CRM
// write takes, and another run cannot take them meanwhile; a run that stops renewing (its
// worker died) loses them one lease later.
import type { CrmWriter, WriteItem } from '../../pipeline/write/crm-writer';
import { pipelineWith, storeEvent, usePipelineDatabase } from './pipeline.test-support';

const database = usePipelineDatabase();
const models = () => database.models();

// Long enough that a loaded machine still renews in time (every third of it).
const LEASE_MS = 2_000;

beforeEach(async () => {
  await models().events.deleteMany({});
});

it('keeps the events of a run whose write lasts three leases, and no other run takes them meanwhile', async () => {
  const id = await storeEvent(models(), 1);
  let releaseWrite: () => void = () => undefined;
  const writes: string[][] = [];
  const slowWriter: CrmWriter = {
    async write(items: readonly WriteItem[]) {
      writes.push(items.map((item) => item.id));
      await new Promise<void>((resolve) => (releaseWrite = resolve));
      return new Map(items.map((item) => [item.id, { kind: 'written' as const }]));
    },
  };
  const quickWriter: CrmWriter = {
    write(items: readonly WriteItem[]) {
      writes.push(items.map((item) => item.id));
      return Promise.resolve(new Map(items.map((item) => [item.id, { kind: 'written' as const }])));
    },
  };
  const slow = pipelineWith(models(), slowWriter, { leaseMs: LEASE_MS });
  const other = pipelineWith(models(), quickWriter, { leaseMs: LEASE_MS });

  const running = slow.processEvents([id.toString()]);
  await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 3));
  const readAt = Date.now();
  const lease = (await models().events.findById(id).lean())?.lease;
  const taken = await other.processEvents([id.toString()]);
  releaseWrite();
  await running;

  expect(lease?.until.getTime()).toBeGreaterThan(readAt);
  expect(taken).toEqual([]);
  expect(writes).toEqual([[id.toString()]]);
  expect((await models().events.findById(id).lean())?.status).toBe('synced');
  // Three leases of waiting, and the machine's slack: more than jest's 5 s default.
}, 20_000);

it('lets another run take the events once a run stopped renewing them for a lease', async () => {
  // A run that died: its lease was set a lease ago and nobody renews it.
  const id = await storeEvent(models(), 2, {
    lease: { owner: 'a-run-whose-worker-was-killed', until: new Date(Date.now() - 1) },
  });
  const writes: string[] = [];
  const writer: CrmWriter = {
    write(items: readonly WriteItem[]) {
      writes.push(...items.map((item) => item.id));
      return Promise.resolve(new Map(items.map((item) => [item.id, { kind: 'written' as const }])));
    },
  };

  const taken = await pipelineWith(models(), writer, { leaseMs: LEASE_MS }).processEvents([
    id.toString(),
  ]);

  expect(taken).toEqual([id.toString()]);
  expect(writes).toEqual([id.toString()]);
});
