// Find projection order, `returnKey`, and pipeline updates on field names holding `$` or `.`,
// following MongoDB's documentation (reference/method/db.collection.find "Projection",
// reference/command/find `returnKey`, reference/operator/aggregation/setField and unsetField),
// through the official driver.
import { type Collection, type Document } from 'mongodb';
import { type Harness, startHarness } from './helpers.ts';

let harness: Harness;
interface Item extends Document {
  _id: number;
}

let items: Collection<Item>;
let testNumber = 0;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => {
  testNumber += 1;
  items = harness.client.db('findoptions').collection<Item>(`items${testNumber}`);
});

describe('find projection', () => {
  it('returns _id first, then the included fields in the document order', async () => {
    await items.insertOne({ _id: 1, a: 1, b: 2, c: 3 });
    const [doc] = await items.find({}, { projection: { b: 1, a: 1 } }).toArray();
    expect(Object.keys(doc ?? {})).toEqual(['_id', 'a', 'b']);
    expect(doc).toEqual({ _id: 1, a: 1, b: 2 });
    const [sorted] = await items.find({}, { projection: { c: 1, a: 1 }, sort: { a: 1 } }).toArray();
    expect(Object.keys(sorted ?? {})).toEqual(['_id', 'a', 'c']);
    const [withoutId] = await items.find({}, { projection: { c: 1, _id: 0 } }).toArray();
    expect(withoutId).toEqual({ c: 3 });
    const modified = await items.findOneAndUpdate(
      { _id: 1 },
      { $set: { c: 4 } },
      { projection: { c: 1, b: 1 }, returnDocument: 'after' },
    );
    expect(Object.keys(modified ?? {})).toEqual(['_id', 'b', 'c']);
  });
});

describe('returnKey', () => {
  it('returns only the keys of the hinted or chosen index, and {} without an index', async () => {
    await items.createIndex({ a: 1, b: 1 });
    await items.insertMany([
      { _id: 1, a: 1, b: 'x', c: true },
      { _id: 2, a: 2, b: 'y', c: false },
    ]);
    const hinted = await items.find({}, { returnKey: true, hint: { a: 1, b: 1 } }).toArray();
    expect(hinted).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'y' },
    ]);
    const byName = await items.find({ a: 2 }, { returnKey: true, hint: 'a_1_b_1' }).toArray();
    expect(byName).toEqual([{ a: 2, b: 'y' }]);
    const chosen = await items.find({ a: 1, b: 'x' }, { returnKey: true }).toArray();
    expect(chosen).toEqual([{ a: 1, b: 'x' }]);
    const byId = await items.find({ _id: 2 }, { returnKey: true }).toArray();
    expect(byId).toEqual([{ _id: 2 }]);
    const scanned = await items.find({ c: true }, { returnKey: true }).toArray();
    expect(scanned).toEqual([{}]);
  });
});

describe('pipeline updates on field names with $ and .', () => {
  it('stores and removes such fields with $setField, $unsetField and $replaceWith', async () => {
    await items.insertOne({ _id: 1, price: 10 });
    await items.updateOne({ _id: 1 }, [
      { $replaceWith: { $setField: { field: 'a.b', input: '$$ROOT', value: 1 } } },
    ]);
    await items.updateOne({ _id: 1 }, [
      {
        $replaceWith: {
          $setField: { field: { $literal: '$price' }, input: '$$ROOT', value: 5 },
        },
      },
    ]);
    expect(await items.findOne({ _id: 1 })).toEqual({
      _id: 1,
      price: 10,
      'a.b': 1,
      $price: 5,
    });
    await items.updateOne({ _id: 1 }, [
      { $replaceWith: { $unsetField: { field: { $literal: '$price' }, input: '$$ROOT' } } },
    ]);
    await items.updateOne({ _id: 1 }, [
      { $replaceWith: { $unsetField: { field: 'a.b', input: '$$ROOT' } } },
    ]);
    expect(await items.findOne({ _id: 1 })).toEqual({ _id: 1, price: 10 });
  });
});
