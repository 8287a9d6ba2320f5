// Receipt-to-CRM latency on an idle system with batching on (issue 12 "Performance": p50 ≤ 1 s,
// p99 ≤ 3 s; the service's default SYNC_BATCH_WINDOW_MS and SYNC_MAX_BATCH): Smartlead events
// posted one at a time to `POST /webhooks/{code}`, each timed from the POST until its webhook
// log (MongoDB `webhookLogs`) says synced, polled every 10 ms. A log turns synced only once every
// CRM write of the event has been answered, so this is when the record (HubSpot's e-mail
// engagement, Salesforce's Task on the Lead) is in the CRM, plus at most one poll; the log's own
// `syncedAt − receivedAt` is printed beside it. The same measure for both CRMs.
//
//   npx tsx bench/sync-latency.ts [--crm hubspot|salesforce] [--events 50] [--spacing 300]
//                                 [--leads 10]
//
// `--crm salesforce` posts to a Smartlead → Salesforce webhook (Lead upsert, e-mail log type)
// the harness adds through the service's API.
//
// The next event goes `--spacing` ms after the previous POST, or as soon as the previous one is
// final if that took longer, so the system is idle when each arrives. Leads take the seven
// Smartlead e-mail activity types in turn (the first ten events create contacts and companies).
// One warm-up event first, not counted: it creates the portal's custom properties (HubSpot) or
// reads the org's describe (Salesforce), which happens once per account.
import { Agent } from 'node:http';
import { parseArgs } from 'node:util';
import { FINAL_SYNC_STATUSES } from '@outsync/contracts/sync';
import { ObjectId, type Collection, type Document } from 'mongodb';
import {
  formatMs,
  machineLine,
  percentile,
  postJson,
  printTable,
  sleep,
  smartleadEvents,
  startSyncBench,
  type BenchCrm,
  loadLine,
  type SmartleadEvents,
} from './sync-harness.ts';

const GOAL_P50_MS = 1000;
const GOAL_P99_MS = 3000;
const EVENT_TIMEOUT_MS = 30_000;
const POLL_MS = 10;

const { values } = parseArgs({
  options: {
    crm: { type: 'string', default: 'hubspot' },
    events: { type: 'string', default: '50' },
    spacing: { type: 'string', default: '300' },
    leads: { type: 'string', default: '10' },
  },
});

interface Timed {
  status: string;
  /** From the POST to the poll that saw the log final. */
  observedMs: number;
  /** The log's own `syncedAt − receivedAt` (null when not synced). */
  loggedMs: number | null;
}

/** Posts one event and waits until its log is final. */
async function timeOne(
  agent: Agent,
  url: URL,
  body: string,
  logs: Collection<Document>,
): Promise<Timed> {
  const started = performance.now();
  const answer = await postJson(agent, url, body);
  if (answer.status !== 200)
    throw new Error(`the webhook answered ${answer.status}: ${answer.body}`);
  const { id } = JSON.parse(answer.body) as { id: string };
  const deadline = Date.now() + EVENT_TIMEOUT_MS;
  for (;;) {
    const log = await logs.findOne(
      { _id: new ObjectId(id) },
      { projection: { status: 1, receivedAt: 1, syncedAt: 1 } },
    );
    const status = typeof log?.status === 'string' ? log.status : 'missing';
    if (FINAL_SYNC_STATUSES.some((final) => final === status) || Date.now() > deadline) {
      const receivedAt: unknown = log?.receivedAt;
      const syncedAt: unknown = log?.syncedAt;
      return {
        status: Date.now() > deadline ? `${status} after 30 s` : status,
        observedMs: performance.now() - started,
        loggedMs:
          syncedAt instanceof Date && receivedAt instanceof Date
            ? syncedAt.getTime() - receivedAt.getTime()
            : null,
      };
    }
    await sleep(POLL_MS);
  }
}

async function run(
  url: URL,
  events: SmartleadEvents,
  logs: Collection<Document>,
  count: number,
): Promise<Timed[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const spacing = Number(values.spacing);
  const timed: Timed[] = [];
  try {
    for (let sequence = 0; sequence < count; sequence++) {
      const started = Date.now();
      timed.push(await timeOne(agent, url, events.body(sequence), logs));
      await sleep(Math.max(0, spacing - (Date.now() - started)));
    }
  } finally {
    agent.destroy();
  }
  return timed;
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${formatMs(percentile(sorted, 0.5)).padStart(9)}   p99 ${formatMs(percentile(sorted, 0.99)).padStart(9)}   max ${formatMs(sorted.at(-1) ?? Number.NaN).padStart(9)}`;
}

async function main(): Promise<void> {
  if (values.crm !== 'hubspot' && values.crm !== 'salesforce')
    throw new Error(`--crm is hubspot or salesforce, not ${values.crm}`);
  const crm: BenchCrm = values.crm;
  const bench = await startSyncBench();
  try {
    const url = new URL(await bench.smartleadWebhookUrl(crm));
    const loadBefore = loadLine();
    const [warmUp] = await run(url, smartleadEvents(1, 'warm-up'), bench.logs, 1);
    const timed = await run(
      url,
      smartleadEvents(Number(values.leads)),
      bench.logs,
      Number(values.events),
    );

    const synced = timed.filter((each) => each.status === 'synced');
    const statuses = new Map<string, number>();
    for (const each of timed) statuses.set(each.status, (statuses.get(each.status) ?? 0) + 1);
    const observed = synced.map((each) => each.observedMs).sort((a, b) => a - b);
    const p50 = percentile(observed, 0.5);
    const p99 = percentile(observed, 0.99);
    console.log(
      `\nsync-latency (${machineLine()}; ${crm}; ${timed.length} Smartlead events over ${values.leads} leads, ` +
        `one at a time, ${values.spacing} ms apart; batching on at the service's defaults)`,
    );
    printTable('', [
      ['POST → log synced (observed)', summary(synced.map((each) => each.observedMs))],
      [
        'receivedAt → syncedAt (the log)',
        summary(synced.flatMap((each) => (each.loggedMs === null ? [] : [each.loggedMs]))),
      ],
      [
        'goal',
        `p50 ≤ ${GOAL_P50_MS} ms and p99 ≤ ${GOAL_P99_MS} ms: ${p50 <= GOAL_P50_MS && p99 <= GOAL_P99_MS ? 'met' : 'NOT met'}`,
      ],
      ['events by final status', [...statuses].map(([status, n]) => `${n} ${status}`).join(', ')],
      [
        'warm-up event (not counted)',
        `${warmUp?.status ?? '?'} in ${formatMs(warmUp?.observedMs ?? Number.NaN)}`,
      ],
      ['machine load before / after', `${loadBefore} / ${loadLine()}`],
    ]);
  } finally {
    await bench.stop();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
