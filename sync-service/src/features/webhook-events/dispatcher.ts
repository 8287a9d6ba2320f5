import type { Logger } from '../../platform/logger';

export type SyncDispatcher = {
  /** Queues the event's run, gathered with the other events of its CRM account. */
  enqueue(accountKey: string, eventId: string): void;
  /** Queues everything gathered so far now (shutdown). */
  flush(): Promise<void>;
};

/**
 * Gathers the events received for one CRM account during `windowMs` into one job, so a burst
 * is written in batches (issue 11 "events waiting for the same portal may be written
 * together") and the receiver's hot path is one insert. The event is already stored when it is
 * enqueued: if queuing the job fails (or the process dies first), the sweep job finds the event
 * and queues it.
 */
export function createSyncDispatcher(deps: {
  schedule(eventIds: string[], at: Date): Promise<void>;
  windowMs: number;
  /** Events per job at most. */
  maxBatch?: number;
  now(): Date;
  logger: Logger;
}): SyncDispatcher {
  const maxBatch = deps.maxBatch ?? 200;
  const waiting = new Map<string, { ids: string[]; timer: NodeJS.Timeout }>();
  const sending = new Set<Promise<void>>();

  function send(accountKey: string): void {
    const batch = waiting.get(accountKey);
    if (!batch) return;
    waiting.delete(accountKey);
    clearTimeout(batch.timer);
    const job = deps
      .schedule(batch.ids, deps.now())
      .catch((error: unknown) => {
        deps.logger.warn(
          { err: error, events: batch.ids.length },
          'could not queue a sync job; the sweep will',
        );
      })
      .finally(() => sending.delete(job));
    sending.add(job);
  }

  return {
    enqueue(accountKey, eventId) {
      const batch = waiting.get(accountKey);
      if (batch) {
        batch.ids.push(eventId);
        if (batch.ids.length >= maxBatch) send(accountKey);
        return;
      }
      const timer = setTimeout(() => send(accountKey), deps.windowMs);
      timer.unref();
      waiting.set(accountKey, { ids: [eventId], timer });
    },
    async flush() {
      for (const accountKey of [...waiting.keys()]) send(accountKey);
      await Promise.all(sending);
    },
  };
}
