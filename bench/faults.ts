// The fault suite (issue 30, "What to build" 3): the product as operators run it — embedded
// MongoDB, the sandbox, the service's API (`--role=api`) and two workers (`--role=worker`) as
// separate processes — driven through faults, one row each, with a one-line verdict:
// sent, acknowledged (2xx), synced, duplicate deliveries, failed (visibly, in the log), lost
// (acknowledged and no log), still waiting (not final when the row timed out: pending a later
// attempt, visibly), written twice or to the wrong lead in HubSpot, and the time from the fault's
// end until every event was final.
//
// Rows (each on its own new leads, one after the other on the same processes):
// - duplicate-deliveries: the platform delivers a fifth of the events twice, a tenth again after
//   a timeout it took as a failure;
// - crm-5xx-storm: HubSpot answers 503 to a third of the calls during the burst;
// - crm-429-storm: HubSpot allows 15 calls per 10 s during the burst;
// - lost-answers: HubSpot applies half the e-mail creates and loses their answers, while one
//   campaign step goes to every lead in the same second with one subject (issue 30's wrong-lead
//   recovery);
// - new-companies: leads of new companies, several per company, written by the two workers at
//   once (issue 30's duplicate companies): one company per domain;
// - worker-kill: a worker killed with SIGKILL mid-burst, a new one started;
// - api-kill: the API process killed with SIGKILL mid-burst and started again; the platform
//   then delivers the whole campaign again (the same bodies), as it re-sends what failed;
// - database-kill: the embedded MongoDB killed with SIGKILL mid-burst, down a few seconds,
//   started again on its data directory; then the same re-delivery.
// And one row on the embedded database alone, first, on its own processes (bench/embedded-crash.ts,
// which also runs by itself):
// - embedded-crash: the database's own crash consistency. Eight writers (inserts, updates,
//   deletes, multi-document writes, inserts racing under a unique index) through the driver,
//   the server killed with SIGKILL at random moments (30 times; 5 in the short suite), some
//   during a journal compaction or during the restart's replay, and checked after each restart
//   against the ledger of acknowledged writes. Its verdict: kills, writes sent and acknowledged,
//   in flight at a kill, lost (acknowledged, not there after the restart), duplicated (an `_id`
//   or unique key twice), wrong (anything else: index answers differing from a scan, phantom
//   writes), and the slowest restart.
// Not here (bench/embedded-restart.ts measures it): the restart time at 100,000 documents.
//
//   npx tsx bench/faults.ts            the full suite (a few thousand events, ~15 minutes)
//   npx tsx bench/faults.ts --short    the CI version (a few hundred events, a few minutes)
//   npx tsx bench/faults.ts --only worker-kill,lost-answers
//   npx tsx bench/faults.ts --only embedded-crash    (no product started: the database alone)
// Exits 1 when a row loses, duplicates or fails an event.
import { parseArgs } from 'node:util';
import {
  type CrashResult,
  crashVerdictOk,
  formatCrashVerdict,
  runEmbeddedCrash,
} from './embedded-crash.ts';
import {
  formatCounts,
  hubspotSyncedOnceProblems,
  machineLine,
  postCampaign,
  sandboxState,
  sleep,
  startSyncBench,
  waitUntilFinal,
  type CampaignRun,
  type SyncBench,
} from './sync-harness.ts';

const { values } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    only: { type: 'string' },
    /** Seconds a row may take to be final after its fault (retries back off to 5 min). */
    timeout: { type: 'string' },
  },
});
const short = values.short;
/** Events per row: the full suite's, or the CI version's. */
const scale = (full: number, ci: number) => (short ? ci : full);

type Verdict = {
  row: string;
  sent: number;
  acknowledged: number;
  counts: Map<string, number>;
  lost: number;
  /** Logs not final when the row timed out: visibly waiting for a later attempt, not lost. */
  waiting: number;
  problems: string[];
  drainS: number;
  done: boolean;
};

type Row = {
  name: string;
  /**
   * Starts the fault, sends the events, lifts the fault; answers the run, when it lifted, and
   * what the row itself saw go wrong.
   */
  run(bench: SyncBench): Promise<{ run: CampaignRun; liftedAt: number; problems?: string[] }>;
  /** The row's own check once every event is final: what was written twice. */
  check?(bench: SyncBench): Promise<string[]>;
};

async function faults(bench: SyncBench, body: Record<string, unknown>) {
  const response = await fetch(`${bench.sandboxUrl}/_faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`/_faults answered ${response.status}`);
}

const HUBSPOT_NORMAL = {
  system: 'hubspot',
  errorRate: 0,
  errorPath: null,
  errorAfterApply: false,
  rateLimit: 190,
};

let seed = 3000;

const rows: Row[] = [
  {
    name: 'duplicate-deliveries',
    async run(bench) {
      const run = await postCampaign(bench.sandboxUrl, {
        webhookUrl: bench.webhookUrl,
        events: scale(600, 150),
        leads: scale(120, 30),
        ratePerSecond: 100,
        seed: (seed += 1),
        faults: { duplicates: 0.2, retries: 0.1 },
      });
      return { run, liftedAt: Date.now() };
    },
  },
  {
    name: 'crm-5xx-storm',
    async run(bench) {
      await faults(bench, { ...HUBSPOT_NORMAL, errorRate: 0.33 });
      try {
        const run = await postCampaign(bench.sandboxUrl, {
          webhookUrl: bench.webhookUrl,
          events: scale(600, 150),
          leads: scale(120, 30),
          ratePerSecond: 50,
          seed: (seed += 1),
        });
        await sleep(scale(20_000, 5_000));
        return { run, liftedAt: Date.now() };
      } finally {
        await faults(bench, HUBSPOT_NORMAL);
      }
    },
  },
  {
    name: 'crm-429-storm',
    async run(bench) {
      await faults(bench, { ...HUBSPOT_NORMAL, rateLimit: 15 });
      try {
        const run = await postCampaign(bench.sandboxUrl, {
          webhookUrl: bench.webhookUrl,
          events: scale(600, 150),
          leads: scale(120, 30),
          ratePerSecond: 0,
          seed: (seed += 1),
        });
        await sleep(scale(60_000, 15_000));
        return { run, liftedAt: Date.now() };
      } finally {
        await faults(bench, HUBSPOT_NORMAL);
      }
    },
  },
  {
    name: 'lost-answers',
    async run(bench) {
      await faults(bench, {
        ...HUBSPOT_NORMAL,
        errorRate: 0.5,
        errorPath: '/objects/emails/batch/create',
        errorAfterApply: true,
      });
      try {
        const leads = scale(300, 100);
        const run = await postCampaign(bench.sandboxUrl, {
          webhookUrl: bench.webhookUrl,
          events: leads,
          leads,
          eventTypes: ['EMAIL_SENT'],
          ratePerSecond: 0,
          seed: (seed += 1),
          at: new Date(Date.now() - 60_000).toISOString(),
          subject: 'Quick question',
        });
        await sleep(scale(20_000, 8_000));
        return { run, liftedAt: Date.now() };
      } finally {
        await faults(bench, HUBSPOT_NORMAL);
      }
    },
  },
  newCompaniesRow(),
  {
    name: 'worker-kill',
    async run(bench) {
      const since = new Date();
      const burst = postCampaign(bench.sandboxUrl, {
        webhookUrl: bench.webhookUrl,
        events: scale(1500, 400),
        leads: scale(300, 80),
        ratePerSecond: 100,
        seed: (seed += 1),
      });
      // Kill once some are synced and others are mid-write.
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const synced = await bench.logs.countDocuments({
          receivedAt: { $gte: since },
          status: 'synced',
        });
        if (synced >= scale(300, 80)) break;
        await sleep(20);
      }
      const [victim] = bench.workerPids;
      if (victim === undefined) throw new Error('no worker to kill');
      bench.killWorker(victim);
      const liftedAt = Date.now();
      await bench.addWorker();
      return { run: await burst, liftedAt };
    },
  },
  crashAndRedeliverRow('api-kill', async (bench) => {
    const { restartMs } = await bench.crashService();
    console.error(`  the API was back ${(restartMs / 1000).toFixed(1)} s after its kill`);
  }),
  crashAndRedeliverRow('database-kill', async (bench) => {
    const { restartMs } = await bench.crashDatabase(scale(12_000, 5_000));
    console.error(
      `  the database listened again ${(restartMs / 1000).toFixed(1)} s after its start`,
    );
  }),
];

/**
 * A campaign delivered while a part of the product crashes, then delivered again in full once
 * it is back (the same bodies: one time for every event, the same leads and seed), as a platform
 * re-sends the deliveries that failed. What was acknowledged must end synced once, and so must
 * everything the second delivery brings.
 */
function crashAndRedeliverRow(
  name: string,
  crashMidBurst: (bench: SyncBench) => Promise<void>,
): Row {
  const stamp = Date.now().toString(36);
  return {
    name,
    async run(bench) {
      const since = new Date();
      const events = scale(600, 200);
      const campaign = {
        webhookUrl: bench.webhookUrl,
        events,
        leads: Array.from(
          { length: scale(120, 40) },
          (_, index) => `lead${index}@${name}-${stamp}.example`,
        ),
        ratePerSecond: 50,
        seed: (seed += 1),
        at: new Date(Date.now() - 60_000).toISOString(),
      };
      const first = postCampaign(bench.sandboxUrl, campaign);
      // Crash once a third is in, while the rest is on its way.
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if ((await bench.logs.countDocuments({ receivedAt: { $gte: since } })) >= events / 3) break;
        await sleep(20);
      }
      await crashMidBurst(bench);
      const liftedAt = Date.now();
      const during = await first;
      const again = await postCampaign(bench.sandboxUrl, campaign);
      const problems =
        again.accepted < again.sent
          ? [`${again.sent - again.accepted} of the re-delivery's events refused after recovery`]
          : [];
      return {
        run: {
          ...during,
          sent: during.sent + again.sent,
          accepted: during.accepted + again.accepted,
        },
        liftedAt,
        problems,
      };
    },
  };
}

function newCompaniesRow(): Row {
  const stamp = Date.now().toString(36);
  const domains = scale(40, 12);
  const prefix = `newco-${stamp}-`;
  return {
    name: 'new-companies',
    async run(bench) {
      const leads = Array.from({ length: domains * 5 }, (_, index) => ({
        email: `lead${index}@${prefix}${index % domains}.example`,
        companyName: `Newco ${stamp} ${index % domains}`,
      }));
      const run = await postCampaign(bench.sandboxUrl, {
        webhookUrl: bench.webhookUrl,
        events: leads.length,
        leads,
        eventTypes: ['EMAIL_SENT'],
        ratePerSecond: 0,
        seed: (seed += 1),
      });
      return { run, liftedAt: Date.now() };
    },
    check: (bench) => companiesTwice(bench, prefix, domains),
  };
}

/** New companies made twice: the domains with more than one company in HubSpot. */
async function companiesTwice(bench: SyncBench, prefix: string, domains: number) {
  const state = await sandboxState<{ companies: Array<{ domain?: string | null }> }>(
    bench.sandboxUrl,
    'hubspot',
  );
  const perDomain = new Map<string, number>();
  for (const company of state.companies) {
    const domain = (company.domain ?? '').toLowerCase();
    if (domain.startsWith(prefix)) perDomain.set(domain, (perDomain.get(domain) ?? 0) + 1);
  }
  const twice = [...perDomain.values()].filter((n) => n > 1).length;
  const problems = twice > 0 ? [`${twice} of ${domains} new companies created more than once`] : [];
  if (perDomain.size !== domains)
    problems.push(`${perDomain.size} of ${domains} new companies in HubSpot`);
  return problems;
}

async function runRow(bench: SyncBench, row: Row): Promise<Verdict> {
  const since = new Date();
  const { run, liftedAt, problems: seen = [] } = await row.run(bench);
  const { counts, done } = await waitUntilFinal(
    bench.logs,
    since,
    run.accepted,
    Date.now() + Number(values.timeout ?? (short ? 300 : 900)) * 1000,
  );
  const drainS = (Date.now() - liftedAt) / 1000;
  const logged = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const extra = row.check ? await row.check(bench) : [];
  const problems = [
    ...(await hubspotSyncedOnceProblems(bench, since, run.leads)).filter(
      // Failed and unfinished events are their own columns.
      (problem) => !problem.includes('neither synced nor duplicate'),
    ),
    ...extra,
    ...seen,
  ];
  return {
    row: row.name,
    sent: run.sent,
    acknowledged: run.accepted,
    counts,
    lost: Math.max(0, run.accepted - logged),
    waiting: done ? 0 : countNotFinal(counts),
    problems,
    drainS,
    done,
  };
}

function countNotFinal(counts: Map<string, number>) {
  return [...counts]
    .filter(([status]) => !['synced', 'duplicate', 'failed', 'partially_synced'].includes(status))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** The database's own row: its own processes, no product (bench/embedded-crash.ts). */
const EMBEDDED_CRASH = 'embedded-crash';
const names = [EMBEDDED_CRASH, ...rows.map((row) => row.name)];
const chosen = values.only ? values.only.split(',') : names;
const unknown = chosen.filter((name) => !names.includes(name));
if (unknown.length > 0) throw new Error(`no such row: ${unknown.join(', ')}`);

let crash: CrashResult | undefined;
if (chosen.includes(EMBEDDED_CRASH)) {
  console.error(`fault suite: ${EMBEDDED_CRASH}…`);
  crash = await runEmbeddedCrash({
    kills: scale(30, 5),
    seed: Date.now() % 100_000,
    loadMs: short ? [300, 1500] : [300, 3000],
  });
}

const productRows = rows.filter((candidate) => chosen.includes(candidate.name));
const verdicts: Verdict[] = [];
if (productRows.length > 0) {
  const bench = await startSyncBench({ role: 'api', workers: 2 });
  try {
    for (const row of productRows) {
      console.error(`fault suite: ${row.name}…`);
      verdicts.push(await runRow(bench, row));
    }
  } finally {
    await bench.stop();
  }
}

console.log(
  `\nfault suite (${short ? 'short' : 'full'}; ${machineLine()}; ${
    productRows.length > 0 ? 'API + 2 workers, embedded MongoDB, sandbox' : 'embedded MongoDB alone'
  })`,
);
let bad = 0;
if (crash) {
  const ok = crashVerdictOk(crash);
  if (!ok) bad += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${EMBEDDED_CRASH.padEnd(21)} ${formatCrashVerdict(crash)}`);
  for (const problem of crash.problems) console.log(`     ${problem}`);
}
for (const verdict of verdicts) {
  const failed = verdict.counts.get('failed') ?? 0;
  const ok = verdict.lost === 0 && verdict.problems.length === 0 && failed === 0 && verdict.done;
  if (!ok) bad += 1;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${verdict.row.padEnd(21)} sent ${verdict.sent}, acknowledged ${
      verdict.acknowledged
    }, ${formatCounts(verdict.counts)}; failed ${failed}, lost ${verdict.lost}, still waiting ${
      verdict.waiting
    }, duplicated ${
      verdict.problems.length === 0 ? 0 : verdict.problems.join('; ')
    }; all final ${verdict.drainS.toFixed(1)} s after the fault${verdict.done ? '' : ' (TIMED OUT)'}`,
  );
}
process.exitCode = bad > 0 ? 1 : 0;
