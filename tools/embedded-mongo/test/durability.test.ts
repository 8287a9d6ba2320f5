import { type ChildProcess, spawn } from 'node:child_process';
import { appendFile, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.ts';
import { Catalog } from '../src/storage/catalog.ts';
import { Journal } from '../src/storage/journal.ts';
import { type Document, indexKey } from '../src/values.ts';

const launcher = path.resolve(__dirname, '../bin/embedded-mongo.js');
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'embedded-mongo-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts the CLI in its own process and resolves with its URI once it listens. */
function startProcess(): Promise<{ child: ChildProcess; uri: string }> {
  const child = spawn(
    process.execPath,
    [launcher, '--port', '0', '--data-dir', dataDir, '--quiet'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (mongodb:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, uri: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`server exited early with ${String(code)}`)));
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('durability', () => {
  it('keeps every acknowledged write across kill -9', async () => {
    const first = await startProcess();
    const client = new MongoClient(first.uri, { maxPoolSize: 16 });
    const orders = client.db('shop').collection('orders');
    await orders.createIndex({ ref: 1 }, { unique: true });
    const acknowledged: number[] = [];
    const writers = Array.from({ length: 16 }, async (_, worker) => {
      for (let i = worker; i < 400; i += 16) {
        await orders.insertOne({ ref: i, total: i * 1.5, at: new Date(1_700_000_000_000 + i) });
        acknowledged.push(i);
      }
    });
    await Promise.all(writers);
    await orders.updateMany({ ref: { $lt: 100 } }, { $set: { paid: true } });
    await orders.deleteMany({ ref: { $gte: 390 } });
    const survivor = await orders.findOneAndUpdate(
      { ref: 7 },
      { $inc: { total: 1 } },
      { returnDocument: 'after' },
    );
    // In flight when the process dies: these may or may not survive, but must not corrupt anything.
    const unacknowledged = Array.from({ length: 20 }, (_, i) =>
      orders.insertOne({ ref: 1000 + i }).catch(() => undefined),
    );
    await killHard(first.child);
    await Promise.all(unacknowledged);
    await client.close(true);

    const second = await startProcess();
    const again = new MongoClient(second.uri);
    const reopened = again.db('shop').collection('orders');
    const refs = new Set(
      (await reopened.find({ ref: { $lt: 1000 } }).toArray()).map((doc) => doc.ref as number),
    );
    expect(refs.size).toBe(390);
    for (const ref of acknowledged) if (ref < 390) expect(refs.has(ref)).toBe(true);
    expect(await reopened.countDocuments({ paid: true })).toBe(100);
    expect(await reopened.findOne({ ref: 7 })).toEqual(survivor);
    expect((await reopened.findOne({ ref: 3 }))?.at).toEqual(new Date(1_700_000_000_003));
    await expect(reopened.insertOne({ ref: 3 })).rejects.toMatchObject({ code: 11000 });
    await again.close();
    await killHard(second.child);
  });

  it('compacts the journal in the background and replays the compacted file', async () => {
    const server = await startEmbeddedMongo({
      port: 0,
      dataDir,
      logger: false,
      compactThresholdBytes: 64 * 1024,
    });
    const client = new MongoClient(server.uri);
    const counters = client.db('app').collection('counters');
    const id = new ObjectId();
    await counters.insertOne({ _id: id, n: 0, padding: 'x'.repeat(500) });
    for (let i = 0; i < 400; i += 1) await counters.updateOne({ _id: id }, { $inc: { n: 1 } });
    await server.compact();
    const journal = path.join(dataDir, 'journal.bson');
    expect((await stat(journal)).size).toBeLessThan(64 * 1024);
    await counters.insertOne({ after: 'compaction' });
    await client.close();
    await server.stop();

    const restarted = await startEmbeddedMongo({ port: 0, dataDir, logger: false });
    const reader = new MongoClient(restarted.uri);
    expect(await reader.db('app').collection('counters').findOne({ _id: id })).toMatchObject({
      n: 400,
    });
    expect(await reader.db('app').collection('counters').countDocuments()).toBe(2);
    await reader.close();
    await restarted.stop();
  });

  it.each([100, 0])(
    'swaps a compaction in while appends never pause, and keeps every one of them (syncIntervalMs %i)',
    async (syncIntervalMs) => {
      const options = { compactThresholdBytes: 1024 * 1024 * 1024, syncIntervalMs };
      const catalog = new Catalog();
      const journal = await Journal.open(dataDir, catalog, { ...options, log: () => undefined });
      catalog.setSink((record) => journal.append(record));
      const counters = catalog.ensureCollection('app', 'counters');
      for (let i = 0; i < 1000; i += 1) counters.insert({ _id: i, n: 0 });
      await journal.sync();
      let compacted = false;
      const compaction = journal.compact().then(() => {
        compacted = true;
      });
      // A write in every turn of the event loop, so something is pending whenever a flush ends:
      // the swap once waited for a moment with nothing pending, and never came.
      const acknowledged: Promise<void>[] = [];
      for (let i = 0; !compacted; i += 1) {
        const previous = counters.docs.get(indexKey(i % 1000)) as Document;
        counters.replace(previous, { ...previous, n: (previous.n as number) + 1 });
        acknowledged.push(journal.sync());
        await new Promise((resolve) => setImmediate(resolve));
      }
      await compaction;
      await Promise.all(acknowledged);
      await journal.close();

      const replayed = new Catalog();
      const reopened = await Journal.open(dataDir, replayed, { ...options, log: () => undefined });
      const total = (catalog: Catalog) =>
        [...(catalog.collection('app', 'counters')?.docs.values() ?? [])].reduce(
          (sum, doc) => sum + (doc.n as number),
          0,
        );
      expect(total(replayed)).toBe(acknowledged.length);
      expect(total(replayed)).toBe(total(catalog));
      await reopened.close();
    },
  );

  it('compacts after a restart when most of the replayed journal was replaced, not only once it doubles again', async () => {
    const options = { port: 0, dataDir, logger: false, compactThresholdBytes: 64 * 1024 } as const;
    const journal = path.join(dataDir, 'journal.bson');
    // Killed (no shutdown) before the file doubled past its last compaction: a journal that is
    // nearly all superseded updates when it is replayed.
    const first = await startEmbeddedMongo({
      ...options,
      compactThresholdBytes: 1024 * 1024 * 1024,
    });
    const client = new MongoClient(first.uri);
    const counters = client.db('app').collection('counters');
    const id = new ObjectId();
    await counters.insertOne({ _id: id, n: 0, padding: 'x'.repeat(500) });
    for (let i = 0; i < 400; i += 1) await counters.updateOne({ _id: id }, { $inc: { n: 1 } });
    await client.close();
    await first.stop();
    const replayed = (await stat(journal)).size;
    expect(replayed).toBeGreaterThan(64 * 1024);

    const restarted = await startEmbeddedMongo(options);
    const deadline = Date.now() + 3_000;
    while ((await stat(journal)).size >= replayed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await stat(journal)).size).toBeLessThan(64 * 1024);
    const reader = new MongoClient(restarted.uri);
    expect(await reader.db('app').collection('counters').findOne({ _id: id })).toMatchObject({
      n: 400,
    });
    await reader.close();
    await restarted.stop();
  });

  it('drops a torn write at the end of the journal and keeps serving', async () => {
    const server = await startEmbeddedMongo({ port: 0, dataDir, logger: false });
    const client = new MongoClient(server.uri);
    await client.db('app').collection('notes').insertOne({ text: 'kept' });
    await client.close();
    await server.stop();
    await appendFile(path.join(dataDir, 'journal.bson'), Buffer.from([200, 0, 0, 0, 1, 2, 3]));

    const logs: string[] = [];
    const restarted = await startEmbeddedMongo({
      port: 0,
      dataDir,
      logger: (line) => logs.push(line),
    });
    expect(logs).toContainEqual(expect.stringMatching(/dropped 7 bytes/));
    const again = new MongoClient(restarted.uri);
    const notes = again.db('app').collection('notes');
    await notes.insertOne({ text: 'new' });
    expect((await notes.find().toArray()).map((note) => note.text)).toEqual(['kept', 'new']);
    await again.close();
    await restarted.stop();

    const third = await startEmbeddedMongo({ port: 0, dataDir, logger: false });
    const last = new MongoClient(third.uri);
    expect(await last.db('app').collection('notes').countDocuments()).toBe(2);
    await last.close();
    await third.stop();
  });

  it('refuses a data directory another live server holds', async () => {
    const server = await startEmbeddedMongo({ port: 0, dataDir, logger: false });
    const child = spawn(process.execPath, [launcher, '--port', '0', '--data-dir', dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/in use by process/);
    await server.stop();
  });
});
