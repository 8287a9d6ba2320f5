// Scale-out on one machine (issue 33, item 7): an API process (role api) and 1, 2 and 4
// `--role=worker` processes on one database, syncing the events of 4 HubSpot portals at once,
// with no CRM_BUDGET_SHARE set: the processes share each portal's budget through MongoDB
// (connectors/crm/shared-crm-rate-limits.ts). Each row runs on a fresh stack (MongoDB, sandbox,
// service, as sync-throughput.ts does). The sandbox answers HubSpot's 429 past its limit per
// rolling 10 s per portal (190, as npm start runs it, or `--hubspot-limit`) and past 4 searches
// a second.
//
//   npx tsx bench/sync-scale.ts [--workers 1,2,4] [--portals 4] [--events 2000] [--rate 100]
//                               [--hubspot-limit 190] [--timeout 600]
//   npm run sync-scale -w bench -- --events 400          (a quick check)
//
// `--events` are spread over the largest portal count (500 per portal by default; each row
// posts that many per portal, so `--portals 1,4` compares one portal with four). They are
// Smartlead's seven e-mail activity types over new leads, posted to each portal's webhook at
// `--rate` a second per portal. On a small machine the workers' CPU, not HubSpot's 190 per
// 10 s, bounds the sync (batches of up to 200 events take a few calls); `--hubspot-limit 20`
// scales the portals down until their budget is the bound, as a busy portal's is in production.
// Counted per row:
// - synced once: events whose log is synced by exactly one attempt;
// - duplicates: logs synced by more than one attempt, plus what the portals hold twice (a lead
//   with more than one contact, e-mail engagements beyond the synced sends and replies, or two
//   logs naming one engagement);
// - lost: events accepted with no log, logs that did not end synced, and synced sends or replies
//   whose engagement is missing from their contact;
// - 429s: HubSpot answers the sandbox refused for its rate limits (all portals);
// - events/s per portal: a portal's synced events over the time from the first POST to its
//   last sync (mean, and the slowest and fastest portal); total: all of them over the time to
//   the last sync; HubSpot calls/s per portal beside it, against the budget (90 % of the limit).
// It exits non-zero when a row has a 429, a duplicate, a lost event or did not finish.
import { parseArgs } from 'node:util';
import { testEventTypes } from '@outsync/contracts';
import { createWebhook, signedInSession, type ApiSession } from '../scripts/demo-workspace.ts';
import { DEMO_ADMIN_EMAIL } from '../scripts/product.ts';
import {
  crmStats,
  formatCounts,
  loadLine,
  machineLine,
  postCampaign,
  startSyncBench,
  type SyncBench,
  waitUntilFinal,
} from './sync-harness.ts';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2,4' },
    events: { type: 'string', default: '2000' },
    portals: { type: 'string', default: '4' },
    rate: { type: 'string', default: '100' },
    'hubspot-limit': { type: 'string', default: '190' },
    timeout: { type: 'string', default: '600' },
  },
});

/** The share each process would otherwise be told: this benchmark proves none is needed. */
delete process.env.CRM_BUDGET_SHARE;

/** New sandbox portals, clear of the demo's (24000001, 24000002) and the partner demo's. */
const FIRST_HUB_ID = 25_000_001;
/** Each portal's limit per 10 s in the sandbox, and the budget OutSync keeps to (90 %). */
const HUBSPOT_LIMIT = Number(values['hubspot-limit']);
const BUDGET_PER_SECOND = Math.floor(HUBSPOT_LIMIT * 0.9) / 10;

interface Portal {
  hubId: string;
  webhookUrl: string;
}

interface PortalOutcome {
  hubId: string;
  accepted: number;
  syncedOnce: number;
  duplicates: number;
  lost: number;
  perSecond: number;
}

interface Outcome {
  workers: number;
  portals: PortalOutcome[];
  accepted: number;
  rateLimited: number;
  calls: number;
  /** HubSpot calls by route during the run, most first. */
  byRoute: [string, number][];
  seconds: number;
  done: boolean;
  counts: Map<string, number>;
  load: string;
}

/** A portal of the sandbox with the admin as its owner, connected and given a Smartlead webhook. */
async function connectPortal(bench: SyncBench, api: ApiSession, hubId: number): Promise<Portal> {
  const created = await fetch(`${bench.sandboxUrl}/_sandbox/hubspot/portals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hubId, name: `Scale ${hubId}`, ownerEmails: [DEMO_ADMIN_EMAIL] }),
  });
  if (!created.ok) throw new Error(`the sandbox refused portal ${hubId}: ${await created.text()}`);
  const { url } = await api.expect<{ url: string }>('GET', '/api/admin/hubspot/authorize-url');
  await api.completeOAuth(url, { hubId });
  const integrations = await api.expect<{ user: { id: string; organizationId: string } }[]>(
    'GET',
    '/api/admin/users/integrations',
  );
  const profileId = integrations.find((item) => item.user.organizationId === String(hubId))?.user
    .id;
  if (!profileId) throw new Error(`no profile for portal ${hubId} after connecting it`);
  // The demo's HubSpot webhook for Smartlead, as the form makes it.
  const { webhookUrl } = await createWebhook(api, {
    userProfileId: profileId,
    platform: 'smartlead',
    ownersPath: `/api/admin/hubspot/owners-and-user-accounts/${profileId}`,
    settings: {
      objectLookupMethod: 'default',
      createOrUpdateCompany: true,
      createContactCustomProperties: true,
      assignContactOwner: true,
      logType: 0,
    },
  });
  return { hubId: String(hubId), webhookUrl };
}

/** Every portal's limit per rolling 10 s (the sandbox's `/_faults`); its answers then say so. */
async function limitPortals(bench: SyncBench): Promise<void> {
  const answer = await fetch(`${bench.sandboxUrl}/_faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ system: 'hubspot', rateLimit: HUBSPOT_LIMIT, rateWindowMs: 10_000 }),
  });
  if (!answer.ok) throw new Error(`/_faults answered ${answer.status}: ${await answer.text()}`);
}

async function setUpPortals(bench: SyncBench, count: number): Promise<Portal[]> {
  const api = await signedInSession(bench.serviceUrl, bench.sandboxUrl, DEMO_ADMIN_EMAIL);
  const portals: Portal[] = [];
  for (let index = 0; index < count; index++)
    portals.push(await connectPortal(bench, api, FIRST_HUB_ID + index));
  return portals;
}

/** One event per portal first, not counted: each portal's custom properties are made once. */
async function warmUp(bench: SyncBench, portals: readonly Portal[]): Promise<void> {
  const since = new Date();
  const runs = await Promise.all(
    portals.map((portal, index) =>
      postCampaign(bench.sandboxUrl, {
        webhookUrl: portal.webhookUrl,
        events: 1,
        leads: 1,
        ratePerSecond: 0,
        seed: 100 + index,
      }),
    ),
  );
  const accepted = runs.reduce((sum, run) => sum + run.accepted, 0);
  const { done } = await waitUntilFinal(bench.logs, since, accepted, Date.now() + 60_000);
  if (!done) throw new Error('the warm-up events did not sync within 60 s');
}

interface LogRow {
  hubId: string;
  status: string;
  eventType: string | null;
  syncedAt: Date | null;
  steps?: { contactId?: string; engagementId?: string };
  attempts?: { outcome: string }[];
}

type HubspotRow = Record<string, string | null> & { id: string; associations: string };

/** The events that become an e-mail engagement in HubSpot (the writer's engagementOf). */
const ENGAGEMENT_TYPES = new Set(['EMAIL_SENT', 'EMAIL_REPLY']);

/** The contact ids an engagement row is associated with (`contacts:12[198] companies:3[186]`). */
function contactsOf(row: HubspotRow): string[] {
  return [...row.associations.matchAll(/contacts:(\d+)\[/g)].map((match) => match[1] ?? '');
}

/** What a sandbox portal holds (`GET /_state/hubspot?tenant=<hub id>`). */
async function portalState(
  sandboxUrl: string,
  hubId: string,
): Promise<{ contacts: HubspotRow[]; emails: HubspotRow[] }> {
  const response = await fetch(`${sandboxUrl}/_state/hubspot?tenant=${hubId}`);
  if (!response.ok) throw new Error(`/_state/hubspot of ${hubId} answered ${response.status}`);
  return (await response.json()) as { contacts: HubspotRow[]; emails: HubspotRow[] };
}

/** What one portal holds of a run and what its logs say, counted as the table's columns. */
async function judgePortal(
  bench: SyncBench,
  portal: Portal,
  run: { accepted: number; leads: readonly string[] },
  logs: readonly LogRow[],
  startedMs: number,
): Promise<PortalOutcome> {
  const syncedTimes = (log: LogRow) =>
    (log.attempts ?? []).filter((attempt) => attempt.outcome === 'synced').length;
  const syncedOnce = logs.filter((log) => log.status === 'synced' && syncedTimes(log) === 1);
  const runTwice = logs.filter((log) => syncedTimes(log) > 1).length;
  const notSynced = logs.filter((log) => log.status !== 'synced').length;

  const state = await portalState(bench.sandboxUrl, portal.hubId);
  const leads = new Set(run.leads.map((lead) => lead.toLowerCase()));
  const contacts = state.contacts.filter((row) => leads.has((row.email ?? '').toLowerCase()));
  const perLead = new Map<string, number>();
  for (const row of contacts) perLead.set(row.email ?? '', (perLead.get(row.email ?? '') ?? 0) + 1);
  const extraContacts = [...perLead.values()].reduce((sum, n) => sum + n - 1, 0);
  const contactIds = new Set(contacts.map((row) => row.id));
  const emails = state.emails.filter((row) => contactsOf(row).some((id) => contactIds.has(id)));
  const engagementLogs = logs.filter(
    (log) => log.status === 'synced' && ENGAGEMENT_TYPES.has(log.eventType ?? ''),
  );
  const named = new Set(engagementLogs.map((log) => log.steps?.engagementId));
  const sharedEngagements = engagementLogs.length - named.size;
  const extraEmails = Math.max(0, emails.length - engagementLogs.length);
  const emailContacts = new Map(emails.map((row) => [row.id, contactsOf(row)]));
  const missingEngagements = engagementLogs.filter(
    (log) =>
      !emailContacts.get(log.steps?.engagementId ?? '')?.includes(log.steps?.contactId ?? ''),
  ).length;

  const lastSync = Math.max(...logs.map((log) => log.syncedAt?.getTime() ?? 0));
  return {
    hubId: portal.hubId,
    accepted: run.accepted,
    syncedOnce: syncedOnce.length,
    duplicates: runTwice + extraContacts + extraEmails + sharedEngagements,
    lost: Math.max(0, run.accepted - logs.length) + notSynced + missingEngagements,
    perSecond: syncedOnce.length / Math.max(0.001, (lastSync - startedMs) / 1000),
  };
}

async function measure(
  bench: SyncBench,
  portals: readonly Portal[],
  workers: number,
  perPortal: number,
) {
  await warmUp(bench, portals);
  const before = await crmStats(bench.sandboxUrl, 'hubspot');
  const since = new Date();
  const startedMs = Date.now();
  const runs = await Promise.all(
    portals.map((portal, index) =>
      postCampaign(bench.sandboxUrl, {
        webhookUrl: portal.webhookUrl,
        events: perPortal,
        // Each lead through the seven types, about once.
        leads: Math.max(1, Math.ceil(perPortal / testEventTypes.smartlead.length)),
        eventTypes: testEventTypes.smartlead,
        ratePerSecond: Number(values.rate),
        seed: 1000 + index,
      }),
    ),
  );
  const accepted = runs.reduce((sum, run) => sum + run.accepted, 0);
  const { counts, done } = await waitUntilFinal(
    bench.logs,
    since,
    accepted,
    Date.now() + Number(values.timeout) * 1000,
  );
  const load = loadLine();
  const after = await crmStats(bench.sandboxUrl, 'hubspot');
  const logs = (await bench.logs
    .find(
      { receivedAt: { $gte: since } },
      { projection: { hubId: 1, status: 1, eventType: 1, syncedAt: 1, steps: 1, attempts: 1 } },
    )
    .toArray()) as unknown as LogRow[];
  const outcomes = await Promise.all(
    portals.map((portal, index) =>
      judgePortal(
        bench,
        portal,
        runs[index] ?? { accepted: 0, leads: [] },
        logs.filter((log) => log.hubId === portal.hubId),
        startedMs,
      ),
    ),
  );
  const lastSync = Math.max(...logs.map((log) => log.syncedAt?.getTime() ?? 0));
  return {
    workers,
    portals: outcomes,
    accepted,
    rateLimited: after.rateLimited - before.rateLimited,
    calls: after.requests - before.requests,
    byRoute: Object.entries(after.byRoute)
      .map(([route, n]): [string, number] => [route, n - (before.byRoute[route] ?? 0)])
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1]),
    seconds: Math.max(0.001, (lastSync - startedMs) / 1000),
    done,
    counts,
    load,
  } satisfies Outcome;
}

function print(outcomes: readonly Outcome[], eventsPerPortal: number): void {
  console.log(
    `\nsync-scale (${machineLine()}; role api + N --role=worker on one embedded MongoDB; ` +
      `${eventsPerPortal} events per HubSpot portal, posted ${Number(values.rate) > 0 ? `at ${values.rate}/s per portal` : 'as fast as the sandbox can'}; ` +
      `sandbox limit ${HUBSPOT_LIMIT} / 10 s per portal, OutSync's budget ${BUDGET_PER_SECOND.toFixed(1)} calls/s per portal; ` +
      `CRM_BUDGET_SHARE not set)`,
  );
  const header = [
    'workers',
    'portals',
    'events',
    'synced once',
    'duplicates',
    'lost',
    '429s',
    'events/s per portal (min–max)',
    'total events/s',
    'HubSpot calls/s per portal',
  ];
  const rows = outcomes.map((outcome) => {
    const rates = outcome.portals.map((portal) => portal.perSecond);
    const sum = (pick: (portal: PortalOutcome) => number) =>
      outcome.portals.reduce((total, portal) => total + pick(portal), 0);
    const syncedOnce = sum((portal) => portal.syncedOnce);
    const mean = rates.reduce((total, rate) => total + rate, 0) / Math.max(1, rates.length);
    return [
      String(outcome.workers),
      String(outcome.portals.length),
      String(outcome.accepted),
      String(syncedOnce),
      String(sum((portal) => portal.duplicates)),
      String(sum((portal) => portal.lost)),
      String(outcome.rateLimited),
      `${mean.toFixed(1)} (${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)})`,
      (syncedOnce / outcome.seconds).toFixed(1),
      (outcome.calls / outcome.portals.length / outcome.seconds).toFixed(1),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `  ${cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ')}`;
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const outcome of outcomes) {
    console.log(
      `  [${outcome.workers} × ${outcome.portals.length}] ${outcome.done ? 'all final' : `NOT all final after ${values.timeout} s`}` +
        ` in ${outcome.seconds.toFixed(1)} s; logs by status: ${formatCounts(outcome.counts)}; ${outcome.load}`,
    );
    console.log(
      `      HubSpot calls: ${outcome.byRoute
        .map(
          ([route, n]) =>
            `${n} ${route.replace(/^\S+ \/hubspot/, '').replace('/crm/v3/objects/:objectType', '')}`,
        )
        .join(', ')}`,
    );
  }
}

/** A list of positive counts (`1,2,4`), or an error naming the option. */
function countsOf(option: string, value: string): number[] {
  const counts = value.split(',').map(Number);
  if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--${option} is a list of counts like 1,2,4, not ${value}`);
  return counts;
}

async function main(): Promise<void> {
  const workerCounts = countsOf('workers', values.workers);
  const portalCounts = countsOf('portals', values.portals);
  // "2,000 events over 4 portals": the same events per portal in every row.
  const eventsPerPortal = Math.floor(Number(values.events) / Math.max(...portalCounts));
  const outcomes: Outcome[] = [];
  for (const workers of workerCounts) {
    for (const portalCount of portalCounts) {
      console.error(
        `\n— ${workers} worker process(es), ${portalCount} portal(s) (${loadLine()}) —`,
      );
      const bench = await startSyncBench({ role: 'api', workers });
      try {
        await limitPortals(bench);
        const portals = await setUpPortals(bench, portalCount);
        const outcome = await measure(bench, portals, workers, eventsPerPortal);
        console.error(
          `${workers} × ${portalCount}: ${outcome.accepted} events in ${outcome.seconds.toFixed(1)} s, ${outcome.rateLimited} 429s`,
        );
        outcomes.push(outcome);
      } finally {
        await bench.stop();
      }
    }
  }
  print(outcomes, eventsPerPortal);
  const failed = outcomes.some(
    (outcome) =>
      !outcome.done ||
      outcome.rateLimited > 0 ||
      outcome.portals.some((portal) => portal.duplicates > 0 || portal.lost > 0),
  );
  if (failed) process.exitCode = 1;
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
