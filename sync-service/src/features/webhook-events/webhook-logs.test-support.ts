// Shared set-up for the webhook logs' tests (webhook-logs.*.test.ts; spec 02 §2.9, §5, §6, §7;
// issues 13, 29): the real app on the embedded MongoDB with its clock at NOW, an admin, a
// manager and two customers, and logs written straight into the collection as the pipeline
// writes them. Each test file calls useWebhookLogsApp() once and so runs an app of its own.
import { Types } from 'mongoose';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { signInCaller, type Caller } from '../../testing/test-callers';
import type { WebhookEventDoc } from '../../pipeline';
import { webhookEventModel } from './webhook-event.model';

export const LOGS = '/api/admin/webhook-logs';

/** The viewer's "now": 12:00 UTC on 15 March 2030. */
export const NOW = new Date('2030-03-15T12:00:00.000Z');

export type { Caller };
export type ErrorBody = { code: string; message: string };

export let app: TestApp;
export let admin: Caller;
export let manager: Caller;
export let ada: Caller;
export let bob: Caller;

export function caller(email: string, role?: 'ADMIN' | 'MANAGER'): Promise<Caller> {
  return signInCaller(app, email, role);
}

/**
 * Registers the file's hooks: the app and its callers before its tests, the logs emptied before
 * each.
 */
export function useWebhookLogsApp(): void {
  beforeAll(async () => {
    app = await startTestApp({ now: () => NOW });
    admin = await caller('history-admin@outsync.test', 'ADMIN');
    manager = await caller('history-manager@outsync.test', 'MANAGER');
    ada = await caller('ada@customer-a.test');
    bob = await caller('bob@customer-b.test');
  });

  afterAll(async () => {
    await app.stop();
  });

  beforeEach(async () => {
    await events().deleteMany({});
  });
}

export const events = () => webhookEventModel(app.db.connection);

/** A stored webhook log of `owner`'s HubSpot webhook; a test sets what it is about. */
export function logOf(owner: Caller, overrides: Partial<WebhookEventDoc> = {}): WebhookEventDoc {
  const receivedAt = overrides.receivedAt ?? new Date(NOW.getTime() - 60_000);
  const webhookId = overrides.webhookId ?? new Types.ObjectId();
  return {
    _id: new Types.ObjectId(),
    webhookId,
    userId: new Types.ObjectId(owner.id),
    userProfileId: new Types.ObjectId(),
    userEmail: owner.email,
    crm: 'HUBSPOT',
    hubId: '5550001',
    webhookUrl: `https://hooks.outsync.test/webhooks/code-${webhookId.toString()}`,
    test: false,
    path: `/webhooks/code-${webhookId.toString()}`,
    payloadJson: JSON.stringify({
      event_type: 'EMAIL_SENT',
      to_email: 'lead@prospect.test',
      secret: 'never',
    }),
    platform: 'smartlead',
    rawEventType: 'EMAIL_SENT',
    eventType: 'EMAIL_SENT',
    summary: {
      subject: 'Hello',
      to_email: 'lead@prospect.test',
      from_email: 'rep@agency.test',
      event_type: 'EMAIL_SENT',
    },
    leadKey: 'lead@prospect.test',
    leadEmail: 'lead@prospect.test',
    campaignId: '77',
    platformLeadId: '991',
    event: null,
    status: 'synced',
    reason: null,
    errors: [],
    steps: {},
    attempts: [],
    attemptCount: 1,
    nextAttemptAt: null,
    lease: null,
    receivedAt,
    syncedAt: null,
    updatedAt: receivedAt,
    expiresAt: new Date(NOW.getTime() + 30 * 86_400_000),
    ...overrides,
  };
}

export async function store(...docs: WebhookEventDoc[]): Promise<void> {
  await events().insertMany(docs);
}

export function ids(page: { data: { id: string }[] }): string[] {
  return page.data.map((row) => row.id);
}
