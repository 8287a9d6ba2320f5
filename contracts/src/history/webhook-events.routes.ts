import { defineRoute } from '@outsync/contracts';
import * as z from '@outsync/contracts/zod';
import { IdParamsSchema } from '../accounts/common.schemas';
import { HistoryCountSchema } from './history.schemas';
import { reading, staffFilters } from './route-parts';
import {
  RetryWebhookLogResponseSchema,
  WebhookLogActionCountSchema,
  WebhookLogActionFiltersSchema,
  WebhookLogActionParamsSchema,
  WebhookLogActionResultSchema,
  WebhookLogDetailSchema,
  WebhookLogFiltersSchema,
  WebhookLogsDailyQuerySchema,
  WebhookLogsDailySchema,
  WebhookLogsPageSchema,
  WebhookLogsQuerySchema,
} from './webhook-events.schemas';

/**
 * The webhook-events feature's history calls: the webhook logs, a retry of a failed event, a
 * release of a held one, and both in bulk.
 */
export const webhookEventsRoutes = {
  webhookLogs: defineRoute({
    method: 'get',
    path: '/api/admin/webhook-logs',
    request: { query: WebhookLogsQuerySchema },
    response: WebhookLogsPageSchema,
    errors: { ...reading, ...staffFilters },
    description:
      'One page of webhook logs, newest first. The total is `/count`, a call of its own.',
  }),
  webhookLogsCount: defineRoute({
    method: 'get',
    path: '/api/admin/webhook-logs/count',
    request: { query: WebhookLogFiltersSchema },
    response: HistoryCountSchema,
    errors: { ...reading, ...staffFilters },
    description: 'How many webhook logs the filters match.',
  }),
  webhookLogTypes: defineRoute({
    method: 'get',
    path: '/api/admin/webhook-logs/types',
    response: z.array(z.string()),
    errors: { 401: reading[401] },
    description: 'The Event Type filter’s values: ANY (no filter) and the 14 activity event types.',
  }),
  webhookLogsDaily: defineRoute({
    method: 'get',
    path: '/api/admin/webhook-logs/daily',
    request: { query: WebhookLogsDailyQuerySchema },
    response: WebhookLogsDailySchema,
    errors: { ...reading, ...staffFilters },
    description:
      'The last 14 days’ webhook logs by outcome (synced, held, failed, not synced), oldest day first, under the same filters as the list.',
  }),
  webhookLogsExport: defineRoute({
    method: 'get',
    path: '/api/admin/webhook-logs/export',
    request: { query: WebhookLogFiltersSchema },
    response: z.string(),
    produces: 'text/csv',
    errors: { ...reading, ...staffFilters },
    description:
      'Every webhook log the filters match, newest first, as a CSV file (UTF-8, a header row; streamed, so any number of rows): the list’s scoping and filters, the columns of the list and the event’s standing in words.',
  }),
  webhookLog: defineRoute({
    method: 'get',
    path: '/api/admin/webhook-logs/:id',
    request: { params: IdParamsSchema },
    response: WebhookLogDetailSchema,
    errors: { ...reading, 404: 'No such log, or it is not visible to you (`not_found`).' },
    description: 'One webhook log with the full payload as received (the Payload dialog).',
  }),
  retryWebhookLog: defineRoute({
    method: 'post',
    path: '/api/admin/webhook-logs/:id/retry',
    request: { params: IdParamsSchema },
    response: RetryWebhookLogResponseSchema,
    errors: {
      401: 'Not signed in (`unauthorized`).',
      403: 'Visible but not yours to retry: only the webhook owner or an admin may (`forbidden`), or a missing CSRF token.',
      404: 'No such log, or it is not visible to you (`not_found`).',
      409: 'The event is not failed or partially synced (`not_retryable`).',
    },
    description:
      'Puts a failed or partially synced event back in the queue. Steps the earlier attempts completed (contact, company, activity, endpoints that took it) are not repeated.',
  }),
  releaseWebhookLog: defineRoute({
    method: 'post',
    path: '/api/admin/webhook-logs/:id/release',
    request: { params: IdParamsSchema },
    response: RetryWebhookLogResponseSchema,
    errors: {
      401: 'Not signed in (`unauthorized`).',
      403: 'Visible but not yours to release: only the webhook owner or an admin may (`forbidden`), or a missing CSRF token.',
      404: 'No such log, or it is not visible to you (`not_found`).',
      409: 'The event is not held (`not_held`).',
    },
    description:
      'Writes one held event to the CRM although its lead has not reached an approved category: it goes back in the queue past the category filter.',
  }),
  webhookLogActionCount: defineRoute({
    method: 'get',
    path: '/api/admin/webhook-log-actions/:action/count',
    request: { params: WebhookLogActionParamsSchema, query: WebhookLogActionFiltersSchema },
    response: WebhookLogActionCountSchema,
    errors: { ...reading, ...staffFilters },
    description:
      'How many events a bulk action would take under the list’s filters: `retry` the failed and partially synced, `release` the held; only those the caller may act on (their own; an admin’s, anyone’s).',
  }),
  webhookLogAction: defineRoute({
    method: 'post',
    path: '/api/admin/webhook-log-actions/:action',
    request: { params: WebhookLogActionParamsSchema, body: WebhookLogActionFiltersSchema },
    response: WebhookLogActionResultSchema,
    errors: {
      ...reading,
      ...staffFilters,
      403: 'A manager-and-admin filter sent by a customer (`forbidden`), or a missing CSRF token.',
    },
    description:
      'Runs a bulk action under the list’s filters, up to `limit` events: `retry` puts the failed and partially synced events back in the queue (completed steps kept), `release` writes the held events although their lead has no approved category. Only the caller’s own events (an admin’s: anyone’s).',
  }),
};
