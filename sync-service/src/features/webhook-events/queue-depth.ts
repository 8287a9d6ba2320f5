import type { QueueDepth } from '../../platform/metrics';
import type { WebhookEventModel } from './webhook-event.model';

/** A count slower than this is given up (the scrape leaves the series out). */
const COUNT_TIME_LIMIT_MS = 1_500;

/**
 * The pipeline's queue as `outsync_queue_depth` shows it, read at scrape time: three counts over
 * the `{ status, nextAttemptAt }` index, each reading only the index keys of waiting events (the
 * settled ones, the bulk of the collection, are never touched).
 */
export async function queueDepthOf(events: WebhookEventModel, now: Date): Promise<QueueDepth> {
  const count = (filter: Record<string, unknown>) =>
    events.countDocuments(filter).maxTimeMS(COUNT_TIME_LIMIT_MS).exec();
  const [due, scheduled, held] = await Promise.all([
    count({ status: 'received', nextAttemptAt: { $lte: now } }),
    count({ status: 'received', nextAttemptAt: { $gt: now } }),
    count({ status: 'held' }),
  ]);
  return { due, scheduled, held };
}
