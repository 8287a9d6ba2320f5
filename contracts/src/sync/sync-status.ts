import * as z from '@outsync/contracts/zod';

/**
 * Where an inbound event stands (issue 11 "Log"). `received` until its job runs; `held` while
 * the category filter holds it; `synced` when every CRM step and endpoint succeeded;
 * `partially_synced` when the CRM write succeeded and an additional endpoint did not (or the
 * reverse); `failed` after the last attempt; `duplicate` for a repeated delivery; `unsupported`
 * for a payload no normalizer recognises (or one missing the lead's identity); `not_synced`
 * when the plan or the profile's permissions exclude it (the reason says which).
 */
export const SyncStatusSchema = z.enum([
  'received',
  'held',
  'synced',
  'partially_synced',
  'failed',
  'duplicate',
  'unsupported',
  'not_synced',
]);
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

/** Statuses after which nothing more happens to an event unless someone retries it. */
export const FINAL_SYNC_STATUSES: readonly SyncStatus[] = [
  'synced',
  'partially_synced',
  'failed',
  'duplicate',
  'unsupported',
  'not_synced',
];

/** Statuses a Retry may re-queue. */
export const RETRYABLE_SYNC_STATUSES: readonly SyncStatus[] = ['failed', 'partially_synced'];

/** The reasons an event is `not_synced`, as the log shows them. */
export const NOT_SYNCED_REASONS = {
  freePlan: 'Not synced: free plan. Upgrade to sync live events into your CRM.',
  noWebhookPermission: 'Not synced: this profile is not allowed to sync webhooks (canWebhook).',
} as const;
