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
};

export function createHeldEvents(deps: {
  events: WebhookEventModel;
  schedule(eventIds: string[], at: Date): Promise<void>;
  now(): Date;
}): HeldEvents {
  return {
    async reevaluate(webhookId) {
      const now = deps.now();
      const held = await deps.events
        .find({ webhookId, status: 'held' }, { _id: 1 })
        .sort({ receivedAt: 1, _id: 1 })
        .lean();
      if (held.length === 0) return 0;
      const ids = held.map((doc) => doc._id);
      await deps.events.updateMany(
        { _id: { $in: ids }, status: 'held' },
        { $set: { status: 'received', reason: null, nextAttemptAt: now, updatedAt: now } },
      );
      const queued = ids.map(String);
      for (let start = 0; start < queued.length; start += BATCH)
        await deps.schedule(queued.slice(start, start + BATCH), now);
      return queued.length;
    },
  };
}
