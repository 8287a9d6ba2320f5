// What a CRM call pays for its budget (issue 33, item 4): the time `throttle` takes in the local
// limiter (this process's rolling windows in memory) and in the shared one (one findOneAndUpdate
// on MongoDB per call), on the embedded MongoDB as `npm start` runs it (its own process, with a
// journal). The limiters' clock moves 15 ms a call, so each of the 4 portals sees a call every
// 60 ms: about 166 calls in each 10 s window, just under a 190-per-10-s portal's 171, so every
// call is granted and each portal's window is as full as it gets at the limit.
//
//   npx tsx bench/crm-budget.ts [--calls 3000]
//
// Printed per limiter: calls per second and the median and 99th-percentile time of one
// throttle, with one call in flight and with 8 in flight over 4 portals (several batches of a
// worker at once).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import {
  createCrmRateLimits,
  type CrmRateLimits,
} from '../sync-service/src/connectors/crm/crm-rate-limits.ts';
import { createSharedCrmRateLimits } from '../sync-service/src/connectors/crm/shared-crm-rate-limits.ts';
import { stopChild } from '../scripts/product.ts';
import { repoRoot } from '../scripts/repo-root.ts';
import { loadLine, machineLine, percentile, printTable } from './sync-harness.ts';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '3000' } } });
const CALLS = Number(values.calls);
const PORTAL_COUNT = 4;
const CALL = { method: 'POST', url: 'https://api.hubapi.com/crm/v3/objects/contacts/batch/read' };
const PROFESSIONAL_TIER = new Response('{}', {
  headers: {
    'x-hubspot-ratelimit-max': '190',
    'x-hubspot-ratelimit-interval-milliseconds': '10000',
  },
});

/** A clock that moves 15 ms each time it is read for a call. */
function steadyClock(): { now: () => number } {
  let at = Date.now();
  return { now: () => (at += 15) };
}

interface Timing {
  perSecond: number;
  p50: number;
  p99: number;
}

let runs = 0;

/** `CALLS` throttles with `inFlight` at a time, spread over portals of this run's own. */
async function time(limits: CrmRateLimits, inFlight: number): Promise<Timing> {
  runs += 1;
  const portals = Array.from({ length: PORTAL_COUNT }, (_, n) => `${runs}0${n}`);
  for (const portal of portals) {
    limits.hubspot(portal).observe(PROFESSIONAL_TIER);
    // The first call stores the tier (and makes the portal's document).
    await limits.hubspot(portal).throttle(CALL);
  }
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < CALLS) {
        const portal = portals[next % PORTAL_COUNT] ?? '';
        next += 1;
        const at = performance.now();
        await limits.hubspot(portal).throttle(CALL);
        durations.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    perSecond: CALLS / seconds,
    p50: percentile(durations, 0.5),
    p99: percentile(durations, 0.99),
  };
}

async function startMongo(dataDir: string): Promise<{ uri: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'tools/embedded-mongo/bin/embedded-mongo.js'),
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--quiet',
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const uri = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (mongodb:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`embedded MongoDB exited (${String(code)})`)));
  });
  return { uri, child };
}

const format = (timing: Timing) =>
  `${timing.perSecond.toFixed(0).padStart(9)} calls/s   p50 ${timing.p50.toFixed(3)} ms   p99 ${timing.p99.toFixed(3)} ms`;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outsync-crm-budget-'));
  const mongo = await startMongo(path.join(dataDir, 'mongo'));
  const connection = await mongoose.createConnection(`${mongo.uri}/crm-budget-bench`).asPromise();
  try {
    const shared = () => createSharedCrmRateLimits({ connection, ...steadyClock() });
    const rows: [string, string][] = [
      ['local, 1 in flight', format(await time(createCrmRateLimits(steadyClock()), 1))],
      ['local, 8 in flight', format(await time(createCrmRateLimits(steadyClock()), 8))],
      ['shared, 1 in flight', format(await time(shared(), 1))],
      ['shared, 8 in flight', format(await time(shared(), 8))],
    ];
    printTable(
      `\ncrm-budget (${machineLine()}; ${loadLine()}; ${CALLS} throttles over ${PORTAL_COUNT} HubSpot portals; embedded MongoDB with its journal)`,
      rows,
    );
  } finally {
    await connection.close();
    await stopChild(mongo.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
