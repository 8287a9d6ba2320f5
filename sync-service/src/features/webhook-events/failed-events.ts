import type { WebhookEventModel } from './webhook-event.model';

/** A CRM account's events that failed for good since a time, by cause (the CRM's words). */
export type FailedEventsOfAccount = {
  accountKey: string;
  count: number;
  /** Commonest first. */
  causes: Array<{ message: string; count: number }>;
};

const NO_REASON = 'No reason was recorded.';

/**
 * Every CRM account (profile) with events that ended `failed` since `since`, for the owners'
 * hourly digest (issue 29 "Alerts"). Reads the partial index of failed events by time.
 */
export async function failedEventsSince(
  events: WebhookEventModel,
  since: Date,
): Promise<FailedEventsOfAccount[]> {
  const rows = await events.aggregate<{
    _id: unknown;
    count: number;
    causes: Array<{ message: string; count: number }>;
  }>([
    { $match: { status: 'failed', updatedAt: { $gte: since } } },
    {
      $group: {
        _id: { account: '$userProfileId', cause: { $ifNull: ['$reason', NO_REASON] } },
        count: { $sum: 1 },
      },
    },
    { $sort: { count: -1, '_id.cause': 1 } },
    {
      $group: {
        _id: '$_id.account',
        count: { $sum: '$count' },
        causes: { $push: { message: '$_id.cause', count: '$count' } },
      },
    },
    { $sort: { _id: 1 } },
  ]);
  return rows.map((row) => ({
    accountKey: String(row._id),
    count: row.count,
    causes: row.causes,
  }));
}
