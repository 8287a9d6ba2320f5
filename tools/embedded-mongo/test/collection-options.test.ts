// Collection options (issue 16, causes 7 and 8): validators, views, and what the embedded
// server refuses with MongoDB's error rather than accepting silently.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, MongoServerError } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.ts';
import { type Harness, startHarness } from './helpers.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());

const db = () => harness.client.db('options');

async function failure(promise: Promise<unknown>): Promise<MongoServerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MongoServerError);
  return error as MongoServerError;
}

describe('validator', () => {
  // Schema validation docs: "MongoDB rejects the insert and returns an error" with
  // "Document failed validation" and details under errInfo.
  it('refuses an insert failing $jsonSchema with 121 and errInfo', async () => {
    const students = await db().createCollection('students', {
      validator: {
        $jsonSchema: {
          bsonType: 'object',
          required: ['name', 'year'],
          properties: {
            name: { bsonType: 'string', description: 'must be a string' },
            year: { bsonType: 'int', minimum: 2017, maximum: 3017 },
          },
        },
      },
    });
    await students.insertOne({ name: 'Alice', year: 2019 });
    const missing = await failure(students.insertOne({ _id: 'b' as never, name: 'Bob' }));
    expect(missing).toMatchObject({ code: 121, message: 'Document failed validation' });
    expect(missing.errInfo).toEqual({
      failingDocumentId: 'b',
      details: {
        operatorName: '$jsonSchema',
        schemaRulesNotSatisfied: [
          {
            operatorName: 'required',
            specifiedAs: { required: ['name', 'year'] },
            missingProperties: ['year'],
          },
        ],
      },
    });
    const wrongType = await failure(students.insertOne({ _id: 'c' as never, name: 'C', year: 1 }));
    expect(wrongType.errInfo?.details).toEqual({
      operatorName: '$jsonSchema',
      schemaRulesNotSatisfied: [
        {
          operatorName: 'properties',
          propertiesNotSatisfied: [
            {
              propertyName: 'year',
              details: [
                {
                  operatorName: 'minimum',
                  specifiedAs: { minimum: 2017 },
                  reason: 'comparison failed',
                  consideredValue: 1,
                },
              ],
            },
          ],
        },
      ],
    });
    expect(await students.countDocuments()).toBe(1);
  });

  it('checks updates, and a query-operator validator', async () => {
    const contacts = await db().createCollection('contacts', {
      validator: { $or: [{ phone: { $type: 'string' } }, { email: { $regex: /@/ } }] },
    });
    await contacts.insertOne({ _id: 1 as never, email: 'a@x' });
    const error = await failure(contacts.updateOne({ _id: 1 as never }, { $set: { email: 'no' } }));
    expect(error).toMatchObject({ code: 121, message: 'Document failed validation' });
    expect(error.errInfo).toMatchObject({ failingDocumentId: 1, details: { operatorName: '$or' } });
    expect(await contacts.findOne({ _id: 1 as never })).toEqual({ _id: 1, email: 'a@x' });
    await contacts.insertOne({ phone: '555' });
  });

  it('skips validation with bypassDocumentValidation, validationAction warn or level off', async () => {
    const rule = { validator: { qty: { $gte: 0 } } };
    const coll = await db().createCollection('bypass', rule);
    await coll.insertOne({ qty: -1 }, { bypassDocumentValidation: true });
    await db().createCollection('warned', { ...rule, validationAction: 'warn' });
    await db().collection('warned').insertOne({ qty: -1 });
    await db().createCollection('off', { ...rule, validationLevel: 'off' });
    await db().collection('off').insertOne({ qty: -1 });
    expect(await coll.countDocuments()).toBe(1);
    expect(await db().collection('warned').countDocuments()).toBe(1);
    expect(await db().collection('off').countDocuments()).toBe(1);
  });

  it('moderate: updates to documents that already failed are not checked', async () => {
    const coll = db().collection('moderate');
    await coll.insertMany([{ _id: 1, qty: -5 } as never, { _id: 2, qty: 5 } as never]);
    await db().command({
      collMod: 'moderate',
      validator: { qty: { $gte: 0 } },
      validationLevel: 'moderate',
    });
    await coll.updateOne({ _id: 1 as never }, { $set: { qty: -6 } });
    expect((await failure(coll.updateOne({ _id: 2 as never }, { $set: { qty: -1 } }))).code).toBe(
      121,
    );
    await expect(coll.find({}, { sort: { _id: 1 } }).toArray()).resolves.toEqual([
      { _id: 1, qty: -6 },
      { _id: 2, qty: 5 },
    ]);
  });
});

describe('views', () => {
  beforeAll(async () => {
    await db()
      .collection('orders')
      .insertMany([
        { item: 'a', qty: 1, status: 'A' },
        { item: 'b', qty: 5, status: 'A' },
        { item: 'c', qty: 9, status: 'D' },
      ]);
    await db().createCollection('activeOrders', {
      viewOn: 'orders',
      pipeline: [{ $match: { status: 'A' } }, { $project: { _id: 0, item: 1, qty: 1 } }],
    });
  });

  it('reads through the pipeline: find, count, distinct and aggregate', async () => {
    const view = db().collection('activeOrders');
    expect(await view.find({ qty: { $gt: 2 } }).toArray()).toEqual([{ item: 'b', qty: 5 }]);
    expect(await view.find({}, { sort: { qty: -1 }, limit: 1 }).toArray()).toEqual([
      { item: 'b', qty: 5 },
    ]);
    expect(await view.countDocuments()).toBe(2);
    expect(await view.distinct('item')).toEqual(['a', 'b']);
    expect(
      await view.aggregate([{ $group: { _id: null, total: { $sum: '$qty' } } }]).toArray(),
    ).toEqual([{ _id: null, total: 6 }]);
  });

  it('is listed as a view', async () => {
    const [info] = await db().listCollections({ name: 'activeOrders' }).toArray();
    expect(info).toMatchObject({
      type: 'view',
      options: { viewOn: 'orders', pipeline: [{ $match: { status: 'A' } }, expect.anything()] },
      info: { readOnly: true },
    });
  });

  it('refuses writes with 166 CommandNotSupportedOnView', async () => {
    const view = db().collection('activeOrders');
    const message = 'Namespace options.activeOrders is a view, not a collection';
    for (const write of [
      view.insertOne({ item: 'z' }),
      view.updateOne({}, { $set: { qty: 0 } }),
      view.deleteMany({}),
      view.findOneAndUpdate({}, { $set: { qty: 0 } }),
      view.createIndex({ item: 1 }),
    ])
      expect(await failure(write)).toMatchObject({ code: 166, message });
    expect(await db().collection('orders').countDocuments({ qty: 0 })).toBe(0);
  });
});

describe('refused collection options', () => {
  it('refuses time-series and clustered collections with 115 instead of ignoring them', async () => {
    expect(
      await failure(db().createCollection('weather', { timeseries: { timeField: 'ts' } })),
    ).toMatchObject({
      code: 115,
      codeName: 'CommandNotSupported',
      message: 'time-series collections are not supported by the embedded server',
    });
    expect(
      await failure(
        db().createCollection('clustered', { clusteredIndex: { key: { _id: 1 }, unique: true } }),
      ),
    ).toMatchObject({
      code: 115,
      message: 'clustered indexes are not supported by the embedded server',
    });
    const names = (await db().listCollections().toArray()).map(({ name }) => name);
    expect(names).not.toContain('weather');
    expect(names).not.toContain('clustered');
  });

  it('refuses prepareUnique on createIndexes and collMod', async () => {
    const coll = db().collection('prepared');
    await coll.insertOne({ a: 1 });
    expect(
      (
        await failure(
          db().command({
            createIndexes: 'prepared',
            indexes: [{ key: { a: 1 }, name: 'a_1', prepareUnique: true }],
          }),
        )
      ).code,
    ).toBe(115);
    await coll.createIndex({ a: 1 });
    expect(
      (
        await failure(
          db().command({
            collMod: 'prepared',
            index: { keyPattern: { a: 1 }, prepareUnique: true },
          }),
        )
      ).code,
    ).toBe(115);
  });
});

describe('capped collections, tailable cursors and $text', () => {
  it('refuses a tailable cursor on a collection that is not capped (2)', async () => {
    await db().collection('plain').insertOne({ a: 1 });
    const plain = await failure(db().collection('plain').find({}, { tailable: true }).toArray());
    expect(plain).toMatchObject({
      code: 2,
      message: 'error processing query: tailable cursor requested on non capped collection',
    });
  });

  it('caps a collection at max documents, dropping the oldest', async () => {
    // "max: the maximum number of documents allowed in the capped collection"
    const log = await db().createCollection('cappedLog', { capped: true, size: 100_000, max: 3 });
    for (let n = 1; n <= 5; n += 1) await log.insertOne({ n });
    expect((await log.find().toArray()).map(({ n }) => n as number)).toEqual([3, 4, 5]);
  });

  it('keeps a tailable cursor open at the end and returns documents inserted later', async () => {
    // "Tailable cursors ... remain open after the client exhausts the results in the initial
    // cursor. As clients insert new documents into the capped collection, the tailable cursor
    // continues to retrieve documents."
    const events = await db().createCollection('cappedEvents', { capped: true, size: 100_000 });
    await events.insertMany([
      { n: 1, kind: 'a' },
      { n: 2, kind: 'b' },
    ]);
    const cursor = events.find({ kind: 'a' }, { tailable: true, projection: { _id: 0, n: 1 } });
    expect(await cursor.next()).toEqual({ n: 1 });
    expect(await cursor.tryNext()).toBeNull();
    expect(cursor.closed).toBe(false);
    await events.insertMany([
      { n: 3, kind: 'a' },
      { n: 4, kind: 'b' },
      { n: 5, kind: 'a' },
    ]);
    expect(await cursor.tryNext()).toEqual({ n: 3 });
    expect(await cursor.tryNext()).toEqual({ n: 5 });
    await cursor.close();
  });

  it('awaitData: a getMore waits up to maxAwaitTimeMS for a new document', async () => {
    const feed = await db().createCollection('cappedFeed', { capped: true, size: 100_000 });
    await feed.insertOne({ n: 1 });
    const cursor = feed.find({}, { tailable: true, awaitData: true, maxAwaitTimeMS: 300 });
    expect(await cursor.next()).toMatchObject({ n: 1 });
    const started = Date.now();
    expect(await cursor.tryNext()).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    setTimeout(() => void feed.insertOne({ n: 2 }), 50);
    expect(await cursor.next()).toMatchObject({ n: 2 });
    await cursor.close();
  });

  it('refuses $text without a text index (27) and with one (115)', async () => {
    const articles = db().collection('articles');
    await articles.insertOne({ subject: 'coffee' });
    expect(await failure(articles.find({ $text: { $search: 'coffee' } }).toArray())).toMatchObject({
      code: 27,
      codeName: 'IndexNotFound',
      message: 'text index required for $text query',
    });
    await articles.createIndex({ subject: 'text' });
    expect((await failure(articles.find({ $text: { $search: 'coffee' } }).toArray())).code).toBe(
      115,
    );
  });
});

describe('durability of collection options', () => {
  it('keeps a view and a collMod validator across a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'embedded-mongo-options-'));
    try {
      const first = await startEmbeddedMongo({ port: 0, dataDir, logger: false });
      const client = new MongoClient(first.uri);
      await client.db('kept').collection('items').insertOne({ qty: 1 });
      await client.db('kept').command({ collMod: 'items', validator: { qty: { $gte: 0 } } });
      await client.db('kept').createCollection('positive', {
        viewOn: 'items',
        pipeline: [{ $match: { qty: { $gt: 0 } } }],
      });
      await client.close();
      await first.stop();

      const second = await startEmbeddedMongo({ port: 0, dataDir, logger: false });
      const again = new MongoClient(second.uri);
      try {
        const kept = again.db('kept');
        expect(await kept.collection('positive').countDocuments()).toBe(1);
        expect((await failure(kept.collection('items').insertOne({ qty: -1 }))).code).toBe(121);
      } finally {
        await again.close();
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
