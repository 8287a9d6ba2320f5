import type { Agenda } from 'agenda';
import type { Logger } from '../../platform/logger';
import type { HeldEvents } from './held-events';
import type { WebhookEventModel } from './webhook-event.model';

export const SWEEP_EVENTS_JOB = 'sweep-stranded-events';

/**
 * Events whose run's lease lapsed (a live run renews it: that run died) are stranded once due
 * this long ago.
 */
export const STRANDED_AFTER_MS = 10_000;
/**
 * Events no run ever took (their job lost, or an API process stopped between storing and
 * queuing) are stranded once due this many leases ago: under a backlog, jobs wait their turn in
 * Agenda for a while, and queuing their events again would only add jobs that find nothing to do.
 */
export const UNQUEUED_AFTER_LEASES = 8;
const SWEEP_LIMIT = 2_000;
const BATCH = 200;

/**
 * Finds pending events that are due and held by no run (a worker killed mid-run, a job that
 * could not be queued, an API process that stopped between storing and queuing) and queues
 * them again. This is what makes "stored" mean "will be synced". Held events not judged for
 * an hour are queued too (a held event is never left waiting on an old answer).
 */
export function defineSweepEventsJob(
  agenda: Agenda,
  deps: {
    events: WebhookEventModel;
    heldEvents: HeldEvents;
    schedule(eventIds: string[], at: Date): Promise<void>;
    now(): Date;
    logger: Logger;
    /** Agenda's lock on the sweep; it also times Agenda's watchdog, which outlives a stop. */
    lockLifetimeMs: number;
    /** A run's lease: the least time an event waits before it counts as stranded. */
    leaseMs: number;
  },
): void {
  agenda.define(
    SWEEP_EVENTS_JOB,
    async () => {
      const now = deps.now();
      const rejudged = await deps.heldEvents.rejudgeStale();
      if (rejudged > 0) deps.logger.info({ events: rejudged }, 'queued held events to judge again');
      const stranded = await deps.events
        .find(
          {
            status: 'received',
            $or: [
              {
                'lease.until': { $lte: now },
                nextAttemptAt: { $lte: new Date(now.getTime() - STRANDED_AFTER_MS) },
              },
              {
                lease: null,
                nextAttemptAt: {
                  $lte: new Date(
                    now.getTime() -
                      Math.max(STRANDED_AFTER_MS, UNQUEUED_AFTER_LEASES * deps.leaseMs),
                  ),
                },
              },
            ],
          },
          { _id: 1, userProfileId: 1 },
        )
        .sort({ nextAttemptAt: 1 })
        .limit(SWEEP_LIMIT)
        .lean();
      if (stranded.length === 0) return;
      const byAccount = new Map<string, string[]>();
      for (const event of stranded) {
        const key = event.userProfileId.toString();
        byAccount.set(key, [...(byAccount.get(key) ?? []), event._id.toString()]);
      }
      for (const ids of byAccount.values())
        for (let start = 0; start < ids.length; start += BATCH)
          await deps.schedule(ids.slice(start, start + BATCH), now);
      deps.logger.info({ events: stranded.length }, 'queued stranded events');
    },
    { lockLifetime: deps.lockLifetimeMs },
  );
}

export async function startSweep(agenda: Agenda, intervalMs: number): Promise<void> {
  await agenda.every(intervalMs, SWEEP_EVENTS_JOB, undefined, { skipImmediate: false });
}
