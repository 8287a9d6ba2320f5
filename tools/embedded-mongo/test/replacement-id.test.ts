import {
  type Collection,
  MongoBulkWriteError,
  MongoServerError,
  ObjectId,
  type WriteError,
} from 'mongodb';
import { type Harness, startHarness } from './helpers.ts';

// Replacement updates (an update document without `$` operators) and pipeline updates ending in
// $replaceRoot/$replaceWith, as MongoDB 7.0 documents them: the matched document's `_id` is
// kept, changing it is error 66 ImmutableField, and an upsert's `_id` comes from the
// replacement, else from the filter's `_id` equality, else a new ObjectId.

type Id = ObjectId | string | number;

interface Item {
  _id?: Id;
  [field: string]: unknown;
}

let harness: Harness;
let items: Collection<Item>;
let testNumber = 0;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => {
  testNumber += 1;
  items = harness.client.db('replace').collection<Item>(`items${testNumber}`);
});

const all = (): Promise<Item[]> => items.find().sort({ _id: 1 }).toArray();

function writeErrorsOf(error: MongoBulkWriteError): WriteError[] {
  return ([] as WriteError[]).concat(error.writeErrors);
}

async function rejection(promise: Promise<unknown>): Promise<MongoServerError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MongoServerError);
  return error as MongoServerError;
}

const ALTERED =
  "After applying the update, the (immutable) field '_id' was found to have been altered to";

describe('replaceOne keeps, checks and assigns _id', () => {
  it('keeps the matched document _id when the filter is not on _id', async () => {
    const { insertedId } = await items.insertOne({ x: 'a', y: 1 });
    const result = await items.replaceOne({ x: 'a' }, { x: 'b' });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect(result.upsertedId).toBeNull();
    const stored = await all();
    expect(stored).toEqual([{ _id: insertedId, x: 'b' }]);
    expect(Object.keys(stored[0] ?? {})).toEqual(['_id', 'x']);
  });

  it('accepts the same _id in the replacement, wherever it is, and stores it first', async () => {
    await items.insertOne({ _id: 5, x: 'a' });
    const result = await items.replaceOne({ x: 'a' }, { x: 'b', _id: 5 });
    expect(result.matchedCount).toBe(1);
    const stored = await all();
    expect(stored).toEqual([{ _id: 5, x: 'b' }]);
    expect(Object.keys(stored[0] ?? {})).toEqual(['_id', 'x']);
  });

  it('rejects a different _id with 66 ImmutableField and leaves the document alone', async () => {
    await items.insertOne({ _id: 'one', x: 'a' });
    const error = await rejection(items.replaceOne({ x: 'a' }, { _id: 'two', x: 'b' }));
    expect(error.code).toBe(66);
    expect(error.message).toBe(`${ALTERED} _id: "two"`);
    expect(await all()).toEqual([{ _id: 'one', x: 'a' }]);
  });

  it('upserts the replacement with a new ObjectId, without the filter fields', async () => {
    await items.insertOne({ _id: 1, x: 'a' });
    const result = await items.replaceOne({ x: 'zz', y: 3 }, { x: 'c' }, { upsert: true });
    expect(result).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
    expect(result.upsertedId).toBeInstanceOf(ObjectId);
    const created = await items.findOne({ _id: result.upsertedId as Id });
    expect(created).toEqual({ _id: result.upsertedId, x: 'c' });
    expect(Object.keys(created ?? {})).toEqual(['_id', 'x']);
    expect(await items.countDocuments()).toBe(2);
  });

  it('upserts with the replacement _id, stored first', async () => {
    const result = await items.replaceOne({ x: 'zz' }, { x: 'c', _id: 'given' }, { upsert: true });
    expect(result).toMatchObject({ upsertedCount: 1, upsertedId: 'given', matchedCount: 0 });
    const stored = await all();
    expect(stored).toEqual([{ _id: 'given', x: 'c' }]);
    expect(Object.keys(stored[0] ?? {})).toEqual(['_id', 'x']);
  });

  it("upserts with the filter's _id equality ({_id: v}, $eq, inside $and)", async () => {
    const plain = await items.replaceOne({ _id: 7, x: 'q' }, { x: 'c' }, { upsert: true });
    expect(plain).toMatchObject({ upsertedCount: 1, upsertedId: 7 });
    const eq = await items.replaceOne({ _id: { $eq: 8 } }, { x: 'd' }, { upsert: true });
    expect(eq).toMatchObject({ upsertedCount: 1, upsertedId: 8 });
    const and = await items.replaceOne(
      { $and: [{ _id: 9 }, { x: 'nope' }] },
      { x: 'e' },
      { upsert: true },
    );
    expect(and).toMatchObject({ upsertedCount: 1, upsertedId: 9 });
    expect(await all()).toEqual([
      { _id: 7, x: 'c' },
      { _id: 8, x: 'd' },
      { _id: 9, x: 'e' },
    ]);
  });

  it('upserts when filter and replacement agree on _id, refuses (66) when they differ', async () => {
    const same = await items.replaceOne({ _id: 1 }, { _id: 1, x: 'c' }, { upsert: true });
    expect(same).toMatchObject({ upsertedCount: 1, upsertedId: 1 });
    const error = await rejection(
      items.replaceOne({ _id: 2 }, { _id: 3, x: 'd' }, { upsert: true }),
    );
    expect(error.code).toBe(66);
    expect(error.message).toBe(`${ALTERED} _id: 3`);
    expect(await all()).toEqual([{ _id: 1, x: 'c' }]);
  });

  it('an upsert whose replacement _id already exists is a duplicate key', async () => {
    await items.insertOne({ _id: 'taken', x: 'a' });
    const error = await rejection(
      items.replaceOne({ x: 'zz' }, { _id: 'taken', x: 'b' }, { upsert: true }),
    );
    expect(error.code).toBe(11000);
    expect(await all()).toEqual([{ _id: 'taken', x: 'a' }]);
  });
});

describe('findOneAndReplace keeps, checks and assigns _id', () => {
  it("upserts and returns the new document with returnDocument 'after'", async () => {
    const result = await items.findOneAndReplace(
      { x: 'zz', y: 1 },
      { x: 'c' },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    expect(result.value?._id).toBeInstanceOf(ObjectId);
    expect(result.value).toEqual({ _id: result.value?._id, x: 'c' });
    expect(result.lastErrorObject).toEqual({
      n: 1,
      updatedExisting: false,
      upserted: result.value?._id,
    });
    expect(await all()).toEqual([{ _id: result.value?._id, x: 'c' }]);
  });

  it("upserts with returnDocument 'before': null value, the _id in lastErrorObject", async () => {
    const withId = await items.findOneAndReplace(
      { x: 'zz' },
      { _id: 'given', x: 'c' },
      { upsert: true, returnDocument: 'before', includeResultMetadata: true },
    );
    expect(withId.value).toBeNull();
    expect(withId.lastErrorObject).toEqual({ n: 1, updatedExisting: false, upserted: 'given' });
    const fromFilter = await items.findOneAndReplace(
      { _id: 4, x: 'zz' },
      { x: 'd' },
      { upsert: true, returnDocument: 'before', includeResultMetadata: true },
    );
    expect(fromFilter.lastErrorObject?.upserted).toBe(4);
    const generated = await items.findOneAndReplace(
      { x: 'yy' },
      { x: 'e' },
      { upsert: true, includeResultMetadata: true },
    );
    const newId = generated.lastErrorObject?.upserted as Id;
    expect(newId).toBeInstanceOf(ObjectId);
    expect(await items.findOne({ _id: newId })).toEqual({ _id: newId, x: 'e' });
    expect(
      await items
        .find({ _id: { $in: ['given', 4] } })
        .sort({ x: 1 })
        .toArray(),
    ).toEqual([
      { _id: 'given', x: 'c' },
      { _id: 4, x: 'd' },
    ]);
  });

  it("replaces an existing document, keeping _id, for 'after' and 'before'", async () => {
    const { insertedId } = await items.insertOne({ x: 'a', n: 1 });
    const after = await items.findOneAndReplace(
      { x: 'a' },
      { x: 'b' },
      { returnDocument: 'after', includeResultMetadata: true },
    );
    expect(after.value).toEqual({ _id: insertedId, x: 'b' });
    expect(after.lastErrorObject).toEqual({ n: 1, updatedExisting: true });
    const before = await items.findOneAndReplace(
      { x: 'b' },
      { x: 'c', _id: insertedId },
      { returnDocument: 'before' },
    );
    expect(before).toEqual({ _id: insertedId, x: 'b' });
    const stored = await all();
    expect(stored).toEqual([{ _id: insertedId, x: 'c' }]);
    expect(Object.keys(stored[0] ?? {})).toEqual(['_id', 'x']);
  });

  it('refuses a changed _id with 66 ImmutableField, on a match and on an upsert', async () => {
    await items.insertOne({ _id: 1, x: 'a' });
    const onMatch = await rejection(items.findOneAndReplace({ x: 'a' }, { _id: 2, x: 'b' }));
    expect(onMatch).toMatchObject({ code: 66, codeName: 'ImmutableField' });
    expect(onMatch.message).toBe(`${ALTERED} _id: 2`);
    const onUpsert = await rejection(
      items.findOneAndReplace({ _id: 5 }, { _id: 6, x: 'b' }, { upsert: true }),
    );
    expect(onUpsert).toMatchObject({ code: 66, codeName: 'ImmutableField' });
    expect(await all()).toEqual([{ _id: 1, x: 'a' }]);
  });
});

describe('bulkWrite replaceOne keeps, checks and assigns _id', () => {
  it('reports upsertedIds for replacement upserts (ordered)', async () => {
    await items.insertOne({ _id: 'old', x: 'a', extra: true });
    const result = await items.bulkWrite([
      { replaceOne: { filter: { x: 'zz' }, replacement: { x: 'c' }, upsert: true } },
      { replaceOne: { filter: { x: 'a' }, replacement: { x: 'b' } } },
      { replaceOne: { filter: { x: 'yy' }, replacement: { _id: 'given', x: 'd' }, upsert: true } },
      { replaceOne: { filter: { _id: 10, x: 'q' }, replacement: { x: 'e' }, upsert: true } },
    ]);
    expect(result.upsertedCount).toBe(3);
    expect(result.matchedCount).toBe(1);
    expect(result.modifiedCount).toBe(1);
    expect(result.upsertedIds[0]).toBeInstanceOf(ObjectId);
    expect(result.upsertedIds[2]).toBe('given');
    expect(result.upsertedIds[3]).toBe(10);
    expect(result.upsertedIds[1]).toBeUndefined();
    const generated = result.upsertedIds[0] as Id;
    expect(await items.findOne({ _id: generated })).toEqual({ _id: generated, x: 'c' });
    expect(
      await items
        .find({ _id: { $in: ['old', 'given', 10] } })
        .sort({ x: 1 })
        .toArray(),
    ).toEqual([
      { _id: 'old', x: 'b' },
      { _id: 'given', x: 'd' },
      { _id: 10, x: 'e' },
    ]);
  });

  it('an _id change is write error 66: ordered stops there, unordered goes on', async () => {
    await items.insertOne({ _id: 1, x: 'a' });
    const operations = [
      { replaceOne: { filter: { x: 'zz' }, replacement: { x: 'c' }, upsert: true } },
      { replaceOne: { filter: { x: 'a' }, replacement: { _id: 2, x: 'b' } } },
      { replaceOne: { filter: { x: 'yy' }, replacement: { _id: 'late', x: 'd' }, upsert: true } },
    ];
    const ordered = (await items
      .bulkWrite(operations)
      .catch((error: unknown) => error)) as MongoBulkWriteError;
    expect(ordered).toBeInstanceOf(MongoBulkWriteError);
    expect(writeErrorsOf(ordered)).toHaveLength(1);
    expect(writeErrorsOf(ordered)[0]).toMatchObject({ index: 1, code: 66 });
    expect(ordered.result.upsertedCount).toBe(1);
    expect(ordered.result.upsertedIds[0]).toBeInstanceOf(ObjectId);
    expect(await items.countDocuments({ _id: 'late' })).toBe(0);

    await items.deleteMany({});
    await items.insertOne({ _id: 1, x: 'a' });
    const unordered = (await items
      .bulkWrite(operations, { ordered: false })
      .catch((error: unknown) => error)) as MongoBulkWriteError;
    expect(unordered).toBeInstanceOf(MongoBulkWriteError);
    expect(writeErrorsOf(unordered)).toHaveLength(1);
    expect(writeErrorsOf(unordered)[0]).toMatchObject({ index: 1, code: 66 });
    expect(unordered.result.upsertedCount).toBe(2);
    expect(unordered.result.upsertedIds[2]).toBe('late');
    expect(await items.findOne({ _id: 1 })).toEqual({ _id: 1, x: 'a' });
    expect(await items.findOne({ _id: 'late' })).toEqual({ _id: 'late', x: 'd' });
    expect(await items.countDocuments()).toBe(3);
  });
});

describe('pipeline updates with $replaceRoot / $replaceWith', () => {
  it('keeps the original _id, first, when the new root omits it', async () => {
    const { insertedId } = await items.insertOne({ x: 'a', inner: { y: 1, z: 2 } });
    const result = await items.updateOne({ x: 'a' }, [{ $replaceRoot: { newRoot: '$inner' } }]);
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    const stored = await all();
    expect(stored).toEqual([{ _id: insertedId, y: 1, z: 2 }]);
    expect(Object.keys(stored[0] ?? {})).toEqual(['_id', 'y', 'z']);
    await items.updateOne({ y: 1 }, [{ $replaceWith: { w: '$z' } }]);
    expect(await all()).toEqual([{ _id: insertedId, w: 2 }]);
  });

  it('accepts the same _id and refuses a changed one with 66', async () => {
    await items.insertOne({ _id: 1, x: 'a' });
    await items.updateOne({ x: 'a' }, [{ $replaceWith: { x: 'b', _id: '$_id' } }]);
    expect(await all()).toEqual([{ _id: 1, x: 'b' }]);
    const error = await rejection(
      items.updateOne({ x: 'b' }, [{ $replaceWith: { _id: 2, x: 'c' } }]),
    );
    expect(error.code).toBe(66);
    expect(error.message).toBe(`${ALTERED} _id: 2`);
    const viaFindAndModify = await rejection(
      items.findOneAndUpdate({ x: 'b' }, [{ $replaceRoot: { newRoot: { _id: 3 } } }]),
    );
    expect(viaFindAndModify).toMatchObject({ code: 66, codeName: 'ImmutableField' });
    expect(await all()).toEqual([{ _id: 1, x: 'b' }]);
  });

  it('upserts: _id from the filter, else a new ObjectId, when the new root omits it', async () => {
    const fromFilter = await items.updateOne({ _id: 11 }, [{ $replaceWith: { y: 1 } }], {
      upsert: true,
    });
    expect(fromFilter).toMatchObject({ upsertedCount: 1, upsertedId: 11 });
    const generated = await items.updateOne({ x: 'zz' }, [{ $replaceWith: { y: 2 } }], {
      upsert: true,
    });
    expect(generated.upsertedCount).toBe(1);
    expect(generated.upsertedId).toBeInstanceOf(ObjectId);
    expect(await items.findOne({ _id: generated.upsertedId as Id })).toEqual({
      _id: generated.upsertedId,
      y: 2,
    });
    expect(await items.findOne({ _id: 11 })).toEqual({ _id: 11, y: 1 });
  });
});
