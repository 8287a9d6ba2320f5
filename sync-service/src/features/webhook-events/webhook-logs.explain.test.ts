import type { WebhookLogsFilter } from '@outsync/contracts/history';
import { Types } from 'mongoose';
import { openDatabase, type Database } from '../../platform/db';
import type { SessionUser } from '../../platform/http/types';
import { createLogger } from '../../platform/logger';
import { webhookEventModel, type WebhookEventModel } from './webhook-event.model';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import { webhookLogsQuery } from './webhook-logs.reads';

// What the database does with a page of webhook logs (issue 13: "every filter combination the
// screens send is served by an index"): the plan `explain` reports reads an index in the list's
// order, with no in-memory sort, for the screens' main filter combinations.

let database: TestDatabase;
let db: Database;
let events: WebhookEventModel;

const customerId = new Types.ObjectId();
const webhookId = new Types.ObjectId();
const customer: SessionUser = {
  id: customerId.toString(),
  email: 'ada@customer-a.test',
  role: null,
  isPaidTier: true,
};
const admin: SessionUser = { ...customer, id: new Types.ObjectId().toString(), role: 'ADMIN' };

beforeAll(async () => {
  database = await openTestDatabase();
  db = openDatabase(database.uri, { logger: createLogger({ level: 'silent' }), retryDelayMs: 100 });
  await db.connected;
  events = webhookEventModel(db.connection);
  await events.init();
  const now = Date.now();
  await events.collection.insertMany(
    Array.from({ length: 120 }, (_, index) => ({
      webhookId,
      userId: index % 2 === 0 ? customerId : new Types.ObjectId(),
      userProfileId: new Types.ObjectId(),
      userEmail: index % 2 === 0 ? 'ada@customer-a.test' : 'bob@customer-b.test',
      crm: 'HUBSPOT',
      hubId: '5550001',
      webhookUrl: 'https://hooks.outsync.test/webhooks/x',
      test: false,
      path: '/webhooks/x',
      eventType: index % 3 === 0 ? 'EMAIL_OPEN' : 'EMAIL_SENT',
      leadEmail: `lead${index % 10}@prospect.test`,
      status: index % 5 === 0 ? 'failed' : 'synced',
      summary: { subject: null, to_email: null, from_email: null, event_type: null },
      errors: [],
      steps: {},
      attempts: [],
      receivedAt: new Date(now - index * 1000),
      updatedAt: new Date(now),
      expiresAt: new Date(now + 86_400_000),
    })),
  );
});

afterAll(async () => {
  await db?.close();
  await database?.release();
});

type Stage = { stage: string; indexName?: string; inputStage?: Stage };

/** The stages of the winning plan of a first page, outermost first. */
async function pageStages(user: SessionUser, filter: Omit<WebhookLogsFilter, 'page'>) {
  const answer = (await db.connection.db?.command({
    explain: {
      find: 'webhookLogs',
      filter: webhookLogsQuery(user, filter),
      sort: { receivedAt: -1, _id: -1 },
      limit: 20,
    },
    verbosity: 'queryPlanner',
  })) as { queryPlanner: { winningPlan: Stage } };
  const stages: Stage[] = [];
  for (
    let stage: Stage | undefined = answer.queryPlanner.winningPlan;
    stage;
    stage = stage.inputStage
  )
    stages.push(stage);
  return stages;
}

const cases: Array<[string, SessionUser, Omit<WebhookLogsFilter, 'page'>]> = [
  ['a customer, no filter', customer, {}],
  ['a customer by e-mail', customer, { email: 'lead1@prospect.test' }],
  ['a customer by event type', customer, { eventType: 'EMAIL_OPEN' }],
  ['a customer by status', customer, { status: 'failed' }],
  ['staff, no filter', admin, {}],
  ['staff by e-mail', admin, { email: 'lead1@prospect.test' }],
  ['staff by user', admin, { userEmail: 'ada@customer-a.test' }],
  ['staff by webhook id', admin, { webhookId: webhookId.toString() }],
  ['staff by webhook URL', admin, { webhookUrl: 'https://hooks.outsync.test/webhooks/x' }],
  ['staff by hub id', admin, { hubId: '5550001' }],
  ...rangeCases(),
];

/**
 * The screens' filters with a time range (issue 29): the same indexes, read in the same order.
 * MongoDB also bounds the scan by the range (receivedAt follows the equalities in every index);
 * the embedded server walks the index in order and tests it, and reports no bounds to check.
 */
function rangeCases(): Array<[string, SessionUser, Omit<WebhookLogsFilter, 'page'>]> {
  const receivedFrom = new Date(Date.now() - 60_000);
  const receivedTo = new Date(Date.now() - 30_000);
  return [
    ['a customer in a time range', customer, { receivedFrom, receivedTo }],
    ['a customer by status since a time', customer, { status: 'failed', receivedFrom }],
    ['a customer by e-mail before a time', customer, { email: 'lead1@prospect.test', receivedTo }],
    ['staff in a time range', admin, { receivedFrom, receivedTo }],
    [
      'staff by webhook id in a time range',
      admin,
      { webhookId: webhookId.toString(), receivedFrom, receivedTo },
    ],
    ['staff by user since a time', admin, { userEmail: 'ada@customer-a.test', receivedFrom }],
  ];
}

it.each(cases)(
  '%s: a page is read from an index in order, with no sort',
  async (_, user, filter) => {
    const stages = await pageStages(user, filter);
    const names = stages.map((stage) => stage.stage);
    expect(names).toContain('IXSCAN');
    expect(names).not.toContain('SORT');
    expect(names).not.toContain('COLLSCAN');
  },
);
