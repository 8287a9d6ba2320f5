import { auditRoutes } from './audit.routes';
import { blockListHistoryRoutes } from './block-lists.routes';
import { categoryHoldsRoutes } from './category-holds.routes';
import { webhookEventsRoutes } from './webhook-events.routes';

/** Error codes of the history routes, beyond the platform's own. */
export const SyncErrorCodes = {
  /** Only a failed or partially synced event can be retried (409). */
  notRetryable: 'not_retryable',
  /** Only a held event can be released (409). */
  notHeld: 'not_held',
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
 *
 * Each feature's calls are in its own `<feature>.routes.ts`. They are listed here one by one, not
 * spread, because the OpenAPI document follows this order, which interleaves the features.
 */
export const historyRoutes = {
  webhookLogs: webhookEventsRoutes.webhookLogs,
  webhookLogsCount: webhookEventsRoutes.webhookLogsCount,
  webhookLogTypes: webhookEventsRoutes.webhookLogTypes,
  webhookLogsDaily: webhookEventsRoutes.webhookLogsDaily,
  webhookLogsExport: webhookEventsRoutes.webhookLogsExport,
  webhookLog: webhookEventsRoutes.webhookLog,
  categoryBaseFilters: categoryHoldsRoutes.categoryBaseFilters,
  categoryBaseFiltersExport: categoryHoldsRoutes.categoryBaseFiltersExport,
  blockListLogs: blockListHistoryRoutes.blockListLogs,
  blockListLogsExport: blockListHistoryRoutes.blockListLogsExport,
  blockListSyncOptions: blockListHistoryRoutes.blockListSyncOptions,
  retryWebhookLog: webhookEventsRoutes.retryWebhookLog,
  releaseWebhookLog: webhookEventsRoutes.releaseWebhookLog,
  webhookLogActionCount: webhookEventsRoutes.webhookLogActionCount,
  webhookLogAction: webhookEventsRoutes.webhookLogAction,
  categoryBaseFilterTypes: categoryHoldsRoutes.categoryBaseFilterTypes,
  auditLog: auditRoutes.auditLog,
  auditLogExport: auditRoutes.auditLogExport,
};
