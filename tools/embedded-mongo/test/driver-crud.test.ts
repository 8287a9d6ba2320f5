import {
  Binary,
  Decimal128,
  Double,
  Int32,
  Long,
  MongoBulkWriteError,
  MongoServerError,
  ObjectId,
  type Collection,
  type Document,
} from 'mongodb';
import { type Harness, startHarness } from './helpers.ts';

let harness: Harness;
let items: Collection<Document>;
let testNumber = 0;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => {
  testNumber += 1;
  items = harness.client.db('crud').collection(`items${testNumber}`);
});

describe('CRUD through the official driver', () => {
  it('inserts, finds with filter, sort, skip, limit and projection', async () => {
    await items.insertMany([5, 3, 9, 1, 7].map((n) => ({ n, odd: n % 2 === 1, label: `n${n}` })));
    const page = await items
      .find({ n: { $gt: 1 } }, { projection: { _id: 0, n: 1 } })
      .sort({ n: -1 })
      .skip(1)
      .limit(2)
      .toArray();
    expect(page).toEqual([{ n: 7 }, { n: 5 }]);
    expect(await items.countDocuments({ n: { $lt: 6 } })).toBe(3);
    expect(await items.estimatedDocumentCount()).toBe(5);
    expect((await items.distinct('n', { n: { $gte: 7 } })).sort()).toEqual([7, 9]);
  });

  it('puts _id first and keeps a client-given _id', async () => {
    const { insertedId } = await items.insertOne({ a: 1 });
    const stored = await items.findOne({ _id: insertedId });
    expect(Object.keys(stored ?? {})).toEqual(['_id', 'a']);
    await items.insertOne({ _id: 'custom' as unknown as ObjectId, b: 2 });
    expect(await items.findOne({ _id: 'custom' as unknown as ObjectId })).toEqual({
      _id: 'custom',
      b: 2,
    });
  });

  it('round-trips every value type exactly', async () => {
    const doc = {
      _id: new ObjectId(),
      date: new Date('2024-02-29T12:34:56.789Z'),
      long: Long.fromString('9007199254740993'),
      smallLong: Long.fromNumber(42),
      int: new Int32(-7),
      double: new Double(2.5),
      decimal: Decimal128.fromString('1234567890.123456789'),
      binary: new Binary(Buffer.from([0, 1, 2, 255]), 4),
      nothing: null,
      nested: { list: [1, 'two', { three: [3] }], empty: {} },
    };
    await items.insertOne(doc);
    const raw = await items.findOne(
      { _id: doc._id },
      { promoteValues: false, promoteLongs: false },
    );
    expect(raw?.date).toEqual(doc.date);
    expect(raw?.long).toEqual(doc.long);
    expect(raw?.smallLong).toEqual(doc.smallLong);
    expect(raw?.int).toEqual(doc.int);
    expect(raw?.double).toEqual(doc.double);
    expect(raw?.decimal.toString()).toBe('1234567890.123456789');
    expect((raw?.binary as Binary).sub_type).toBe(4);
    expect(Buffer.from((raw?.binary as Binary).buffer)).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(raw?.nothing).toBeNull();
    const promoted = await items.findOne({ _id: doc._id });
    expect(promoted?.nested).toEqual(doc.nested);
    expect(promoted?.long).toEqual(doc.long);
  });

  it('updates with upsert, multi, $setOnInsert, arrayFilters and positional $', async () => {
    await items.insertMany([
      { k: 'a', n: 1, grades: [80, 95, 100] },
      { k: 'a', n: 2, grades: [70, 100] },
      { k: 'b', n: 3, grades: [] },
    ]);
    const many = await items.updateMany({ k: 'a' }, { $inc: { n: 10 } });
    expect([many.matchedCount, many.modifiedCount]).toEqual([2, 2]);
    const none = await items.updateOne({ k: 'b' }, { $set: { n: 3 } });
    expect([none.matchedCount, none.modifiedCount]).toEqual([1, 0]);
    const up = await items.updateOne(
      { k: 'c', n: { $gt: 5 } },
      { $set: { grades: [1] }, $setOnInsert: { created: true } },
      { upsert: true },
    );
    expect(up.upsertedCount).toBe(1);
    expect(
      await items.findOne({ _id: up.upsertedId ?? undefined }, { projection: { _id: 0 } }),
    ).toEqual({
      k: 'c',
      grades: [1],
      created: true,
    });
    await items.updateOne({ k: 'c' }, { $set: { created: false }, $setOnInsert: { ignored: 1 } });
    expect(
      await items.findOne({ k: 'c' }, { projection: { _id: 0, created: 1, ignored: 1 } }),
    ).toEqual({ created: false });
    await items.updateMany(
      { k: 'a' },
      { $set: { 'grades.$[high]': 0 } },
      { arrayFilters: [{ high: { $gte: 100 } }] },
    );
    await items.updateOne({ k: 'a', grades: 95 }, { $set: { 'grades.$': 96 } });
    const grades = (await items.find({ k: 'a' }).sort({ n: 1 }).toArray()).map((d) => d.grades);
    expect(grades).toEqual([
      [80, 96, 0],
      [70, 0],
    ]);
  });

  it('replaces whole documents and runs pipeline updates', async () => {
    const { insertedId } = await items.insertOne({ a: 1, b: 2 });
    await items.replaceOne({ _id: insertedId }, { c: 3 });
    expect(await items.findOne({ _id: insertedId })).toEqual({ _id: insertedId, c: 3 });
    await items.updateOne({ _id: insertedId }, [{ $set: { d: { $add: ['$c', 1] } } }]);
    expect(await items.findOne({ _id: insertedId })).toEqual({ _id: insertedId, c: 3, d: 4 });
  });

  it('answers MongoDB errors for invalid updates', async () => {
    const { insertedId } = await items.insertOne({ s: 'text', list: 'not a list' });
    await expect(items.updateOne({ _id: insertedId }, { $inc: { s: 1 } })).rejects.toMatchObject({
      code: 14,
    });
    await expect(
      items.updateOne({ _id: insertedId }, { $push: { list: 1 } } as Document),
    ).rejects.toMatchObject({ code: 2 });
    await expect(
      items.updateOne({ _id: insertedId }, { $set: { _id: new ObjectId() } }),
    ).rejects.toMatchObject({
      code: 66,
    });
    await expect(
      items.updateOne({ _id: insertedId }, { $set: { a: 1 }, $inc: { a: 1 } }),
    ).rejects.toMatchObject({
      code: 40,
    });
    await expect(items.find({ a: { $bogus: 1 } }).toArray()).rejects.toBeInstanceOf(
      MongoServerError,
    );
  });

  it('deletes one and many', async () => {
    await items.insertMany([{ g: 1 }, { g: 1 }, { g: 1 }, { g: 2 }]);
    expect((await items.deleteOne({ g: 1 })).deletedCount).toBe(1);
    expect((await items.deleteMany({ g: 1 })).deletedCount).toBe(2);
    expect(await items.countDocuments()).toBe(1);
  });

  it('findOneAndUpdate, findOneAndReplace and findOneAndDelete honour sort, projection, upsert and new', async () => {
    await items.insertMany([
      { q: 'job', p: 2, lockedAt: null },
      { q: 'job', p: 1, lockedAt: null },
    ]);
    const before = await items.findOneAndUpdate(
      { q: 'job', lockedAt: null },
      { $set: { lockedAt: new Date() } },
      { sort: { p: 1 }, projection: { _id: 0, p: 1 } },
    );
    expect(before).toEqual({ p: 1 });
    const after = await items.findOneAndUpdate(
      { q: 'job', lockedAt: null },
      { $set: { lockedAt: 'now' } },
      { returnDocument: 'after' },
    );
    expect(after?.lockedAt).toBe('now');
    expect(
      await items.findOneAndUpdate({ q: 'job', lockedAt: null }, { $set: { x: 1 } }),
    ).toBeNull();
    const created = await items.findOneAndUpdate(
      { q: 'single' },
      { $set: { v: 1 }, $setOnInsert: { first: true } },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    expect(created.value).toMatchObject({ q: 'single', v: 1, first: true });
    expect(created.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false });
    const replaced = await items.findOneAndReplace(
      { q: 'single' },
      { q: 'single', v: 2 },
      { returnDocument: 'after' },
    );
    expect(replaced).toMatchObject({ q: 'single', v: 2 });
    expect(replaced).not.toHaveProperty('first');
    const removed = await items.findOneAndDelete({ q: 'job' }, { sort: { p: -1 } });
    expect(removed?.p).toBe(2);
    expect(await items.countDocuments({ q: 'job' })).toBe(1);
  });

  it('runs bulkWrite, ordered and unordered, reporting the failed operation', async () => {
    await items.createIndex({ code: 1 }, { unique: true });
    const result = await items.bulkWrite([
      { insertOne: { document: { code: 'a' } } },
      { updateOne: { filter: { code: 'a' }, update: { $set: { seen: true } } } },
      { updateOne: { filter: { code: 'b' }, update: { $set: { seen: false } }, upsert: true } },
      { deleteOne: { filter: { code: 'zzz' } } },
    ]);
    expect(result.insertedCount).toBe(1);
    expect(result.modifiedCount).toBe(1);
    expect(result.upsertedCount).toBe(1);
    const unordered = items.bulkWrite(
      [{ insertOne: { document: { code: 'a' } } }, { insertOne: { document: { code: 'c' } } }],
      { ordered: false },
    );
    await expect(unordered).rejects.toBeInstanceOf(MongoBulkWriteError);
    const error = (await unordered.catch((e: unknown) => e)) as MongoBulkWriteError;
    expect(error.writeErrors).toHaveLength(1);
    expect(error.result.insertedCount).toBe(1);
    expect(await items.countDocuments()).toBe(3);
  });

  it('aggregates with $match, $group, $sort, $lookup and $out', async () => {
    const db = harness.client.db('crud');
    const owners = db.collection(`owners${testNumber}`);
    await owners.insertMany([
      { _id: 1 as unknown as ObjectId, name: 'ann' },
      { _id: 2 as unknown as ObjectId, name: 'bob' },
    ]);
    await items.insertMany([
      { owner: 1, v: 5 },
      { owner: 1, v: 7 },
      { owner: 2, v: 1 },
    ]);
    const totals = await items
      .aggregate([
        { $match: { v: { $gte: 1 } } },
        { $group: { _id: '$owner', total: { $sum: '$v' } } },
        {
          $lookup: {
            from: owners.collectionName,
            localField: '_id',
            foreignField: '_id',
            as: 'who',
          },
        },
        { $project: { total: 1, name: { $first: '$who.name' } } },
        { $sort: { total: -1 } },
      ])
      .toArray();
    expect(totals).toEqual([
      { _id: 1, total: 12, name: 'ann' },
      { _id: 2, total: 1, name: 'bob' },
    ]);
    await items.aggregate([{ $match: { owner: 1 } }, { $out: `out${testNumber}` }]).toArray();
    expect(await db.collection(`out${testNumber}`).countDocuments()).toBe(2);
  });
});
