import { Long, ObjectId, type Document } from 'mongodb';
import { Catalog } from '../src/storage/catalog.ts';
import { type Harness, startHarness } from './helpers.ts';

describe('equality lookups from indexes', () => {
  it('answers from the index, not by scanning', () => {
    const catalog = new Catalog();
    const people = catalog.ensureCollection('app', 'people');
    people.createIndex({ v: 2, key: { email: 1 }, name: 'email_1', unique: true });
    people.createIndex({ v: 2, key: { team: 1, role: 1 }, name: 'team_role' });
    for (let i = 0; i < 1000; i += 1)
      people.insert({ _id: i, email: `u${i}@x`, team: `t${i % 10}`, role: i % 2 ? 'dev' : 'ops' });
    const count = (filter: Document) => [...people.candidates(filter).docs].length;
    expect(count({ _id: 5 })).toBe(1);
    expect(count({ _id: { $in: [1, 2, 3000] } })).toBe(2);
    expect(count({ email: 'u7@x' })).toBe(1);
    expect(count({ $and: [{ email: { $eq: 'u7@x' } }, { n: { $gt: 1 } }] })).toBe(1);
    expect(count({ team: 't3', role: 'dev' })).toBe(100);
    // A leading prefix of a compound index: its keys, not a scan.
    expect(count({ team: 't3' })).toBe(100);
    // Not a leading prefix: a scan.
    expect(count({ role: 'dev' })).toBe(1000);
  });

  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  it('returns exactly what a scan returns, for the tricky equalities', async () => {
    const db = harness.client.db('planner');
    const indexed = db.collection('indexed');
    const plain = db.collection('plain');
    await indexed.createIndex({ v: 1 });
    await indexed.createIndex({ 'a.b': 1 });
    const oid = new ObjectId();
    const docs: Document[] = [
      { _id: 1, v: 5 },
      { _id: 2, v: 5.5 },
      { _id: 3, v: Long.fromString('9007199254740993') },
      { _id: 4, v: [1, 5, 9] },
      { _id: 5, v: null },
      { _id: 6 },
      { _id: 7, v: 'five' },
      { _id: 8, v: { nested: true } },
      { _id: 9, v: oid },
      { _id: 10, v: [[5]] },
      { _id: 11, a: [{ b: 1 }, { b: 2 }] },
      { _id: 12, a: { b: [2, 3] } },
      // Dotted paths without arrays: a sub-document, a value that is not one, none at all.
      { _id: 13, a: { b: 2 } },
      { _id: 14, a: 'b' },
      { _id: 15, a: { c: 2 } },
    ];
    await indexed.insertMany(docs);
    await plain.insertMany(docs);
    const filters: Document[] = [
      { v: 5 },
      { v: 'five' },
      { v: null },
      { v: { nested: true } },
      { v: oid },
      { v: [5] },
      { v: { $in: [9, 'five'] } },
      { v: 5, _id: { $gt: 2 } },
      { v: Long.fromString('9007199254740993') },
      { 'a.b': 2 },
      { 'a.b': null },
      { 'a.b': { $in: [3, null] } },
    ];
    for (const filter of filters) {
      const fromIndex = (await indexed.find(filter).toArray()).map((d) => d._id);
      const fromScan = (await plain.find(filter).toArray()).map((d) => d._id);
      expect({ filter, ids: fromIndex.sort() }).toEqual({ filter, ids: fromScan.sort() });
    }
  });
});
