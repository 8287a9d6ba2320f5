// Issue 33, item 5: with a replica set a job queued by one process (an API process: its own
// connection, its Agenda never started) wakes a worker in another at once through a change
// stream, with the worker's poll a minute away; on a standalone it waits for the poll.
import type { Agenda } from 'agenda';
import type { CommandStartedEvent, CommandSucceededEvent } from 'mongodb';
import { startEmbeddedReplicaSet, type EmbeddedReplicaSet } from '../testing/embedded-replica-set';
import { openTestDatabase, type TestDatabase } from '../testing/test-database';
import { memoryLogger, type LogLine } from '../testing/test-support';
import { AGENDA_COLLECTION, createAgenda } from './agenda';
import { openDatabase, type Database } from './db';
import type { Logger } from './logger';

const MINUTE = 60_000;

let databases: Database[] = [];
let agendas: Agenda[] = [];

beforeEach(() => {
  // Agenda's watchdog of a running job waits half the poll interval (here 30 s), even past a
  // stop: its timers are unref'd so that jest's worker can exit.
  const setTimer = global.setTimeout;
  jest
    .spyOn(global, 'setTimeout')
    .mockImplementation(((...args: Parameters<typeof setTimeout>) =>
      setTimer(...args).unref()) as typeof setTimeout);
});

afterEach(async () => {
  for (const agenda of agendas) await agenda.stop(false);
  for (const db of databases) await db.close();
  agendas = [];
  databases = [];
  jest.restoreAllMocks();
});

type ServiceProcess = {
  db: Database;
  logger: Logger;
  lines: LogLine[];
  /** Commands sent, by name (`aggregate $changeStream` for a change stream's). */
  sent: string[];
  /** Commands answered, by name. */
  answered: string[];
};

/** A process of the service: its own connection, at trace level so its commands are seen. */
async function processOn(uri: string): Promise<ServiceProcess> {
  const { logger, lines } = memoryLogger('trace');
  const db = openDatabase(uri, { logger, retryDelayMs: 100 });
  databases.push(db);
  await db.connected;
  const sent: string[] = [];
  const answered: string[] = [];
  const client = db.connection.getClient();
  client.on('commandStarted', (event: CommandStartedEvent) => {
    const stages = (event.command.pipeline ?? []) as Record<string, unknown>[];
    sent.push(stages[0]?.$changeStream ? `${event.commandName} $changeStream` : event.commandName);
  });
  client.on('commandSucceeded', (event: CommandSucceededEvent) => answered.push(event.commandName));
  return { db, logger, lines, sent, answered };
}

/** A worker process's Agenda, running `job`; `nextRun` resolves with when a run started. */
async function startWorker(service: ServiceProcess, job: string, processEvery: number) {
  const agenda = await createAgenda(service.db, { processEvery, logger: service.logger });
  agendas.push(agenda);
  const runs: number[] = [];
  let wake: (() => void) | undefined;
  agenda.define(job, () => {
    runs.push(Date.now());
    wake?.();
    return Promise.resolve();
  });
  const locks = service.answered.length;
  const started = Date.now();
  await agenda.start();
  // The start's own scan (one lock query per job name) is over: a job queued from now on is
  // found by a notification or the next poll, not by that scan.
  await eventually(() => service.answered.slice(locks).includes('findAndModify'));
  return {
    agenda,
    started,
    nextRun(timeoutMs: number): Promise<number> {
      const seen = runs.length;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the job did not run')), timeoutMs);
        wake = () => {
          if (runs.length <= seen) return;
          clearTimeout(timer);
          resolve(runs[seen] as number);
        };
      });
    },
  };
}

describe('on a replica set', () => {
  let server: EmbeddedReplicaSet;

  beforeAll(async () => {
    server = await startEmbeddedReplicaSet();
  });

  afterAll(async () => {
    await server.stop();
  });

  it("runs a job another process queued within a second, with the worker's poll a minute away", async () => {
    const uri = `${server.uri}/wake-up`;
    const workerProcess = await processOn(uri);
    const worker = await startWorker(workerProcess, 'wake-up', MINUTE);
    const apiProcess = await processOn(uri);
    const api = await createAgenda(apiProcess.db, { processEvery: MINUTE });
    agendas.push(api);

    const run = worker.nextRun(10_000);
    const queuedAt = Date.now();
    await api.now('wake-up', { n: 1 });
    const ranAt = await run;

    expect(ranAt - queuedAt).toBeLessThan(1_000);
    // Not the poll: its first tick is a minute after the start.
    expect(ranAt - worker.started).toBeLessThan(MINUTE);
    // The worker watches the jobs; the API process, which never started its Agenda, does not.
    expect(workerProcess.sent).toContain('aggregate $changeStream');
    expect(apiProcess.sent).not.toContain('aggregate $changeStream');

    // A second job, and one the worker's own Agenda queues (role all), wake it just the same.
    const second = worker.nextRun(10_000);
    const secondAt = Date.now();
    await api.now('wake-up', { n: 2 });
    expect((await second) - secondAt).toBeLessThan(1_000);
    const own = worker.nextRun(10_000);
    const ownAt = Date.now();
    await worker.agenda.now('wake-up', { n: 3 });
    expect((await own) - ownAt).toBeLessThan(1_000);
  });

  it('closes the change stream when the worker stops', async () => {
    const uri = `${server.uri}/closing`;
    const workerProcess = await processOn(uri);
    const worker = await startWorker(workerProcess, 'closing', MINUTE);
    expect(workerProcess.sent).toContain('aggregate $changeStream');

    await worker.agenda.stop(false);

    expect(workerProcess.sent).toContain('killCursors');
    const after = workerProcess.sent.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // No getMore after the stop: nothing watches any more.
    expect(workerProcess.sent.slice(after)).not.toContain('getMore');
  });

  it('opens a new stream when the jobs collection is dropped, without resuming into the drop', async () => {
    const uri = `${server.uri}/dropped`;
    const workerProcess = await processOn(uri);
    const worker = await startWorker(workerProcess, 'dropped', MINUTE);
    const apiProcess = await processOn(uri);
    const api = await createAgenda(apiProcess.db, { processEvery: MINUTE });
    agendas.push(api);
    const before = worker.nextRun(10_000);
    await api.now('dropped', { n: 1 });
    await before;

    const opened = workerProcess.sent.filter((name) => name === 'aggregate $changeStream').length;
    // The drop invalidates the stream (mongod closes it): the channel opens one from now.
    await apiProcess.db.connection.collection(AGENDA_COLLECTION).drop();
    await eventually(
      () => workerProcess.sent.filter((name) => name === 'aggregate $changeStream').length > opened,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // One new stream, not one every reopen delay (a resume before the drop is invalidated again).
    expect(
      workerProcess.sent.filter((name) => name === 'aggregate $changeStream').length - opened,
    ).toBe(1);

    const after = worker.nextRun(10_000);
    const queuedAt = Date.now();
    await api.now('dropped', { n: 2 });
    expect((await after) - queuedAt).toBeLessThan(1_000);
  });

  it('opens the stream again after losing it (the server restarted), and wakes the worker again', async () => {
    const uri = `${server.uri}/restart`;
    const workerProcess = await processOn(uri);
    const worker = await startWorker(workerProcess, 'restarted', MINUTE);
    const apiProcess = await processOn(uri);
    const api = await createAgenda(apiProcess.db, { processEvery: MINUTE });
    agendas.push(api);

    const before = worker.nextRun(10_000);
    await api.now('restarted', { n: 1 });
    await before;

    // The restarted server's history starts empty: resuming from the stream's last event is
    // refused (ChangeStreamHistoryLost) and the channel opens a new stream from now.
    await server.restart();
    await eventually(() =>
      workerProcess.lines.some((line) => line.msg === 'job change stream open again'),
    );
    expect(workerProcess.lines).toContainEqual(
      expect.objectContaining({
        msg: 'job change stream lost: workers poll for jobs until it is back',
      }),
    );

    const run = worker.nextRun(10_000);
    const queuedAt = Date.now();
    await api.now('restarted', { n: 2 });
    expect((await run) - queuedAt).toBeLessThan(1_000);
  });
});

describe('on a standalone (the embedded default)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database.release();
  });

  it('leaves a job another process queued to the poll', async () => {
    const processEvery = 3_000;
    const workerProcess = await processOn(database.uri);
    const worker = await startWorker(workerProcess, 'polled', processEvery);
    const apiProcess = await processOn(database.uri);
    const api = await createAgenda(apiProcess.db, { processEvery });
    agendas.push(api);

    const run = worker.nextRun(20_000);
    await api.now('polled', {});
    const ranAt = await run;

    // At the first poll (processEvery after the start), not when it was queued.
    expect(ranAt - worker.started).toBeGreaterThanOrEqual(processEvery - 50);
    expect(workerProcess.sent).not.toContain('aggregate $changeStream');
  });
});

async function eventually(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
