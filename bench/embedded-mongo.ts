// Throughput of tools/embedded-mongo through the official driver, against the driver's own
// ceiling: a stub server that answers every command with a canned reply.
//
//   npx tsx bench/embedded-mongo.ts            (all figures, about 40 s)
//
// Each server runs in its own process, as in real use, so server and driver do not share a
// thread. Printed: insertOne and findOne-by-_id ops/s with 1 and 16 operations in flight for
// the stub, the embedded server in memory and the embedded server with its journal (both modes);
// then, on a 100,000-document collection, equality-query latency on an indexed field and
// unique-key lookups against _id lookups; then inserts into a collection with the webhook log's
// compound indexes (13) against the same documents with none.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Long, ObjectId, serialize } from 'bson';
import { type Collection, type Document, MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { webhookEventModel } from '../sync-service/src/features/webhook-events/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const launcher = path.resolve(here, '../tools/embedded-mongo/bin/embedded-mongo.js');
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 2000);

// ---------------------------------------------------------------------------------------------
// The stub: parses nothing but the command name, answers pre-encoded replies.

function cannedReplies(): Record<string, Buffer> {
  const hello = {
    helloOk: true,
    isWritablePrimary: true,
    ismaster: true,
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    minWireVersion: 0,
    maxWireVersion: 21,
    ok: 1,
  };
  const doc = { _id: new ObjectId(), n: 1, label: 'canned' };
  return {
    hello: Buffer.from(serialize(hello)),
    insert: Buffer.from(serialize({ n: 1, ok: 1 })),
    find: Buffer.from(
      serialize({ cursor: { firstBatch: [doc], id: Long.ZERO, ns: 'bench.items' }, ok: 1 }),
    ),
    other: Buffer.from(serialize({ ok: 1 })),
  };
}

function runStub(): void {
  const replies = cannedReplies();
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (pending.length >= 4) {
        const length = pending.readInt32LE(0);
        if (pending.length < length) break;
        socket.write(answer(pending.subarray(0, length), replies));
        pending = pending.subarray(length);
      }
    });
    socket.on('error', () => socket.destroy());
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(
      `stub listening on mongodb://127.0.0.1:${(server.address() as net.AddressInfo).port}\n`,
    );
  });
}

function answer(message: Buffer, replies: Record<string, Buffer>): Buffer {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  if (opCode === 2004) return frame(requestId, 1, replies.hello as Buffer);
  // OP_MSG: flags (4), section kind (1), body size (4), element type (1), then the command name.
  const nameStart = 16 + 4 + 1 + 4 + 1;
  const name = message.toString('latin1', nameStart, message.indexOf(0, nameStart));
  const body =
    replies[name === 'isMaster' || name === 'ismaster' ? 'hello' : name] ?? replies.other;
  return frame(requestId, 2013, body as Buffer);
}

function frame(responseTo: number, opCode: number, body: Buffer): Buffer {
  const prefix = opCode === 1 ? 20 : 5;
  const out = Buffer.alloc(16 + prefix + body.length);
  out.writeInt32LE(out.length, 0);
  out.writeInt32LE(responseTo, 8);
  out.writeInt32LE(opCode, 12);
  if (opCode === 1) out.writeInt32LE(1, 16 + 16);
  body.copy(out, 16 + prefix);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Measuring.

interface Target {
  name: string;
  uri: string;
  stop(): Promise<void>;
}

function startProcess(name: string, args: string[]): Promise<Target> {
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (mongodb:\/\/\S+)/.exec(output);
      if (match?.[1])
        resolve({
          name,
          uri: match[1],
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${String(code)}`)));
  });
}

/** Runs `op` with `inFlight` concurrent loops for PHASE_MS and returns operations per second. */
async function opsPerSecond(
  inFlight: number,
  op: (i: number) => Promise<unknown>,
  warmMs = 300,
): Promise<number> {
  const warmUntil = Date.now() + warmMs;
  let counter = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < warmUntil) await op(counter++);
    }),
  );
  let done = 0;
  const started = process.hrtime.bigint();
  const until = Date.now() + PHASE_MS;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < until) {
        await op(counter++);
        done += 1;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return done / seconds;
}

interface Throughput {
  insert1: number;
  insert16: number;
  find1: number;
  find16: number;
}

async function measureThroughput(target: Target): Promise<Throughput> {
  const client = new MongoClient(target.uri, { maxPoolSize: 32, minPoolSize: 16 });
  await client.connect();
  const items = client.db('bench').collection('items');
  const insert = (i: number) => items.insertOne({ _id: new ObjectId(), n: i, label: `item ${i}` });
  // The first figure also warms up the driver (JIT), so no run is measured cold.
  const insert1 = await opsPerSecond(1, insert, 1500);
  const insert16 = await opsPerSecond(16, insert);
  const ids = (
    await items
      .find({}, { projection: { _id: 1 } })
      .limit(10_000)
      .toArray()
  ).map((d) => d._id);
  if (ids.length === 0) ids.push(new ObjectId());
  const findById = (i: number) => items.findOne({ _id: ids[i % ids.length] });
  const find1 = await opsPerSecond(1, findById);
  const find16 = await opsPerSecond(16, findById);
  await client.close();
  return { insert1, insert16, find1, find16 };
}

// ---------------------------------------------------------------------------------------------
// The 100,000-document collection.

const LARGE = 100_000;

async function largeCollectionFigures(uri: string): Promise<string[]> {
  const client = new MongoClient(uri, { maxPoolSize: 4 });
  await client.connect();
  const people: Collection<Document> = client.db('bench').collection('people');
  await people.createIndex({ email: 1 }, { unique: true });
  await people.createIndex({ team: 1 });
  const loadStarted = Date.now();
  for (let start = 0; start < LARGE; start += 5_000) {
    await people.insertMany(
      Array.from({ length: 5_000 }, (_, k) => {
        const i = start + k;
        return {
          _id: new ObjectId(),
          email: `user${i}@example.com`,
          team: `team${i % 1000}`,
          n: i,
        };
      }),
    );
  }
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  const sampleIds = (await people.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);

  const teamLatency = await latencies(200, (i) =>
    people.find({ team: `team${i % 1000}` }).toArray(),
  );
  const scanLatency = await latencies(10, (i) => people.find({ n: (i * 7919) % LARGE }).toArray());
  const byEmail = await opsPerSecond(1, (i) =>
    people.findOne({ email: `user${(i * 31) % LARGE}@example.com` }),
  );
  const byId = await opsPerSecond(1, (i) => people.findOne({ _id: sampleIds[(i * 31) % LARGE] }));
  await client.close();
  return [
    `loaded ${LARGE.toLocaleString('en')} documents in ${loadSeconds.toFixed(1)} s (insertMany of 5,000)`,
    `equality on indexed field (team, 100 matches): median ${teamLatency.median.toFixed(2)} ms, p99 ${teamLatency.p99.toFixed(2)} ms`,
    `equality on an unindexed field (full scan, for contrast): median ${scanLatency.median.toFixed(1)} ms`,
    `findOne by unique email: ${Math.round(byEmail).toLocaleString('en')} ops/s; by _id: ${Math.round(byId).toLocaleString('en')} ops/s (ratio ${(byEmail / byId).toFixed(2)})`,
  ];
}

// ---------------------------------------------------------------------------------------------
// Writes under the webhook log's indexes, the receiver's hot path: every insert adds a key to
// each. Read from the service's model, so the figure follows the indexes it declares.

const WEBHOOK_LOG_INDEXES: Document[] = webhookEventModel(mongoose.createConnection())
  .schema.indexes()
  .map(([key]) => key);
const INDEXED_WRITES = 40_000;

async function indexedWriteFigures(uri: string): Promise<string[]> {
  const client = new MongoClient(uri, { maxPoolSize: 4 });
  await client.connect();
  const db = client.db('bench');
  const users = Array.from({ length: 20 }, () => new ObjectId());
  const webhooks = Array.from({ length: 60 }, () => new ObjectId());
  const docAt = (i: number): Document => {
    const receivedAt = new Date(Date.UTC(2026, 0, 1) + i);
    return {
      _id: new ObjectId(),
      webhookId: webhooks[i % webhooks.length],
      userId: users[i % users.length],
      userProfileId: users[i % users.length],
      userEmail: `owner${i % users.length}@example.com`,
      hubId: String(7_000_000 + (i % users.length)),
      webhookUrl: `https://outsync.example/webhooks/code${i % webhooks.length}`,
      status: 'received',
      eventType: ['EMAIL_SENT', 'EMAIL_OPEN', 'EMAIL_REPLY'][i % 3],
      leadKey: `lead${i % 5000}@company${i % 50}.example`,
      leadEmail: `lead${i % 5000}@company${i % 50}.example`,
      nextAttemptAt: receivedAt,
      receivedAt,
      expiresAt: new Date(receivedAt.getTime() + 90 * 86_400_000),
      payloadJson: 'x'.repeat(2_000),
    };
  };
  const rate = async (name: string, indexes: Document[]): Promise<number> => {
    const logs = db.collection(name);
    for (const key of indexes) await logs.createIndex(key);
    const started = process.hrtime.bigint();
    for (let start = 0; start < INDEXED_WRITES; start += 500)
      await logs.insertMany(Array.from({ length: 500 }, (_, k) => docAt(start + k)));
    return INDEXED_WRITES / (Number(process.hrtime.bigint() - started) / 1e9);
  };
  const plain = await rate('logs-plain', []);
  const indexed = await rate('logs-indexed', WEBHOOK_LOG_INDEXES);
  await client.close();
  return [
    `insertMany of 500, ${INDEXED_WRITES.toLocaleString('en')} webhook-log documents: ` +
      `no secondary index ${Math.round(plain).toLocaleString('en')} docs/s, the log's ` +
      `${WEBHOOK_LOG_INDEXES.length} ` +
      `${Math.round(indexed).toLocaleString('en')} docs/s ` +
      `(the indexes add ${((1 / indexed - 1 / plain) * 1e6).toFixed(0)} µs per document)`,
  ];
}

async function latencies(
  count: number,
  op: (i: number) => Promise<unknown>,
): Promise<{ median: number; p99: number }> {
  for (let i = 0; i < 5; i += 1) await op(i);
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = process.hrtime.bigint();
    await op(i);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? 0,
    p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------

function row(label: string, value: number, ceiling?: number): string {
  const figure = `${Math.round(value).toLocaleString('en').padStart(8)} ops/s`;
  return `  ${label.padEnd(30)}${figure}${ceiling ? `   ${(value / ceiling).toFixed(2)} of the stub` : ''}`;
}

function printThroughput(title: string, figures: Throughput, ceiling?: Throughput): void {
  console.log(title);
  console.log(row('insertOne, 1 in flight', figures.insert1, ceiling?.insert1));
  console.log(row('insertOne, 16 in flight', figures.insert16, ceiling?.insert16));
  console.log(row('findOne by _id, 1 in flight', figures.find1, ceiling?.find1));
  console.log(row('findOne by _id, 16 in flight', figures.find16, ceiling?.find16));
}

async function main(): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const stub = await startProcess('stub', [...process.execArgv, self, '--stub']);
  // The ceiling is the better of two rounds, one before and one after the embedded runs.
  const first = await measureThroughput(stub);
  const memory = await startProcess('embedded (memory)', [
    launcher,
    '--port',
    '0',
    '--in-memory',
    '--quiet',
  ]);
  const inMemory = await measureThroughput(memory);
  const journaled = await measureJournaled(launcher, []);
  const fsynced = await measureJournaled(launcher, ['--sync-interval-ms', '0']);
  const second = await measureThroughput(stub);
  await stub.stop();
  const ceiling: Throughput = {
    insert1: Math.max(first.insert1, second.insert1),
    insert16: Math.max(first.insert16, second.insert16),
    find1: Math.max(first.find1, second.find1),
    find16: Math.max(first.find16, second.find16),
  };

  console.log(
    `embedded-mongo bench (node ${process.version}, ${os.cpus().length} CPUs, ${PHASE_MS} ms per figure)\n`,
  );
  printThroughput('stub server (canned replies: the driver ceiling)', ceiling);
  printThroughput('\nembedded-mongo, inMemory', inMemory, ceiling);
  printThroughput(
    '\nembedded-mongo, data directory (default: acknowledged once written, fsync within 100 ms)',
    journaled,
    ceiling,
  );
  printThroughput(
    '\nembedded-mongo, data directory, --sync-interval-ms 0 (fsync before every acknowledgement)',
    fsynced,
    ceiling,
  );

  console.log(`\n${LARGE.toLocaleString('en')}-document collection (inMemory)`);
  for (const line of await largeCollectionFigures(memory.uri)) console.log(`  ${line}`);
  console.log('\nindexed writes (inMemory)');
  for (const line of await indexedWriteFigures(memory.uri)) console.log(`  ${line}`);
  await memory.stop();
}

/** Throughput of the server on a fresh data directory, started with extra CLI flags. */
async function measureJournaled(launcher: string, flags: string[]): Promise<Throughput> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'embedded-mongo-bench-'));
  const server = await startProcess('embedded (journal)', [
    launcher,
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--quiet',
    ...flags,
  ]);
  try {
    return await measureThroughput(server);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--stub')) runStub();
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
