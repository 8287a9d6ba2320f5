import { HOLD_REJUDGE_MS } from '../../pipeline';
import type { WebhookEventModel } from './webhook-event.model';

/** A job holds at most this many events (the pipeline's batch). */
const BATCH = 200;

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

export function createHeldEvents(deps: {
  events: WebhookEventModel;
  schedule(eventIds: string[], at: Date): Promise<void>;
  now(): Date;
}): HeldEvents {
  /** Puts the held events of `query` back in the queue, oldest first, a job per account batch. */
  async function requeue(query: Record<string, unknown>, limit: number): Promise<number> {
    const now = deps.now();
    const held = await deps.events
      .find({ ...query, status: 'held' }, { _id: 1, userProfileId: 1 })
      .sort({ receivedAt: 1, _id: 1 })
      .limit(limit)
      .lean();
    if (held.length === 0) return 0;
    await deps.events.updateMany(
      { _id: { $in: held.map((doc) => doc._id) }, status: 'held' },
      { $set: { status: 'received', reason: null, nextAttemptAt: now, updatedAt: now } },
    );
    const byAccount = new Map<string, string[]>();
    for (const doc of held) {
      const key = doc.userProfileId.toString();
      byAccount.set(key, [...(byAccount.get(key) ?? []), doc._id.toString()]);
    }
    for (const ids of byAccount.values())
      for (let start = 0; start < ids.length; start += BATCH)
        await deps.schedule(ids.slice(start, start + BATCH), now);
    return held.length;
  }

  return {
    reevaluate: (webhookId) => requeue({ webhookId }, 0),
    rejudgeStale: () =>
      requeue({ updatedAt: { $lte: new Date(deps.now().getTime() - HOLD_REJUDGE_MS) } }, 2_000),
  };
}
