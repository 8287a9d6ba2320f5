// Receipt-to-CRM latency on an idle system with batching on (issue 32 "Latency": p50 ≤ 150 ms,
// p99 ≤ 400 ms; the service's default SYNC_BATCH_WINDOW_MS and SYNC_MAX_BATCH): Smartlead events
// posted one at a time to `POST /webhooks/{code}`, each timed from the POST until its webhook
// log (MongoDB `webhookLogs`) says synced, polled every 10 ms. A log turns synced only once every
// CRM write of the event has been answered, so this is when the record (HubSpot's e-mail
// engagement, Salesforce's Task on the Lead) is in the CRM, plus at most one poll; the log's own
// `syncedAt − receivedAt` is printed beside it. The same measure for both CRMs.
//
//   npx tsx bench/sync-latency.ts [--crm hubspot|salesforce] [--events 50] [--spacing 500]
//                                 [--leads 10] [--breakdown on|off]
//
// `--crm salesforce` posts to a Smartlead → Salesforce webhook (Lead upsert, e-mail log type)
// the harness adds through the service's API.
//
// The next event goes `--spacing` ms after the previous POST, or as soon as the previous one is
// final if that took longer, so the system is idle when each arrives. 500 ms: an event costs
// HubSpot 4–5 calls, and the service keeps to 0.9 of the portal's 190 calls per rolling 10 s
// (connectors/crm/crm-rate-limits.ts); 300 ms apart (the default while an event took ~490 ms,
// so events went ~500 ms apart anyway) now makes ~15 calls a second, and past ~50 events the
// budget holds calls back for ~350 ms — rate limiting, not an idle system's latency (it shows in
// the breakdown as the CRM write's own work between calls). Leads take the seven
// Smartlead e-mail activity types in turn (the first ten events create contacts and companies).
// One warm-up event first, not counted: it creates the portal's custom properties (HubSpot) or
// reads the org's describe (Salesforce), which happens once per account. The counted events start
// once the warm-up's calls have left HubSpot's rolling windows (10 s; searches 1 s): 500 ms after
// it, the first event waited ~200 ms for the search budget the warm-up had used (3 a second), and
// as the slowest of 50 it was the p99 — rate limiting again, not an idle system's latency.
//
// Where the time goes (`--breakdown on`, the default): the service runs with LOG_LEVEL=trace and
// logs, for each job it queues, how long the event waited in the batch window (the dispatcher),
// for each pipeline run every call through its ports with its start and duration
// (pipeline/run-timings.ts), and every database command and outbound HTTP call
// (platform/call-timings.ts). The bench reads those lines back from the service's log and prints,
// per step, the mean and median milliseconds per event over the counted events: receipt (the
// POST until the event is handed to the dispatcher), the batch window, job queued → run started
// (storing the job and its pick-up), each call of the run (the database commands each sends
// named beside it), inside the CRM write each CRM call, each database write and lookup, the
// run's own work between calls, and the run's end → the log seen synced (the bench's 10 ms poll).
// Tracing costs a little itself (one log line per command): `--breakdown off` measures without.
import { readFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { parseArgs } from 'node:util';
import { FINAL_SYNC_STATUSES } from '@outsync/contracts/sync';
import { ObjectId, type Collection, type Document } from 'mongodb';
import { HUBSPOT_DEFAULT_INTERVAL_MS } from '../sync-service/src/connectors/crm/crm-rate-limits.ts';
import { isMain } from './figures.ts';
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

export const GOAL_P50_MS = 150;
export const GOAL_P99_MS = 400;
const EVENT_TIMEOUT_MS = 30_000;
const POLL_MS = 10;

export interface LatencyOptions {
  crm: BenchCrm;
  /** Events timed (after one warm-up event). */
  events: number;
  /** Ms from one POST to the next (or until the previous event is final, if later). */
  spacing: number;
  leads: number;
  /** The service logs at trace level and the report says where the time goes. */
  breakdown: boolean;
}

export const defaultLatencyOptions: LatencyOptions = {
  crm: 'hubspot',
  events: 50,
  spacing: 500,
  leads: 10,
  breakdown: true,
};

export interface LatencyFigures {
  options: LatencyOptions;
  /** POST → log seen synced, over the synced events. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The logs' own `syncedAt − receivedAt`. */
  loggedP50Ms: number;
  loggedP99Ms: number;
  synced: number;
  events: number;
}

interface Timed {
  /** The event's id (its log's). */
  id: string;
  /** When the POST was sent and when the log was seen final, epoch ms. */
  postedAt: number;
  seenAt: number;
  /** The POST's own time, until its answer's last byte. */
  answerMs: number;
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
  const postedAt = epochMs();
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
        id,
        postedAt,
        seenAt: epochMs(),
        answerMs: answer.ms,
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
  spacing: number,
): Promise<Timed[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
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

/** Runs the benchmark and prints its report; answers its figures (for bench/all.ts). */
export async function runSyncLatency(given: Partial<LatencyOptions> = {}): Promise<LatencyFigures> {
  const options: LatencyOptions = { ...defaultLatencyOptions, ...given };
  const { crm, breakdown } = options;
  const bench = await startSyncBench(
    breakdown
      ? // JSON lines, read back below.
        { serviceEnv: { LOG_LEVEL: 'trace', LOG_FORMAT: 'json' } }
      : {},
  );
  try {
    const url = new URL(await bench.smartleadWebhookUrl(crm));
    const loadBefore = loadLine();
    const [warmUp] = await run(url, smartleadEvents(1, 'warm-up'), bench.logs, 1, options.spacing);
    await sleep(HUBSPOT_DEFAULT_INTERVAL_MS);
    const timed = await run(
      url,
      smartleadEvents(options.leads),
      bench.logs,
      options.events,
      options.spacing,
    );

    const synced = timed.filter((each) => each.status === 'synced');
    const statuses = new Map<string, number>();
    for (const each of timed) statuses.set(each.status, (statuses.get(each.status) ?? 0) + 1);
    const observed = synced.map((each) => each.observedMs).sort((a, b) => a - b);
    const p50 = percentile(observed, 0.5);
    const p99 = percentile(observed, 0.99);
    const logged = synced
      .flatMap((each) => (each.loggedMs === null ? [] : [each.loggedMs]))
      .sort((a, b) => a - b);
    console.log(
      `\nsync-latency (${machineLine()}; ${crm}; ${timed.length} Smartlead events over ${options.leads} leads, ` +
        `one at a time, ${options.spacing} ms apart; batching on at the service's defaults)`,
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
      [
        // Which events the tail is made of: the first `leads` events each create a lead.
        'slowest three (event number)',
        timed
          .map((each, index) => ({ index, ms: each.observedMs }))
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 3)
          .map(({ index, ms }) => `#${index + 1} ${formatMs(ms)}`)
          .join(', '),
      ],
      ['events by final status', [...statuses].map(([status, n]) => `${n} ${status}`).join(', ')],
      [
        'warm-up event (not counted)',
        `${warmUp?.status ?? '?'} in ${formatMs(warmUp?.observedMs ?? Number.NaN)}`,
      ],
      ['machine load before / after', `${loadBefore} / ${loadLine()}`],
    ]);
    if (breakdown) {
      // The service's log is written by this process (a pipe): give it a moment to land.
      await sleep(300);
      printBreakdown(synced, parseLog(await readFile(bench.serviceLogFile, 'utf8')));
    }
    return {
      options,
      p50Ms: p50,
      p99Ms: p99,
      maxMs: observed.at(-1) ?? Number.NaN,
      loggedP50Ms: percentile(logged, 0.5),
      loggedP99Ms: percentile(logged, 0.99),
      synced: synced.length,
      events: timed.length,
    };
  } finally {
    await bench.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      crm: { type: 'string', default: defaultLatencyOptions.crm },
      events: { type: 'string', default: String(defaultLatencyOptions.events) },
      spacing: { type: 'string', default: String(defaultLatencyOptions.spacing) },
      leads: { type: 'string', default: String(defaultLatencyOptions.leads) },
      breakdown: { type: 'string', default: 'on' },
    },
  });
  if (values.crm !== 'hubspot' && values.crm !== 'salesforce') {
    console.error(`--crm is hubspot or salesforce, not ${values.crm}`);
    process.exit(1);
  }
  await runSyncLatency({
    crm: values.crm,
    events: Number(values.events),
    spacing: Number(values.spacing),
    leads: Number(values.leads),
    breakdown: values.breakdown !== 'off',
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

// ---------------------------------------------------------------------------------------------
// Where the time goes: the service's trace lines, matched to each event.

/** Epoch ms with the monotonic clock's fraction, as the service logs its times. */
function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

/** The dispatcher's line for a queued job (dispatcher.ts). */
interface QueuedLine {
  eventIds: string[];
  sentAt: number;
  gatheredMs: number;
  queuedMs: number;
}
/** A pipeline run's line (pipeline/run-timings.ts): its port calls, `at` since its start. */
interface RunLine {
  eventIds: string[];
  startedAt: number;
  ms: number;
  calls: { call: string; at: number; ms: number }[];
}
/** A database command or an outbound call (platform/call-timings.ts), `at` in epoch ms. */
interface CallLine {
  kind: 'db' | 'http' | 'port';
  label: string;
  at: number;
  ms: number;
}
interface ServiceLog {
  queued: QueuedLine[];
  runs: RunLine[];
  calls: CallLine[];
}

function parseLog(text: string): ServiceLog {
  const log: ServiceLog = { queued: [], runs: [], calls: [] };
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (entry.msg === 'sync job queued') log.queued.push(entry as unknown as QueuedLine);
    else if (entry.msg === 'sync run timings') log.runs.push(entry as unknown as RunLine);
    else if (entry.msg === 'database command')
      log.calls.push({
        kind: 'db',
        label: `${String(entry.command)} ${String(entry.collection)}`.trim(),
        at: Number(entry.at),
        ms: Number(entry.ms),
      });
    else if (entry.msg === 'outbound call')
      log.calls.push({
        kind: 'http',
        // The sandbox's host and the CRM's prefix say nothing: the CRM's route, record ids as :id.
        label: String(entry.call)
          .replace(/^(\w+) [^/]+\/(hubspot|salesforce)/, '$1 ')
          .replace(/\/\d+(?=\/|$)/g, '/:id'),
        at: Number(entry.at),
        ms: Number(entry.ms),
      });
  }
  return log;
}

/** One event's time, step by step (label → ms), with what each step sent (label → details). */
type Steps = Map<string, { ms: number; count: number; inside: Map<string, number[]> }>;

function addStep(steps: Steps, label: string, ms: number, inside: CallLine[] = []): void {
  const step = steps.get(label) ?? { ms: 0, count: 0, inside: new Map<string, number[]>() };
  step.ms += ms;
  step.count += 1;
  for (const call of inside) {
    const name = { db: 'db ', http: 'CRM ', port: '' }[call.kind] + call.label;
    step.inside.set(name, [...(step.inside.get(name) ?? []), call.ms]);
  }
  steps.set(label, step);
}

/** Agenda's own commands (its polls, the job's lock and removal). */
function isBackground(call: CallLine): boolean {
  return call.label.endsWith(' agendaJobs');
}

/** How long the calls together took (overlaps counted once). */
function unionMs(calls: { at: number; ms: number }[]): number {
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const call of [...calls].sort((a, b) => a.at - b.at)) {
    const from = Math.max(call.at, end);
    const to = call.at + call.ms;
    if (to > from) total += to - from;
    end = Math.max(end, to);
  }
  return total;
}

function within(calls: CallLine[], from: number, to: number): CallLine[] {
  return calls.filter((call) => call.at >= from - 0.5 && call.at + call.ms <= to + 0.5);
}

/** The event's steps from POST to seen synced, or null when its lines are missing. */
function stepsOf(event: Timed, log: ServiceLog): Steps | null {
  const queued = log.queued.find((line) => line.eventIds.includes(event.id));
  const run = log.runs.find((line) => line.eventIds.includes(event.id));
  if (!queued || !run) return null;
  const steps: Steps = new Map();
  const enqueuedAt = queued.sentAt - queued.gatheredMs;
  const runEnd = run.startedAt + run.ms;
  addStep(steps, 'receipt (POST → handed to the dispatcher)', enqueuedAt - event.postedAt);
  addStep(steps, 'batch window', queued.gatheredMs);
  addStep(
    steps,
    'job queued → run started (store, pick-up)',
    run.startedAt - queued.sentAt,
    within(log.calls, queued.sentAt, run.startedAt),
  );
  // The run's calls at the top (a call inside another, e.g. the writer's step records, is
  // shown inside it); what the calls do not cover is the run's own work.
  const spans = run.calls.map((call) => ({
    ...call,
    from: run.startedAt + call.at,
    to: run.startedAt + call.at + call.ms,
  }));
  const top = spans.filter(
    (span) =>
      !spans.some((other) => other !== span && other.from <= span.from && other.to >= span.to),
  );
  let covered = 0;
  for (const span of top) {
    covered += span.ms;
    const nested = spans.filter(
      (other) => other !== span && other.from >= span.from && other.to <= span.to,
    );
    const inSpan = within(log.calls, span.from, span.to).filter(
      (call) =>
        !nested.some((other) => call.at >= other.from - 0.5 && call.at + call.ms <= other.to + 0.5),
    );
    // Agenda's polls for its other jobs run alongside: shown apart, not counted in the step.
    const background = inSpan.filter(isBackground);
    const own = inSpan.filter((call) => !isBackground(call));
    const inside: CallLine[] = [
      ...own,
      ...nested.map((other) => ({
        kind: 'port' as const,
        label: `→ ${other.call}`,
        at: other.from,
        ms: other.ms,
      })),
      ...background.map((call) => ({ ...call, label: `${call.label} (alongside)` })),
    ];
    if (own.length + nested.length > 0)
      inside.push({
        kind: 'port',
        label: '(its own work between these calls)',
        at: span.from,
        ms: Math.max(
          0,
          span.ms - unionMs([...own, ...nested.map((other) => ({ at: other.from, ms: other.ms }))]),
        ),
      });
    addStep(steps, `run: ${span.call}`, span.ms, inside);
  }
  addStep(steps, 'run: own work between calls', Math.max(0, run.ms - covered));
  addStep(steps, 'run end → log seen synced (10 ms poll)', event.seenAt - runEnd);
  return steps;
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function printBreakdown(events: Timed[], log: ServiceLog): void {
  const perEvent = events.flatMap((event) => {
    const steps = stepsOf(event, log);
    return steps ? [{ event, steps }] : [];
  });
  if (perEvent.length === 0) {
    console.log('\nwhere the time goes: no timing lines in the service log');
    return;
  }
  const labels = [...new Set(perEvent.flatMap(({ steps }) => [...steps.keys()]))];
  const rows: [string, string][] = [];
  const figure = (values: number[]) =>
    `mean ${formatMs(mean(values)).padStart(9)}   p50 ${formatMs(median(values)).padStart(9)}`;
  for (const label of labels) {
    const per = perEvent.map(({ steps }) => steps.get(label));
    const ms = per.map((step) => step?.ms ?? 0);
    const count = mean(per.map((step) => step?.count ?? 0));
    rows.push([label, `${figure(ms)}   ×${count.toFixed(2)} per event`]);
    const inside = new Map<string, number[]>();
    for (const step of per)
      for (const [name, values] of step?.inside ?? [])
        inside.set(name, [...(inside.get(name) ?? []), ...values]);
    for (const [name, values] of [...inside].sort((a, b) => b[1].length - a[1].length))
      rows.push([
        `    ${name}`,
        `each p50 ${formatMs(median(values)).padStart(9)}   ×${(values.length / perEvent.length).toFixed(2)} per event`,
      ]);
  }
  const total = perEvent.map(({ event }) => event.seenAt - event.postedAt);
  rows.push(['total (POST → log seen synced)', figure(total)]);
  rows.push(['POST answered', figure(perEvent.map(({ event }) => event.answerMs))]);
  printTable(
    `\nwhere the time goes (${perEvent.length} events; per step: mean and median ms per event; ` +
      `inside a step: each call's median and how many per event)`,
    rows,
  );
  // The tail is one event (p99 of 50 is the slowest): its own steps, call by call.
  const slowest = perEvent.reduce((worst, each) =>
    each.event.seenAt - each.event.postedAt > worst.event.seenAt - worst.event.postedAt
      ? each
      : worst,
  );
  const slowRows: [string, string][] = [];
  for (const [label, step] of slowest.steps) {
    slowRows.push([label, formatMs(step.ms).padStart(9)]);
    for (const [name, values] of step.inside)
      slowRows.push([`    ${name}`, values.map((value) => formatMs(value)).join(', ')]);
  }
  printTable(
    `\nthe slowest event (event ${events.indexOf(slowest.event) + 1}, ${formatMs(slowest.event.seenAt - slowest.event.postedAt)}), step by step`,
    slowRows,
  );
}
