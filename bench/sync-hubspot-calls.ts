// HubSpot calls per synced event (issue 11 "Performance": a naive sync spends about 4–6; the
// next issue sets ≤ 0.5): a burst of Smartlead events from the sandbox's event generator
// (`/simulate/campaign` with the webhook's address) to `POST /webhooks/{code}`, waited on until
// every log is final, with the sandbox's HubSpot request counters (`/_stats`) read before and
// after.
//
//   npx tsx bench/sync-hubspot-calls.ts [--events 1000] [--leads 200] [--rate 0] [--timeout 150]
//
// `--rate` is the generator's `ratePerSecond` (0: as fast as it can, 64 posts in flight). The
// figures include the one-time creation of the portal's custom properties. With `--timeout`
// seconds gone before every log is final, the figures so far are printed and marked so.
import { parseArgs } from 'node:util';
import { FINAL_SYNC_STATUSES } from '@outsync/contracts/sync';
import type { Collection, Document } from 'mongodb';
import {
  hubspotStats,
  machineLine,
  printTable,
  sleep,
  startSyncBench,
  type HubspotStats,
} from './sync-harness.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000' },
    leads: { type: 'string', default: '200' },
    rate: { type: 'string', default: '0' },
    timeout: { type: 'string', default: '150' },
  },
});

interface CampaignRun {
  events: number;
  sent: number;
  accepted: number;
  failed: number;
  durationMs: number;
}

async function postCampaign(sandboxUrl: string, webhookUrl: string): Promise<CampaignRun> {
  const response = await fetch(`${sandboxUrl}/simulate/campaign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      platform: 'smartlead',
      webhookUrl,
      events: Number(values.events),
      leads: Number(values.leads),
      ratePerSecond: Number(values.rate),
      seed: 11,
    }),
  });
  if (!response.ok)
    throw new Error(`/simulate/campaign answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as CampaignRun;
}

async function countByStatus(
  logs: Collection<Document>,
  since: Date,
): Promise<Map<string, number>> {
  const rows = await logs
    .aggregate<{ _id: string; n: number }>([
      { $match: { receivedAt: { $gte: since } } },
      { $group: { _id: '$status', n: { $sum: 1 } } },
    ])
    .toArray();
  return new Map(rows.map((row) => [row._id, row.n]));
}

const isFinal = (status: string) => FINAL_SYNC_STATUSES.some((final) => final === status);

/** Polls until `expected` logs exist and all are final, or the time is up. */
async function waitUntilFinal(
  logs: Collection<Document>,
  since: Date,
  expected: number,
  deadline: number,
): Promise<{ counts: Map<string, number>; done: boolean }> {
  for (;;) {
    const counts = await countByStatus(logs, since);
    const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    const pending = [...counts].filter(([status]) => !isFinal(status)).length;
    const done = total >= expected && pending === 0;
    if (done || Date.now() > deadline) return { counts, done };
    await sleep(250);
  }
}

function routeRows(before: HubspotStats, after: HubspotStats, synced: number): [string, string][] {
  return Object.entries(after.byRoute)
    .map(([route, n]) => [route, n - (before.byRoute[route] ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([route, n]) => [
      `  ${route}`,
      `${String(n).padStart(6)}   ${(n / Math.max(1, synced)).toFixed(2)} per synced event`,
    ]);
}

async function main(): Promise<void> {
  const bench = await startSyncBench();
  try {
    const before = await hubspotStats(bench.sandboxUrl);
    const since = new Date();
    const started = performance.now();
    const run = await postCampaign(bench.sandboxUrl, bench.webhookUrl);
    const { counts, done } = await waitUntilFinal(
      bench.logs,
      since,
      run.accepted,
      Date.now() + Number(values.timeout) * 1000,
    );
    const wallSeconds = (performance.now() - started) / 1000;
    const after = await hubspotStats(bench.sandboxUrl);

    const synced = counts.get('synced') ?? 0;
    const calls = after.requests - before.requests;
    const rateLimited = after.rateLimited - before.rateLimited;
    console.log(
      `\nsync-hubspot-calls (${machineLine()}; ${run.events} Smartlead events over ${values.leads} leads, ` +
        `generator rate ${values.rate === '0' ? 'as fast as possible' : `${values.rate}/s`}; ` +
        `sandbox HubSpot limits as npm start: 190 / 10 s per portal, search 4 / s)`,
    );
    printTable('', [
      ['HubSpot calls per synced event', `${(calls / Math.max(1, synced)).toFixed(2)}`],
      [
        'HubSpot calls',
        `${calls}, of which ${rateLimited} answered 429 (${((calls - rateLimited) / Math.max(1, synced)).toFixed(2)} per synced event without them)`,
      ],
      [
        'events posted / accepted',
        `${run.sent} / ${run.accepted} (generator ${(run.durationMs / 1000).toFixed(1)} s)`,
      ],
      [
        'events by status',
        [...counts]
          .sort((a, b) => b[1] - a[1])
          .map(([status, n]) => `${n} ${status}`)
          .join(', '),
      ],
      [
        'wall time, first POST to all final',
        done
          ? `${wallSeconds.toFixed(1)} s`
          : `NOT all final after ${values.timeout} s (figures so far)`,
      ],
      ['calls by route', ''],
      ...routeRows(before, after, synced),
    ]);
  } finally {
    await bench.stop();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
