// Sustained sync throughput per worker process (issue 12 "Performance"): the service as an API
// process (role api) plus N `--role=worker` processes on one database, fed by the sandbox's
// event generator at a rate above what the workers take, so a backlog builds; events synced per
// second are counted over the generator's steady state (after `--warm-up` seconds, until it
// stops), then over the drain that follows. Each worker count runs on a fresh stack (MongoDB,
// sandbox, service), HubSpot only: the batching and the job locking under test are the CRM's
// same either way, and HubSpot's per-10-s limit is the tighter. That limit (190 / 10 s per
// portal, shared by every worker) may be the ceiling rather than the workers: the HubSpot calls
// and 429s are printed beside the rates.
//
//   npx tsx bench/sync-throughput.ts [--workers 1,2] [--rate 100] [--seconds 40] [--warm-up 10]
//                                    [--leads 400] [--timeout 300]
//
// Then it proves no job ran twice (jobs shared through Agenda's locking): every log final and
// synced at most once (one `synced` attempt in its history), and the sandbox's portal holding one
// contact per lead and exactly one e-mail engagement per synced send or reply, each the one its
// log names, on that log's contact (as sync-service/src/features/webhook-events/resilience.test.ts counts).
import { parseArgs } from 'node:util';
import type { Collection, Document } from 'mongodb';
import { isMain } from './figures.ts';
import {
  countByStatus,
  crmStats,
  isFinal,
  formatCounts,
  hubspotSyncedOnceProblems,
  loadLine,
  machineLine,
  postCampaign,
  printTable,
  sleep,
  startSyncBench,
  type SyncBench,
  waitUntilFinal,
} from './sync-harness.ts';

const SAMPLE_MS = 1000;

export interface ThroughputOptions {
  /** Worker process counts, one fresh stack each. */
  workers: number[];
  /** The generator's events per second (above what the workers take). */
  rate: number;
  seconds: number;
  /** Seconds after the first POST before the steady state is counted. */
  warmUp: number;
  leads: number;
  /** Seconds to wait for the backlog to drain. */
  timeout: number;
}

export const defaultThroughputOptions: ThroughputOptions = {
  workers: [1, 2],
  rate: 100,
  seconds: 40,
  warmUp: 10,
  leads: 400,
  timeout: 300,
};

export interface ThroughputFigure {
  workers: number;
  /** Events synced per second while the generator ran, after the warm-up. */
  steadyPerSecond: number;
  /** Whether the backlog at the generator's end exceeded a second of its rate. */
  saturated: boolean;
  drainPerSecond: number;
  overallPerSecond: number;
  done: boolean;
  calls: number;
  rateLimited: number;
  /** What says a job ran twice or a record was written twice (none expected). */
  problems: string[];
}

export interface ThroughputFigures {
  options: ThroughputOptions;
  outcomes: ThroughputFigure[];
}

interface Sample {
  atMs: number;
  synced: number;
  /** Logs received and not final yet: the backlog. */
  pending: number;
}

interface Outcome {
  workers: number;
  steady: { perSecond: number; fromS: number; toS: number; backlogAtEnd: number };
  drain: { perSecond: number; seconds: number };
  overall: number;
  accepted: number;
  counts: Map<string, number>;
  done: boolean;
  rateLimited: number;
  calls: number;
  once: string[];
  load: { during: string; after: string };
}

/** Synced and not yet final logs since `since`: the counters a sample takes. */
async function sample(logs: Collection<Document>, since: Date, startedMs: number): Promise<Sample> {
  const counts = await countByStatus(logs, since);
  const pending = [...counts]
    .filter(([status]) => !isFinal(status))
    .reduce((sum, [, n]) => sum + n, 0);
  return { atMs: performance.now() - startedMs, synced: counts.get('synced') ?? 0, pending };
}

/** The sample nearest `atMs` (the list is in time order and not empty). */
function nearest(samples: readonly Sample[], atMs: number): Sample {
  return samples.reduce((best, each) =>
    Math.abs(each.atMs - atMs) < Math.abs(best.atMs - atMs) ? each : best,
  );
}

const rateBetween = (from: Sample, to: Sample) =>
  (to.synced - from.synced) / Math.max(0.001, (to.atMs - from.atMs) / 1000);

async function measure(
  bench: SyncBench,
  workers: number,
  options: ThroughputOptions,
): Promise<Outcome> {
  await warmUp(bench);
  const { rate, seconds } = options;
  const before = await crmStats(bench.sandboxUrl, 'hubspot');
  const since = new Date();
  const startedMs = performance.now();
  const samples: Sample[] = [];
  let generating = true;
  const sampling = (async () => {
    while (generating) {
      samples.push(await sample(bench.logs, since, startedMs));
      await sleep(SAMPLE_MS);
    }
  })();
  const run = await postCampaign(bench.sandboxUrl, {
    webhookUrl: bench.webhookUrl,
    events: rate * seconds,
    leads: options.leads,
    ratePerSecond: rate,
    seed: 12,
  }).finally(() => {
    generating = false;
  });
  await sampling;
  const during = loadLine();
  const end = await sample(bench.logs, since, startedMs);
  samples.push(end);
  const { counts, done } = await waitUntilFinal(
    bench.logs,
    since,
    run.accepted,
    Date.now() + options.timeout * 1000,
  );
  const finished = await sample(bench.logs, since, startedMs);
  const after = await crmStats(bench.sandboxUrl, 'hubspot');

  const from = nearest(samples, options.warmUp * 1000);
  return {
    workers,
    steady: {
      perSecond: rateBetween(from, end),
      fromS: from.atMs / 1000,
      toS: end.atMs / 1000,
      backlogAtEnd: end.pending,
    },
    drain: { perSecond: rateBetween(end, finished), seconds: (finished.atMs - end.atMs) / 1000 },
    overall: finished.synced / Math.max(0.001, finished.atMs / 1000),
    accepted: run.accepted,
    counts,
    done,
    rateLimited: after.rateLimited - before.rateLimited,
    calls: after.requests - before.requests,
    once: await hubspotSyncedOnceProblems(bench, since, run.leads),
    load: { during, after: loadLine() },
  };
}

/** One event first, not counted: the portal's custom properties are made once. */
async function warmUp(bench: SyncBench): Promise<void> {
  const since = new Date();
  const run = await postCampaign(bench.sandboxUrl, {
    webhookUrl: bench.webhookUrl,
    events: 1,
    leads: 1,
    ratePerSecond: 0,
    seed: 1,
  });
  await waitUntilFinal(bench.logs, since, run.accepted, Date.now() + 30_000);
}

function print(outcomes: Outcome[], options: ThroughputOptions): void {
  console.log(
    `\nsync-throughput (${machineLine()}; HubSpot; role api + N --role=worker on one database; ` +
      `generator ${options.rate}/s for ${options.seconds} s over ${options.leads} leads; ` +
      `sandbox limits as npm start: 190 / 10 s per portal, search 4 / s)`,
  );
  const row = (label: string, cell: (each: Outcome) => string): [string, string] => [
    label,
    outcomes.map((each) => cell(each).padEnd(34)).join(''),
  ];
  printTable('', [
    row('', (each) => `[${each.workers} worker${each.workers === 1 ? '' : 's'}]`),
    row('steady state, events synced / s', (each) => each.steady.perSecond.toFixed(1)),
    row(
      '  window (s after the first POST)',
      (each) => `${each.steady.fromS.toFixed(0)}–${each.steady.toS.toFixed(0)} s`,
    ),
    row(
      '  backlog at its end (saturated?)',
      (each) =>
        `${each.steady.backlogAtEnd} (${each.steady.backlogAtEnd > options.rate ? 'yes' : 'NO: offered rate'})`,
    ),
    row(
      'drain after the generator, / s',
      (each) => `${each.drain.perSecond.toFixed(1)} over ${each.drain.seconds.toFixed(0)} s`,
    ),
    row('first POST to all final, / s', (each) => each.overall.toFixed(1)),
    row('events accepted', (each) => String(each.accepted)),
    row('all final', (each) => (each.done ? 'yes' : `NO after ${options.timeout} s`)),
    row('HubSpot calls / 429s', (each) => `${each.calls} / ${each.rateLimited}`),
    row('none ran twice', (each) => (each.once.length === 0 ? 'proved' : 'NO (below)')),
    row('load, generator end', (each) => each.load.during.replace(/ on \d+ CPUs/, '')),
    row('load, all final', (each) => each.load.after.replace(/ on \d+ CPUs/, '')),
  ]);
  for (const each of outcomes) {
    console.log(`  [${each.workers}] events by status: ${formatCounts(each.counts)}`);
    for (const problem of each.once) console.log(`  [${each.workers}] PROBLEM: ${problem}`);
  }
}

/** Runs the benchmark and prints its report; answers its figures (for bench/all.ts). */
export async function runSyncThroughput(
  given: Partial<ThroughputOptions> = {},
): Promise<ThroughputFigures> {
  const options: ThroughputOptions = { ...defaultThroughputOptions, ...given };
  if (options.workers.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--workers is a list of counts like 1,2, not ${options.workers.join(',')}`);
  const outcomes: Outcome[] = [];
  for (const workers of options.workers) {
    console.error(`\n— ${workers} worker process(es) (${loadLine()}) —`);
    const bench = await startSyncBench({ role: 'api', workers });
    try {
      const outcome = await measure(bench, workers, options);
      console.error(`${workers}: ${outcome.steady.perSecond.toFixed(1)} events synced / s`);
      outcomes.push(outcome);
    } finally {
      await bench.stop();
    }
  }
  print(outcomes, options);
  return {
    options,
    outcomes: outcomes.map((each) => ({
      workers: each.workers,
      steadyPerSecond: each.steady.perSecond,
      saturated: each.steady.backlogAtEnd > options.rate,
      drainPerSecond: each.drain.perSecond,
      overallPerSecond: each.overall,
      done: each.done,
      calls: each.calls,
      rateLimited: each.rateLimited,
      problems: each.once,
    })),
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      workers: { type: 'string', default: defaultThroughputOptions.workers.join(',') },
      rate: { type: 'string', default: String(defaultThroughputOptions.rate) },
      seconds: { type: 'string', default: String(defaultThroughputOptions.seconds) },
      'warm-up': { type: 'string', default: String(defaultThroughputOptions.warmUp) },
      leads: { type: 'string', default: String(defaultThroughputOptions.leads) },
      timeout: { type: 'string', default: String(defaultThroughputOptions.timeout) },
    },
  });
  await runSyncThroughput({
    workers: values.workers.split(',').map(Number),
    rate: Number(values.rate),
    seconds: Number(values.seconds),
    warmUp: Number(values['warm-up']),
    leads: Number(values.leads),
    timeout: Number(values.timeout),
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
