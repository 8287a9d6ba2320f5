// The replica-set mode (`replicaSet: 'rs0'`), through the official driver: the handshake of a
// primary, change streams on a collection, a database and the cluster, resume tokens, waiting
// getMores, retryable writes, and what a standalone still refuses.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { MongoBackend, MongoChangeStreamNotificationChannel } from '@agendajs/mongo-backend';
import { Agenda } from 'agenda';
import {
  type ChangeStream,
  type ChangeStreamDocument,
  type Document,
  Long,
  MongoClient,
  Timestamp,
} from 'mongodb';
import { type Harness, eventually, startHarness } from './helpers.ts';

let harness: Harness;
/** A second client, as another process would be: its writes must wake the first one's streams. */
let other: MongoClient;

beforeAll(async () => {
  harness = await startHarness({ replicaSet: 'rs0' });
  other = new MongoClient(harness.server.uri, { serverSelectionTimeoutMS: 5000 });
  await other.connect();
});
afterAll(async () => {
  await other.close();
  await harness.close();
});
afterEach(() => harness.server.faults.reset());

/** Documents with our own `_id`s (the driver's default schema types `_id` as an ObjectId). */
type AnyDocument = { _id?: number | string; [field: string]: unknown };

const db = () => harness.client.db('streams');
const otherDb = () => other.db('streams');
const collection = <T extends Document = AnyDocument>(name: string) => db().collection<T>(name);
const otherCollection = <T extends Document = AnyDocument>(name: string) =>
  otherDb().collection<T>(name);

/** The next `count` events of a stream (iterator mode), or a failure after `timeoutMs`. */
async function nextEvents(
  stream: ChangeStream<Document>,
  count: number,
  timeoutMs = 10_000,
): Promise<ChangeStreamDocument<Document>[]> {
  const events: ChangeStreamDocument<Document>[] = [];
  const deadline = Date.now() + timeoutMs;
  while (events.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${events.length} of ${count} events came`);
    const event = await stream.tryNext();
    if (event) events.push(event);
  }
  return events;
}

/**
 * Opens a stream and waits until its aggregate answered, so later writes are in it. The first
 * tryNext also sends a getMore, which waits maxAwaitTimeMS: the streams here wait 100 ms.
 */
async function openStream(stream: ChangeStream<Document>): Promise<ChangeStream<Document>> {
  expect(await stream.tryNext()).toBeNull();
  return stream;
}

const QUICK = { maxAwaitTimeMS: 100 };

/** Event-emitter mode: resolves once the stream's aggregate answered (an empty first batch). */
async function listening(stream: ChangeStream<Document>): Promise<ChangeStreamDocument[]> {
  const events: ChangeStreamDocument[] = [];
  const opened = new Promise((resolve) => stream.once('resumeTokenChanged', resolve));
  stream.on('change', (event) => events.push(event));
  await opened;
  return events;
}

describe('the handshake of a single-node replica set', () => {
  it('answers hello as the primary of its set, and the driver sees a replica set', async () => {
    const hello = await db().admin().command({ hello: 1 });
    const me = `127.0.0.1:${harness.server.port}`;
    expect(hello).toMatchObject({
      setName: 'rs0',
      hosts: [me],
      primary: me,
      me,
      isWritablePrimary: true,
      secondary: false,
      setVersion: 1,
    });
    expect(hello.electionId).toBeDefined();
    expect(hello.$clusterTime?.clusterTime).toBeInstanceOf(Timestamp);
    expect(hello.operationTime).toBeInstanceOf(Timestamp);
    expect(harness.server.replicaSet).toBe('rs0');
    // Any client sees ReplicaSetWithPrimary, also with the set named in the URI.
    const named = new MongoClient(`${harness.server.uri}/?replicaSet=rs0`, {
      serverSelectionTimeoutMS: 5000,
    });
    try {
      await named.connect();
      const topology = (named as unknown as { topology: { description: { type: string } } })
        .topology;
      expect(topology.description.type).toBe('ReplicaSetWithPrimary');
      expect(await named.db('streams').collection('named').insertOne({ a: 1 })).toMatchObject({
        acknowledged: true,
      });
    } finally {
      await named.close();
    }
  });

  it('advances the cluster time with each write', async () => {
    const before = (await db().command({ ping: 1 })).operationTime as Timestamp;
    const inserted = await db().command({ insert: 'clock', documents: [{ n: 1 }] });
    expect((inserted.operationTime as Timestamp).compare(before)).toBe(1);
  });
});

describe('change streams on a collection', () => {
  it('reports insert, update, replace and delete with their fields', async () => {
    const coll = collection('crud');
    const stream = await openStream(coll.watch([], QUICK));
    const written = otherCollection<{
      _id: number;
      name?: string;
      tags?: string[];
      address?: { city: string };
      score?: number;
      whole?: string;
    }>('crud');
    await written.insertOne({ _id: 1, name: 'ann', tags: ['a', 'b', 'c'], address: { city: 'x' } });
    await written.updateOne(
      { _id: 1 },
      { $set: { 'address.city': 'y', score: 2 }, $unset: { name: '' }, $pop: { tags: 1 } },
    );
    await written.replaceOne({ _id: 1 }, { whole: 'new' });
    await written.deleteOne({ _id: 1 });

    const [insert, update, replace, remove] = await nextEvents(stream, 4);
    expect(insert).toMatchObject({
      operationType: 'insert',
      ns: { db: 'streams', coll: 'crud' },
      documentKey: { _id: 1 },
      fullDocument: { _id: 1, name: 'ann', tags: ['a', 'b', 'c'], address: { city: 'x' } },
    });
    expect(insert?.clusterTime).toBeInstanceOf(Timestamp);
    expect((insert as { wallTime?: unknown }).wallTime).toBeInstanceOf(Date);
    expect(update).toMatchObject({
      operationType: 'update',
      documentKey: { _id: 1 },
      updateDescription: {
        updatedFields: { 'address.city': 'y', score: 2 },
        removedFields: ['name'],
        truncatedArrays: [{ field: 'tags', newSize: 2 }],
      },
    });
    // Without updateLookup an update carries no document, as in mongod.
    expect(update).not.toHaveProperty('fullDocument');
    expect(replace).toMatchObject({
      operationType: 'replace',
      documentKey: { _id: 1 },
      fullDocument: { _id: 1, whole: 'new' },
    });
    expect(remove).toMatchObject({ operationType: 'delete', documentKey: { _id: 1 } });
    expect(remove).not.toHaveProperty('fullDocument');
    // Resume tokens are distinct and the cluster times increase.
    const events = [insert, update, replace, remove] as ChangeStreamDocument<Document>[];
    expect(new Set(events.map((event) => JSON.stringify(event._id))).size).toBe(4);
    const times = events.map((event) => (event as { clusterTime: Timestamp }).clusterTime);
    for (let i = 1; i < times.length; i += 1)
      expect((times[i] as Timestamp).compare(times[i - 1] as Timestamp)).toBe(1);
    await stream.close();
  });

  it('looks the current document up with fullDocument updateLookup (null once deleted)', async () => {
    const coll = collection('lookup');
    const written = otherCollection<{ _id: string; n: number }>('lookup');
    const stream = await openStream(coll.watch([], { ...QUICK, fullDocument: 'updateLookup' }));
    await written.insertOne({ _id: 'a', n: 1 });
    await written.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
    const [, update] = await nextEvents(stream, 2);
    expect(update).toMatchObject({
      operationType: 'update',
      fullDocument: { _id: 'a', n: 2 },
      updateDescription: { updatedFields: { n: 2 }, removedFields: [] },
    });

    // The document as it is when the event is read: an update followed by a delete has none.
    await written.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
    await written.deleteOne({ _id: 'a' });
    const [late, deleted] = await nextEvents(stream, 2);
    expect(late).toMatchObject({ operationType: 'update', fullDocument: null });
    expect(deleted).toMatchObject({ operationType: 'delete' });
    await stream.close();
  });

  it('applies $match and $project stages to the events', async () => {
    const coll = collection('filtered');
    const stream = await openStream(
      coll.watch(
        [
          { $match: { operationType: 'insert', 'fullDocument.kind': 'job' } },
          { $project: { operationType: 1, 'fullDocument.name': 1 } },
        ],
        { ...QUICK, fullDocument: 'updateLookup' },
      ),
    );
    const written = otherCollection('filtered');
    await written.insertOne({ kind: 'other', name: 'skip' });
    await written.insertOne({ kind: 'job', name: 'first' });
    await written.updateMany({}, { $set: { seen: true } });
    await written.insertOne({ kind: 'job', name: 'second' });

    const events = await nextEvents(stream, 2);
    expect(events.map((event) => (event as Document).fullDocument)).toEqual([
      { name: 'first' },
      { name: 'second' },
    ]);
    expect(events[0]).not.toHaveProperty('ns');
    expect(await stream.tryNext()).toBeNull();
    await stream.close();
  });

  it('refuses stages mongod refuses, and a pipeline that changes the resume token', async () => {
    const coll = collection('refused');
    await expect(coll.watch([{ $group: { _id: null } }]).tryNext()).rejects.toMatchObject({
      code: 20,
      message: '$group is not permitted in a $changeStream pipeline',
    });
    await expect(
      db().command({
        aggregate: 'refused',
        pipeline: [{ $match: {} }, { $changeStream: {} }],
        cursor: {},
      }),
    ).rejects.toMatchObject({ code: 40602 });
    await expect(
      coll.watch([], { fullDocumentBeforeChange: 'required' }).tryNext(),
    ).rejects.toMatchObject({ code: 115 });

    const stream = await openStream(coll.watch([{ $project: { _id: 0 } }], QUICK));
    await otherCollection('refused').insertOne({ a: 1 });
    await expect(nextEvents(stream, 1)).rejects.toMatchObject({ code: 280 });
    await stream.close();
  });

  it('wakes a waiting getMore at a write from another client, well before maxAwaitTimeMS', async () => {
    const stream = collection('awaited').watch([], { maxAwaitTimeMS: 20_000 });
    const events = await listening(stream);
    // The stream's getMore is now waiting on the server (up to 20 s for an event).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const written = Date.now();
    await otherCollection('awaited').insertOne({ wake: 'up' });

    await eventually(async () => events.length > 0);
    expect(Date.now() - written).toBeLessThan(5_000);
    expect(events[0]).toMatchObject({ operationType: 'insert', fullDocument: { wake: 'up' } });
    await stream.close();

    // The same with raw commands: the getMore answers the write, not its maxTimeMS.
    const opened = await db().command(
      { aggregate: 'awaited', pipeline: [{ $changeStream: {} }], cursor: {} },
      { promoteLongs: false },
    );
    const cursorId = (opened.cursor as { id: Long }).id;
    const started = Date.now();
    const answer = db().command({ getMore: cursorId, collection: 'awaited', maxTimeMS: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await otherCollection('awaited').insertOne({ raw: true });
    expect((await answer).cursor.nextBatch).toMatchObject([{ fullDocument: { raw: true } }]);
    expect(Date.now() - started).toBeLessThan(5_000);
    await db().command({ killCursors: 'awaited', cursors: [cursorId] });
  });

  it('closes promptly while a getMore waits, and the server forgets the cursor', async () => {
    const stream = collection('closing').watch([], { maxAwaitTimeMS: 20_000 });
    await listening(stream);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await stream.close();
    expect(stream.closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);

    // With raw commands: killCursors answers a getMore that was waiting on the cursor.
    const opened = await db().command(
      { aggregate: 'closing', pipeline: [{ $changeStream: {} }], cursor: {} },
      { promoteLongs: false },
    );
    const cursorId = (opened.cursor as { id: Long }).id;
    expect(cursorId).toBeInstanceOf(Long);
    expect(cursorId.isZero()).toBe(false);
    expect(opened.cursor.postBatchResumeToken).toEqual({ _data: expect.any(String) });
    const waiting = otherDb()
      .command({ getMore: cursorId, collection: 'closing', maxTimeMS: 20_000 })
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const killedAt = Date.now();
    const killed = await db().command(
      { killCursors: 'closing', cursors: [cursorId] },
      { promoteLongs: false },
    );
    expect(killed.cursorsKilled).toEqual([cursorId]);
    expect(await waiting).toMatchObject({ code: 43 });
    expect(Date.now() - killedAt).toBeLessThan(5_000);
  });

  it('answers an empty getMore with a postBatchResumeToken that resumes from there', async () => {
    const opened = await db().command(
      { aggregate: 'tokens', pipeline: [{ $changeStream: {} }], cursor: {} },
      { promoteLongs: false },
    );
    const cursorId = (opened.cursor as { id: Long }).id;
    await otherCollection('tokens').insertOne({ n: 1 });
    const first = await db().command({ getMore: cursorId, collection: 'tokens', maxTimeMS: 100 });
    expect(first.cursor.nextBatch).toHaveLength(1);
    const after = first.cursor.postBatchResumeToken as Document;
    expect(after).toEqual(first.cursor.nextBatch[0]._id);
    const empty = await db().command({ getMore: cursorId, collection: 'tokens', maxTimeMS: 50 });
    expect(empty.cursor.nextBatch).toEqual([]);
    expect(empty.cursor.postBatchResumeToken).toEqual(after);
    await db().command({ killCursors: 'tokens', cursors: [cursorId] });

    await otherCollection('tokens').insertOne({ n: 2 });
    const resumed = db()
      .collection('tokens')
      .watch([], { ...QUICK, resumeAfter: after });
    const [event] = await nextEvents(resumed, 1);
    expect(event).toMatchObject({ operationType: 'insert', fullDocument: { n: 2 } });
    await resumed.close();
  });

  it('resumes after a token, starts after one, and starts at an operation time', async () => {
    const coll = collection('resume');
    const stream = await openStream(coll.watch([], QUICK));
    const start = (await db().command({ ping: 1 })).operationTime as Timestamp;
    await otherCollection('resume').insertMany([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const events = await nextEvents(stream, 3);
    await stream.close();

    const numbers = async (resumed: ChangeStream<Document>, count: number) =>
      (await nextEvents(resumed, count)).map((event) => (event as Document).fullDocument.n);
    const afterFirst = coll.watch([], { ...QUICK, resumeAfter: events[0]?._id });
    expect(await numbers(afterFirst, 2)).toEqual([2, 3]);
    await afterFirst.close();
    const afterSecond = coll.watch([], { ...QUICK, startAfter: events[1]?._id });
    expect(await numbers(afterSecond, 1)).toEqual([3]);
    await afterSecond.close();
    const fromTime = coll.watch([], { ...QUICK, startAtOperationTime: start });
    expect(await numbers(fromTime, 3)).toEqual([1, 2, 3]);
    await fromTime.close();

    await expect(
      coll.watch([], { resumeAfter: { _data: '00000000000000000000000a' } }).tryNext(),
    ).rejects.toMatchObject({ code: 286, codeName: 'ChangeStreamHistoryLost' });
  });

  it('resumes by itself across lost connections, without losing events', async () => {
    const coll = collection('reconnect');
    const stream = await openStream(coll.watch([], QUICK));
    await otherCollection('reconnect').insertOne({ n: 1 });
    expect(await nextEvents(stream, 1)).toMatchObject([{ fullDocument: { n: 1 } }]);

    harness.server.faults.closeConnections();
    // Written while the stream's connection is gone: the driver resumes from its last token.
    await otherCollection('reconnect').insertOne({ n: 2 });
    await otherCollection('reconnect').insertOne({ n: 3 });

    const events = await nextEvents(stream, 2);
    expect(events.map((event) => (event as Document).fullDocument.n)).toEqual([2, 3]);
    await stream.close();
  });

  it('ends with drop and invalidate when the collection is dropped', async () => {
    const coll = collection('dropped');
    await coll.insertOne({ n: 0 });
    const stream = await openStream(coll.watch([], QUICK));
    await otherCollection('dropped').insertOne({ n: 1 });
    await otherCollection('dropped').drop();
    const events = await nextEvents(stream, 3);
    expect(events.map((event) => event.operationType)).toEqual(['insert', 'drop', 'invalidate']);
    expect(events[1]).toMatchObject({ ns: { db: 'streams', coll: 'dropped' } });
    await eventually(async () => {
      await stream.tryNext().catch(() => undefined);
      return stream.closed;
    });
  });
});

describe('change streams on a database and the cluster', () => {
  it('watch() on a database follows all its collections; on the client, every database', async () => {
    const dbStream = await openStream(db().watch([], QUICK));
    const clusterStream = await openStream(harness.client.watch([], QUICK));
    await otherCollection('one').insertOne({ n: 1 });
    await other.db('elsewhere').collection('two').insertOne({ n: 2 });
    await otherCollection('three').insertOne({ n: 3 });

    const inDb = await nextEvents(dbStream, 2);
    expect(inDb.map((event) => (event as Document).ns)).toEqual([
      { db: 'streams', coll: 'one' },
      { db: 'streams', coll: 'three' },
    ]);
    const everywhere = await nextEvents(clusterStream, 3);
    expect(everywhere.map((event) => (event as Document).ns.coll)).toEqual(['one', 'two', 'three']);
    await dbStream.close();
    await clusterStream.close();
  });
});

describe('history', () => {
  it('keeps changeHistorySize writes: resuming before them is ChangeStreamHistoryLost', async () => {
    const small = await startHarness({ replicaSet: 'rs0', changeHistorySize: 4 });
    try {
      const coll = small.client.db('history').collection('c');
      const stream = await openStream(coll.watch([], QUICK));
      await coll.insertOne({ n: 0 });
      const [first] = await nextEvents(stream, 1);
      await stream.close();
      await coll.insertMany(Array.from({ length: 10 }, (_, n) => ({ n: n + 1 })));
      await expect(coll.watch([], { resumeAfter: first?._id }).tryNext()).rejects.toMatchObject({
        code: 286,
      });
    } finally {
      await small.close();
    }
  });
});

describe('retryable writes and what a replica set receives', () => {
  it('runs a write with the same lsid and txnNumber once, and refuses an older number', async () => {
    // A client of its own: its pooled session ends up at txnNumber 7, which the driver's own
    // count for that session would not know.
    const client = new MongoClient(harness.server.uri, { serverSelectionTimeoutMS: 5000 });
    const db = () => client.db('streams');
    const session = client.startSession();
    try {
      const insert = {
        insert: 'retried',
        documents: [{ _id: 'once' }],
        txnNumber: Long.fromNumber(7),
      };
      expect(await db().command(insert, { session })).toMatchObject({ n: 1, ok: 1 });
      // The retry the driver sends after a lost reply: the first answer, not E11000.
      const retried = await db().command(insert, { session });
      expect(retried).toMatchObject({ n: 1, ok: 1 });
      expect(retried).not.toHaveProperty('writeErrors');
      expect(await collection('retried').countDocuments({ _id: 'once' })).toBe(1);
      await expect(
        db().command({ ...insert, txnNumber: Long.fromNumber(6) }, { session }),
      ).rejects.toMatchObject({ code: 225, codeName: 'TransactionTooOld' });
      await expect(
        db().command({ find: 'retried', txnNumber: Long.fromNumber(8) }, { session }),
      ).rejects.toMatchObject({ code: 50768 });
    } finally {
      await session.endSession();
      await client.close();
    }
  });

  it('retries a write the server failed with a RetryableWriteError label', async () => {
    harness.server.faults.failCommands(1, {
      code: 91,
      codeName: 'ShutdownInProgress',
      errorLabels: ['RetryableWriteError'],
      commands: ['insert'],
    });
    await collection('labelled').insertOne({ _id: 1 });
    expect(await collection('labelled').countDocuments()).toBe(1);
  });

  it('accepts readConcern majority and causal reads, refuses snapshot and transactions', async () => {
    const coll = db().collection('concerns', { readConcern: { level: 'majority' } });
    await coll.insertOne({ n: 1 });
    expect(await coll.countDocuments()).toBe(1);
    const causal = harness.client.startSession({ causalConsistency: true });
    try {
      await coll.insertOne({ n: 2 }, { session: causal });
      expect(await coll.find({}, { session: causal }).toArray()).toHaveLength(2);
    } finally {
      await causal.endSession();
    }
    await expect(
      db().command({ find: 'concerns', readConcern: { level: 'snapshot' } }),
    ).rejects.toMatchObject({ code: 115 });
    const txn = harness.client.startSession();
    try {
      txn.startTransaction();
      await expect(coll.insertOne({ n: 3 }, { session: txn })).rejects.toMatchObject({
        code: 115,
      });
    } finally {
      await txn.abortTransaction().catch(() => undefined);
      await txn.endSession();
    }
  });
});

describe('the standalone default', () => {
  it('keeps answering as a standalone: no set, no cluster time, no change streams', async () => {
    const standalone = await startHarness();
    try {
      const hello = await standalone.client.db('admin').command({ hello: 1 });
      expect(hello).not.toHaveProperty('setName');
      expect(hello).not.toHaveProperty('$clusterTime');
      expect(standalone.server.replicaSet).toBeUndefined();
      await expect(
        standalone.client.db('s').collection('c').watch().tryNext(),
      ).rejects.toMatchObject({ code: 40573 });
    } finally {
      await standalone.close();
    }
  });
});

describe('agenda 6 with the change stream notification channel', () => {
  afterEach(() => jest.restoreAllMocks());

  it('runs a job saved by another Agenda at once, with the poll a minute away', async () => {
    // Agenda's watchdog of a run waits half the poll interval (30 s), even past a stop: its
    // timers are unref'd so that jest's worker can exit.
    const setTimer = global.setTimeout;
    jest
      .spyOn(global, 'setTimeout')
      .mockImplementation(((...args: Parameters<typeof setTimeout>) =>
        setTimer(...args).unref()) as typeof setTimeout);
    // The worker's client reports its change stream's aggregate, so the job is saved after it.
    const workerClient = new MongoClient(harness.server.uri, { monitorCommands: true });
    await workerClient.connect();
    const streamOpen = new Promise<void>((resolve) =>
      workerClient.on('commandSucceeded', (event) => {
        if (event.commandName === 'aggregate') resolve();
      }),
    );
    const worker = new Agenda({
      name: 'worker',
      backend: new MongoBackend({ mongo: workerClient.db('agenda-cs'), collection: 'jobs' }),
      notificationChannel: new MongoChangeStreamNotificationChannel({
        db: workerClient.db('agenda-cs'),
        collection: 'jobs',
      }),
      processEvery: 60_000,
    });
    const queuer = new Agenda({
      name: 'api',
      backend: new MongoBackend({ mongo: other.db('agenda-cs'), collection: 'jobs' }),
      processEvery: 60_000,
    });
    try {
      const ran = new Promise<number>((resolve) => {
        worker.define('wake', async () => resolve(Date.now()));
      });
      await worker.start();
      await streamOpen;
      await queuer.ready;
      const savedAt = Date.now();
      await queuer.now('wake', {});
      expect((await ran) - savedAt).toBeLessThan(5_000);
    } finally {
      await worker.stop();
      await workerClient.close();
    }
  });
});

describe('the CLI', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
  });

  it('starts as a replica-set member with --replSet', async () => {
    const launcher = path.resolve(__dirname, '../bin/embedded-mongo.js');
    child = spawn(
      process.execPath,
      [launcher, '--port', '0', '--in-memory', '--replSet', 'rs1', '--quiet'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const line = await new Promise<string>((resolve, reject) => {
      let output = '';
      child?.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('\n')) resolve(output);
      });
      child?.once('exit', (code) => reject(new Error(`exited with ${String(code)}`)));
    });
    expect(line).toContain('(replica set rs1)');
    const uri = /listening on (mongodb:\/\/\S+)/.exec(line)?.[1] ?? '';
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
    try {
      expect(await client.db('admin').command({ hello: 1 })).toMatchObject({ setName: 'rs1' });
    } finally {
      await client.close();
    }
  });
});
