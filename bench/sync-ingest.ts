// Ingest at `POST /webhooks/{code}` (issue 11 "Performance"): events/s, p50 and p99 latency
// under concurrent keep-alive clients, and in the same run the same figures for a bare Koa
// handler (JSON body parser and one insertOne, in its own process, on the same MongoDB). Goal:
// the service reaches at least 0.8 of the bare handler.
//
//   npx tsx bench/sync-ingest.ts [--pairs 10] [--seconds 3] [--concurrency 16] [--leads 1000]
//                                [--profile] [--role api|all]
//
// The service runs with role api by default: the receiving process as it is deployed when
// ingest matters (docs/operations.md, "Scaling out"), so the figure is the receiver's capacity,
// compared with a bare handler on the same machine. `--role all` adds the worker to the same
// process, syncing what arrives into the sandbox's HubSpot while the receiver is measured: on a
// 2-CPU machine the worker and the sandbox then take most of the CPU the receiver would use, so
// that figure says how a single-process install behaves, not what the receiver can take.
//
// The two are measured in short interleaved slices (`--pairs` pairs of `--seconds` each, the
// order alternating bare/service, service/bare), and each side's figure is its total over its
// slices. Measured instead as one 10-second figure each, in turn, the ratio of a round went from
// 0.42 to 2.45 on a quiet machine: the embedded database's background work (journal compaction,
// a few seconds at more than one core) landed on one side or the other and decided the round.
// Short alternating slices share such pauses between the two sides and the drift of the machine
// too; the per-pair ratios are printed so their spread stays visible. `--profile` runs the
// service under V8's profiler during its first slice and prints where its time went.
import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { Agent } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { MongoClient, ObjectId } from 'mongodb';
import { repoRoot } from '../scripts/repo-root.ts';
import { stopChild } from '../scripts/product.ts';
import {
  cpuSecondsOf,
  formatMs,
  machineLine,
  percentile,
  postJson,
  printTable,
  sleep,
  smartleadEvents,
  startSyncBench,
  type SmartleadEvents,
} from './sync-harness.ts';

const GOAL = 0.8;
const WARM_UP_MS = 2000;

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '16' },
    leads: { type: 'string', default: '1000' },
    profile: { type: 'boolean', default: false },
    // `all` adds the worker to the receiving process (a single-process install).
    role: { type: 'string', default: 'api' },
    // Internal: this file started as the bare handler's process.
    'bare-koa': { type: 'string' },
  },
});

// ---------------------------------------------------------------------------------------------
// The bare handler: what any receiver must do at least (parse, store one document, answer).

async function runBareKoa(mongoUri: string): Promise<void> {
  const client = new MongoClient(mongoUri);
  await client.connect();
  const events = client.db().collection('bareIngest');
  const app = new Koa();
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }));
  app.use(async (ctx) => {
    const _id = new ObjectId();
    await events.insertOne({
      _id,
      code: ctx.path,
      payload: ctx.request.body,
      receivedAt: new Date(),
    });
    ctx.body = { received: true, id: _id.toHexString() };
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.stdout.write(`bare koa listening on http://127.0.0.1:${port}\n`);
  });
  process.once('SIGTERM', () => {
    server.close();
    void client.close().then(() => process.exit(0));
  });
}

function startBareKoa(
  mongoUri: string,
): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--bare-koa', mongoUri],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1])
        resolve({ url: match[1], pid: child.pid ?? -1, stop: () => stopChild(child) });
    });
    child.once('exit', (code) => reject(new Error(`bare koa exited early (${String(code)})`)));
  });
}

// ---------------------------------------------------------------------------------------------
// Load.

/** What one side did over its slices: answers, latencies, seconds, and CPU per process. */
interface Tally {
  ok: number;
  statuses: Map<number, number>;
  latencies: number[];
  seconds: number;
  /** CPU seconds each process spent during the measured seconds. */
  cpuSeconds: Map<string, number>;
}

function emptyTally(): Tally {
  return { ok: 0, statuses: new Map(), latencies: [], seconds: 0, cpuSeconds: new Map() };
}

/**
 * `concurrency` keep-alive clients posting events back to back for `durationMs`, added to
 * `tally` when given (the warm-up passes none).
 */
async function load(
  url: URL,
  events: SmartleadEvents,
  counter: { next: number },
  durationMs: number,
  tally: Tally = emptyTally(),
): Promise<void> {
  const concurrency = Number(values.concurrency);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const deadline = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const answer = await postJson(agent, url, events.body(counter.next++));
        tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
        if (answer.status !== 200) continue;
        tally.ok += 1;
        tally.latencies.push(answer.ms);
      }
    }),
  );
  agent.destroy();
}

/** One measured slice, added to `tally`; returns the slice's events/s. */
async function slice(
  url: URL,
  events: SmartleadEvents,
  counter: { next: number },
  pids: Record<string, number>,
  tally: Tally,
): Promise<number> {
  const names = [...Object.keys(pids), 'clients'];
  const cpu = () =>
    Promise.all(Object.values(pids).map(cpuSecondsOf)).then((seconds) => [
      ...seconds,
      process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    ]);
  const okBefore = tally.ok;
  const before = await cpu();
  const started = performance.now();
  await load(url, events, counter, Number(values.seconds) * 1000, tally);
  const seconds = (performance.now() - started) / 1000;
  const after = await cpu();
  tally.seconds += seconds;
  names.forEach((name, index) =>
    tally.cpuSeconds.set(
      name,
      (tally.cpuSeconds.get(name) ?? 0) + (after[index] ?? 0) - (before[index] ?? 0),
    ),
  );
  return (tally.ok - okBefore) / seconds;
}

function eventsPerSecond(tally: Tally): number {
  return tally.ok / tally.seconds;
}

function tallyRows(name: string, tally: Tally): [string, string][] {
  const latencies = [...tally.latencies].sort((a, b) => a - b);
  const others = [...tally.statuses].filter(([status]) => status !== 200);
  const cores = [...tally.cpuSeconds]
    .map(([process, seconds]) => `${process} ${(seconds / tally.seconds).toFixed(2)}`)
    .join(', ');
  return [
    [
      name,
      `${Math.round(eventsPerSecond(tally)).toLocaleString('en').padStart(6)} events/s` +
        `   p50 ${formatMs(percentile(latencies, 0.5)).padStart(9)}` +
        `   p99 ${formatMs(percentile(latencies, 0.99)).padStart(9)}` +
        `   ${tally.ok.toLocaleString('en')} ok in ${tally.seconds.toFixed(1)} s` +
        (others.length > 0
          ? `, not 200: ${others.map(([status, n]) => `${n}× ${status}`).join(', ')}`
          : ''),
    ],
    ['', `cores busy: ${cores}`],
  ];
}

// ---------------------------------------------------------------------------------------------
// Profile: the service's CPU during the measured seconds only. A preload in the service starts
// V8's profiler on the first SIGUSR2 and writes the profile on the second, so neither start-up
// nor the shutdown (which waits for the worker's backlog) is in it.

const PROFILER_PRELOAD = `data:text/javascript,${encodeURIComponent(`
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    return;
  }
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(process.env.BENCH_CPU_PROFILE, JSON.stringify(result.profile));
  });
});
`)}`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

async function printProfile(file: string): Promise<void> {
  const written = await waitForFile(file);
  if (!written) {
    console.log(`\nno CPU profile was written to ${file}`);
    return;
  }
  const profile = JSON.parse(await readFile(file, 'utf8')) as { nodes: ProfileNode[] };
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const place = placeOf(url, functionName);
    const name = `${functionName || '(anonymous)'} ${place}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
    byPlace.set(place, (byPlace.get(place) ?? 0) + hits);
  }
  const top = (map: Map<string, number>, count: number): [string, string][] =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, hits]) => [`${((hits / total) * 100).toFixed(1).padStart(5)} %`, name]);
  console.log(`\nservice CPU profile of the measured seconds, self time (${file})`);
  printTable('by package or file', top(byPlace, 15));
  printTable('by function', top(byFunction, 25));
}

async function waitForFile(file: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await stat(file).then(
        (info) => info.size > 0,
        () => false,
      )
    )
      return true;
    await sleep(100);
  }
  return false;
}

/** `node_modules/<package>`, a repository file, or the engine's own bucket. */
function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`;
  const file = url.replace(/^file:\/\//, '');
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (modules?.[1]) return modules[1];
  if (file.startsWith('node:')) return file;
  return path.relative(repoRoot, file);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const profileFile = path.join(os.tmpdir(), `outsync-sync-ingest-${Date.now()}.cpuprofile`);
  const role = values.role === 'all' ? 'all' : 'api';
  const bench = await startSyncBench({
    role,
    ...(values.profile
      ? {
          serviceNodeArgs: [`--import=${PROFILER_PRELOAD}`],
          serviceEnv: { BENCH_CPU_PROFILE: profileFile },
        }
      : {}),
  });
  try {
    const events = smartleadEvents(Number(values.leads));
    const counter = { next: 0 };
    const webhook = new URL(bench.webhookUrl);
    const bareKoa = await startBareKoa(bench.mongoUri);
    const bareUrl = new URL(webhook.pathname, bareKoa.url);
    const bare = emptyTally();
    const service = emptyTally();
    const pairRatios: number[] = [];
    try {
      await load(bareUrl, events, counter, WARM_UP_MS);
      await load(webhook, events, counter, WARM_UP_MS);
      const sides = {
        bare: () =>
          slice(
            bareUrl,
            events,
            counter,
            { 'bare Koa': bareKoa.pid, mongo: bench.pids.mongo, sandbox: bench.pids.sandbox },
            bare,
          ),
        service: () => slice(webhook, events, counter, bench.pids, service),
      };
      for (let pair = 0; pair < Math.max(1, Number(values.pairs)); pair++) {
        // The profile covers the first service slice.
        const profiled = values.profile && pair === 0;
        const runService = async () => {
          if (profiled) bench.signalService('SIGUSR2');
          const figure = await sides.service();
          if (profiled) bench.signalService('SIGUSR2');
          return figure;
        };
        // Alternating which side goes first cancels a drift within the pair.
        let bareFigure: number;
        let serviceFigure: number;
        if (pair % 2 === 0) {
          bareFigure = await sides.bare();
          serviceFigure = await runService();
        } else {
          serviceFigure = await runService();
          bareFigure = await sides.bare();
        }
        pairRatios.push(serviceFigure / bareFigure);
      }
    } finally {
      await bareKoa.stop();
    }
    const byStatus = await bench.logs
      .aggregate<{ _id: string; n: number }>([{ $group: { _id: '$status', n: { $sum: 1 } } }])
      .toArray();
    console.log(
      `\nsync-ingest (${machineLine()}; ${values.pairs} pairs of ${values.seconds}-second slices,` +
        ` interleaved, after ${WARM_UP_MS / 1000} s of warm-up each; ${values.concurrency}` +
        ` keep-alive clients, Smartlead events over ${values.leads} leads)`,
    );
    const ratio = eventsPerSecond(service) / eventsPerSecond(bare);
    const sorted = [...pairRatios].sort((a, b) => a - b);
    printTable('', [
      ...tallyRows('bare Koa (parse + insertOne)', bare),
      ...tallyRows(`POST /webhooks/{code} (role ${role})`, service),
      ['ratio', `${ratio.toFixed(2)} of the bare handler (goal ≥ ${GOAL})`],
      [
        'per pair of slices',
        `median ${percentile(sorted, 0.5).toFixed(2)}, quartiles ${percentile(sorted, 0.25).toFixed(2)}` +
          `–${percentile(sorted, 0.75).toFixed(2)}, range ${(sorted[0] ?? 0).toFixed(2)}` +
          `–${(sorted.at(-1) ?? 0).toFixed(2)}`,
      ],
      [
        'webhook logs at the end',
        byStatus.map(({ _id, n }) => `${n.toLocaleString('en')} ${_id}`).join(', '),
      ],
    ]);
    if (values.profile) await printProfile(profileFile);
    else if (ratio < GOAL)
      console.log('below the goal: run again with --profile to see where the service spends it');
  } finally {
    await bench.stop();
  }
}

if (values['bare-koa']) await runBareKoa(values['bare-koa']);
else
  await main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
