// Collation and the command-level `let` option, following MongoDB's documentation
// (reference/collation, and the `let` option of find, aggregate, update, delete and
// findAndModify), through the official driver.
import { type Collection, type Document, MongoServerError } from 'mongodb';
import { type Harness, startHarness } from './helpers.ts';

let harness: Harness;
let items: Collection<Document>;
let testNumber = 0;

const caseInsensitive = { locale: 'en', strength: 2 } as const;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => {
  testNumber += 1;
  items = harness.client.db('collation').collection(`items${testNumber}`);
});

async function names(cursor: { toArray(): Promise<Document[]> }): Promise<unknown[]> {
  return (await cursor.toArray()).map((doc) => doc.name);
}

describe('collation', () => {
  it('finds, sorts and counts case-insensitively with strength 2', async () => {
    await items.insertMany([
      { name: 'cafe' },
      { name: 'Cafe' },
      { name: 'CAFE' },
      { name: 'café' },
    ]);
    expect(await items.countDocuments({ name: 'cafe' })).toBe(1);
    expect(await items.countDocuments({ name: 'cafe' }, { collation: caseInsensitive })).toBe(3);
    expect(
      await names(items.find({ name: 'CaFe' }, { collation: caseInsensitive, sort: { _id: 1 } })),
    ).toEqual(['cafe', 'Cafe', 'CAFE']);
    // Strength 1 also ignores diacritics.
    expect(
      await items.countDocuments({ name: 'cafe' }, { collation: { locale: 'en', strength: 1 } }),
    ).toBe(4);
    expect(
      await items.countDocuments(
        { name: { $in: ['CAFÉ'] } },
        { collation: { locale: 'fr', strength: 2 } },
      ),
    ).toBe(1);
    expect(
      await items.countDocuments({ name: { $gt: 'cafe' } }, { collation: caseInsensitive }),
    ).toBe(1);
    const sorted = await names(
      harness.client
        .db('collation')
        .collection(items.collectionName)
        .find({}, { collation: { locale: 'en', strength: 1 } })
        .sort({ name: 1, _id: 1 }),
    );
    expect(sorted).toEqual(['cafe', 'Cafe', 'CAFE', 'café']);
    expect(
      (await items.distinct('name', {}, { collation: caseInsensitive })).map(String).sort(),
    ).toEqual(['cafe', 'café']);
  });

  it('sorts digit runs by value with numericOrdering', async () => {
    await items.insertMany([{ name: '10' }, { name: '9' }, { name: '100' }, { name: '2' }]);
    expect(await names(items.find({}).sort({ name: 1 }))).toEqual(['10', '100', '2', '9']);
    expect(
      await names(
        items.find({}, { collation: { locale: 'en', numericOrdering: true } }).sort({ name: 1 }),
      ),
    ).toEqual(['2', '9', '10', '100']);
    const aggregated = await items
      .aggregate([{ $sort: { name: -1 } }, { $project: { _id: 0, name: 1 } }], {
        collation: { locale: 'en', numericOrdering: true },
      })
      .toArray();
    expect(aggregated.map((doc) => doc.name)).toEqual(['100', '10', '9', '2']);
  });

  it('matches under the collation in aggregate $match and countDocuments', async () => {
    await items.insertMany([
      { name: 'x', n: 1 },
      { name: 'X', n: 2 },
      { name: 'y', n: 3 },
    ]);
    const out = await items
      .aggregate([{ $match: { name: 'x' } }, { $group: { _id: null, total: { $sum: '$n' } } }], {
        collation: caseInsensitive,
      })
      .toArray();
    expect(out).toEqual([{ _id: null, total: 3 }]);
    const later = await items
      .aggregate([{ $sort: { n: 1 } }, { $match: { name: 'X' } }], { collation: caseInsensitive })
      .toArray();
    expect(later.map((doc) => doc.n)).toEqual([1, 2]);
  });

  it('refuses X after x in a unique index with strength 2 (E11000)', async () => {
    await items.createIndex({ name: 1 }, { unique: true, collation: caseInsensitive });
    const [index] = (await items.listIndexes().toArray()).filter((i) => i.name === 'name_1');
    expect(index?.collation).toMatchObject(caseInsensitive);
    await items.insertOne({ name: 'x' });
    const error = await items.insertOne({ name: 'X' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect((error as MongoServerError).code).toBe(11000);
    expect((error as MongoServerError).message).toMatch(
      /^E11000 duplicate key error collection: collation\.items\d+ index: name_1 dup key: /,
    );
    await items.insertOne({ name: 'y' });
    expect(await items.countDocuments()).toBe(2);
    // The equality lookup of a query with the index's collation finds both spellings.
    expect(await items.countDocuments({ name: 'X' }, { collation: caseInsensitive })).toBe(1);
    expect(await items.countDocuments({ name: 'X' })).toBe(0);
    // Building such an index over existing duplicates fails the same way.
    const other = harness.client.db('collation').collection(`${items.collectionName}b`);
    await other.insertMany([{ name: 'a' }, { name: 'A' }]);
    await expect(
      other.createIndex({ name: 1 }, { unique: true, collation: caseInsensitive }),
    ).rejects.toMatchObject({ code: 11000 });
  });

  it('applies the collection default collation when an operation gives none', async () => {
    const db = harness.client.db('collation');
    const name = `defaults${testNumber}`;
    await db.createCollection(name, { collation: caseInsensitive });
    const coll = db.collection(name);
    await coll.insertMany([
      { name: 'Ann', tag: 'a' },
      { name: 'ann', tag: 'b' },
      { name: 'bob', tag: 'c' },
    ]);
    expect(await coll.countDocuments({ name: 'ANN' })).toBe(2);
    expect(await coll.countDocuments({ name: 'ANN' }, { collation: { locale: 'simple' } })).toBe(0);
    // An index created without a collation inherits the default, so uniqueness follows it.
    await coll.createIndex({ tag: 1 }, { unique: true });
    await expect(coll.updateOne({ name: 'bob' }, { $set: { tag: 'B' } })).rejects.toMatchObject({
      code: 11000,
    });
  });

  it('matches updates, deletes and findAndModify under the collation', async () => {
    await items.insertMany([
      { name: 'x', n: 1 },
      { name: 'X', n: 2 },
      { name: 'y', n: 3 },
    ]);
    expect((await items.updateMany({ name: 'x' }, { $set: { hit: true } })).matchedCount).toBe(1);
    const many = await items.updateMany(
      { name: 'x' },
      { $set: { hit: true } },
      { collation: caseInsensitive },
    );
    expect(many.matchedCount).toBe(2);
    const found = await items.findOneAndUpdate(
      { name: 'X' },
      { $inc: { n: 10 } },
      { collation: caseInsensitive, sort: { n: 1 }, returnDocument: 'after' },
    );
    expect(found).toMatchObject({ name: 'x', n: 11 });
    expect((await items.deleteMany({ name: 'Y' })).deletedCount).toBe(0);
    expect(
      (await items.deleteMany({ name: 'Y' }, { collation: caseInsensitive })).deletedCount,
    ).toBe(1);
    expect(
      (await items.deleteOne({ name: 'X' }, { collation: caseInsensitive })).deletedCount,
    ).toBe(1);
    expect(await items.countDocuments()).toBe(1);
  });

  it("answers MongoDB's errors for invalid collation documents", async () => {
    await items.insertOne({ name: 'x' });
    await expect(
      items.find({}, { collation: { locale: 'en', strength: 7 } as never }).toArray(),
    ).rejects.toMatchObject({
      code: 9,
      message: "Field 'strength' must be an integer 1 through 5. Got: 7",
    });
    await expect(
      items.find({}, { collation: { locale: 'no-such-locale-xx' } }).toArray(),
    ).rejects.toMatchObject({
      code: 2,
      message: expect.stringMatching(/^Field 'locale' is invalid/),
    });
    await expect(
      items.find({}, { collation: { strength: 2 } as never }).toArray(),
    ).rejects.toMatchObject({ code: 9 });
    await expect(
      items.createIndex(
        { name: 1 },
        { collation: { locale: 'en', caseFirst: 'sideways' } as never },
      ),
    ).rejects.toMatchObject({ code: 9 });
  });
});

describe('the let option', () => {
  it('binds $$variables in find with $expr', async () => {
    await items.insertMany([{ n: 1 }, { n: 5 }, { n: 9 }]);
    const found = await items
      .find({ $expr: { $gt: ['$n', '$$limit'] } }, { let: { limit: 4 }, sort: { n: 1 } })
      .toArray();
    expect(found.map((doc) => doc.n)).toEqual([5, 9]);
    // let values are expressions, evaluated once.
    const computed = await items
      .find({ $expr: { $eq: ['$n', '$$target'] } }, { let: { target: { $add: [4, 5] } } })
      .toArray();
    expect(computed.map((doc) => doc.n)).toEqual([9]);
  });

  it('binds $$variables in aggregate', async () => {
    await items.insertMany([{ n: 1 }, { n: 5 }, { n: 9 }]);
    const out = await items
      .aggregate(
        [
          { $match: { $expr: { $lt: ['$n', '$$cap'] } } },
          { $project: { _id: 0, n: 1, scaled: { $multiply: ['$n', '$$factor'] } } },
          { $sort: { n: 1 } },
        ],
        { let: { cap: 6, factor: 10 } },
      )
      .toArray();
    expect(out).toEqual([
      { n: 1, scaled: 10 },
      { n: 5, scaled: 50 },
    ]);
  });

  it('binds $$variables in updateOne with a pipeline update and in findOneAndUpdate', async () => {
    await items.insertMany([
      { _id: 1, n: 1 },
      { _id: 2, n: 2 },
    ] as Document[]);
    const result = await items.updateOne(
      { $expr: { $eq: ['$n', '$$which'] } },
      [{ $set: { label: '$$label', n: { $add: ['$n', '$$step'] } } }],
      { let: { which: 2, label: 'second', step: 100 } },
    );
    expect(result.modifiedCount).toBe(1);
    expect(await items.findOne({ _id: 2 } as Document)).toEqual({
      _id: 2,
      n: 102,
      label: 'second',
    });
    // An operator update whose filter uses a variable.
    const operators = await items.updateOne(
      { $expr: { $eq: ['$n', '$$which'] } },
      { $set: { touched: '$$notExpanded' } },
      { let: { which: 1 } },
    );
    expect(operators.modifiedCount).toBe(1);
    const after = await items.findOneAndUpdate(
      { $expr: { $eq: ['$_id', '$$id'] } },
      [{ $set: { n: '$$value' } }],
      { let: { id: 1, value: 'set' }, returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 1, n: 'set', touched: '$$notExpanded' });
  });

  it('binds $$variables in deleteOne', async () => {
    await items.insertMany([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const result = await items.deleteOne(
      { $expr: { $eq: ['$n', '$$target'] } },
      { let: { target: 2 } },
    );
    expect(result.deletedCount).toBe(1);
    expect((await items.find({}).sort({ n: 1 }).toArray()).map((doc) => doc.n)).toEqual([1, 3]);
    const many = await items.deleteMany({ $expr: { $gte: ['$n', '$$min'] } }, { let: { min: 1 } });
    expect(many.deletedCount).toBe(2);
  });
});
