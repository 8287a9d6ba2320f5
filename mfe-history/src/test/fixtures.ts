// Data the fake service starts from, typed by the contracts (a fixture that no longer has the
// shape the service answers does not compile).
//
// API: aWebhookLog(n, overrides?); aCategoryRecord(n, overrides?); aBlockListLog(n, o?);
// anAuditEntry(n, o?); and from the harness oid(n), customer, manager (signed-in users).
import { oid } from '@outsync/app-runtime/testing';
import type {
  AuditEntry,
  BlockListLog,
  CategoryBaseFilterRecord,
  WebhookLog,
} from '@outsync/contracts/history';

export { customer, manager, oid } from '@outsync/app-runtime/testing';

/** Webhook log number `n`, synced, newest first when numbered from 1. */
export function aWebhookLog(n: number, overrides: Partial<WebhookLog> = {}): WebhookLog {
  const at = new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - n * 60_000).toISOString();
  return {
    id: oid(0x1000 + n),
    user: { email: 'ada@acme.test', organizationId: '20519234' },
    webhookId: oid(0x50),
    webhookUrl: 'https://api.outsync.test/webhooks/abc123',
    crm: 'HUBSPOT',
    platform: 'smartlead',
    eventType: 'EMAIL_SENT',
    test: false,
    smartleadPayload: {
      path: '/webhooks/abc123',
      payload: {
        subject: `Hello ${n}`,
        to_email: `lead${n}@prospect.test`,
        from_email: 'ada@acme.test',
        event_type: 'EMAIL_SENT',
      },
    },
    webhookLogResults: { errors: [] },
    status: 'synced',
    reason: null,
    attempts: [{ at, durationMs: 120, outcome: 'synced', message: null }],
    explanation: {
      state: 'synced',
      label: 'Synced',
      summary: 'Written to HubSpot.',
      next: null,
      action: null,
      detail: null,
    },
    crmLinks: { contact: null, activity: null },
    canRetry: false,
    canRelease: false,
    createdAt: at,
    syncedAt: at,
    ...overrides,
  };
}

export function aCategoryRecord(
  n: number,
  overrides: Partial<CategoryBaseFilterRecord> = {},
): CategoryBaseFilterRecord {
  return {
    id: oid(0x2000 + n),
    webhook_url: 'https://api.outsync.test/webhooks/abc123',
    webhook_event: 'LEAD_CATEGORY_UPDATED',
    campaign_id: `c-${n}`,
    lead_id: `l-${n}`,
    smartlead_base_categories: [{ id: 'interested', name: 'Interested' }],
    category_name: 'Not Interested',
    dto: {
      subject: `Held ${n}`,
      to_email: `lead${n}@prospect.test`,
      from_email: 'ada@acme.test',
      event_type: 'LEAD_CATEGORY_UPDATED',
    },
    webhookId: oid(0x50),
    eventId: oid(0x1000 + n),
    created_at: '2026-11-20T12:00:00.000Z',
    sent_at: '2026-11-20T12:05:00.000Z',
    ...overrides,
  };
}

export function aBlockListLog(n: number, overrides: Partial<BlockListLog> = {}): BlockListLog {
  return {
    id: oid(0x3000 + n),
    syncBlockList: { id: oid(0x70), listName: 'Competitors', blockType: 'DOMAIN', isEnabled: true },
    entityDetails: `rival${n}.test`,
    syncedAt: '2026-11-20T12:00:00.000Z',
    lastError: null,
    ...overrides,
  };
}

/** Audit entry number `n`: a customer's own change on the dashboard, newest first from 1. */
export function anAuditEntry(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: oid(0x4000 + n),
    at: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - n * 60_000).toISOString(),
    action: 'createWebhook',
    actor: {
      email: 'ada@acme.test',
      role: null,
      via: 'dashboard',
      partnerName: null,
      apiTokenName: null,
    },
    account: { email: 'ada@acme.test' },
    target: `Webhook ${n}`,
    ...overrides,
  };
}
