import net from 'node:net';
import { BSON, MongoClient, MongoServerError, type Document } from 'mongodb';
import { eventually, type Harness, startHarness } from './helpers.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ cursorTimeoutMs: 300, ttlIntervalMs: 50 });
});
afterAll(() => harness.close());
afterEach(() => harness.server.faults.reset());

const db = () => harness.client.db('server');

describe('indexes', () => {
  it('enforces single, compound, sparse and partial unique indexes with the duplicate key shape', async () => {
    const users = db().collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.createIndex({ org: 1, handle: 1 }, { unique: true, name: 'org_handle' });
    await users.createIndex({ nick: 1 }, { unique: true, sparse: true });
    await users.createIndex(
      { token: 1 },
      { unique: true, partialFilterExpression: { token: { $type: 'string' } } },
    );
    await users.insertMany([
      { email: 'a@x', org: 1, handle: 'a' },
      { email: 'b@x', org: 2, handle: 'a', token: null },
      { email: 'c@x', org: 1, handle: 'c', token: null },
    ]);
    const duplicate = await users
      .insertOne({ email: 'a@x', org: 9, handle: 'z' })
      .catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(MongoServerError);
    expect(duplicate).toMatchObject({
      code: 11000,
      keyPattern: { email: 1 },
      keyValue: { email: 'a@x' },
      message:
        'E11000 duplicate key error collection: server.users index: email_1 dup key: { email: "a@x" }',
    });
    await expect(users.insertOne({ email: 'd@x', org: 1, handle: 'a' })).rejects.toMatchObject({
      code: 11000,
      keyPattern: { org: 1, handle: 1 },
      keyValue: { org: 1, handle: 'a' },
    });
    await expect(
      users.updateOne({ email: 'c@x' }, { $set: { handle: 'a' } }),
    ).rejects.toMatchObject({ code: 11000 });
    await users.insertOne({ email: 'e@x', org: 3, handle: 'e', token: 't1', nick: 'n' });
    await expect(
      users.insertOne({ email: 'f@x', org: 3, handle: 'f', token: 't1' }),
    ).rejects.toMatchObject({
      code: 11000,
    });
    await expect(
      users.insertOne({ email: 'g@x', org: 3, handle: 'g', nick: 'n' }),
    ).rejects.toMatchObject({
      code: 11000,
    });
    expect(await users.countDocuments()).toBe(4);
    expect(await users.findOne({ email: 'e@x' }, { projection: { _id: 0, handle: 1 } })).toEqual({
      handle: 'e',
    });
    expect(await users.countDocuments({ org: 1, handle: { $in: ['a', 'c'] } })).toBe(2);
  });

  it('refuses to build a unique index over duplicates, and lists, modifies and drops indexes', async () => {
    const things = db().collection('things');
    await things.insertMany([{ k: 1 }, { k: 1 }]);
    await expect(things.createIndex({ k: 1 }, { unique: true })).rejects.toMatchObject({
      code: 11000,
    });
    await things.createIndex({ k: 1 });
    await things.createIndex({ at: 1 }, { expireAfterSeconds: 3600 });
    expect(await things.indexExists('k_1')).toBe(true);
    await expect(things.createIndex({ k: 1 }, { name: 'k_1', unique: true })).rejects.toMatchObject(
      { code: 85 },
    );
    await db().command({
      collMod: 'things',
      index: { keyPattern: { at: 1 }, expireAfterSeconds: 60 },
    });
    const indexes = await things.listIndexes().toArray();
    expect(indexes.map((index: Document) => index.name)).toEqual(['_id_', 'k_1', 'at_1']);
    expect(indexes[2]).toMatchObject({ expireAfterSeconds: 60 });
    await things.dropIndex('k_1');
    await expect(things.dropIndex('k_1')).rejects.toMatchObject({ code: 27 });
    await things.dropIndexes();
    expect((await things.listIndexes().toArray()).length).toBe(1);
    await expect(db().collection('missing').listIndexes().toArray()).rejects.toMatchObject({
      code: 26,
    });
  });

  it('expires documents through TTL indexes', async () => {
    const sessions = db().collection('sessions');
    await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await sessions.insertMany([
      { expiresAt: new Date(Date.now() - 1000) },
      { expiresAt: new Date(Date.now() + 3_600_000) },
      { expiresAt: 'not a date' },
    ]);
    await eventually(async () => (await sessions.countDocuments()) === 2);
  });
});

describe('cursors', () => {
  it('returns batches through getMore, closes cursors early and times out idle ones', async () => {
    const rows = db().collection('rows');
    await rows.insertMany(Array.from({ length: 25 }, (_, i) => ({ i })));
    const all = await rows.find({}, { batchSize: 4 }).sort({ i: 1 }).toArray();
    expect(all.map((r) => r.i)).toEqual(Array.from({ length: 25 }, (_, i) => i));

    const early = rows.find({}, { batchSize: 2 });
    await early.next();
    await early.close();

    const idle = db().command({ find: 'rows', batchSize: 2 });
    const { cursor } = (await idle) as { cursor: { id: unknown } };
    await new Promise((resolve) => setTimeout(resolve, 900));
    await expect(db().command({ getMore: cursor.id, collection: 'rows' })).rejects.toMatchObject({
      code: 43,
    });
    const killed = await db().command({ killCursors: 'rows', cursors: [cursor.id] });
    expect(killed.cursorsNotFound).toHaveLength(1);
  });

  it('streams aggregate results with a cursor', async () => {
    const rows = db().collection('rows');
    const seen: number[] = [];
    for await (const row of rows.aggregate([{ $sort: { i: -1 } }, { $project: { _id: 0, i: 1 } }], {
      batchSize: 3,
    }))
      seen.push(row.i as number);
    expect(seen).toHaveLength(25);
    expect(seen[0]).toBe(24);
  });
});

describe('commands', () => {
  it('answers hello, buildInfo, ping, getParameter and whatsmyuri', async () => {
    const admin = harness.client.db('admin');
    const hello = await admin.command({ hello: 1 });
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(9);
    expect(hello.isWritablePrimary).toBe(true);
    expect((await admin.command({ buildInfo: 1 })).version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await admin.command({ ping: 1 })).toMatchObject({ ok: 1 });
    expect(await admin.command({ getParameter: 1, featureCompatibilityVersion: 1 })).toMatchObject({
      featureCompatibilityVersion: { version: expect.any(String) },
    });
    expect((await admin.command({ whatsmyuri: 1 })).you).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('answers CommandNotFound (59) for anything it does not know', async () => {
    await expect(db().command({ replSetGetStatus: 1 })).rejects.toMatchObject({
      code: 59,
      codeName: 'CommandNotFound',
    });
  });

  it('creates, lists, drops collections and databases', async () => {
    const scratch = harness.client.db('scratch');
    await scratch.createCollection('a');
    await expect(scratch.createCollection('a')).rejects.toMatchObject({ code: 48 });
    await scratch.collection('b').insertOne({ x: 1 });
    expect(
      (await scratch.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort(),
    ).toEqual(['a', 'b']);
    expect(await scratch.listCollections({ name: 'b' }).toArray()).toEqual([
      expect.objectContaining({ name: 'b', type: 'collection' }),
    ]);
    const { databases } = await harness.client.db('admin').admin().listDatabases();
    expect(databases.map((d) => d.name)).toContain('scratch');
    expect(await scratch.collection('a').drop()).toBe(true);
    await scratch.dropDatabase();
    expect(await scratch.listCollections().toArray()).toEqual([]);
  });

  it('supports sessions without transactions, and refuses transactions as a standalone does', async () => {
    const coll = db().collection('sessions-test');
    const session = harness.client.startSession();
    await coll.insertOne({ s: 1 }, { session });
    expect(await coll.findOne({ s: 1 }, { session })).toMatchObject({ s: 1 });
    await session.endSession();
    const txn = harness.client.startSession();
    txn.startTransaction();
    // The driver rewrites mongod's IllegalOperation (20) on a standalone into this message.
    await expect(coll.insertOne({ s: 2 }, { session: txn })).rejects.toThrow(
      /retryable writes|Transaction numbers/,
    );
    await txn.abortTransaction().catch(() => undefined);
    await txn.endSession();
  });
});

/** Sends one raw message and resolves with the first complete answer. */
function roundTrip(port: number, message: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(message));
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 4 && received.length >= received.readInt32LE(0)) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('error', reject);
  });
}

describe('wire protocol', () => {
  it('reads OP_MSG with the checksum flag and answers OP_QUERY ismaster with OP_REPLY', async () => {
    const body = Buffer.from(BSON.serialize({ ping: 1, $db: 'admin' }));
    const msg = Buffer.alloc(16 + 4 + 1 + body.length + 4);
    msg.writeInt32LE(msg.length, 0);
    msg.writeInt32LE(77, 4);
    msg.writeInt32LE(2013, 12);
    msg.writeUInt32LE(1, 16); // checksumPresent; the trailing 4 bytes are the checksum
    body.copy(msg, 21);
    const answer = await roundTrip(harness.server.port, msg);
    expect(answer.readInt32LE(8)).toBe(77);
    expect(BSON.deserialize(answer.subarray(21))).toMatchObject({ ok: 1 });

    const query = Buffer.from(BSON.serialize({ ismaster: 1, helloOk: true }));
    const name = Buffer.from('admin.$cmd\0');
    const op = Buffer.alloc(16 + 4 + name.length + 8 + query.length);
    op.writeInt32LE(op.length, 0);
    op.writeInt32LE(78, 4);
    op.writeInt32LE(2004, 12);
    name.copy(op, 20);
    op.writeInt32LE(-1, 20 + name.length + 4);
    query.copy(op, 20 + name.length + 8);
    const reply = await roundTrip(harness.server.port, op);
    expect(reply.readInt32LE(12)).toBe(1);
    expect(BSON.deserialize(reply.subarray(36))).toMatchObject({
      ismaster: true,
      maxWireVersion: 21,
    });
  });

  it('applies unacknowledged (w: 0) writes without answering them', async () => {
    const coll = db().collection('unacknowledged');
    await coll.insertOne({ quiet: true }, { writeConcern: { w: 0 } });
    await eventually(async () => (await coll.countDocuments({ quiet: true })) === 1);
  });
});

describe('fault injection and bad input', () => {
  it('fails the next N commands with the given error, then recovers', async () => {
    const coll = db().collection('faults');
    harness.server.faults.failCommands(2, {
      code: 11600,
      errmsg: 'shutting down',
      commands: ['insert'],
    });
    await expect(coll.insertOne({ a: 1 })).rejects.toMatchObject({ code: 11600 });
    await expect(coll.insertOne({ a: 2 })).rejects.toMatchObject({ code: 11600 });
    await coll.insertOne({ a: 3 });
    expect(await coll.countDocuments()).toBe(1);
  });

  it('delays answers', async () => {
    harness.server.faults.delayReplies(200);
    const started = Date.now();
    await db().command({ ping: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('closes every connection; the driver reconnects', async () => {
    // A raw client connection and the driver's pooled one must both be closed by the server.
    const socket = net.connect(harness.server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const socketClosed = new Promise<boolean>((resolve) =>
      socket.once('close', () => resolve(true)),
    );
    const client = new MongoClient(harness.server.uri, { serverSelectionTimeoutMS: 5000 });
    await client.connect();
    const coll = client.db('server').collection('faults');
    await coll.findOne({});
    const closed: string[] = [];
    client.on('connectionClosed', (event) => closed.push(event.reason));
    harness.server.faults.closeConnections();
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000));
    expect(await Promise.race([socketClosed, timeout])).toBe(true);
    // The driver saw its pooled connection fail ('error'), and reconnects for the next read.
    await eventually(async () => closed.includes('error'), 2000);
    expect(await coll.findOne({}, { projection: { _id: 1 } })).toBeDefined();
    await client.close();
  });

  it('closes only the connection that sent a malformed message, with one log line', async () => {
    const before = harness.logs.length;
    const socket = net.connect(harness.server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const garbage = Buffer.alloc(32, 0xff);
    garbage.writeInt32LE(32, 0);
    garbage.writeInt32LE(2013, 12);
    socket.write(garbage);
    await closed;
    expect(harness.logs.slice(before)).toEqual([expect.stringMatching(/malformed message/)]);
    const other = new MongoClient(harness.server.uri);
    await other.connect();
    expect(await other.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
    await other.close();
    expect(await db().collection('faults').countDocuments()).toBe(1);
  });

  it('rejects an impossible message length the same way', async () => {
    const socket = net.connect(harness.server.port, '127.0.0.1');
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const header = Buffer.alloc(16);
    header.writeInt32LE(-5, 0);
    socket.write(header);
    await closed;
    expect(harness.logs.at(-1)).toMatch(/invalid message length/);
  });
});
