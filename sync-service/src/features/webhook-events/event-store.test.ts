// The event store's step record on a real MongoDB: what a writer records is what a retry reads.
import mongoose, { type Connection } from 'mongoose';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import { createEventStore } from './event-store';
import { webhookDeliveryModel, webhookEventModel } from './webhook-event.model';

let database: TestDatabase;
let connection: Connection;

beforeAll(async () => {
  database = await openTestDatabase();
  connection = await mongoose.createConnection(database.uri).asPromise();
});

afterAll(async () => {
  await connection.close();
  await database.release();
});

it('stores the steps given and removes a step given as undefined (a withdrawn create start)', async () => {
  const events = webhookEventModel(connection);
  const store = createEventStore({ events, dedup: webhookDeliveryModel(connection) });
  const _id = new mongoose.Types.ObjectId();
  const started = new Date('2026-11-29T10:00:00.000Z');
  // Only the fields this test reads: the store's update does not depend on the others.
  await events.collection.insertOne({
    _id,
    steps: { contactId: '501', contactWritten: true, engagementStartedAt: started },
  });

  await store.recordSteps(_id.toString(), { engagementStartedAt: undefined, companyId: '9' });

  const stored = await events.collection.findOne({ _id });
  expect(stored?.steps).toStrictEqual({ contactId: '501', contactWritten: true, companyId: '9' });

  await store.recordSteps(_id.toString(), { engagementStartedAt: started });
  const again = await events.collection.findOne({ _id });
  expect(again?.steps).toStrictEqual({
    contactId: '501',
    contactWritten: true,
    companyId: '9',
    engagementStartedAt: started,
  });
});
