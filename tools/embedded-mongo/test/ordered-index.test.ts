// Range queries ($gt, $gte, $lt, $lte) on the field of a single-field index are answered from
// the index's keys in BSON order, and return exactly what a collection scan returns.
import { Decimal128, Long, ObjectId, type Document } from 'mongodb';
import { Catalog } from '../src/storage/catalog.ts';
import { type Harness, startHarness } from './helpers.ts';

describe('range lookups from ordered indexes', () => {
  it('reads only the documents in range, not the whole collection', () => {
    const catalog = new Catalog();
    const events = catalog.ensureCollection('app', 'events');
    events.createIndex({ v: 2, key: { at: 1 }, name: 'at_1' });
    for (let i = 0; i < 1000; i += 1) events.insert({ _id: i, at: i, label: `e${i}` });
    const count = (filter: Document) => [...events.candidates(filter).docs].length;
    expect(count({ at: { $gte: 100, $lt: 110 } })).toBe(10);
    expect(count({ at: { $gt: 990 } })).toBe(9);
    expect(count({ $and: [{ at: { $lte: 4 } }, { label: { $ne: 'x' } }] })).toBe(5);
    // Strings are another type bracket: no number is in range.
    expect(count({ at: { $gt: 'a' } })).toBe(0);
    // Removed documents leave the index.
    events.remove({ _id: 105, at: 105 });
    expect(count({ at: { $gte: 100, $lt: 110 } })).toBe(9);
    // Documents inserted after a lookup are found by the next one.
    events.insert({ _id: 2000, at: Long.fromNumber(104) });
    events.insert({ _id: 2001, at: 104.5 });
    expect(count({ at: { $gte: 100, $lt: 110 } })).toBe(11);
    // Not a range the index can answer: a scan.
    expect(count({ label: { $gt: 'e5' } })).toBe(1001);
  });

  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  it('returns exactly what a scan returns, for the tricky ranges', async () => {
    const db = harness.client.db('ordered');
    const indexed = db.collection('indexed');
    const plain = db.collection('plain');
    await indexed.createIndex({ v: 1 });
    const docs: Document[] = [
      { _id: 1, v: 5 },
      { _id: 2, v: 5.5 },
      { _id: 3, v: Long.fromString('9007199254740993') },
      { _id: 4, v: [1, 7, 20] },
      { _id: 5, v: null },
      { _id: 6 },
      { _id: 7, v: 'five' },
      { _id: 8, v: { nested: 3 } },
      { _id: 9, v: new ObjectId('000000000000000000000001') },
      { _id: 10, v: [[6]] },
      { _id: 11, v: Decimal128.fromString('6.25') },
      { _id: 12, v: new Date(1000) },
      { _id: 13, v: 'apple' },
      { _id: 14, v: -3 },
      { _id: 15, v: [] },
    ];
    await indexed.insertMany(docs);
    await plain.insertMany(docs);
    const filters: Document[] = [
      { v: { $gt: 5 } },
      { v: { $gte: 5, $lt: 7 } },
      { v: { $lte: Long.fromNumber(6) } },
      { v: { $gt: Decimal128.fromString('6.2') } },
      { v: { $lt: 'b' } },
      { v: { $gte: 'five' } },
      { v: { $gt: new Date(0) } },
      { v: { $gt: { nested: 1 } } },
      { v: { $gt: 0, $lt: 100 }, _id: { $ne: 4 } },
      { $and: [{ v: { $gt: 6 } }, { v: { $lt: 8 } }] },
      { v: { $gte: null } },
      { v: { $lt: 2 ** 60 } },
    ];
    for (const filter of filters) {
      const fromIndex = (await indexed.find(filter).toArray()).map((d) => Number(d._id));
      const fromScan = (await plain.find(filter).toArray()).map((d) => Number(d._id));
      expect({ filter, ids: fromIndex.sort((a, b) => a - b) }).toEqual({
        filter,
        ids: fromScan.sort((a, b) => a - b),
      });
    }
  });
});
