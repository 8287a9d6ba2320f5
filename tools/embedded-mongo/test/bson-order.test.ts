// Comparison and sort order of BSON types, as MongoDB 7.0 documents them:
// https://www.mongodb.com/docs/v7.0/reference/bson-type-comparison-order/
// "MinKey, Null, Numbers (ints, longs, doubles, decimals), Symbol/String, Object, Array,
// BinData, ObjectId, Boolean, Date, Timestamp, Regular Expression, MaxKey", and "numeric
// types undergo conversion before comparison".
import {
  type Collection,
  type Db,
  Decimal128,
  Double,
  Int32,
  Long,
  ObjectId,
  type Document,
} from 'mongodb';
import { type Harness, startHarness } from './helpers.ts';

interface Item {
  _id: number;
  [field: string]: unknown;
}

let harness: Harness;
let db: Db;
let items: Collection<Item>;
let count = 0;

beforeAll(async () => {
  harness = await startHarness({}, { promoteLongs: false });
  db = harness.client.db('bsonorder');
});
afterAll(() => harness.close());
beforeEach(() => {
  count += 1;
  items = db.collection<Item>(`items${count}`);
});

const ids = (docs: Document[]) => docs.map((doc) => doc._id as number);

describe('numbers compare by value across int, long, double and decimal', () => {
  it('range queries on Long values compare numerically, not as strings', async () => {
    await items.insertMany([
      { _id: 1, v: Long.fromNumber(9) },
      { _id: 2, v: Long.fromNumber(10) },
      { _id: 3, v: Long.fromNumber(100) },
    ]);
    expect(ids(await items.find({ v: { $gt: Long.fromNumber(9) } }).toArray())).toEqual([2, 3]);
    expect(ids(await items.find({ v: { $lt: 50 } }).toArray())).toEqual([1, 2]);
    expect(ids(await items.find({ v: { $gte: Decimal128.fromString('10.0') } }).toArray())).toEqual(
      [2, 3],
    );
  });

  // The decimal128 page's example: 1 as int, double, Long and decimal are all found by 1.
  it('equality finds every numeric type holding the same value', async () => {
    await items.insertMany([
      { _id: 1, val: new Int32(1) },
      { _id: 2, val: new Double(1.0) },
      { _id: 3, val: Long.fromNumber(1) },
      { _id: 4, val: Decimal128.fromString('1') },
      { _id: 5, val: Decimal128.fromString('1.0') },
      { _id: 6, val: 2 },
    ]);
    expect(ids(await items.find({ val: 1 }).toArray())).toEqual([1, 2, 3, 4, 5]);
    expect(ids(await items.find({ val: Long.fromNumber(1) }).toArray())).toEqual([1, 2, 3, 4, 5]);
    expect(
      ids(await items.find({ val: { $in: [Decimal128.fromString('1.00')] } }).toArray()),
    ).toEqual([1, 2, 3, 4, 5]);
  });

  // "Numeric values of binary-based double type generally have approximate representations of
  // decimal-based values and may not be exactly equal to their decimal representations."
  it('a double is not equal to a decimal it only approximates', async () => {
    await items.createIndex({ indexed: 1 });
    await items.insertMany([
      { _id: 1, val: 9.99, indexed: 9.99 },
      { _id: 2, val: Decimal128.fromString('9.99'), indexed: Decimal128.fromString('9.99') },
    ]);
    expect(ids(await items.find({ val: 9.99 }).toArray())).toEqual([1]);
    expect(ids(await items.find({ val: Decimal128.fromString('9.99') }).toArray())).toEqual([2]);
    expect(ids(await items.find({ indexed: 9.99 }).toArray())).toEqual([1]);
    expect(ids(await items.find({ indexed: Decimal128.fromString('9.99') }).toArray())).toEqual([
      2,
    ]);
  });

  it('an index finds a Long by an equal double beyond 2^53', async () => {
    await items.createIndex({ v: 1 });
    const big = 2 ** 62; // exactly representable as a double
    await items.insertMany([
      { _id: 1, v: Long.fromString('4611686018427387904') },
      { _id: 2, v: big },
      { _id: 3, v: Long.fromString('4611686018427387905') },
    ]);
    expect(ids(await items.find({ v: big }).toArray())).toEqual([1, 2]);
    expect(ids(await items.find({ v: Long.fromString('4611686018427387905') }).toArray())).toEqual([
      3,
    ]);
  });

  it('sorts mixed numeric types by value', async () => {
    await items.insertMany([
      { _id: 1, v: Long.fromNumber(2) },
      { _id: 2, v: 1.5 },
      { _id: 3, v: Decimal128.fromString('1.75') },
      { _id: 4, v: new Int32(3) },
      { _id: 5, v: Long.fromNumber(10) },
    ]);
    expect(ids(await items.find().sort({ v: 1 }).toArray())).toEqual([2, 3, 1, 4, 5]);
    expect(ids(await items.aggregate([{ $sort: { v: -1 } }]).toArray())).toEqual([5, 4, 1, 3, 2]);
  });

  it('$min and $max in $group pick by value', async () => {
    await items.insertMany([
      { _id: 1, v: Long.fromNumber(9) },
      { _id: 2, v: Long.fromNumber(100) },
      { _id: 3, v: Decimal128.fromString('10.5') },
      { _id: 4, v: null },
    ]);
    const [result] = await items
      .aggregate([{ $group: { _id: null, low: { $min: '$v' }, high: { $max: '$v' } } }])
      .toArray();
    expect(String(result?.low)).toBe('9');
    expect(String(result?.high)).toBe('100');
  });

  it('aggregation comparison expressions compare Long and Decimal128 by value', async () => {
    await items.insertOne({ _id: 1, a: Long.fromNumber(10), b: Decimal128.fromString('9.5') });
    const [result] = await items
      .aggregate([
        {
          $project: {
            _id: 0,
            gt: { $gt: ['$a', '$b'] },
            cmp: { $cmp: ['$b', '$a'] },
            eq: { $eq: ['$a', 10] },
          },
        },
      ])
      .toArray();
    expect(result).toEqual({ gt: true, cmp: -1, eq: true });
  });
});

describe('type brackets', () => {
  it('query comparisons only match values of the same type bracket', async () => {
    await items.insertMany([
      { _id: 1, v: 10 },
      { _id: 2, v: 'zzz' },
      { _id: 3, v: new Date(0) },
      { _id: 4, v: Long.fromNumber(20) },
    ]);
    expect(ids(await items.find({ v: { $gt: 5 } }).toArray())).toEqual([1, 4]);
    expect(ids(await items.find({ v: { $lt: 'zzzz' } }).toArray())).toEqual([2]);
  });

  it('sorts values of different types in the documented order', async () => {
    const oid = new ObjectId();
    await items.insertMany([
      { _id: 1, v: new Date(0) },
      { _id: 2, v: true },
      { _id: 3, v: oid },
      { _id: 4, v: [5] },
      { _id: 5, v: { a: 1 } },
      { _id: 6, v: 'text' },
      { _id: 7, v: Long.fromNumber(4) },
      { _id: 8, v: null },
      { _id: 9, v: 3.5 },
      { _id: 10, v: [] },
    ]);
    // An array sorts by its smallest element ascending ([5] with the numbers); "an empty array
    // [is] less than a null value or a missing field".
    expect(ids(await items.find().sort({ v: 1 }).toArray())).toEqual([
      10, 8, 9, 7, 4, 6, 5, 3, 2, 1,
    ]);
  });

  it('a descending sort compares the largest elements of arrays', async () => {
    await items.insertMany([
      { _id: 1, v: [1, 9] },
      { _id: 2, v: [5, 6] },
      { _id: 3, v: 7 },
    ]);
    expect(ids(await items.find().sort({ v: -1 }).toArray())).toEqual([1, 3, 2]);
    expect(ids(await items.find().sort({ v: 1 }).toArray())).toEqual([1, 2, 3]);
  });
});
