import { randomUUID } from 'node:crypto';
import { claimBatch } from './claim';
import { leaseFor, type PipelineRun, type SyncPipelineDeps } from './run';
import { startRunTimings, timedDeps } from './run-timings';
import { triage } from './triage';
import { writeAndFinish } from './write-step';

export type { SyncPipelineDeps } from './run';

export type SyncPipeline = {
  /** Runs the events that are due and not held by another run; answers the ids it ran. */
  processEvents(eventIds: readonly string[]): Promise<string[]>;
  /** Puts a failed (or partially synced) event back in the queue, keeping its completed steps. */
  retry(eventId: string): Promise<boolean>;
};

/**
 * The event pipeline: claim a batch, check each event (triage), write each account's events as
 * one batch, forward, settle. Every step is a module of its own; a run carries the
 * dependencies, its lease token and its log.
 */
export function createSyncPipeline(deps: SyncPipelineDeps): SyncPipeline {
  const log = deps.logger.child({ component: 'sync' });
  return {
    async processEvents(eventIds) {
      if (eventIds.length === 0) return [];
      // At debug level, each call of the run is timed (run-timings.ts).
      const timings = startRunTimings(log);
      const run: PipelineRun = {
        deps: timings ? timedDeps(deps, timings) : deps,
        token: randomUUID(),
        log,
      };
      const claimedAt = deps.now().getTime();
      const claimed = await claimBatch(run, eventIds);
      if (claimed.length === 0) return [];
      const ids = claimed.map((doc) => doc._id.toString());
      const heartbeat = startHeartbeat(run, ids);
      try {
        const ready = await triage(run, claimed);
        // The checks may have taken a while (platform lookups): the CRM write gets a full lease.
        // Quick checks (within a heartbeat) left most of it, and the heartbeat and the writer's
        // turn (stillHeld) renew it: no round trip then.
        if (ready.length > 0 && deps.now().getTime() - claimedAt >= heartbeatMs(deps))
          await run.deps.events.renewLeases(
            ready.map(({ doc }) => doc._id.toString()),
            leaseFor(run, deps.now()),
          );
        await writeAndFinish(run, ready);
      } finally {
        clearInterval(heartbeat);
        timings?.done(ids);
      }
      return ids;
    },

    async retry(eventId) {
      const now = deps.now();
      if (!(await deps.events.requeue(eventId, now))) return false;
      await deps.schedule([eventId], now);
      return true;
    },
  };
}

/**
 * While a run works, its leases are renewed every third of a lease: a live run keeps its events
 * however long its CRM calls take, and a run that died (its worker killed) loses them a lease
 * later at most, when the sweep hands them to another worker. Only the events the run still
 * holds are renewed (a settled event has no lease).
 */
function startHeartbeat(run: PipelineRun, ids: readonly string[]): NodeJS.Timeout {
  const timer = setInterval(() => {
    run.deps.events
      .renewLeases(ids, leaseFor(run, run.deps.now()))
      .catch((error: unknown) => run.log.warn({ err: error }, 'could not renew the leases'));
  }, heartbeatMs(run.deps));
  timer.unref();
  return timer;
}

/** How often a run renews its leases: every third of a lease. */
function heartbeatMs(deps: Pick<SyncPipelineDeps, 'leaseMs'>): number {
  return Math.max(250, Math.floor(deps.leaseMs / 3));
}
