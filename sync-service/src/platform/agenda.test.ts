// A job queued by the process that runs the jobs is picked up on its save, not at the worker's
// next poll (issue 32, "Latency"): with a poll an hour apart, the job still runs.
import type { Agenda } from 'agenda';
import { openTestDatabase, type TestDatabase } from '../testing/test-database';
import { createAgenda } from './agenda';
import { openDatabase, type Database } from './db';
import { createLogger } from './logger';

let database: TestDatabase;
let db: Database;
let agenda: Agenda | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  db = openDatabase(database.uri, { logger: createLogger({ level: 'silent' }), retryDelayMs: 100 });
  await db.connected;
});

afterEach(async () => {
  jest.restoreAllMocks();
  await agenda?.stop(false);
  agenda = undefined;
});

afterAll(async () => {
  await db.close();
  await database.release();
});

it('runs a job queued in this process without waiting for the next poll', async () => {
  // Agenda's watchdog of a running job waits half the poll interval (here half an hour), even
  // past a stop: its timers are unref'd so that jest's worker can exit.
  const setTimer = global.setTimeout;
  jest
    .spyOn(global, 'setTimeout')
    .mockImplementation(((...args: Parameters<typeof setTimeout>) =>
      setTimer(...args).unref()) as typeof setTimeout);
  agenda = await createAgenda(db, { processEvery: 3_600_000 });
  const ran = new Promise<unknown>((resolve) => {
    agenda?.define<{ n: number }>('picked-up', (job) => {
      resolve(job.attrs.data);
      return Promise.resolve();
    });
  });
  await agenda.start();
  // The start's own scan is over once its lock queries are: the job below comes after it.
  await new Promise((resolve) => setTimeout(resolve, 200));

  await agenda.now('picked-up', { n: 1 });

  await expect(ran).resolves.toEqual({ n: 1 });
});

it('leaves a job queued by a process that runs none to the workers', async () => {
  agenda = await createAgenda(db, { processEvery: 3_600_000 });

  const job = await agenda.now('queued-only', { n: 2 });

  expect(job.attrs.lastRunAt).toBeUndefined();
  expect((await agenda.queryJobs({ name: 'queued-only' })).total).toBe(1);
});
