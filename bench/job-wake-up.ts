// How long a sync job queued by one process waits for a worker in another (issue 33, item 5):
// the embedded MongoDB as a single-node replica set (`--replSet rs0`) and a real worker process
// (`tsx sync-service/src/main.ts --role=worker`) polling once a minute, so only the change
// stream can wake it in time; this process queues each job as an API process does (its own
// connection, an Agenda it never starts, the dispatcher's scheduleSyncEvents) and times it
// from queued to done (the job is removed when it ran: its event id matches no event).
//
//   npx tsx bench/job-wake-up.ts                        (30 jobs, 60 s poll, replica set)
//   npx tsx bench/job-wake-up.ts --standalone --poll-ms 500
//                                                       (before: the standalone and the poll)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ObjectId } from 'mongodb';
import { scheduleSyncEvents } from '../sync-service/src/features/webhook-events/index.ts';
import { AGENDA_COLLECTION, createAgenda } from '../sync-service/src/platform/agenda.ts';
import { openDatabase } from '../sync-service/src/platform/db.ts';
import { createLogger } from '../sync-service/src/platform/logger.ts';
import { repoRoot } from '../scripts/repo-root.ts';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '30' },
    'poll-ms': { type: 'string' },
    standalone: { type: 'boolean', default: false },
  },
});
const jobs = Number(values.jobs);
const standalone = values.standalone;
const pollMs = Number(values['poll-ms'] ?? (standalone ? 500 : 60_000));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns `args` and resolves once a stdout line matches `pattern`. */
function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  pattern: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match) resolve({ child, match });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outsync-job-wake-up-'));
const children: ChildProcess[] = [];
try {
  const mongo = await startChild(
    [
      path.join(repoRoot, 'tools/embedded-mongo/bin/embedded-mongo.js'),
      ...['--port', '0', '--data-dir', dataDir, '--quiet'],
      ...(standalone ? [] : ['--replSet', 'rs0']),
    ],
    process.env,
    /listening on (mongodb:\/\/\S+)/,
  );
  children.push(mongo.child);
  const uri = `${mongo.match[1] ?? ''}/job-wake-up`;
  const worker = await startChild(
    ['--import', 'tsx', path.join(repoRoot, 'sync-service/src/main.ts'), '--role=worker'],
    {
      PATH: process.env.PATH ?? '',
      MONGODB_URI: uri,
      PORT: '0',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      JOB_POLL_INTERVAL_MS: String(pollMs),
    },
    /"msg":"worker started"/,
  );
  children.push(worker.child);
  await sleep(1_000);

  const db = openDatabase(uri, { logger: createLogger({ level: 'silent' }) });
  const api = await createAgenda(db, { processEvery: 60_000 });
  const queue = db.connection.collection(AGENDA_COLLECTION);
  const latencies: number[] = [];
  for (let n = 0; n < jobs; n += 1) {
    // Spaced at random, so that a poll would catch jobs anywhere in its interval.
    await sleep(100 + Math.random() * 400);
    const queuedAt = performance.now();
    await scheduleSyncEvents(api, [new ObjectId().toHexString()], new Date());
    while ((await queue.countDocuments({ name: 'sync-events' })) > 0) {
      if (performance.now() - queuedAt > pollMs + 10_000) throw new Error(`job ${n} never ran`);
      await sleep(2);
    }
    latencies.push(performance.now() - queuedAt);
  }
  await db.close();

  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  process.stdout.write(
    [
      `${standalone ? 'standalone' : 'replica set rs0'}, worker poll ${pollMs} ms, ${jobs} jobs, load average ${os.loadavg()[0]?.toFixed(1) ?? '?'}`,
      `queued → done: p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, max ${ms(sorted[sorted.length - 1] ?? NaN)}, mean ${ms(mean)}`,
      '',
    ].join('\n'),
  );
} finally {
  for (const child of children.reverse()) await stop(child);
  await rm(dataDir, { recursive: true, force: true });
}
