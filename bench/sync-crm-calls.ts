// CRM calls per synced event (issue 12 "Performance": goal ≤ 0.5, issue 32: ≤ 0.1 on the
// 1,000-event burst; a naive sync spends 4–6), for
// HubSpot and Salesforce, beside the naive baseline from the same run: a burst of Smartlead
// events from the sandbox's event generator (`/simulate/campaign` with the webhook's address)
// to `POST /webhooks/{code}`, waited on until every log is final, with the sandbox's request
// counters (`/_stats`, and the org's API usage for Salesforce) read before and after.
//
//   npx tsx bench/sync-crm-calls.ts [--crm hubspot|salesforce|both] [--events 1000] [--leads 200]
//                                   [--rate 0] [--timeout 180] [--modes batching,naive]
//
// Two stacks, one after the other, each with its own MongoDB, sandbox and service: the batching
// one (SYNC_MAX_BATCH at its default) and the naive one (SYNC_MAX_BATCH=1: the same writer, one
// event per job). Both start from the same empty state, so the only difference is the batch
// size; the figures of each include the one-time set-up its CRM needs (HubSpot's custom
// properties). Each CRM's burst runs alone, on its own webhook: HubSpot's is the demo's,
// Salesforce's a Lead upsert webhook the harness adds. `--rate` is the generator's
// `ratePerSecond` (0: as fast as it can); `--timeout` is per burst, after which the figures so
// far are printed and marked so. `--modes batching` leaves the naive baseline out (`npm run
// bench` does: its goal is on the batching figure).
import { parseArgs } from 'node:util';
import { isMain } from './figures.ts';
import {
  type BenchCrm,
  crmStats,
  type CrmStats,
  formatCounts,
  loadLine,
  machineLine,
  postCampaign,
  printTable,
  startSyncBench,
  type SyncBench,
  waitUntilFinal,
} from './sync-harness.ts';

/** Issue 32's goal for the batching figure on the 1,000-event burst (issue 12's was 0.5). */
export const CALLS_PER_EVENT_GOAL = 0.1;
const ROUTES_SHOWN = 8;

const CRMS: Record<string, BenchCrm[]> = {
  hubspot: ['hubspot'],
  salesforce: ['salesforce'],
  both: ['hubspot', 'salesforce'],
};

const MODES = [
  { name: 'batching', env: {} },
  { name: 'naive', env: { SYNC_MAX_BATCH: '1' } },
] as const;
type ModeName = (typeof MODES)[number]['name'];

export interface CrmCallsOptions {
  crm: 'hubspot' | 'salesforce' | 'both';
  events: number;
  leads: number;
  /** The generator's events per second (0: as fast as it can). */
  rate: number;
  /** Seconds per burst before the figures so far are printed. */
  timeout: number;
  modes: ModeName[];
}

export const defaultCrmCallsOptions: CrmCallsOptions = {
  crm: 'both',
  events: 1000,
  leads: 200,
  rate: 0,
  timeout: 180,
  modes: ['batching', 'naive'],
};

export interface CrmCallsFigure {
  crm: BenchCrm;
  mode: ModeName;
  callsPerEvent: number;
  calls: number;
  synced: number;
  accepted: number;
  rateLimited: number;
  wallSeconds: number;
  /** Every log final before the timeout. */
  done: boolean;
}

export interface CrmCallsFigures {
  options: CrmCallsOptions;
  bursts: CrmCallsFigure[];
}

interface Burst {
  crm: BenchCrm;
  mode: ModeName;
  synced: number;
  /** The CRM's calls: HTTP requests (HubSpot); API requests as the org counts them (Salesforce). */
  calls: number;
  /** Salesforce: every HTTP request the sandbox saw, composite subrequests included. */
  httpRequests: number;
  rateLimited: number;
  sent: number;
  accepted: number;
  counts: Map<string, number>;
  wallSeconds: number;
  done: boolean;
  byRoute: [string, number][];
  load: string;
}

async function burst(
  bench: SyncBench,
  crm: BenchCrm,
  mode: ModeName,
  options: CrmCallsOptions,
): Promise<Burst> {
  const webhookUrl = await bench.smartleadWebhookUrl(crm);
  const before = await crmStats(bench.sandboxUrl, crm);
  const since = new Date();
  const started = performance.now();
  const run = await postCampaign(bench.sandboxUrl, {
    webhookUrl,
    events: options.events,
    leads: options.leads,
    ratePerSecond: options.rate,
    seed: 11,
  });
  const { counts, done } = await waitUntilFinal(
    bench.logs,
    since,
    run.accepted,
    Date.now() + options.timeout * 1000,
  );
  const wallSeconds = (performance.now() - started) / 1000;
  const after = await crmStats(bench.sandboxUrl, crm);
  const httpRequests = after.requests - before.requests;
  return {
    crm,
    mode,
    synced: counts.get('synced') ?? 0,
    calls: crm === 'salesforce' ? (after.apiUsed ?? 0) - (before.apiUsed ?? 0) : httpRequests,
    httpRequests,
    rateLimited: after.rateLimited - before.rateLimited,
    sent: run.sent,
    accepted: run.accepted,
    counts,
    wallSeconds,
    done,
    byRoute: routeDeltas(before, after),
    load: loadLine(),
  };
}

function routeDeltas(before: CrmStats, after: CrmStats): [string, number][] {
  return Object.entries(after.byRoute)
    .map(([route, n]): [string, number] => [route, n - (before.byRoute[route] ?? 0)])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
}

const perEvent = (n: number, synced: number) => (n / Math.max(1, synced)).toFixed(2);

function printCrm(crm: BenchCrm, bursts: Burst[], timeout: number): void {
  const unit =
    crm === 'salesforce'
      ? 'Salesforce API calls (the org’s usage: a composite call is one)'
      : 'HubSpot calls (HTTP requests)';
  const row = (label: string, cell: (each: Burst) => string): [string, string] => [
    label,
    bursts.map((each) => cell(each).padEnd(34)).join(''),
  ];
  const batched = bursts.find((each) => each.mode === 'batching');
  printTable(`\n${crm}: ${unit}`, [
    row('', (each) => `[${each.mode}]`),
    row('calls per synced event', (each) => perEvent(each.calls, each.synced)),
    row('calls', (each) => String(each.calls)),
    ...(crm === 'salesforce'
      ? [row('HTTP requests (with subrequests)', (each) => String(each.httpRequests))]
      : []),
    row(crm === 'salesforce' ? '429 / REQUEST_LIMIT_EXCEEDED' : '429s', (each) =>
      String(each.rateLimited),
    ),
    row('events posted / accepted', (each) => `${each.sent} / ${each.accepted}`),
    row('synced', (each) => String(each.synced)),
    row('wall time, first POST to all final', (each) =>
      each.done ? `${each.wallSeconds.toFixed(1)} s` : `NOT final after ${timeout} s`,
    ),
    row('load at the end', (each) => each.load.replace(/ on \d+ CPUs/, '')),
    [
      'goal',
      batched
        ? `≤ ${CALLS_PER_EVENT_GOAL} per synced event: ${batched.calls / Math.max(1, batched.synced) <= CALLS_PER_EVENT_GOAL ? 'met' : 'NOT met'}`
        : '',
    ],
  ]);
  for (const each of bursts) {
    console.log(`  [${each.mode}] events by status: ${formatCounts(each.counts)}`);
    console.log(`  [${each.mode}] calls by route (HTTP requests, top ${ROUTES_SHOWN}):`);
    for (const [route, n] of each.byRoute.slice(0, ROUTES_SHOWN))
      console.log(`      ${String(n).padStart(6)}  ${perEvent(n, each.synced)}/event  ${route}`);
  }
}

/** Runs the benchmark and prints its report; answers its figures (for bench/all.ts). */
export async function runSyncCrmCalls(
  given: Partial<CrmCallsOptions> = {},
): Promise<CrmCallsFigures> {
  const options: CrmCallsOptions = { ...defaultCrmCallsOptions, ...given };
  const crms = CRMS[options.crm];
  if (!crms) throw new Error(`--crm is hubspot, salesforce or both, not ${options.crm}`);
  const bursts: Burst[] = [];
  for (const mode of MODES.filter((each) => options.modes.includes(each.name))) {
    console.error(`\n— ${mode.name} (${loadLine()}) —`);
    const bench = await startSyncBench({ serviceEnv: mode.env });
    try {
      for (const crm of crms) {
        const done = await burst(bench, crm, mode.name, options);
        console.error(
          `${mode.name} ${crm}: ${perEvent(done.calls, done.synced)} calls per synced event`,
        );
        bursts.push(done);
      }
    } finally {
      await bench.stop();
    }
  }
  console.log(
    `\nsync-crm-calls (${machineLine()}; ${options.events} Smartlead events over ${options.leads} ` +
      `leads per CRM, generator rate ${options.rate === 0 ? 'as fast as possible' : `${options.rate}/s`}; ` +
      `sandbox limits as npm start; batching = SYNC_MAX_BATCH default, naive = SYNC_MAX_BATCH=1)`,
  );
  for (const crm of crms)
    printCrm(
      crm,
      bursts.filter((each) => each.crm === crm),
      options.timeout,
    );
  return {
    options,
    bursts: bursts.map((each) => ({
      crm: each.crm,
      mode: each.mode,
      callsPerEvent: each.calls / Math.max(1, each.synced),
      calls: each.calls,
      synced: each.synced,
      accepted: each.accepted,
      rateLimited: each.rateLimited,
      wallSeconds: each.wallSeconds,
      done: each.done,
    })),
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      crm: { type: 'string', default: defaultCrmCallsOptions.crm },
      events: { type: 'string', default: String(defaultCrmCallsOptions.events) },
      leads: { type: 'string', default: String(defaultCrmCallsOptions.leads) },
      rate: { type: 'string', default: String(defaultCrmCallsOptions.rate) },
      timeout: { type: 'string', default: String(defaultCrmCallsOptions.timeout) },
      modes: { type: 'string', default: defaultCrmCallsOptions.modes.join(',') },
    },
  });
  const modes = values.modes
    .split(',')
    .filter((mode): mode is ModeName => MODES.some((each) => each.name === mode));
  await runSyncCrmCalls({
    crm: values.crm as CrmCallsOptions['crm'],
    events: Number(values.events),
    leads: Number(values.leads),
    rate: Number(values.rate),
    timeout: Number(values.timeout),
    modes,
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
