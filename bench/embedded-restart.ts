// How long the embedded database takes to come back after a crash, and how large its journal
// is, at 100,000 documents (issue 30, "What to build" 4: restart ≤ 3 s at 100k documents; the
// journal compacts on a size bound instead of growing across restarts).
//
//   npx tsx bench/embedded-restart.ts            (about a minute)
//   DOCS=20000 npx tsx bench/embedded-restart.ts
//
// The CLI runs in its own process on a fresh data directory, as `npm start` runs it: 100,000
// webhook-log-sized documents are inserted and each is updated twice (a log's life: received,
// then its outcome), the process is killed with SIGKILL, and the time from spawn to "listening"
// (the replay) is measured; then again once the restarted server compacted its journal.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { machineLine, printTable } from './sync-harness.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const launcher = path.resolve(here, '../tools/embedded-mongo/bin/embedded-mongo.js');
const DOCS = Number(process.env.DOCS ?? 100_000);
const BATCH = 1000;

function start(dataDir: string): Promise<{ child: ChildProcess; uri: string; ms: number }> {
  const began = performance.now();
  const child = spawn(process.execPath, [launcher, '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (mongodb:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, uri: match[1], ms: performance.now() - began });
    });
    child.once('exit', (code) => reject(new Error(`embedded MongoDB exited with ${String(code)}`)));
  });
}

function crash(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const journalBytes = async (dataDir: string) =>
  (await stat(path.join(dataDir, 'journal.bson'))).size;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outsync-embedded-restart-'));
try {
  const first = await start(dataDir);
  const client = new MongoClient(first.uri);
  const logs = client.db('outsync').collection<{ _id: string }>('webhookLogs');
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
  for (const status of ['processing', 'synced']) {
    await logs.updateMany({}, { $set: { status, updatedAt: new Date() } });
  }
  await client.close();
  const grown = await journalBytes(dataDir);
  await crash(first.child);

  const second = await start(dataDir);
  // The replay found most of the file superseded: the server compacts in the background.
  const deadline = Date.now() + 120_000;
  while ((await journalBytes(dataDir)) >= grown && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const compacted = await journalBytes(dataDir);
  await crash(second.child);

  const third = await start(dataDir);
  const check = new MongoClient(third.uri);
  const count = await check.db('outsync').collection('webhookLogs').countDocuments({
    status: 'synced',
  });
  await check.close();
  await crash(third.child);

  printTable(
    `embedded MongoDB restart after SIGKILL, ${DOCS.toLocaleString('en')} documents (${machineLine()})`,
    [
      ['journal before the crash', mb(grown)],
      ['restart (replay of that journal)', seconds(second.ms)],
      ['journal once the restarted server compacted', mb(compacted)],
      ['restart after the compaction', seconds(third.ms)],
      ['documents read back (synced)', count.toLocaleString('en')],
    ],
  );
  if (count !== DOCS) process.exitCode = 1;
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
