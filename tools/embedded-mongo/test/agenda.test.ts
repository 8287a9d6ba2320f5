import { Agenda, backoffStrategies } from 'agenda';
import { MongoBackend } from '@agendajs/mongo-backend';
import { type Harness, eventually, startHarness } from './helpers.ts';

let harness: Harness;
const agendas: Agenda[] = [];

function newAgenda(collection: string, name: string): Agenda {
  const agenda = new Agenda({
    name,
    backend: new MongoBackend({ mongo: harness.client.db('agenda'), collection }),
    processEvery: 50,
    // agenda keeps a watchdog timer of lockLifetime / 2 after each run; short keeps jest quick.
    defaultLockLifetime: 2_000,
  });
  agendas.push(agenda);
  return agenda;
}

beforeAll(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await Promise.all(agendas.splice(0).map((agenda) => agenda.stop()));
});
afterAll(() => harness.close());

describe('agenda 6 with @agendajs/mongo-backend', () => {
  it('runs jobs defined with now, schedule and every', async () => {
    const agenda = newAgenda('basicJobs', 'basic');
    const runs: string[] = [];
    agenda.define('greet', async (job) => {
      runs.push(`greet:${(job.attrs.data as { who: string }).who}`);
    });
    agenda.define('later', async () => {
      runs.push('later');
    });
    agenda.define('tick', async () => {
      runs.push('tick');
    });
    await agenda.start();
    await agenda.now('greet', { who: 'ann' });
    await agenda.schedule(new Date(Date.now() + 200), 'later', {});
    await agenda.every('1 second', 'tick');
    await eventually(
      async () => runs.includes('greet:ann') && runs.includes('later') && runs.includes('tick'),
    );
    const stored = await harness.client
      .db('agenda')
      .collection('basicJobs')
      .find({ name: 'tick' })
      .toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.nextRunAt).toBeInstanceOf(Date);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const agenda = newAgenda('retryJobs', 'retry');
    let attempts = 0;
    agenda.define(
      'flaky',
      async () => {
        attempts += 1;
        if (attempts < 3) throw new Error(`attempt ${attempts} failed`);
      },
      { backoff: backoffStrategies.exponential({ delay: 20, factor: 2, maxRetries: 5 }) },
    );
    const retried: number[] = [];
    agenda.on('retry:flaky', (_job: unknown, details: { attempt: number }) =>
      retried.push(details.attempt),
    );
    const succeeded = new Promise<void>((resolve) => agenda.once('success:flaky', () => resolve()));
    await agenda.start();
    await agenda.now('flaky', {});
    await succeeded;
    expect(attempts).toBe(3);
    expect(retried).toEqual([1, 2]);
  });

  it('never runs the same job twice when two Agenda instances share one collection', async () => {
    const runs = new Map<number, number>();
    const workers = [newAgenda('sharedJobs', 'worker-a'), newAgenda('sharedJobs', 'worker-b')];
    for (const worker of workers)
      worker.define('work', async (job) => {
        const id = (job.attrs.data as { id: number }).id;
        runs.set(id, (runs.get(id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
    await Promise.all(workers.map((worker) => worker.start()));
    const total = 40;
    for (let id = 0; id < total; id += 1) await workers[id % 2]?.now('work', { id });
    await eventually(async () => runs.size === total, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(total);
  });
});
