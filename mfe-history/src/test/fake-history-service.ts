// A fake sync-service for the history screens' component tests: fetch answers from in-memory
// rows. Every request is checked with the route's own contract schema (a 400 as the service
// answers), POSTs need the CSRF token, and every answer is parsed by the client with the route's
// response schema, so a wrong shape fails the test.
//
// API: const api = fakeHistoryService(seed?); api.db (rows to seed/inspect); api.on(route, fn)
// replaces a route's answer ({ body } | { status, error }); api.sent(route) the requests that
// reached a route (with `query`, a URLSearchParams as sent on the wire).
import { apiRoutes, HISTORY_PAGE_SIZE, type RouteDefinition } from '@outsync/contracts';
import type {
  BlockListLog,
  BlockListSyncOption,
  CategoryBaseFilterRecord,
  WebhookLog,
  WebhookLogsDaily,
} from '@outsync/contracts/history';
import { historyAreaRoutes } from '../shared/api/history-api';

const serviceRoutes = { ...apiRoutes, ...historyAreaRoutes };
type RouteName = keyof typeof serviceRoutes;

export interface FakeDb {
  webhookLogs: WebhookLog[];
  /** Full payloads by log id (GET /webhook-logs/:id); the summary otherwise. */
  payloads: Record<string, unknown>;
  webhookLogTypes: string[];
  categoryRecords: CategoryBaseFilterRecord[];
  categoryTypes: string[];
  blockListLogs: BlockListLog[];
  blockListOptions: BlockListSyncOption[];
  daily: WebhookLogsDaily;
}

type Reply = { status?: number; body: unknown } | { status: number; error: unknown };
type Handler = (input: Record<string, unknown>, sent: SentRequest) => Reply | Promise<Reply>;

export interface SentRequest {
  route: RouteName | null;
  method: string;
  path: string;
  query: URLSearchParams;
}

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
];

function emptyDb(): FakeDb {
  return {
    webhookLogs: [],
    payloads: {},
    webhookLogTypes: ['ANY', ...eventTypes],
    categoryRecords: [],
    categoryTypes: eventTypes,
    blockListLogs: [],
    blockListOptions: [],
    daily: { days: [] },
  };
}

function pageOf<Row>(rows: Row[], page: number) {
  const start = (page - 1) * HISTORY_PAGE_SIZE;
  return rows.slice(start, start + HISTORY_PAGE_SIZE);
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

function handlers(db: FakeDb): Partial<Record<RouteName, Handler>> {
  return {
    csrfToken: () => ({ body: { csrfToken: 'csrf-1' } }),
    webhookLogs: ({ query }) => {
      const q = query as Record<string, unknown> & { page: number };
      return {
        body: { data: pageOf(webhookLogsMatching(db, q), q.page), page: q.page, limit: 20 },
      };
    },
    webhookLogsCount: ({ query }) => ({
      body: { totalItems: webhookLogsMatching(db, query as Record<string, unknown>).length },
    }),
    webhookLogTypes: () => ({ body: db.webhookLogTypes }),
    webhookLogsDaily: () => ({ body: db.daily }),
    webhookLog: ({ params }) => {
      const { id } = params as { id: string };
      const row = db.webhookLogs.find((log) => log.id === id);
      if (!row)
        return { status: 404, error: { message: 'No such webhook log.', code: 'not_found' } };
      return { body: { ...row, payload: db.payloads[id] ?? row.smartleadPayload.payload } };
    },
    retryWebhookLog: ({ params }) => {
      const { id } = params as { id: string };
      db.webhookLogs = db.webhookLogs.map((row) =>
        row.id === id ? { ...row, status: 'received', canRetry: false } : row,
      );
      return { body: { id, status: 'received' } };
    },
    categoryBaseFilters: ({ query }) => {
      const q = query as Record<string, unknown> & { page: number };
      const rows = db.categoryRecords.filter(
        (row) =>
          (q.campaignId === undefined || row.campaign_id === q.campaignId) &&
          (q.leadId === undefined || row.lead_id === q.leadId) &&
          (q.eventType === undefined || row.webhook_event === q.eventType),
      );
      return {
        body: { data: pageOf(rows, q.page), page: q.page, limit: 20, totalItems: rows.length },
      };
    },
    categoryBaseFilterTypes: () => ({ body: db.categoryTypes }),
    blockListLogs: ({ query }) => {
      const q = query as Record<string, unknown> & { page: number };
      const rows = db.blockListLogs.filter(
        (row) =>
          (q['block-list-id'] === undefined || row.syncBlockList.id === q['block-list-id']) &&
          (q.email === undefined || row.entityDetails.includes(String(q.email))),
      );
      return {
        body: { data: pageOf(rows, q.page), page: q.page, limit: 20, totalItems: rows.length },
      };
    },
    blockListSyncOptions: () => ({ body: db.blockListOptions }),
  };
}

const routeTable = (Object.entries(serviceRoutes) as [RouteName, RouteDefinition][])
  .map(([name, route]) => ({
    name,
    route,
    pattern: new RegExp(`^${route.path.replace(/:([A-Za-z_]\w*)/g, '(?<$1>[^/]+)')}$`),
  }))
  // Fewer parameters first: '/webhook-logs/count' before '/webhook-logs/:id'.
  .sort((a, b) => a.route.path.split(':').length - b.route.path.split(':').length);

const json = (status: number, payload: unknown) =>
  new Response(JSON.stringify(payload), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Replaces fetch with the fake service (see the API at the top of this file). */
export function fakeHistoryService(seed: Partial<FakeDb> = {}) {
  const db: FakeDb = { ...emptyDb(), ...seed };
  const routeHandlers = handlers(db);
  const requests: SentRequest[] = [];

  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const entry = routeTable.find(
      (candidate) =>
        candidate.route.method.toUpperCase() === request.method &&
        candidate.pattern.test(url.pathname),
    );
    requests.push({
      route: entry?.name ?? null,
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
    });
    if (!entry) return json(404, { message: 'Not found', code: 'not_found' });
    if (request.method !== 'GET' && request.headers.get('X-CSRF-Token') !== 'csrf-1') {
      return json(403, { message: 'CSRF', code: 'csrf_invalid' });
    }
    const raw = {
      params: { ...entry.pattern.exec(url.pathname)?.groups },
      query: Object.fromEntries(url.searchParams),
    };
    const parsed: Record<string, unknown> = {};
    for (const part of ['params', 'query'] as const) {
      const schema = entry.route.request?.[part];
      if (!schema) continue;
      const result = schema.safeParse(raw[part]);
      if (!result.success) {
        const message = result.error.issues[0]?.message ?? 'Invalid request';
        return json(400, { message, code: 'validation_error' });
      }
      parsed[part] = result.data;
    }
    const handler = routeHandlers[entry.name];
    if (!handler) return json(404, { message: 'Not found', code: 'not_found' });
    const reply = await handler(parsed, requests.at(-1)!);
    return 'error' in reply
      ? json(reply.status, reply.error)
      : json(reply.status ?? 200, reply.body);
  });

  return {
    db,
    requests,
    on(name: RouteName, handler: Handler) {
      routeHandlers[name] = handler;
    },
    sent(name: RouteName) {
      return requests.filter((request) => request.route === name);
    },
  };
}

/** A promise the test settles itself, to look at the page while a request is in flight. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
