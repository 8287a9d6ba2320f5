// What a MongoDB 7.0 standalone refuses, with its own codes and messages (issue 16, cause 6).
import { MongoClient, MongoServerError, ServerApiVersion } from 'mongodb';
import { type Harness, startHarness } from './helpers.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());

const db = () => harness.client.db('checks');

async function failure(promise: Promise<unknown>): Promise<MongoServerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MongoServerError);
  return error as MongoServerError;
}

describe('update sort option', () => {
  // MongoDB 8.0 release notes: updateOne and replaceOne take a sort option "starting in
  // MongoDB 8.0"; a 7.0 server's command parser rejects the unknown field.
  it('refuses sort in an update statement as 7.0 does (40415)', async () => {
    const coll = db().collection('sorted');
    await coll.insertMany([{ x: 1 }, { x: 2 }]);
    const error = await failure(coll.updateOne({}, { $set: { y: 1 } }, { sort: { x: -1 } }));
    expect(error).toMatchObject({
      code: 40415,
      message: "BSON field 'update.updates.sort' is an unknown field.",
    });
    await failure(coll.replaceOne({}, { x: 3 }, { sort: { x: -1 } }));
    expect(await coll.countDocuments({ y: 1 })).toBe(0);
  });

  it('still takes sort in findAndModify', async () => {
    const coll = db().collection('famSorted');
    await coll.insertMany([{ x: 1 }, { x: 2 }]);
    const before = await coll.findOneAndUpdate({}, { $set: { y: 1 } }, { sort: { x: -1 } });
    expect(before).toMatchObject({ x: 2 });
  });
});

describe('readConcern snapshot', () => {
  // "readConcern: snapshot ... is only available for replica sets and sharded clusters":
  // mongod answers NotAReplicaSet (123) on a standalone.
  it('is refused outside a transaction on a standalone (123)', async () => {
    const error = await failure(
      db().command({ find: 'anything', filter: {}, readConcern: { level: 'snapshot' } }),
    );
    expect(error).toMatchObject({
      code: 123,
      codeName: 'NotAReplicaSet',
      message: 'node needs to be a replica set member to use readConcern: snapshot',
    });
  });

  it('still takes local and majority', async () => {
    for (const level of ['local', 'majority'])
      expect(
        await db().command({ find: 'anything', filter: {}, readConcern: { level } }),
      ).toMatchObject({ ok: 1 });
  });
});

describe('$-prefixed field names inside _id', () => {
  // "If the _id contains subfields, the subfield names cannot begin with a ($) symbol."
  it('refuses an insert (52 DollarPrefixedFieldName)', async () => {
    const coll = db().collection('dollarId');
    const error = await failure(coll.insertOne({ _id: { $a: 1 } as never, x: 1 }));
    expect(error).toMatchObject({
      code: 52,
      message: "_id fields may not contain '$'-prefixed fields: $a is not valid for storage.",
    });
    expect(await coll.countDocuments()).toBe(0);
  });

  it('refuses one nested deeper, and a replacement upsert', async () => {
    const coll = db().collection('dollarIdNested');
    const nested = await failure(coll.insertOne({ _id: { a: { $b: 1 } } as never }));
    expect(nested.code).toBe(52);
    const upsert = await failure(
      coll.replaceOne({ x: 1 }, { _id: { $c: 1 } as never, x: 1 }, { upsert: true }),
    );
    expect(upsert.code).toBe(52);
  });

  it('still stores $-prefixed fields outside _id (MongoDB 5.0+)', async () => {
    const coll = db().collection('dollarTop');
    await coll.insertOne({ _id: { a: 1 } as never, inner: { $price: 1 } });
    // A DBRef ($ref first, then $id) is valid for storage, inside _id too.
    await coll.insertOne({ _id: { $ref: 'other', $id: 1 } as never });
    expect(await coll.countDocuments()).toBe(2);
  });
});

describe('unknown query operators', () => {
  it('refuses an unknown top-level operator on a missing collection (2 BadValue)', async () => {
    const error = await failure(db().collection('missing').find({ $foo: 1 }).toArray());
    expect(error).toMatchObject({
      code: 2,
      message:
        "unknown top level operator: $foo. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.",
    });
  });

  it('refuses an unknown field operator on an empty collection', async () => {
    await db().createCollection('empty');
    const coll = db().collection('empty');
    const error = await failure(coll.find({ a: { $foo: 1 } }).toArray());
    expect(error).toMatchObject({ code: 2, message: 'unknown operator: $foo' });
    expect((await failure(coll.countDocuments({ $or: [{ a: { $bar: 1 } }] }))).message).toBe(
      'unknown operator: $bar',
    );
    expect((await failure(coll.deleteMany({ $foo: 1 }))).code).toBe(2);
    expect((await failure(coll.updateMany({ a: { $foo: 1 } }, { $set: { b: 1 } }))).code).toBe(2);
  });

  it('takes a DBRef value and the known operators', async () => {
    const coll = db().collection('known');
    await coll.insertOne({ ref: { $ref: 'other', $id: 1 }, a: [1, 2] });
    expect(await coll.countDocuments({ ref: { $ref: 'other', $id: 1 } })).toBe(1);
    expect(
      await coll.countDocuments({ a: { $elemMatch: { $gt: 1 } }, $expr: { $eq: [1, 1] } }),
    ).toBe(1);
  });
});

describe('Stable API', () => {
  // "If true, using a command that is not part of the declared API version returns an
  // APIStrictError error."
  it('refuses a command outside API version 1 under apiStrict (323)', async () => {
    const client = new MongoClient(harness.server.uri, {
      serverApi: { version: ServerApiVersion.v1, strict: true },
    });
    await client.connect();
    try {
      const coll = client.db('checks').collection('strict');
      await coll.insertOne({ a: 1 });
      expect(await coll.countDocuments()).toBe(1);
      const error = await failure(coll.distinct('a'));
      expect(error).toMatchObject({
        code: 323,
        codeName: 'APIStrictError',
        message:
          'Provided apiStrict:true, but the command distinct is not in API Version 1. Information on supported commands and migrations in API Version 1 can be found at https://dochub.mongodb.org/core/manual-versioned-api',
      });
    } finally {
      await client.close();
    }
  });

  it('takes the same command without apiStrict', async () => {
    const client = new MongoClient(harness.server.uri, {
      serverApi: { version: ServerApiVersion.v1 },
    });
    await client.connect();
    try {
      expect(await client.db('checks').collection('strict').distinct('a')).toEqual([1]);
    } finally {
      await client.close();
    }
  });

  it('refuses apiStrict without apiVersion and an unknown version', async () => {
    expect(await failure(db().command({ ping: 1, apiStrict: true }))).toMatchObject({
      code: 4886600,
      message: 'Provided apiStrict without passing apiVersion',
    });
    expect(await failure(db().command({ ping: 1, apiVersion: '2' }))).toMatchObject({
      code: 322,
      codeName: 'APIVersionError',
      message: 'API version must be "1"',
    });
  });
});
