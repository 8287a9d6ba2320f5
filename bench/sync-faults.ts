// HubSpot faults during a burst (issue 29 "Done means"), one of:
// - `--fault rate-limit`: the sandbox limits the demo portal to `--limit` calls per 10 s for
//   `--fault-seconds` (default 420) while `--events` (600) Smartlead events over `--leads` leads
//   arrive. OutSync's own budget learns the limit and sends batches back to wait; a wait spends
//   no attempt, so every event ends synced.
// - `--fault outage`: every HubSpot call answers 503 for `--fault-seconds` (default 600) while
//   `--events` (500) arrive. After three failed batches the account's circuit parks the events
//   (no attempt spent) and probes every 30 s; the probe that finds HubSpot back resumes them all.
//   The demo portal has an endpoint that asked for sync alerts: the bench counts the sync.failed
//   and sync.recovered it received and the alert e-mails the owner got.
// Prints the events synced and failed, how long after the fault ended all were final, the waits
// recorded, the attempts spent, and what was lost or written twice in HubSpot (the checks
// sync-throughput makes).
//
//   npx tsx bench/sync-faults.ts [--fault rate-limit|outage] [--events N] [--leads 120]
//                                [--limit 15] [--fault-seconds S] [--timeout 900]
import { parseArgs } from 'node:util';
import { DEMO_ADMIN_EMAIL } from '../scripts/product.ts';
import {
  crmStats,
  formatCounts,
  hubspotSyncedOnceProblems,
  machineLine,
  postCampaign,
  printTable,
  signedInCaller,
  sleep,
  startSyncBench,
  waitUntilFinal,
} from './sync-harness.ts';

const { values } = parseArgs({
  options: {
    fault: { type: 'string', default: 'rate-limit' },
    events: { type: 'string' },
    leads: { type: 'string', default: '120' },
    limit: { type: 'string', default: '15' },
    'fault-seconds': { type: 'string' },
    timeout: { type: 'string', default: '900' },
  },
});

async function setHubspotFaults(sandboxUrl: string, body: Record<string, unknown>) {
  const response = await fetch(`${sandboxUrl}/_faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ system: 'hubspot', ...body }),
  });
  if (!response.ok) throw new Error(`/_faults answered ${response.status}`);
}

const outage = values.fault === 'outage';
if (!outage && values.fault !== 'rate-limit')
  throw new Error(`--fault is rate-limit or outage, not ${values.fault}`);
const events = Number(values.events ?? (outage ? 500 : 600));
const faultSeconds = Number(values['fault-seconds'] ?? (outage ? 600 : 420));
const fault = outage ? { errorRate: 1 } : { rateLimit: Number(values.limit), errorRate: 0 };

type AttemptRow = { status: string; attemptCount?: number; attempts?: { outcome: string }[] };

const bench = await startSyncBench();
try {
  // One event first: the portal's custom properties are made before the limit.
  const warmSince = new Date();
  const warm = await postCampaign(bench.sandboxUrl, {
    webhookUrl: bench.webhookUrl,
    events: 1,
    leads: 1,
    ratePerSecond: 0,
    seed: 1,
  });
  await waitUntilFinal(bench.logs, warmSince, warm.accepted, Date.now() + 30_000);

  const defaults = (await (await fetch(`${bench.sandboxUrl}/_faults`)).json()) as {
    hubspot?: { rateLimit?: number | null };
  };
  const normalLimit = defaults.hubspot?.rateLimit ?? 190;
  const alertsReceiver = `${bench.sandboxUrl}/receiver/bench-sync-alerts`;
  if (outage) await subscribeToSyncAlerts(alertsReceiver);
  const faultMs = faultSeconds * 1000;
  const before = await crmStats(bench.sandboxUrl, 'hubspot');
  const since = new Date();
  const started = Date.now();
  await setHubspotFaults(bench.sandboxUrl, fault);
  const run = await postCampaign(bench.sandboxUrl, {
    webhookUrl: bench.webhookUrl,
    events,
    leads: Number(values.leads),
    ratePerSecond: 0,
    seed: 29,
  });
  await sleep(Math.max(0, faultMs - (Date.now() - started)));
  const atLift = formatCounts(
    await waitUntilFinal(bench.logs, since, run.accepted, Date.now()).then((r) => r.counts),
  );
  await setHubspotFaults(bench.sandboxUrl, { rateLimit: normalLimit, errorRate: 0 });
  const lifted = Date.now();
  const { counts, done } = await waitUntilFinal(
    bench.logs,
    since,
    run.accepted,
    Date.now() + Number(values.timeout) * 1000,
  );
  const afterLiftS = (Date.now() - lifted) / 1000;
  const after = await crmStats(bench.sandboxUrl, 'hubspot');
  const rows = (await bench.logs
    .find(
      { receivedAt: { $gte: since } },
      { projection: { status: 1, attemptCount: 1, attempts: 1 } },
    )
    .toArray()) as unknown as AttemptRow[];
  const waits = rows.reduce(
    (sum, row) => sum + (row.attempts ?? []).filter((a) => a.outcome === 'waiting').length,
    0,
  );
  const spent = rows.map((row) => row.attemptCount ?? 0);
  const problems = await hubspotSyncedOnceProblems(bench, since, run.leads);

  console.log(
    `\nsync-faults (${machineLine()}; HubSpot ${
      outage ? 'answering 503 to every call' : `limited to ${values.limit} calls / 10 s`
    } for ${faultSeconds} s; ${run.accepted} events over ${values.leads} leads in one burst)`,
  );
  printTable('', [
    ['events accepted', String(run.accepted)],
    ['when the fault ended', atLift],
    ['in the end', `${formatCounts(counts)}${done ? '' : ' (NOT all final: timed out)'}`],
    ['failed', String(counts.get('failed') ?? 0)],
    ['all final, after the fault ended', `${afterLiftS.toFixed(0)} s`],
    ['waits recorded (no attempt spent)', String(waits)],
    ['attempts spent per event, max', String(Math.max(0, ...spent))],
    [
      'HubSpot calls / 429s',
      `${after.requests - before.requests} / ${after.rateLimited - before.rateLimited}`,
    ],
    ['lost or written twice', problems.length === 0 ? '0' : problems.join('; ')],
    ...(outage ? await alertRows(alertsReceiver, since) : []),
  ]);
} finally {
  await bench.stop();
}

/** An endpoint of the demo HubSpot profile that asks for sync alerts (the sandbox receiver). */
async function subscribeToSyncAlerts(url: string) {
  const call = await signedInCaller(bench.serviceUrl, bench.sandboxUrl);
  const integrations = await call<{ user: { id: string; profile: string } }[]>(
    'GET',
    '/api/admin/users/integrations',
  );
  const profileId = integrations.find((item) => item.user.profile === 'HUBSPOT')?.user.id;
  if (!profileId) throw new Error('the demo HubSpot profile is missing');
  await call('POST', '/api/admin/user-accounts', {
    url,
    description: 'Sync alerts (bench)',
    userProfileId: profileId,
    syncAlerts: true,
  });
}

/** What the customer was told: alerts the endpoint received, alert e-mails in the mailbox. */
async function alertRows(receiver: string, since: Date): Promise<Array<[string, string]>> {
  // The delivery job looks every 10 s: give the recovery its time to arrive.
  await sleep(15_000);
  const requests = (await (await fetch(`${receiver}/requests`)).json()) as { rawBody: string }[];
  const types = requests
    .map((request) => (JSON.parse(request.rawBody) as { type: string }).type)
    .filter((type) => type.startsWith('sync.'));
  const count = (type: string) => types.filter((each) => each === type).length;
  const messages = (await (
    await fetch(`${bench.sandboxUrl}/mailbox/messages?to=${encodeURIComponent(DEMO_ADMIN_EMAIL)}`)
  ).json()) as { subject: string; receivedAt: string }[];
  const alertMails = messages.filter(
    (message) => new Date(message.receivedAt) >= since && message.subject.includes('is failing'),
  );
  return [
    [
      'sync.failed / sync.recovered received',
      `${count('sync.failed')} / ${count('sync.recovered')}`,
    ],
    ['alert e-mails to the owner', String(alertMails.length)],
  ];
}
