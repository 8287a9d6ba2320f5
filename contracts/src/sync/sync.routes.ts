import { defineRoute } from '@outsync/contracts';
import * as z from '@outsync/contracts/zod';
import { IdParamsSchema } from '@outsync/contracts/accounts';
import { ActivityEventTypeSchema } from '../catalog/activity-events';
import { SyncStatusSchema } from './sync-status';

export const RetryWebhookLogResponseSchema = z.object({ id: z.string(), status: SyncStatusSchema });
export type RetryWebhookLogResponse = z.infer<typeof RetryWebhookLogResponseSchema>;

/** Error codes of the sync's admin routes, beyond the platform's own. */
export const SyncErrorCodes = {
  /** Only a failed or partially synced event can be retried (409). */
  notRetryable: 'not_retryable',
} as const;

/** The sync pipeline's admin routes (issue 11); the history screens' list routes come with issue 13. */
export const syncRoutes = {
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
