// The real pipeline over the real event and hold stores on an embedded database, with a writer
// the test decides: for the tests of what the pipeline does between the receiver and the CRM
// (batching, retries, waits).
import { buildTestPayload, defaultTestInputs } from '@outsync/contracts/webhooks/test-payloads';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import { Types } from 'mongoose';
import { openDatabase, type Database } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import { categoryHoldModel, createHoldStore, leadCategoryStateModel } from '../category-holds';
import { createCircuitStore } from './circuit-store';
import { crmCircuitModel } from './crm-circuit.model';
import { createEventStore } from './event-store';
import { webhookDeliveryModel, webhookEventModel } from './webhook-event.model';
import { normalizeEvent } from '../../pipeline/normalize';
import {
  createSyncPipeline,
  type CircuitStore,
  type SyncPipelineDeps,
  type WebhookContext,
} from '../../pipeline';
import type { WebhookEventDoc } from './webhook-event.model';
import type { CrmWriter } from '../../pipeline/write/crm-writer';

export type PipelineModels = ReturnType<typeof syncModels>;

function syncModels(database: Database) {
  const connection = database.connection;
  return {
    events: webhookEventModel(connection),
    dedup: webhookDeliveryModel(connection),
    circuits: crmCircuitModel(connection),
    holds: categoryHoldModel(connection),
    leadStates: leadCategoryStateModel(connection),
  };
}

/** Opens an embedded database for the file (beforeAll / afterAll); `models()` once it is open. */
export function usePipelineDatabase(): { models: () => PipelineModels } {
  let database: TestDatabase;
  let db: Database;
  let models: PipelineModels | null = null;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = openDatabase(database.uri, {
      logger: createLogger({ level: 'silent' }),
      retryDelayMs: 100,
    });
    await db.connected;
    models = syncModels(db);
    await models.events.init();
  });
  afterAll(async () => {
    await db?.close();
    await database?.release();
  });
  return {
    models: () => {
      if (!models) throw new Error('the database is not open yet');
      return models;
    },
  };
}

export const webhookId = new Types.ObjectId();
export const accountA = new Types.ObjectId();
export const accountB = new Types.ObjectId();

function eventFor(lead: number): CanonicalEvent {
  const result = normalizeEvent({
    platform: 'smartlead',
    payload: buildTestPayload(
      'smartlead',
      'EMAIL_SENT',
      { ...defaultTestInputs(), recipientEmail: `lead${lead}@batch.example` },
      new Date(),
    ),
    receivedAt: new Date(),
  });
  if (result.kind !== 'event') throw new Error('the test payload did not normalise');
  // Each its own delivery: no two are duplicates of each other.
  return { ...result.event, platformEventId: `batch-${lead}-${Math.random()}` };
}

/** Stores a received Smartlead EMAIL_SENT of `lead{n}@batch.example` on account A, due now. */
export async function storeEvent(
  models: PipelineModels,
  lead: number,
  overrides: Partial<WebhookEventDoc> = {},
): Promise<Types.ObjectId> {
  const now = new Date();
  const event = eventFor(lead);
  const doc: WebhookEventDoc = {
    _id: new Types.ObjectId(),
    webhookId,
    userId: new Types.ObjectId(),
    userProfileId: accountA,
    userEmail: 'owner@batch.example',
    crm: 'HUBSPOT',
    hubId: '1',
    webhookUrl: 'http://localhost/webhooks/x',
    test: false,
    path: '/webhooks/x',
    payload: {},
    platform: 'smartlead',
    rawEventType: 'EMAIL_SENT',
    eventType: 'EMAIL_SENT',
    summary: { subject: null, to_email: null, from_email: null, event_type: 'EMAIL_SENT' },
    leadKey: event.lead.email,
    leadEmail: event.lead.email,
    campaignId: null,
    platformLeadId: null,
    event,
    status: 'received',
    reason: null,
    errors: [],
    steps: {},
    attempts: [],
    attemptCount: 0,
    nextAttemptAt: new Date(now.getTime() - 1000),
    lease: null,
    receivedAt: new Date(now.getTime() - 1000 + lead),
    syncedAt: null,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
    ...overrides,
  };
  await models.events.collection.insertOne(doc);
  return doc._id;
}

/** A HubSpot webhook's context on `account` whose CRM writes go to `writer`. */
export function contextWith(writer: CrmWriter, account = accountA): WebhookContext {
  return {
    webhookId: webhookId.toString(),
    crm: 'HUBSPOT',
    accountKey: account.toString(),
    ownerIsPaidTier: true,
    profileCanWebhook: true,
    profileCanForward: true,
    settings: {} as WebhookContext['settings'],
    smartleadBaseCategories: null,
    apiKeyId: null,
    endpoints: [],
    writer,
    writerProblem: null,
  };
}

/**
 * A circuit that never opens: for the tests of one event's own retries, whose batches (of that
 * one event) would otherwise count as the account's outage (sync.circuit.test.ts tests that).
 */
export const circuitNeverOpens: CircuitStore = {
  get: () => Promise.resolve({ state: 'closed', failures: 0 }),
  recordFailure: () => Promise.resolve({ state: 'closed', failures: 0 }),
  claimProbe: () => Promise.resolve(false),
  recordSuccess: () => Promise.resolve(null),
};

/** The pipeline over the file's stores, every event's webhook writing to `writer`. */
export function pipelineWith(
  models: PipelineModels,
  writer: CrmWriter,
  deps: Partial<Omit<SyncPipelineDeps, 'events' | 'holds'>> = {},
) {
  return createSyncPipeline({
    events: createEventStore(models),
    holds: createHoldStore(models),
    circuits: createCircuitStore(models.circuits),
    alerts: { opened: () => Promise.resolve(), recovered: () => Promise.resolve() },
    loadContext: () => Promise.resolve(contextWith(writer)),
    platformCategory: () => Promise.resolve({ kind: 'unknown' }),
    endpoint: () => Promise.resolve(null),
    fetch: () => Promise.reject(new Error('no endpoint is called')),
    schedule: () => Promise.resolve(),
    now: () => new Date(),
    logger: createLogger({ level: 'silent' }),
    maxAttempts: 3,
    leaseMs: 60_000,
    maxBatch: 200,
    ...deps,
  });
}
