// $merge and $out, as MongoDB 7.0 documents them:
// https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/merge/
// https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/out/
import { type Collection, type Db, type Document, MongoServerError, type ObjectId } from 'mongodb';
import { type Harness, startHarness } from './helpers.ts';

let harness: Harness;
let db: Db;
let dbCount = 0;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => {
  dbCount += 1;
  db = harness.client.db(`merge${dbCount}`);
});

async function serverError(run: () => Promise<unknown>): Promise<MongoServerError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof MongoServerError) return error;
    throw error;
  }
  throw new Error('expected a server error');
}

/** Documents with any kind of _id (the driver types _id as ObjectId by default). */
interface AnyDoc {
  _id?: number | string | ObjectId;
  [field: string]: unknown;
}
const col = (name: string, inDb: Db = db): Collection<AnyDoc> => inDb.collection<AnyDoc>(name);

const sorted = (docs: Document[]) =>
  docs.sort((a, b) => String(a._id).localeCompare(String(b._id)));

async function seed(): Promise<void> {
  await col('src').insertMany([
    { _id: 1, name: 'a', qty: 10 },
    { _id: 2, name: 'b', qty: 20 },
  ]);
  await col('dst').insertMany([
    { _id: 1, name: 'old', extra: true },
    { _id: 3, name: 'c', extra: false },
  ]);
}

describe('$merge', () => {
  it('defaults to on _id, whenMatched merge, whenNotMatched insert, and answers no documents', async () => {
    await seed();
    const out = await col('src')
      .aggregate([{ $merge: { into: 'dst' } }])
      .toArray();
    expect(out).toEqual([]);
    expect(sorted(await col('dst').find().toArray())).toEqual([
      { _id: 1, name: 'a', extra: true, qty: 10 },
      { _id: 2, name: 'b', qty: 20 },
      { _id: 3, name: 'c', extra: false },
    ]);
  });

  it('accepts the collection name as a string and creates a missing target', async () => {
    await seed();
    await col('src')
      .aggregate([{ $merge: 'fresh' }])
      .toArray();
    expect(sorted(await col('fresh').find().toArray())).toEqual([
      { _id: 1, name: 'a', qty: 10 },
      { _id: 2, name: 'b', qty: 20 },
    ]);
  });

  it('writes into another database with into: { db, coll }', async () => {
    await seed();
    const other = harness.client.db(`${db.databaseName}_reports`);
    await col('src')
      .aggregate([{ $merge: { into: { db: other.databaseName, coll: 'totals' } } }])
      .toArray();
    expect(await col('totals', other).countDocuments()).toBe(2);
  });

  it('whenMatched replace swaps the matched document for the result', async () => {
    await seed();
    await col('src')
      .aggregate([{ $merge: { into: 'dst', whenMatched: 'replace' } }])
      .toArray();
    expect(await col('dst').findOne({ _id: 1 })).toEqual({ _id: 1, name: 'a', qty: 10 });
  });

  it('whenMatched keepExisting leaves the matched document alone', async () => {
    await seed();
    await col('src')
      .aggregate([{ $merge: { into: 'dst', whenMatched: 'keepExisting' } }])
      .toArray();
    expect(await col('dst').findOne({ _id: 1 })).toEqual({
      _id: 1,
      name: 'old',
      extra: true,
    });
    expect(await col('dst').countDocuments()).toBe(3);
  });

  it('whenMatched fail stops with a duplicate key error, keeping earlier writes', async () => {
    await col('src').insertMany([
      { _id: 5, name: 'new' },
      { _id: 1, name: 'a' },
    ]);
    await col('dst').insertOne({ _id: 1, name: 'old' });
    const error = await serverError(() =>
      col('src')
        .aggregate([{ $sort: { _id: -1 } }, { $merge: { into: 'dst', whenMatched: 'fail' } }])
        .toArray(),
    );
    expect(error.code).toBe(11000);
    expect(error.message).toContain('E11000 duplicate key error');
    // "Any changes to the output collection from previous documents are not reverted."
    expect(await col('dst').findOne({ _id: 5 })).toEqual({ _id: 5, name: 'new' });
    expect(await col('dst').findOne({ _id: 1 })).toEqual({ _id: 1, name: 'old' });
  });

  it('whenNotMatched discard only updates documents that exist', async () => {
    await seed();
    await col('src')
      .aggregate([{ $merge: { into: 'dst', whenNotMatched: 'discard' } }])
      .toArray();
    expect(await col('dst').findOne({ _id: 2 })).toBeNull();
    expect(await col('dst').findOne({ _id: 1 })).toMatchObject({ name: 'a' });
  });

  it('whenNotMatched fail answers MergeStageNoMatchingDocument (13113)', async () => {
    await seed();
    const error = await serverError(() =>
      col('src')
        .aggregate([{ $merge: { into: 'dst', whenNotMatched: 'fail' } }])
        .toArray(),
    );
    expect(error.code).toBe(13113);
    expect(error.codeName).toBe('MergeStageNoMatchingDocument');
    expect(error.message).toBe(
      '$merge could not find a matching document in the target collection for at least one document in the source collection',
    );
  });

  it('whenMatched pipeline updates the matched document, with $$new as the result', async () => {
    await seed();
    await col('src')
      .aggregate([
        {
          $merge: {
            into: 'dst',
            whenMatched: [{ $set: { name: { $concat: ['$name', '+', '$$new.name'] } } }],
          },
        },
      ])
      .toArray();
    expect(await col('dst').findOne({ _id: 1 })).toEqual({
      _id: 1,
      name: 'old+a',
      extra: true,
    });
  });

  it('let variables are evaluated against the result document', async () => {
    await seed();
    await col('src')
      .aggregate([
        {
          $merge: {
            into: 'dst',
            let: { doubled: { $multiply: ['$qty', 2] } },
            whenMatched: [{ $set: { qty: '$$doubled' } }],
            whenNotMatched: 'discard',
          },
        },
      ])
      .toArray();
    expect(await col('dst').findOne({ _id: 1 })).toEqual({
      _id: 1,
      name: 'old',
      extra: true,
      qty: 20,
    });
  });

  it('on other fields uses a unique index on exactly those fields', async () => {
    const target = col('budgets');
    await target.createIndex({ year: 1, dept: 1 }, { unique: true });
    await target.insertOne({ _id: 'x', year: 2024, dept: 'A', total: 1 });
    await col('src').insertMany([
      { year: 2024, dept: 'A', total: 5 },
      { year: 2024, dept: 'B', total: 7 },
    ]);
    await col('src')
      .aggregate([
        { $project: { _id: 0 } },
        { $merge: { into: 'budgets', on: ['dept', 'year'], whenMatched: 'replace' } },
      ])
      .toArray();
    // The matched document keeps its _id; the new one gets a generated _id.
    expect(await target.findOne({ dept: 'A' })).toEqual({
      _id: 'x',
      year: 2024,
      dept: 'A',
      total: 5,
    });
    expect(await target.findOne({ dept: 'B' })).toMatchObject({ year: 2024, total: 7 });
  });

  it('on a field without a unique index answers 51183', async () => {
    await col('budgets').createIndex({ year: 1 });
    await col('src').insertOne({ year: 2024 });
    const error = await serverError(() =>
      col('src')
        .aggregate([{ $merge: { into: 'budgets', on: 'year' } }])
        .toArray(),
    );
    expect(error.code).toBe(51183);
    expect(error.message).toBe('Cannot find index to verify that join fields will be unique');
  });

  it('a result missing an on field answers 51132', async () => {
    await col('t').createIndex({ key: 1 }, { unique: true });
    await col('src').insertOne({ other: 1 });
    const error = await serverError(() =>
      col('src')
        .aggregate([{ $merge: { into: 't', on: 'key' } }])
        .toArray(),
    );
    expect(error.code).toBe(51132);
    expect(error.message).toBe(
      "$merge write error: 'on' field cannot be missing, null, undefined or an array",
    );
  });

  it('refuses to change the matched _id (66 ImmutableField)', async () => {
    await col('t').createIndex({ key: 1 }, { unique: true });
    await col('t').insertOne({ _id: 1, key: 'k' });
    await col('src').insertOne({ _id: 2, key: 'k' });
    const error = await serverError(() =>
      col('src')
        .aggregate([{ $merge: { into: 't', on: 'key', whenMatched: 'merge' } }])
        .toArray(),
    );
    expect(error.code).toBe(66);
    expect(error.message).toContain(
      '$merge failed to update the matching document, did you attempt to modify the _id or the shard key?',
    );
  });

  it('must be the last stage (40601)', async () => {
    await col('src').insertOne({ _id: 1 });
    const error = await serverError(() =>
      col('src')
        .aggregate([{ $merge: { into: 'dst' } }, { $match: {} }])
        .toArray(),
    );
    expect(error.code).toBe(40601);
    expect(error.message).toBe('$merge can only be the final stage in the pipeline');
  });

  it('refuses let with a whenMatched mode other than a pipeline (51199)', async () => {
    const error = await serverError(() =>
      col('src')
        .aggregate([{ $merge: { into: 'dst', let: { a: 1 }, whenMatched: 'replace' } }])
        .toArray(),
    );
    expect(error.code).toBe(51199);
    expect(error.message).toBe("Cannot use 'let' variables with 'whenMatched: replace' mode");
  });

  it('refuses unknown fields and bad modes', async () => {
    const unknown = await serverError(() =>
      col('src')
        .aggregate([{ $merge: { into: 'dst', upsert: true } }])
        .toArray(),
    );
    expect(unknown.code).toBe(40415);
    expect(unknown.message).toBe("BSON field '$merge.upsert' is an unknown field.");
    const badMode = await serverError(() =>
      col('src')
        .aggregate([{ $merge: { into: 'dst', whenNotMatched: 'upsert' } }])
        .toArray(),
    );
    expect(badMode.code).toBe(2);
    const badStage = await serverError(() =>
      col('src')
        .aggregate([{ $merge: { into: 'dst', whenMatched: [{ $group: { _id: null } }] } }])
        .toArray(),
    );
    expect(badStage.code).toBe(72);
    expect(badStage.message).toBe('$group is not allowed to be used within an update');
  });
});

describe('$out', () => {
  it('replaces the target collection, keeping its indexes', async () => {
    await seed();
    await col('dst').createIndex({ name: 1 }, { unique: true });
    await col('src')
      .aggregate([{ $out: 'dst' }])
      .toArray();
    expect(sorted(await col('dst').find().toArray())).toEqual([
      { _id: 1, name: 'a', qty: 10 },
      { _id: 2, name: 'b', qty: 20 },
    ]);
    const names = (await col('dst').indexes()).map((index) => index.name);
    expect(names).toEqual(['_id_', 'name_1']);
  });

  it('writes into another database with { db, coll }', async () => {
    await seed();
    const other = harness.client.db(`${db.databaseName}_out`);
    await col('src')
      .aggregate([{ $out: { db: other.databaseName, coll: 'copy' } }])
      .toArray();
    expect(await col('copy', other).countDocuments()).toBe(2);
  });

  it('must be the last stage (40601)', async () => {
    const error = await serverError(() =>
      col('src')
        .aggregate([{ $out: 'x' }, { $match: {} }])
        .toArray(),
    );
    expect(error.code).toBe(40601);
    expect(error.message).toBe('$out can only be the final stage in the pipeline');
  });
});
