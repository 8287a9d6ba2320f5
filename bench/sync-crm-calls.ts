// CRM calls per synced event (issue 12 "Performance": goal ≤ 0.5; a naive sync spends 4–6), for
// HubSpot and Salesforce, beside the naive baseline from the same run: a burst of Smartlead
// events from the sandbox's event generator (`/simulate/campaign` with the webhook's address)
// to `POST /webhooks/{code}`, waited on until every log is final, with the sandbox's request
// counters (`/_stats`, and the org's API usage for Salesforce) read before and after.
//
//   npx tsx bench/sync-crm-calls.ts [--crm hubspot|salesforce|both] [--events 1000] [--leads 200]
//                                   [--rate 0] [--timeout 180]
//
// Two stacks, one after the other, each with its own MongoDB, sandbox and service: the batching
// one (SYNC_MAX_BATCH at its default) and the naive one (SYNC_MAX_BATCH=1: the same writer, one
// event per job). Both start from the same empty state, so the only difference is the batch
// size; the figures of each include the one-time set-up its CRM needs (HubSpot's custom
// properties). Each CRM's burst runs alone, on its own webhook: HubSpot's is the demo's,
// Salesforce's a Lead upsert webhook the harness adds. `--rate` is the generator's
// `ratePerSecond` (0: as fast as it can); `--timeout` is per burst, after which the figures so
// far are printed and marked so.
import { parseArgs } from 'node:util';
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

const GOAL = 0.5;
const ROUTES_SHOWN = 8;

const { values } = parseArgs({
  options: {
    crm: { type: 'string', default: 'both' },
    events: { type: 'string', default: '1000' },
    leads: { type: 'string', default: '200' },
    rate: { type: 'string', default: '0' },
    timeout: { type: 'string', default: '180' },
  },
});

const CRMS: Record<string, BenchCrm[]> = {
  hubspot: ['hubspot'],
  salesforce: ['salesforce'],
  both: ['hubspot', 'salesforce'],
};

const MODES = [
  { name: 'batching', env: {} },
  { name: 'naive', env: { SYNC_MAX_BATCH: '1' } },
] as const;

interface Burst {
  crm: BenchCrm;
  mode: string;
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

async function burst(bench: SyncBench, crm: BenchCrm, mode: string): Promise<Burst> {
  const webhookUrl = await bench.smartleadWebhookUrl(crm);
  const before = await crmStats(bench.sandboxUrl, crm);
  const since = new Date();
  const started = performance.now();
  const run = await postCampaign(bench.sandboxUrl, {
    webhookUrl,
    events: Number(values.events),
    leads: Number(values.leads),
    ratePerSecond: Number(values.rate),
    seed: 11,
  });
  const { counts, done } = await waitUntilFinal(
    bench.logs,
    since,
    run.accepted,
    Date.now() + Number(values.timeout) * 1000,
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

function printCrm(crm: BenchCrm, bursts: Burst[]): void {
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
      each.done ? `${each.wallSeconds.toFixed(1)} s` : `NOT final after ${values.timeout} s`,
    ),
    row('load at the end', (each) => each.load.replace(/ on \d+ CPUs/, '')),
    [
      'goal',
      batched
        ? `≤ ${GOAL} per synced event: ${batched.calls / Math.max(1, batched.synced) <= GOAL ? 'met' : 'NOT met'}`
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

async function main(): Promise<void> {
  const crms = CRMS[values.crm];
  if (!crms) throw new Error(`--crm is hubspot, salesforce or both, not ${values.crm}`);
  const bursts: Burst[] = [];
  for (const mode of MODES) {
    console.error(`\n— ${mode.name} (${loadLine()}) —`);
    const bench = await startSyncBench({ serviceEnv: mode.env });
    try {
      for (const crm of crms) {
        const done = await burst(bench, crm, mode.name);
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
    `\nsync-crm-calls (${machineLine()}; ${values.events} Smartlead events over ${values.leads} ` +
      `leads per CRM, generator rate ${values.rate === '0' ? 'as fast as possible' : `${values.rate}/s`}; ` +
      `sandbox limits as npm start; batching = SYNC_MAX_BATCH default, naive = SYNC_MAX_BATCH=1)`,
  );
  for (const crm of crms)
    printCrm(
      crm,
      bursts.filter((each) => each.crm === crm),
    );
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
