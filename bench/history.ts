// History > Webhooks latency on a large log (issue 13 "Performance": p95 ≤ 100 ms): 100,000
// webhook logs over 50 customers, seeded straight into `webhookLogs` through mongoose (chunks of
// insertMany), then the list page and the count timed over HTTP, as the screen calls them, for
// the main filter combinations of an admin and of a customer.
//
//   npx tsx bench/history.ts [--logs 100000] [--customers 50] [--samples 40]
//
// The service runs as `npm start` runs it (its own process, on the embedded MongoDB with a data
// directory, set up by the sync harness); role `api`, so no worker touches the seeded logs.
// Pages 1 to 5 in turn; three warm-up calls per combination are not counted. The 14-day chart
// (`/daily`) is timed too, for information.
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import {
  EMAIL_ACTIVITY_EVENT_TYPES,
  SOCIAL_ACTIVITY_EVENT_TYPES,
  type ActivityEventType,
} from '@outsync/contracts';
import type { SyncStatus } from '@outsync/contracts/sync';
import mongoose, { Types } from 'mongoose';
import { DEMO_ADMIN_EMAIL } from '../scripts/product.ts';
import { readSignInCode } from '../scripts/sign-in.ts';
import { webhookEventModel } from '../sync-service/src/features/webhook-events/index.ts';
import type { WebhookEventDoc } from '../sync-service/src/pipeline/index.ts';
import { isMain } from './figures.ts';
import { formatMs, machineLine, percentile, printTable, startSyncBench } from './sync-harness.ts';

export const HISTORY_GOAL_P95_MS = 100;
const GOAL_P95_MS = HISTORY_GOAL_P95_MS;
const CHUNK = 2_000;
const DAY_MS = 86_400_000;

const CUSTOMER_EMAIL = 'customer-00@history-bench.test';

/** Weighted picks: what a month of outbound activity looks like. */
const EVENT_WEIGHTS: [ActivityEventType, number][] = [
  ['EMAIL_SENT', 40],
  ['EMAIL_OPEN', 22],
  ['EMAIL_LINK_CLICK', 8],
  ['EMAIL_REPLY', 5],
  ['LEAD_CATEGORY_UPDATED', 5],
  ['EMAIL_BOUNCE', 2],
  ['LEAD_UNSUBSCRIBED', 1],
  ...SOCIAL_ACTIVITY_EVENT_TYPES.map((type): [ActivityEventType, number] => [type, 17 / 7]),
];
const STATUS_WEIGHTS: [SyncStatus, number][] = [
  ['synced', 84],
  ['partially_synced', 1],
  ['held', 4],
  ['failed', 2],
  ['not_synced', 4],
  ['duplicate', 3],
  ['unsupported', 2],
];

/** A small deterministic generator, so two runs seed the same log. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(weights: [T, number][]): T => {
    const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of weights) {
      roll -= weight;
      if (roll <= 0) return value;
    }
    return (weights[weights.length - 1] as [T, number])[0];
  };
  return { next, pick };
}

export type Customer = {
  userId: Types.ObjectId;
  email: string;
  hubId: string;
  profileId: Types.ObjectId;
  webhooks: { id: Types.ObjectId; url: string }[];
};

/** `count` customers with two webhooks each; the first has `firstId` (a signed-in user's id). */
export function benchCustomers(
  firstId: Types.ObjectId,
  serviceUrl: string,
  count: number,
): Customer[] {
  return Array.from({ length: count }, (_, index) => {
    const webhooks = Array.from({ length: 2 }, (_, n) => {
      const id = new Types.ObjectId();
      return { id, url: `${serviceUrl}/webhooks/bench-${index}-${n}-${id.toString()}` };
    });
    return {
      userId: index === 0 ? firstId : new Types.ObjectId(),
      email:
        index === 0
          ? CUSTOMER_EMAIL
          : `customer-${String(index).padStart(2, '0')}@history-bench.test`,
      hubId: String(40_000_000 + index),
      profileId: new Types.ObjectId(),
      webhooks,
    };
  });
}

function buildLog(
  customer: Customer,
  random: ReturnType<typeof generator>,
  now: number,
): WebhookEventDoc {
  const webhook =
    customer.webhooks[Math.floor(random.next() * customer.webhooks.length)] ??
    customer.webhooks[0]!;
  const eventType = random.pick(EVENT_WEIGHTS);
  const status = random.pick(STATUS_WEIGHTS);
  const lead = Math.floor(random.next() * 300);
  const leadEmail = `lead-${lead}.${customer.hubId}@prospect.test`;
  const receivedAt = new Date(now - Math.floor(random.next() * 30 * DAY_MS));
  const email = EMAIL_ACTIVITY_EVENT_TYPES.includes(eventType as never);
  const failed = status === 'failed';
  return {
    _id: new Types.ObjectId(),
    webhookId: webhook.id,
    userId: customer.userId,
    userProfileId: customer.profileId,
    userEmail: customer.email,
    crm: 'HUBSPOT',
    hubId: customer.hubId,
    webhookUrl: webhook.url,
    test: false,
    path: new URL(webhook.url).pathname,
    payloadJson: JSON.stringify({
      event_type: eventType,
      to_email: leadEmail,
      subject: 'Quick question',
      body: 'x'.repeat(400),
    }),
    platform: email ? 'smartlead' : 'heyreach',
    rawEventType: eventType,
    eventType,
    summary: {
      subject: email ? 'Quick question' : null,
      to_email: leadEmail,
      from_email: 'rep@agency.test',
      event_type: eventType,
    },
    leadKey: leadEmail,
    leadEmail,
    campaignId: String(1000 + (lead % 7)),
    platformLeadId: String(lead),
    eventJson: null,
    status,
    reason: status === 'held' ? 'The lead is not in an approved category.' : null,
    errors: failed ? [{ step: 'contact', message: 'HubSpot answered 500', at: receivedAt }] : [],
    steps:
      status === 'synced'
        ? {
            contactId: String(900_000 + lead),
            engagementId: String(lead * 31),
            engagementType: 'emails',
          }
        : {},
    attempts: [
      { at: receivedAt, durationMs: 120, outcome: failed ? 'failed' : 'synced', message: null },
    ],
    attemptCount: 1,
    nextAttemptAt: null,
    lease: null,
    receivedAt,
    syncedAt: status === 'synced' ? new Date(receivedAt.getTime() + 800) : null,
    updatedAt: receivedAt,
    expiresAt: new Date(now + 60 * DAY_MS),
  };
}

/**
 * Inserts `logs` webhook logs over `list`'s customers straight into `webhookLogs` (chunks of
 * insertMany, the same logs on every run); resolves with the milliseconds it took.
 */
export async function seedWebhookLogs(
  mongoUri: string,
  list: Customer[],
  logs: number,
): Promise<number> {
  const connection = await mongoose.createConnection(mongoUri).asPromise();
  try {
    const events = webhookEventModel(connection);
    await events.init();
    const random = generator(13);
    const now = Date.now();
    const started = performance.now();
    for (let done = 0; done < logs; done += CHUNK) {
      const chunk = Array.from({ length: Math.min(CHUNK, logs - done) }, (_, index) =>
        buildLog(list[(done + index) % list.length] as Customer, random, now),
      );
      await events.insertMany(chunk, { ordered: false, lean: true });
    }
    return performance.now() - started;
  } finally {
    await connection.close();
  }
}

/** A signed-in caller (cookies as a browser keeps them) that times GETs. */
async function signIn(serviceUrl: string, sandboxUrl: string, email: string) {
  const cookies = new Map<string, string>();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const csrfResponse = await fetch(`${serviceUrl}/auth/csrf-token`);
  keep(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${serviceUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: cookie() },
      body: JSON.stringify(body),
    });
    keep(response);
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
  };
  const since = new Date(Date.now() - 1000);
  await post('/auth/code', { email });
  const code = await readSignInCode(sandboxUrl, email, since);
  await post('/auth/verify', { email, code, rememberMe: false });
  /** GET over a kept-alive connection: ms until the whole body arrived, and the body. */
  const get = (path: string) =>
    new Promise<{ ms: number; status: number; body: string }>((resolve, reject) => {
      const started = performance.now();
      const url = new URL(path, serviceUrl);
      request(url, { agent, headers: { cookie: cookie() } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, body }),
        );
      })
        .on('error', reject)
        .end();
    });
  const me = JSON.parse((await get('/api/admin/me')).body) as { id: string };
  return { id: me.id, get, close: () => agent.destroy() };
}

type Caller = Awaited<ReturnType<typeof signIn>>;

/** Until five reads of the session in a row answer within 20 ms (at most a minute). */
async function settle(caller: Caller): Promise<void> {
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (quick < 5 && Date.now() < deadline) {
    const { ms } = await caller.get('/api/admin/me');
    quick = ms < 20 ? quick + 1 : 0;
    if (quick === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function time(caller: Caller, path: (page: number) => string, count: number) {
  const samples: number[] = [];
  for (let index = -3; index < count; index++) {
    const { ms, status, body } = await caller.get(path((Math.max(index, 0) % 5) + 1));
    if (status !== 200) throw new Error(`${path(1)} answered ${status}: ${body.slice(0, 200)}`);
    if (index >= 0) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

export interface HistoryOptions {
  logs: number;
  customers: number;
  /** Timed calls per endpoint and filter combination (after three warm-up calls). */
  samples: number;
}

export const defaultHistoryOptions: HistoryOptions = { logs: 100_000, customers: 50, samples: 40 };

/** One filter combination's times over HTTP, ms. */
export interface HistoryCombo {
  label: string;
  page: { p50: number; p95: number };
  count: { p50: number; p95: number };
  daily: { p50: number; p95: number };
  matching: number;
}

export interface HistoryFigures {
  options: HistoryOptions;
  seedMs: number;
  combos: HistoryCombo[];
  /** The worst p95 of the list pages and counts over the combinations (the goal's figure). */
  worstP95Ms: number;
}

/** Runs the benchmark and prints its report; answers its figures (for bench/all.ts). */
export async function runHistory(given: Partial<HistoryOptions> = {}): Promise<HistoryFigures> {
  const options: HistoryOptions = { ...defaultHistoryOptions, ...given };
  const LOGS = options.logs;
  const CUSTOMERS = options.customers;
  const SAMPLES = options.samples;
  console.log(`History bench: ${LOGS} webhook logs over ${CUSTOMERS} customers (${machineLine()})`);
  const bench = await startSyncBench({ role: 'api', log: (line) => console.error(line) });
  try {
    const customer = await signIn(bench.serviceUrl, bench.sandboxUrl, CUSTOMER_EMAIL);
    const admin = await signIn(bench.serviceUrl, bench.sandboxUrl, DEMO_ADMIN_EMAIL);
    const list = benchCustomers(new Types.ObjectId(customer.id), bench.serviceUrl, CUSTOMERS);
    console.error(`Seeding ${LOGS} logs…`);
    const seedMs = await seedWebhookLogs(bench.mongoUri, list, LOGS);
    console.log(`Seeded in ${(seedMs / 1000).toFixed(1)} s`);
    // The embedded MongoDB compacts its journal in the background after a large write: wait
    // until a small database read is quick again, so that is not what the figures measure.
    await settle(admin);
    const someLead = `lead-17.${list[0]?.hubId ?? ''}@prospect.test`;
    const combos: [string, Caller, string][] = [
      ['admin, no filter', admin, ''],
      ['admin + email', admin, `email=${encodeURIComponent(someLead)}`],
      ['admin + eventType', admin, 'eventType=EMAIL_REPLY'],
      ['admin + userEmail', admin, `userEmail=${encodeURIComponent(list[7]?.email ?? '')}`],
      ['customer, no filter', customer, ''],
      ['customer + email', customer, `email=${encodeURIComponent(someLead)}`],
      ['customer + eventType + status', customer, 'eventType=EMAIL_OPEN&status=failed'],
    ];
    const rows: [string, string][] = [];
    const figures: HistoryCombo[] = [];
    let worst = 0;
    for (const [label, caller, query] of combos) {
      const page = await time(
        caller,
        (n) => `/api/admin/webhook-logs?page=${n}${query ? `&${query}` : ''}`,
        SAMPLES,
      );
      const count = await time(
        caller,
        () => `/api/admin/webhook-logs/count${query ? `?${query}` : ''}`,
        SAMPLES,
      );
      const total = JSON.parse(
        (await caller.get(`/api/admin/webhook-logs/count?${query}`)).body,
      ) as { totalItems: number };
      // The chart above the list (not part of the goal: it is drawn beside the first page).
      const daily = await time(
        caller,
        () => `/api/admin/webhook-logs/daily${query ? `?${query}` : ''}`,
        SAMPLES,
      );
      worst = Math.max(worst, page.p95, count.p95);
      figures.push({ label, page, count, daily, matching: total.totalItems });
      rows.push([
        label,
        `page p50 ${formatMs(page.p50)} p95 ${formatMs(page.p95)} | count p50 ${formatMs(count.p50)} p95 ${formatMs(count.p95)} | daily p50 ${formatMs(daily.p50)} p95 ${formatMs(daily.p95)} | ${total.totalItems} matching`,
      ]);
    }
    printTable(`Latency over HTTP (${SAMPLES} samples each, pages 1–5):`, rows);
    console.log(
      `Worst p95 ${formatMs(worst)}: goal ≤ ${GOAL_P95_MS} ms ${worst <= GOAL_P95_MS ? 'met' : 'NOT met'}`,
    );
    customer.close();
    admin.close();
    return { options, seedMs, combos: figures, worstP95Ms: worst };
  } finally {
    await bench.stop();
  }
}

// Imported (for its seeding by history-scroll.ts and web-vitals.ts, by bench/all.ts), it runs
// nothing.
if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      logs: { type: 'string', default: String(defaultHistoryOptions.logs) },
      customers: { type: 'string', default: String(defaultHistoryOptions.customers) },
      samples: { type: 'string', default: String(defaultHistoryOptions.samples) },
    },
  });
  await runHistory({
    logs: Number(values.logs),
    customers: Number(values.customers),
    samples: Number(values.samples),
  });
}
