// Issue 33, item 5, through the real worker role: `tsx src/main.ts --role=worker` polling once a
// minute on a replica set runs the sync jobs another process queues within a second. The test
// queues them as an API process does: its own connection, an Agenda it never starts, and the
// same scheduleSyncEvents the API's dispatcher calls.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import type { Agenda } from 'agenda';
import { ObjectId } from 'mongodb';
import { scheduleSyncEvents } from './features/webhook-events';
import { AGENDA_COLLECTION, createAgenda } from './platform/agenda';
import { openDatabase, type Database } from './platform/db';
import { createLogger } from './platform/logger';
import { startEmbeddedReplicaSet, type EmbeddedReplicaSet } from './testing/embedded-replica-set';

const MAIN = path.join(__dirname, 'main.ts');

// Starting the database and a tsx process takes a few seconds on a busy machine.
jest.setTimeout(60_000);

let server: EmbeddedReplicaSet;
let worker: ChildProcessWithoutNullStreams | undefined;
let db: Database | undefined;
let api: Agenda | undefined;

beforeAll(async () => {
  server = await startEmbeddedReplicaSet();
});

afterAll(async () => {
  await api?.stop(false);
  await db?.close();
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker?.once('exit', resolve));
    worker.kill('SIGTERM');
    await exited;
  }
  await server.stop();
});

it('runs each sync job an API process queues within a second, with its poll a minute away', async () => {
  const uri = `${server.uri}/roles`;
  worker = spawn(process.execPath, ['--import', 'tsx', MAIN, '--role=worker'], {
    env: {
      PATH: process.env.PATH ?? '',
      MONGODB_URI: uri,
      PORT: '0',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      JOB_POLL_INTERVAL_MS: '60000',
    },
  });
  await linePrinted(worker, 'worker started');
  // The worker's first scan (at its start) is over well before this: what runs now was woken.
  await new Promise((resolve) => setTimeout(resolve, 500));

  db = openDatabase(uri, { logger: createLogger({ level: 'silent' }), retryDelayMs: 100 });
  api = await createAgenda(db, { processEvery: 60_000 });
  const jobs = db.connection.collection(AGENDA_COLLECTION);

  const latencies: number[] = [];
  for (let n = 0; n < 5; n += 1) {
    const queuedAt = Date.now();
    await scheduleSyncEvents(api, [new ObjectId().toHexString()], new Date());
    // A sync job is removed once it ran (an event id that matches no event: nothing to sync).
    while ((await jobs.countDocuments({ name: 'sync-events' })) > 0) {
      if (Date.now() - queuedAt > 10_000) throw new Error(`job ${n} did not run`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    latencies.push(Date.now() - queuedAt);
  }

  expect(latencies.every((ms) => ms < 1_000)).toBe(true);
});

function linePrinted(child: ChildProcessWithoutNullStreams, msg: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes(`"msg":"${msg}"`)) resolve();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.once('exit', (code) =>
      reject(new Error(`the worker exited (${String(code)}) before "${msg}": ${errors}`)),
    );
  });
}
