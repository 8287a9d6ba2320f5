import { defineRoute } from '@outsync/contracts';
import * as z from '@outsync/contracts/zod';
import { IdParamsSchema } from '../accounts/common.schemas';
import { ActivityEventTypeSchema } from '../catalog/activity-events';
import { SyncStatusSchema } from '../sync/sync-status';
import {
  BlockListLogsPageSchema,
  BlockListLogsQuerySchema,
  BlockListSyncOptionSchema,
  CategoryBaseFiltersPageSchema,
  CategoryBaseFiltersQuerySchema,
  HistoryCountSchema,
  WebhookLogDetailSchema,
  WebhookLogsDailyQuerySchema,
  WebhookLogsDailySchema,
  WebhookLogsPageSchema,
  WebhookLogsQuerySchema,
} from './history.schemas';

export const RetryWebhookLogResponseSchema = z.object({ id: z.string(), status: SyncStatusSchema });
export type RetryWebhookLogResponse = z.infer<typeof RetryWebhookLogResponseSchema>;

/** Error codes of the history routes, beyond the platform's own. */
export const SyncErrorCodes = {
  /** Only a failed or partially synced event can be retried (409). */
  notRetryable: 'not_retryable',
} as const;

const reading = {
  400: 'A malformed or out-of-range filter or page; the message names it (`validation_failed`).',
  401: 'Not signed in (`unauthorized`).',
} as const;
const staffFilters = {
  403: 'A customer sent a filter only managers and admins have: User, Webhook ID, Webhook URL, Hub ID (`forbidden`).',
} as const;

/** The message a customer gets for a manager-and-admin filter (spec 02 §6, enforced). */
export const historyMessages = {
  staffOnlyFilter:
    'The User, Webhook ID, Webhook URL and Hub ID filters are for managers and admins.',
  notFound: 'No such webhook log, or it is not visible to you.',
} as const;

/**
 * The history area's calls (spec 02 §7 "History", issue 13). Every list is scoped by role: a
 * customer sees the logs of their own webhooks and syncs whatever they filter on; managers and
 * admins see everyone's. Pages hold 20 rows, newest first, from page 1.
 */
export const historyRoutes = {
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
    request: { query: WebhookLogsQuerySchema.omit({ page: true }) },
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
  webhookLog: defineRoute({
    method: 'get',
    path: '/api/admin/webhook-logs/:id',
    request: { params: IdParamsSchema },
    response: WebhookLogDetailSchema,
    errors: { ...reading, 404: 'No such log, or it is not visible to you (`not_found`).' },
    description: 'One webhook log with the full payload as received (the Payload dialog).',
  }),
  categoryBaseFilters: defineRoute({
    method: 'get',
    path: '/api/admin/category-base-filters',
    request: { query: CategoryBaseFiltersQuerySchema },
    response: CategoryBaseFiltersPageSchema,
    errors: reading,
    description:
      'One page of the events the category-based filter held, newest first, with the total.',
  }),
  blockListLogs: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/smartlead/blocked-lists/history',
    request: { query: BlockListLogsQuerySchema },
    response: BlockListLogsPageSchema,
    errors: reading,
    description: 'One page of block-list sync runs, newest first, with the total.',
  }),
  blockListSyncOptions: defineRoute({
    method: 'get',
    path: '/api/admin/history/block-lists',
    response: z.array(BlockListSyncOptionSchema),
    errors: { 401: reading[401] },
    description:
      'The block-list syncs the caller may see, as the Block list filter of History > Block Lists offers them.',
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
  categoryBaseFilterTypes: defineRoute({
    method: 'get',
    path: '/api/admin/category-base-filters/types',
    response: z.array(ActivityEventTypeSchema),
    errors: { 401: 'Not signed in (`unauthorized`).' },
    description:
      'The event types the category filter holds and releases: every activity event type (spec 02 §2.11 filter values).',
  }),
};
