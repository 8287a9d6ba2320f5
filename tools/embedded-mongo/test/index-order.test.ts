// Compound-index prefixes and index-ordered reads, checked against what MongoDB documents:
// "equality matches on a leading prefix of a compound index's fields" can use the index
// (reference/indexes/compound: prefixes), "an index can support sort operations when the sort
// keys match the index keys after equality conditions on the prefix, in the index's order or
// its exact reverse" (tutorial/sort-results-with-indexes), missing fields sort as null, BSON
// comparison order, multikey/sparse/partial/collation restrictions. Every result is compared
// with the same query on an unindexed copy (a collection scan and an in-memory sort), and
// explain shows which plan ran.
import {
  Decimal128,
  Double,
  Long,
  ObjectId,
  type CollationOptions,
  type CreateIndexesOptions,
  type Collection,
  type Document,
  type FindOptions,
} from 'mongodb';
import { type Harness, startHarness } from './helpers.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());

/** A deterministic pseudo-random sequence (the same documents on every run). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const users = [
  new ObjectId('650000000000000000000001'),
  new ObjectId('650000000000000000000002'),
  new ObjectId('650000000000000000000003'),
];
const STATUSES = ['synced', 'failed', 'held'];

/** Log-like documents: many `receivedAt` ties (so `_id` decides), some missing or odd values. */
function logs(count: number): Document[] {
  const random = sequence(7);
  const docs: Document[] = [];
  for (let i = 0; i < count; i += 1) {
    // ObjectIds from different seconds, inserted out of order, so _id order ≠ insertion order.
    const seconds = 1_700_000_000 + Math.floor(random() * 1_000_000);
    const _id = new ObjectId(`${seconds.toString(16)}${String(i).padStart(16, '0')}`);
    const doc: Document = {
      _id,
      userId: users[i % 3],
      status: STATUSES[Math.floor(random() * 3)],
      n: i,
    };
    const kind = i % 40;
    if (kind === 0) doc.receivedAt = null;
    else if (kind === 1) {
      // missing receivedAt
    } else if (kind === 2) doc.receivedAt = 'not a date';
    else if (kind === 3) doc.receivedAt = Math.floor(random() * 10);
    else doc.receivedAt = new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 50) * 60_000);
    docs.push(doc);
  }
  return docs;
}

async function pair(
  name: string,
  docs: Document[],
  indexes: Document[],
  options?: CreateIndexesOptions,
) {
  const db = harness.client.db('index-order');
  const indexed = db.collection(`${name}-indexed`);
  const plain = db.collection(`${name}-plain`);
  for (const key of indexes) await indexed.createIndex(key, options);
  await indexed.insertMany(docs.map((doc) => ({ ...doc })));
  await plain.insertMany(docs.map((doc) => ({ ...doc })));
  return { indexed, plain };
}

interface Read {
  filter: Document;
  sort?: Document;
  skip?: number;
  limit?: number;
  collation?: CollationOptions;
}

function findOptions(read: Read): FindOptions {
  return {
    ...(read.sort ? { sort: read.sort } : {}),
    ...(read.skip ? { skip: read.skip } : {}),
    ...(read.limit ? { limit: read.limit } : {}),
    ...(read.collation ? { collation: read.collation } : {}),
  };
}

async function ids(collection: Collection, read: Read): Promise<string[]> {
  const cursor = collection.find(read.filter, findOptions(read));
  return (await cursor.toArray()).map((doc) => String(doc._id));
}

/** The explained plan's stages, outermost first (`LIMIT > FETCH > IXSCAN(name, direction)`). */
async function stages(collection: Collection, read: Read): Promise<string> {
  const explained = await collection.find(read.filter, findOptions(read)).explain('queryPlanner');
  return describe_(explained.queryPlanner.winningPlan as Document);
}

function describe_(stage: Document): string {
  const name =
    stage.stage === 'IXSCAN' ? `IXSCAN(${stage.indexName}, ${stage.direction})` : stage.stage;
  return stage.inputStage ? `${name} > ${describe_(stage.inputStage as Document)}` : name;
}

async function expectSame(pairOf: { indexed: Collection; plain: Collection }, read: Read) {
  const fromIndex = await ids(pairOf.indexed, read);
  const fromScan = await ids(pairOf.plain, read);
  // Without a sort MongoDB promises no order (an index read returns index order): same set.
  if (!read.sort) {
    expect({ read, ids: [...fromIndex].sort() }).toEqual({ read, ids: [...fromScan].sort() });
    return fromIndex;
  }
  expect({ read, ids: fromIndex }).toEqual({ read, ids: fromScan });
  return fromIndex;
}

describe('equality on a leading prefix of a compound index, sort from the index', () => {
  const NEWEST = { receivedAt: -1, _id: -1 };
  const OLDEST = { receivedAt: 1, _id: 1 };
  let history: { indexed: Collection; plain: Collection };
  beforeAll(async () => {
    history = await pair('history', logs(600), [
      { receivedAt: -1, _id: -1 },
      { userId: 1, receivedAt: -1, _id: -1 },
      { userId: 1, status: 1, receivedAt: -1, _id: -1 },
    ]);
  });

  it('returns the same documents in the same order as a scan and an in-memory sort', async () => {
    const reads: Read[] = [
      { filter: { userId: users[0] }, sort: NEWEST, limit: 50 },
      { filter: { userId: users[0] }, sort: NEWEST, skip: 50, limit: 50 },
      { filter: { userId: users[1] }, sort: NEWEST, skip: 180, limit: 50 },
      { filter: { userId: users[2] }, sort: NEWEST },
      { filter: { userId: users[0] }, sort: OLDEST, skip: 10, limit: 25 },
      { filter: {}, sort: NEWEST, skip: 100, limit: 20 },
      { filter: {}, sort: OLDEST, limit: 30 },
      { filter: { status: 'failed' }, sort: NEWEST, skip: 5, limit: 40 },
      { filter: { userId: users[1], status: 'held' }, sort: NEWEST, limit: 20 },
      { filter: { userId: users[1], status: 'held' }, sort: OLDEST },
      { filter: { userId: { $in: [users[0], users[2]] } }, sort: NEWEST, skip: 7, limit: 60 },
      { filter: { userId: users[0], status: { $in: ['held', 'failed'] } }, sort: OLDEST },
      { filter: { userId: users[2] }, sort: { userId: 1, receivedAt: -1, _id: -1 }, limit: 9 },
      { filter: { userId: users[2], n: { $gt: 300 } }, sort: NEWEST, limit: 15 },
      { filter: { $and: [{ userId: users[1] }, { status: 'synced' }] }, sort: NEWEST, limit: 5 },
      { filter: { userId: users[0] } },
      { filter: { userId: { $in: [users[0], users[1]], $nin: [users[1]] } }, sort: NEWEST },
      { filter: { userId: { $eq: users[2], $ne: users[2] } }, sort: NEWEST, limit: 5 },
      { filter: { userId: new ObjectId() }, sort: NEWEST, limit: 5 },
    ];
    for (const read of reads) await expectSame(history, read);
  });

  it('reads the index that gives the order: no in-memory sort, walked forward or backward', async () => {
    expect(
      await stages(history.indexed, { filter: { userId: users[0] }, sort: NEWEST, limit: 50 }),
    ).toBe('LIMIT > FETCH > IXSCAN(userId_1_receivedAt_-1__id_-1, forward)');
    expect(
      await stages(history.indexed, { filter: { userId: users[0] }, sort: OLDEST, limit: 5 }),
    ).toBe('LIMIT > FETCH > IXSCAN(userId_1_receivedAt_-1__id_-1, backward)');
    expect(await stages(history.indexed, { filter: {}, sort: NEWEST, skip: 100, limit: 20 })).toBe(
      'LIMIT > SKIP > FETCH > IXSCAN(receivedAt_-1__id_-1, forward)',
    );
    // Both equality fields are a prefix of the status index: it reads fewer keys.
    expect(
      await stages(history.indexed, {
        filter: { userId: users[1], status: 'held' },
        sort: NEWEST,
        limit: 20,
      }),
    ).toBe('LIMIT > FETCH > IXSCAN(userId_1_status_1_receivedAt_-1__id_-1, forward)');
    // Without a sort, a prefix equality still reads the index, not the collection.
    expect(await stages(history.indexed, { filter: { userId: users[0] } })).toMatch(
      /^FETCH > IXSCAN\(userId_1/,
    );
    // A sort the index cannot give (mixed directions): the index for the filter, then a sort.
    expect(
      await stages(history.indexed, {
        filter: { userId: users[0] },
        sort: { receivedAt: -1, _id: 1 },
        limit: 5,
      }),
    ).toMatch(/^SORT > FETCH > IXSCAN\(userId_1/);
    // The unindexed copy scans and sorts.
    expect(
      await stages(history.plain, { filter: { userId: users[0] }, sort: NEWEST, limit: 5 }),
    ).toBe('SORT > COLLSCAN');
  });

  it('stops reading once skip + limit documents matched', async () => {
    const examined = async (collection: Collection, read: Read) => {
      const explained = await collection
        .find(read.filter, { sort: read.sort, skip: read.skip, limit: read.limit })
        .explain('executionStats');
      return explained.executionStats.totalDocsExamined as number;
    };
    const page = { filter: { userId: users[0] }, sort: NEWEST, skip: 20, limit: 10 };
    expect(await examined(history.indexed, page)).toBe(30);
    expect(await examined(history.plain, page)).toBe(600);
    expect(await examined(history.indexed, { filter: {}, sort: OLDEST, limit: 3 })).toBe(3);
  });

  it('keeps the order through inserts, updates and deletes after the index was read', async () => {
    const read: Read = { filter: { userId: users[0] }, sort: NEWEST, limit: 40 };
    await expectSame(history, read);
    for (const collection of [history.indexed, history.plain]) {
      await collection.updateMany(
        { userId: users[0], n: { $lt: 90 } },
        { $set: { receivedAt: new Date(Date.UTC(2027, 0, 1)) } },
      );
      await collection.deleteMany({ userId: users[0], status: 'held', n: { $gt: 300 } });
      await collection.insertMany([
        {
          _id: new ObjectId('7f0000000000000000000001'),
          userId: users[0],
          receivedAt: new Date(Date.UTC(2027, 0, 1)),
        },
        { _id: new ObjectId('7f0000000000000000000002'), userId: users[0], status: 'held' },
        {
          _id: new ObjectId('7f0000000000000000000003'),
          userId: users[1],
          receivedAt: new Date(0),
        },
      ]);
      await collection.updateOne({ n: 3 }, { $set: { userId: users[1] } });
    }
    await expectSame(history, read);
    await expectSame(history, { ...read, sort: OLDEST });
    await expectSame(history, { filter: { userId: users[1], status: 'held' }, sort: NEWEST });
    await expectSame(history, { filter: {}, sort: NEWEST, limit: 30 });
    await expectSame(history, { filter: { userId: users[1] }, sort: OLDEST, limit: 10 });
  });

  it('counts the index candidates that match', async () => {
    for (const filter of [
      { userId: users[1] },
      { userId: users[1], status: 'failed' },
      { userId: { $in: users }, status: 'synced' },
    ]) {
      expect({ filter, n: await history.indexed.countDocuments(filter) }).toEqual({
        filter,
        n: await history.plain.countDocuments(filter),
      });
    }
    const db = harness.client.db('index-order');
    const explained = await db.command({
      explain: { count: 'history-indexed', query: { userId: users[2], status: 'failed' } },
      verbosity: 'executionStats',
    });
    expect(describe_(explained.queryPlanner.winningPlan as Document)).toBe(
      'COUNT > FETCH > IXSCAN(userId_1_status_1_receivedAt_-1__id_-1, forward)',
    );
    const failed = await history.plain.countDocuments({ userId: users[2], status: 'failed' });
    expect(explained.executionStats.totalDocsExamined).toBe(failed);
    expect(
      await db.command({ count: 'history-indexed', query: { userId: users[2], status: 'failed' } }),
    ).toMatchObject({ n: failed });
  });
});

describe('BSON order of the index keys', () => {
  it('sorts missing fields as null, first ascending, then numbers, strings, ObjectIds, dates', async () => {
    const docs: Document[] = [
      { _id: 1, g: 'a', at: new Date(5) },
      { _id: 2, g: 'a' },
      { _id: 3, g: 'a', at: null },
      { _id: 4, g: 'a', at: 'text' },
      { _id: 5, g: 'a', at: Long.fromNumber(7) },
      { _id: 6, g: 'a', at: new Double(2.5) },
      { _id: 7, g: 'a', at: Decimal128.fromString('7.5') },
      { _id: 8, g: 'a', at: new ObjectId('650000000000000000000009') },
      { _id: 9, g: 'a', at: -1 },
      { _id: 10, g: 'a', at: { sub: 1 } },
      { _id: 11, g: 'b', at: 0 },
      { _id: 12, g: 'a', at: 7 },
      { _id: 13, g: 'a', at: true },
    ];
    const mixed = await pair('mixed', docs, [{ g: 1, at: 1, _id: 1 }]);
    const ascending = await expectSame(mixed, { filter: { g: 'a' }, sort: { at: 1, _id: 1 } });
    // MinKey < null (and missing) < numbers < strings < objects < ObjectId < booleans < dates.
    expect(ascending).toEqual(['2', '3', '9', '6', '5', '12', '7', '4', '10', '8', '13', '1']);
    const descending = await expectSame(mixed, { filter: { g: 'a' }, sort: { at: -1, _id: -1 } });
    expect(descending).toEqual([...ascending].reverse());
    expect(await stages(mixed.indexed, { filter: { g: 'a' }, sort: { at: -1, _id: -1 } })).toBe(
      'FETCH > IXSCAN(g_1_at_1__id_1, backward)',
    );
    // Equality on null matches null and missing, from the index too.
    await expectSame(mixed, { filter: { g: 'a', at: null }, sort: { at: 1, _id: 1 } });
    await expectSame(mixed, { filter: { g: 'a', at: 7 }, sort: { _id: 1 } });
  });
});

describe('where the index cannot give the order or may lack documents', () => {
  it('multikey fields: sorted in memory by the smallest or largest element', async () => {
    const docs: Document[] = [
      { _id: 1, g: 'a', at: [5, 1], tags: ['x', 'y'] },
      { _id: 2, g: 'a', at: 3, tags: 'x' },
      { _id: 3, g: 'a', at: [], tags: ['y'] },
      { _id: 4, g: 'a', at: [9], tags: [] },
      { _id: 5, g: 'a', tags: ['x', 'x'] },
      { _id: 6, g: 'b', at: 2, tags: ['x'] },
      // Others, so reading the index is cheaper than a scan.
      ...Array.from({ length: 30 }, (_, i) => ({ _id: 100 + i, g: 'c', at: i })),
    ];
    const multikey = await pair('multikey', docs, [
      { g: 1, at: 1 },
      { tags: 1, at: -1 },
    ]);
    // Ascending by the smallest element ([] first, then missing), descending by the largest.
    expect(await expectSame(multikey, { filter: { g: 'a' }, sort: { at: 1 } })).toEqual([
      '3',
      '5',
      '1',
      '2',
      '4',
    ]);
    expect(await expectSame(multikey, { filter: { g: 'a' }, sort: { at: -1 } })).toEqual([
      '4',
      '1',
      '2',
      '5',
      '3',
    ]);
    expect(await stages(multikey.indexed, { filter: { g: 'a' }, sort: { at: 1 } })).toBe(
      'SORT > FETCH > IXSCAN(g_1_at_1, forward)',
    );
    // Equality on a multikey prefix: each document once, ordered by the next (single) field.
    await expectSame(multikey, { filter: { tags: 'x' }, sort: { _id: 1 } });
    await expectSame(multikey, { filter: { tags: { $in: ['x', 'y'] } }, sort: { _id: -1 } });
    await expectSame(multikey, { filter: { tags: ['x', 'y'] } });
    expect(await multikey.indexed.countDocuments({ tags: 'x' })).toBe(4);
    expect(await stages(multikey.indexed, { filter: { tags: 'x' }, sort: { _id: 1 } })).toBe(
      'SORT > FETCH > IXSCAN(tags_1_at_-1, forward)',
    );
  });

  it('sparse indexes: never for a sort alone or a null equality, which need the missing documents', async () => {
    const docs: Document[] = [
      { _id: 1, s: 'x', at: 2 },
      { _id: 2, at: 1 },
      { _id: 3, s: null, at: 3 },
      { _id: 4, s: 'x', at: 1 },
      { _id: 5, s: 'y' },
      { _id: 6, other: 1 },
    ];
    const sparse = await pair('sparse', docs, [{ s: 1, at: 1 }], { sparse: true });
    await expectSame(sparse, { filter: {}, sort: { s: 1, at: 1, _id: 1 } });
    await expectSame(sparse, { filter: {}, sort: { s: -1, at: -1 } });
    await expectSame(sparse, { filter: { s: null }, sort: { at: 1 } });
    await expectSame(sparse, { filter: { s: 'x' }, sort: { at: 1 } });
    expect(await stages(sparse.indexed, { filter: {}, sort: { s: 1, at: 1 } })).toBe(
      'SORT > COLLSCAN',
    );
    expect(await stages(sparse.indexed, { filter: { s: 'x' }, sort: { at: 1 } })).toBe(
      'FETCH > IXSCAN(s_1_at_1, forward)',
    );
  });

  it('partial indexes: the documents they leave out are still found', async () => {
    const docs: Document[] = [
      { _id: 1, p: 'x', at: 2, keep: true },
      { _id: 2, p: 'x', at: 1, keep: false },
      { _id: 3, p: 'x', at: 3 },
      { _id: 4, p: 'y', at: 0, keep: true },
    ];
    const partial = await pair('partial', docs, [{ p: 1, at: 1 }], {
      partialFilterExpression: { keep: true },
    });
    await expectSame(partial, { filter: { p: 'x' }, sort: { at: 1 } });
    await expectSame(partial, { filter: {}, sort: { p: 1, at: 1 } });
    expect(await stages(partial.indexed, { filter: { p: 'x' }, sort: { at: 1 } })).toBe(
      'SORT > COLLSCAN',
    );
  });

  it('collation: string order follows the collation, equality only under the index collation', async () => {
    const docs: Document[] = [
      { _id: 1, name: 'abc', label: 'f' },
      { _id: 2, name: 'ABC', label: 'é' },
      { _id: 3, name: 'Abc', label: 'e' },
      { _id: 4, name: 'abd', label: 'E' },
      { _id: 5, name: 'ab', label: 'g' },
    ];
    const caseInsensitive = { locale: 'en', strength: 2 };
    const collated = await pair('collated', docs, [{ name: 1, label: 1 }], {
      collation: caseInsensitive,
    });
    for (const read of [
      { filter: { name: 'abc' }, sort: { label: 1, _id: 1 } },
      { filter: {}, sort: { name: 1, label: 1, _id: 1 }, collation: caseInsensitive },
      { filter: {}, sort: { name: -1, label: -1 }, collation: { locale: 'en' } },
      { filter: { name: 'ABC' }, sort: { _id: 1 } },
    ])
      await expectSame(collated, read);
    // e < é < f under the collation (by code point, é is after f).
    expect(
      await expectSame(collated, {
        filter: { name: 'abc' },
        sort: { label: 1 },
        collation: caseInsensitive,
      }),
    ).toEqual(['3', '2', '1']);
    // Under the index's collation the equality is a prefix of the index; the sort on strings
    // is done in memory (folded index keys are not in the collator's order).
    expect(
      await stages(collated.indexed, {
        filter: { name: 'abc' },
        sort: { label: 1 },
        collation: caseInsensitive,
      }),
    ).toBe('SORT > FETCH > IXSCAN(name_1_label_1, forward)');
    expect(await stages(collated.indexed, { filter: { name: 'abc' }, sort: { label: 1 } })).toBe(
      'SORT > COLLSCAN',
    );
  });
});

describe('explain', () => {
  it('answers find and count, and refuses what it does not explain', async () => {
    const db = harness.client.db('index-order');
    const explained = db.collection<{ _id: number; a: number }>('explained');
    await explained.insertMany([
      { _id: 1, a: 1 },
      { _id: 2, a: 2 },
    ]);
    const byId = await explained.find({ _id: 2 }).explain('executionStats');
    expect(describe_(byId.queryPlanner.winningPlan as Document)).toBe('IDHACK');
    expect(byId.executionStats).toMatchObject({ nReturned: 1, totalDocsExamined: 1 });
    const all = await db.command({ explain: { count: 'explained', query: {} } });
    expect(all.queryPlanner.winningPlan).toEqual({ stage: 'RECORD_STORE_FAST_COUNT' });
    await expect(
      db.command({ explain: { distinct: 'explained', key: 'a' }, verbosity: 'queryPlanner' }),
    ).rejects.toMatchObject({
      code: 115,
      message: 'explain of distinct is not supported by the embedded server (find and count are)',
    });
    await expect(
      db.command({ explain: { find: 'explained' }, verbosity: 'everything' }),
    ).rejects.toMatchObject({ code: 9 });
  });
});
