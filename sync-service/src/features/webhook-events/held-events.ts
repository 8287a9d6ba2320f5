import type { SyncStatus } from '@outsync/contracts/sync';
import type { QueryFilter } from 'mongoose';
import { HOLD_REJUDGE_MS, type WebhookEventDoc } from '../../pipeline';
import type { WebhookEventModel } from './webhook-event.model';

/** A job holds at most this many events (the pipeline's batch). */
const BATCH = 200;

export type RequeueDeps = {
  events: WebhookEventModel;
  schedule(eventIds: string[], at: Date): Promise<void>;
  now(): Date;
};

/**
 * Puts the events of `query` in one of `statuses` back in the queue, oldest first, up to
 * `limit` (0: all), one job per account batch; answers how many. `retry` resets their attempts
 * and lets the CRM be tried again; `release` lets held events past the category filter.
 */
export async function requeueEvents(
  deps: RequeueDeps,
  query: QueryFilter<WebhookEventDoc>,
  options: { statuses: readonly SyncStatus[]; limit: number; as?: 'retry' | 'release' },
): Promise<number> {
  const now = deps.now();
  const taken = { ...query, status: { $in: [...options.statuses] } };
  const found = await deps.events
    .find(taken, { _id: 1, userProfileId: 1 })
    .sort({ receivedAt: 1, _id: 1 })
    .limit(options.limit)
    .lean();
  if (found.length === 0) return 0;
  await deps.events.updateMany(
    { _id: { $in: found.map((doc) => doc._id) }, status: { $in: [...options.statuses] } },
    {
      $set: {
        status: 'received',
        reason: null,
        nextAttemptAt: now,
        updatedAt: now,
        ...(options.as === 'retry' ? { attemptCount: 0 } : {}),
        ...(options.as === 'release' ? { 'steps.releasedAt': now } : {}),
      },
      ...(options.as === 'retry' ? { $unset: { 'steps.crmOutcome': '' } } : {}),
    },
  );
  const byAccount = new Map<string, string[]>();
  for (const doc of found) {
    const key = doc.userProfileId.toString();
    byAccount.set(key, [...(byAccount.get(key) ?? []), doc._id.toString()]);
  }
  for (const ids of byAccount.values())
    for (let start = 0; start < ids.length; start += BATCH)
      await deps.schedule(ids.slice(start, start + BATCH), now);
  return found.length;
}

export type HeldEvents = {
  /**
   * The webhook's held events go back to the queue to be judged again (issue 29: its category
   * filter changed, or it was deleted): those the new filter lets through are synced, the
   * others held again. Answers how many went back.
   */
  reevaluate(webhookId: string): Promise<number>;
  /**
   * Held events not judged for an hour go back to the queue (the sweep's): the platform may
   * know their lead's category by now, and one held for 30 days ends. Answers how many.
   */
  rejudgeStale(): Promise<number>;
};

export function createHeldEvents(deps: RequeueDeps): HeldEvents {
  const held = { statuses: ['held'] as const };
  return {
    reevaluate: (webhookId) => requeueEvents(deps, { webhookId }, { ...held, limit: 0 }),
    rejudgeStale: () =>
      requeueEvents(
        deps,
        { updatedAt: { $lte: new Date(deps.now().getTime() - HOLD_REJUDGE_MS) } },
        { ...held, limit: 2_000 },
      ),
  };
}
