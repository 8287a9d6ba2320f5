import type { Logger } from '../../platform/logger';

export type SyncDispatcher = {
  /** Queues the event's run, gathered with the other events of its CRM account. */
  enqueue(accountKey: string, eventId: string): void;
  /** Queues everything gathered so far now (shutdown). */
  flush(): Promise<void>;
};

/**
 * Gathers the events received for one CRM account into one job, so a burst is written in
 * batches (issue 11 "events waiting for the same portal may be written together") and the
 * receiver's hot path is one insert. The window is adaptive (issue 32): an event that finds its
 * account quiet (nothing received for it in the last `windowMs`) is queued at once, alone —
 * an idle system does not wait for a batch that will not come; the events that follow it
 * within `windowMs` are gathered and queued together when the window ends, window after
 * window while they keep coming, and the account is quiet again after a window without any.
 * Under a burst only its first event goes alone; the running batch meanwhile takes the
 * account's other waiting events too (the pipeline's claim), so batches stay as large.
 *
 * The event is already stored when it is enqueued: if queuing the job fails (or the process
 * dies first), the sweep job finds the event and queues it.
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
  /**
   * The accounts whose window is open: the events gathered so far (none yet when the window
   * was opened by an event queued at once) and since when the oldest waits.
   */
  const windows = new Map<string, { ids: string[]; firstAt: number; timer: NodeJS.Timeout }>();
  const sending = new Set<Promise<void>>();
  const debug = deps.logger.isLevelEnabled('debug');

  function send(accountKey: string, ids: string[], gatheredSince: number): void {
    const sentAt = performance.now();
    const job = deps
      .schedule(ids, deps.now())
      .then(() => {
        // Where a queued event's time goes (bench/sync-latency.ts reads this line).
        if (debug)
          deps.logger.debug(
            {
              accountKey,
              eventIds: ids,
              /** When the job was queued (epoch ms), after waiting `gatheredMs` in the window. */
              sentAt: performance.timeOrigin + sentAt,
              gatheredMs: sentAt - gatheredSince,
              /** Storing the job (and, in a worker process, its pick-up: agenda.ts). */
              queuedMs: performance.now() - sentAt,
            },
            'sync job queued',
          );
      })
      .catch((error: unknown) => {
        deps.logger.warn(
          { err: error, events: ids.length },
          'could not queue a sync job; the sweep will',
        );
      })
      .finally(() => sending.delete(job));
    sending.add(job);
  }

  /** Sends what the account's window gathered; an empty window closes (the account is quiet). */
  function windowEnds(accountKey: string): void {
    const window = windows.get(accountKey);
    if (!window) return;
    if (window.ids.length === 0) {
      windows.delete(accountKey);
      return;
    }
    send(accountKey, window.ids, window.firstAt);
    window.ids = [];
    window.timer = openTimer(accountKey);
  }

  function openTimer(accountKey: string): NodeJS.Timeout {
    const timer = setTimeout(() => windowEnds(accountKey), deps.windowMs);
    timer.unref();
    return timer;
  }

  return {
    enqueue(accountKey, eventId) {
      const window = windows.get(accountKey);
      if (!window) {
        // A quiet account: this event goes now, and the window opens for those that follow.
        send(accountKey, [eventId], performance.now());
        if (deps.windowMs > 0)
          windows.set(accountKey, { ids: [], firstAt: 0, timer: openTimer(accountKey) });
        return;
      }
      if (window.ids.length === 0) window.firstAt = performance.now();
      window.ids.push(eventId);
      if (window.ids.length >= maxBatch) {
        send(accountKey, window.ids, window.firstAt);
        window.ids = [];
      }
    },
    async flush() {
      for (const [accountKey, window] of [...windows]) {
        clearTimeout(window.timer);
        windows.delete(accountKey);
        if (window.ids.length > 0) send(accountKey, window.ids, window.firstAt);
      }
      await Promise.all(sending);
    },
  };
}
