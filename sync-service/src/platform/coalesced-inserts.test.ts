import mongoose, { type mongo } from 'mongoose';
import { openTestDatabase, type TestDatabase } from '../testing/test-database';
import { coalescedInserts } from './coalesced-inserts';

type Row = { _id: string; n: number };

let database: TestDatabase;
let client: mongo.MongoClient;
/** The documents of each `insert` command the driver sent. */
let insertCommands: number[];

beforeAll(async () => {
  database = await openTestDatabase();
  client = new mongoose.mongo.MongoClient(database.uri, { monitorCommands: true });
  client.on('commandStarted', (event) => {
    if (event.commandName === 'insert')
      insertCommands.push((event.command as { documents: unknown[] }).documents.length);
  });
  await client.connect();
});

afterAll(async () => {
  await client.close();
  await database.release();
});

let rows: mongo.Collection<Row>;
beforeEach(async () => {
  insertCommands = [];
  rows = client.db().collection<Row>(`rows${Math.random().toString(36).slice(2)}`);
  await rows.createIndex({ n: 1 });
  insertCommands = [];
});

const row = (n: number): Row => ({ _id: `row-${n}`, n });

it('inserts a document that arrives alone at once, in its own command', async () => {
  const insert = coalescedInserts(rows);
  await insert(row(1));
  expect(await rows.find().toArray()).toEqual([row(1)]);
  expect(insertCommands).toEqual([1]);
});

it('stores every document of a burst, in fewer commands than documents', async () => {
  const insert = coalescedInserts(rows, { maxInFlight: 1 });
  await Promise.all(Array.from({ length: 60 }, (_, n) => insert(row(n))));
  expect(await rows.countDocuments()).toBe(60);
  expect(insertCommands.reduce((sum, documents) => sum + documents, 0)).toBe(60);
  // The first goes alone; those arriving while it is in flight go together.
  expect(insertCommands[0]).toBe(1);
  expect(insertCommands.length).toBeLessThanOrEqual(3);
});

it('never sends more than maxBatch documents in one command', async () => {
  const insert = coalescedInserts(rows, { maxBatch: 10 });
  await Promise.all(Array.from({ length: 35 }, (_, n) => insert(row(n))));
  expect(await rows.countDocuments()).toBe(35);
  expect(Math.max(...insertCommands)).toBeLessThanOrEqual(10);
  expect(insertCommands.reduce((sum, documents) => sum + documents, 0)).toBe(35);
});

it('fails only the caller whose document was refused; the others are stored', async () => {
  await rows.insertOne(row(5));
  insertCommands = [];
  const insert = coalescedInserts(rows);
  const results = await Promise.allSettled(Array.from({ length: 10 }, (_, n) => insert(row(n))));
  const refused = results.flatMap((result, n) => (result.status === 'rejected' ? [n] : []));
  expect(refused).toEqual([5]);
  const reason = (results[5] as PromiseRejectedResult).reason as { code?: number };
  expect(reason.code).toBe(11000);
  expect(await rows.countDocuments()).toBe(10);
  expect(insertCommands.length).toBeGreaterThan(1);
});

it('fails every caller of a batch whose fate is unknown (the command itself failed)', async () => {
  const lost = new Error('connection closed');
  let calls = 0;
  const insert = coalescedInserts<Row>(
    {
      insertOne: () => {
        calls += 1;
        return new Promise((resolve) => setTimeout(resolve, 5)) as never;
      },
      insertMany: () => {
        calls += 1;
        return Promise.reject(lost);
      },
    },
    { maxInFlight: 1 },
  );
  const results = await Promise.allSettled([1, 2, 3, 4].map((n) => insert(row(n))));
  expect(results.map((result) => result.status)).toEqual([
    'fulfilled',
    'rejected',
    'rejected',
    'rejected',
  ]);
  expect(calls).toBe(2);
  // The queue goes on after a failure: a later document is inserted.
  await expect(insert(row(9))).resolves.toBeUndefined();
});

it('overlaps at most maxInFlight inserts, and gathers what arrives meanwhile', async () => {
  let running = 0;
  let mostAtOnce = 0;
  const sizes: number[] = [];
  const slowly = async (documents: number) => {
    sizes.push(documents);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running -= 1;
  };
  const insert = coalescedInserts<Row>(
    {
      insertOne: (() => slowly(1)) as never,
      insertMany: ((documents: Row[]) => slowly(documents.length)) as never,
    },
    { maxInFlight: 3 },
  );
  await Promise.all(Array.from({ length: 40 }, (_, n) => insert(row(n))));
  expect(mostAtOnce).toBe(3);
  expect(sizes.reduce((sum, documents) => sum + documents, 0)).toBe(40);
  // Three go alone at once; the other 37 wait and leave in the next, bigger batches.
  expect(sizes.slice(0, 3)).toEqual([1, 1, 1]);
  expect(sizes.length).toBeLessThanOrEqual(6);
});
