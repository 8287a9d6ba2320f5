// The history area's data and handlers for the harness's fake sync-service
// (`@outsync/app-runtime/testing`: route matching, CSRF, the schemas' 400, unknown routes).
//
// API: const api = fakeHistoryService(seed?); api.db (rows to seed/inspect); api.on(route, fn)
// replaces a route's answer ({ body } | { status, error }); api.sent(route) the requests that
// reached a route (with `query`, a URLSearchParams as sent on the wire).
import {
  createFakeService,
  type FakeHandlers,
  type SentRequest,
} from '@outsync/app-runtime/testing';
import { HISTORY_PAGE_SIZE, type RouteOutput } from '@outsync/contracts';
import type {
  AuditEntry,
  BlockListLog,
  BlockListSyncOption,
  CategoryBaseFilterRecord,
  WebhookLog,
  WebhookLogsDaily,
} from '@outsync/contracts/history';
import { historyAreaRoutes, type HistoryAreaRoutes } from '../shared/api/history-api';

export { deferred } from '@outsync/app-runtime/testing';

export interface FakeDb {
  webhookLogs: WebhookLog[];
  /** Full payloads by log id (GET /webhook-logs/:id); the summary otherwise. */
  payloads: Record<string, unknown>;
  webhookLogTypes: string[];
  categoryRecords: CategoryBaseFilterRecord[];
  categoryTypes: RouteOutput<HistoryAreaRoutes['categoryBaseFilterTypes']>;
  blockListLogs: BlockListLog[];
  blockListOptions: BlockListSyncOption[];
  daily: WebhookLogsDaily;
  /** The audit log, newest first (GET /api/admin/audit-log answers it in this order). */
  auditEntries: AuditEntry[];
}

type Reply = { status?: number; body: unknown } | { status: number; error: unknown };
type Handler = (input: Record<string, unknown>, sent: SentRequest) => Reply | Promise<Reply>;

export const eventTypes = [
  'EMAIL_SENT',
  'EMAIL_OPEN',
  'EMAIL_REPLY',
  'EMAIL_LINK_CLICK',
  'EMAIL_BOUNCE',
  'LEAD_CATEGORY_UPDATED',
  'LEAD_UNSUBSCRIBED',
  'CONNECTION_REQUEST_SENT',
  'CONNECTION_REQUEST_ACCEPTED',
  'MESSAGE_SENT',
  'REPLY_RECEIVED',
  'FOLLOW_SENT',
  'LIKED_POST',
  'VIEWED_PROFILE',
] as const;

function emptyDb(): FakeDb {
  return {
    webhookLogs: [],
    payloads: {},
    webhookLogTypes: ['ANY', ...eventTypes],
    categoryRecords: [],
    categoryTypes: [...eventTypes],
    blockListLogs: [],
    blockListOptions: [],
    daily: { days: [] },
    auditEntries: [],
  };
}

function pageOf<Row>(rows: Row[], page: number) {
  const start = (page - 1) * HISTORY_PAGE_SIZE;
  return rows.slice(start, start + HISTORY_PAGE_SIZE);
}

/** A paginated list's answer: the page's rows and the total, as the service sends them. */
function pageAnswer<Row>(rows: Row[], page: number) {
  return { body: { data: pageOf(rows, page), page, limit: 20, totalItems: rows.length } };
}

function webhookLogsMatching(db: FakeDb, query: Record<string, unknown>) {
  return db.webhookLogs.filter(
    (row) =>
      (query.email === undefined ||
        row.smartleadPayload.payload.to_email === query.email ||
        row.smartleadPayload.payload.from_email === query.email) &&
      (query.eventType === undefined || row.eventType === query.eventType) &&
      (query.status === undefined || row.status === query.status) &&
      (query.userEmail === undefined || row.user.email === query.userEmail) &&
      (query.webhookId === undefined || row.webhookId === query.webhookId) &&
      (query.hubId === undefined || row.user.organizationId === query.hubId),
  );
}

function handlers(db: FakeDb): FakeHandlers<HistoryAreaRoutes> {
  return {
    webhookLogs: ({ query }) => ({
      body: {
        data: pageOf(webhookLogsMatching(db, query), query.page),
        page: query.page,
        limit: 20,
      },
    }),
    webhookLogsCount: ({ query }) => ({
      body: { totalItems: webhookLogsMatching(db, query).length },
    }),
    webhookLogTypes: () => ({ body: db.webhookLogTypes }),
    webhookLogsDaily: () => ({ body: db.daily }),
    webhookLog: ({ params: { id } }) => {
      const row = db.webhookLogs.find((log) => log.id === id);
      if (!row)
        return { status: 404, error: { message: 'No such webhook log.', code: 'not_found' } };
      return { body: { ...row, payload: db.payloads[id] ?? row.smartleadPayload.payload } };
    },
    retryWebhookLog: ({ params: { id } }) => {
      db.webhookLogs = db.webhookLogs.map((row) =>
        row.id === id ? { ...row, status: 'received', canRetry: false } : row,
      );
      return { body: { id, status: 'received' } };
    },
    releaseWebhookLog: ({ params: { id } }) => {
      db.webhookLogs = db.webhookLogs.map((row) =>
        row.id === id ? { ...row, status: 'received', canRelease: false } : row,
      );
      return { body: { id, status: 'received' } };
    },
    categoryBaseFilters: ({ query }) => {
      const rows = db.categoryRecords.filter(
        (row) =>
          (query.campaignId === undefined || row.campaign_id === query.campaignId) &&
          (query.leadId === undefined || row.lead_id === query.leadId) &&
          (query.eventType === undefined || row.webhook_event === query.eventType),
      );
      return pageAnswer(rows, query.page);
    },
    categoryBaseFilterTypes: () => ({ body: db.categoryTypes }),
    blockListLogs: ({ query }) => {
      const rows = db.blockListLogs.filter(
        (row) =>
          (query['block-list-id'] === undefined ||
            row.syncBlockList.id === query['block-list-id']) &&
          (query.email === undefined || row.entityDetails.includes(String(query.email))),
      );
      return pageAnswer(rows, query.page);
    },
    blockListSyncOptions: () => ({ body: db.blockListOptions }),
    // The e-mail matches the actor's or the account's, exactly (it arrives lowercased).
    auditLog: ({ query }) => {
      const rows = db.auditEntries.filter(
        (row) =>
          query.email === undefined ||
          row.actor.email === query.email ||
          row.account?.email === query.email,
      );
      return pageAnswer(rows, query.page);
    },
  };
}

/** Replaces fetch with the fake service (see the API at the top of this file). */
export function fakeHistoryService(seed: Partial<FakeDb> = {}) {
  const db: FakeDb = { ...emptyDb(), ...seed };
  const api = createFakeService({ routes: historyAreaRoutes, handlers: handlers(db) });
  return {
    db,
    requests: api.requests,
    sent: api.sent,
    /** Replaces a route's answer; the reply is not checked against the route's types here. */
    on(name: Parameters<typeof api.on>[0], handler: Handler) {
      api.on(name, handler as never);
    },
  };
}
