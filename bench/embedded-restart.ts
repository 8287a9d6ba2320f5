// How long the embedded database takes to come back after a crash at 100,000 documents, in the
// worst case the running server lets happen (issue 30: "the embedded journal compacts on a size
// or age bound, restart ≤ 3 s at 100k documents").
//
//   npx tsx bench/embedded-restart.ts                  (about two minutes)
//   DOCS=20000 ROUNDS=1 npx tsx bench/embedded-restart.ts
//
// The CLI runs in its own process on a fresh data directory, as `npm start` runs it (default
// compaction bound). 100,000 webhook-log-sized documents are inserted; then four writers update
// random batches of them (a log's life: received, processing, synced) without pause. The journal
// is largest just before a compaction swaps in: the bound (twice the live data) was reached, the
// snapshot is being written, and the writes since keep landing in the old file. So each round
// waits for the second compaction of the running server (the first may be the restart's own, or
// the size threshold's), kills the server with SIGKILL as soon as that compaction's snapshot is
// 95% written, with the writers' updates in flight, and times the restart: from spawn to the
// "listening" line, replay included; and checks every document is back. A last row is a restart
// of the compacted journal, for comparison.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { launchServer, type ServerProcess } from './embedded-crash.ts';
import { machineLine, printTable, sleep } from './sync-harness.ts';

const DOCS = Number(process.env.DOCS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BATCH = 1000;
const WRITERS = 4;

interface WebhookLog {
  _id: string;
  userId: string;
  receivedAt: Date;
  status: string;
  leadEmail: string;
  payload: { event_type: string; text: string };
  updatedAt?: Date;
}

const size = async (file: string): Promise<number | undefined> => {
  try {
    return (await stat(file)).size;
  } catch {
    return undefined;
  }
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** Wall time from spawn, and the CPU time the process used in it, with the machine's load. */
const restart = ({ ms, cpuMs }: { ms: number; cpuMs: number | undefined }) =>
  `${seconds(ms)}${cpuMs === undefined ? '' : ` (${seconds(cpuMs)} CPU)`}, load average ${
    os.loadavg()[0]?.toFixed(1) ?? '?'
  }`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outsync-embedded-restart-'));
const journal = path.join(dataDir, 'journal.bson');
const side = `${journal}.compact`;
let server: ServerProcess | undefined;
try {
  server = launchServer(dataDir, [], 'inherit');
  let { uri } = await server.listening;
  {
    const client = new MongoClient(uri);
    const logs = client.db('outsync').collection<WebhookLog>('webhookLogs');
    await logs.createIndex({ userId: 1, receivedAt: -1 });
    for (let start = 0; start < DOCS; start += BATCH) {
      await logs.insertMany(
        Array.from({ length: Math.min(BATCH, DOCS - start) }, (_, offset) => ({
          _id: `log-${start + offset}`,
          userId: `user-${(start + offset) % 50}`,
          receivedAt: new Date(),
          status: 'received',
          leadEmail: `lead${start + offset}@example.com`,
          payload: { event_type: 'EMAIL_SENT', text: 'x'.repeat(400) },
        })),
      );
    }
    await client.close();
  }
  // All of it live: about what a compaction writes.
  const liveBytes = (await size(journal)) ?? 0;

  const rows: (readonly [string, string])[] = [
    ['live data (the journal after the inserts)', mb(liveBytes)],
  ];
  const restarts: number[] = [];
  const restartsCpu: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2000 });
    const logs = client.db('outsync').collection<WebhookLog>('webhookLogs');
    let stopped = false;
    let updates = 0;
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let batch = 0; !stopped; batch += 1) {
        const first = Math.floor(Math.random() * (DOCS - 500));
        const ids = Array.from({ length: 500 }, (_, i) => `log-${first + i}`);
        try {
          await logs.updateMany(
            { _id: { $in: ids } },
            {
              $set: {
                status: ['processing', 'synced'][(batch + writer) % 2],
                updatedAt: new Date(),
              },
            },
          );
          updates += ids.length;
        } catch (error) {
          if (!stopped) console.error(`writer ${writer}: ${String(error)}`);
          return; // the kill
        }
      }
    });
    // The second compaction this server runs, caught with its snapshot 95% written.
    let compactions = 0;
    let inSide = false;
    let killedAt = 0;
    const deadline = Date.now() + 10 * 60_000;
    while (Date.now() < deadline) {
      const sideBytes = await size(side);
      if (sideBytes !== undefined && !inSide) compactions += 1;
      inSide = sideBytes !== undefined;
      if (compactions >= 2 && sideBytes !== undefined && sideBytes >= 0.95 * liveBytes) {
        killedAt = (await size(journal)) ?? 0;
        stopped = true;
        await server.kill();
        break;
      }
      await sleep(5);
    }
    if (!stopped) throw new Error('no compaction to crash in within 10 minutes');
    await Promise.all(writers);
    await client.close().catch(() => undefined);

    server = launchServer(dataDir, [], 'inherit');
    const restarted = await server.listening;
    uri = restarted.uri;
    restarts.push(restarted.ms);
    if (restarted.cpuMs !== undefined) restartsCpu.push(restarted.cpuMs);
    const check = new MongoClient(uri);
    const count = await check.db('outsync').collection('webhookLogs').countDocuments();
    await check.close();
    if (count !== DOCS) {
      process.exitCode = 1;
      console.error(`round ${round}: ${count} documents after the restart, not ${DOCS}`);
    }
    rows.push(
      [
        `round ${round}: journal at the kill (${updates.toLocaleString('en')} updates)`,
        mb(killedAt),
      ],
      [`round ${round}: restart (spawn to listening)`, restart(restarted)],
    );
  }

  // For comparison: the restart of a compacted journal (the restarted server compacts it now).
  const wait = Date.now() + 120_000;
  while (((await size(journal)) ?? 0) > 1.2 * liveBytes && Date.now() < wait) await sleep(200);
  const compacted = (await size(journal)) ?? 0;
  await server.kill();
  server = launchServer(dataDir, [], 'inherit');
  const after = await server.listening;
  rows.push(
    ['compacted journal', mb(compacted)],
    ['restart of the compacted journal', restart(after)],
    [
      'worst restart after a kill under load',
      `${seconds(Math.max(...restarts))}${restartsCpu.length > 0 ? ` (${seconds(Math.max(...restartsCpu))} CPU)` : ''}`,
    ],
  );
  printTable(
    `embedded MongoDB restart after SIGKILL under write load, ${DOCS.toLocaleString('en')} documents (${machineLine()})`,
    rows,
  );
} finally {
  await server?.kill();
  await rm(dataDir, { recursive: true, force: true });
}
