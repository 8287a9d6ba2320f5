import type { Agenda } from 'agenda';
import type { Composition } from './composition';
import {
  defineDeliverSyncAlertsJob,
  defineFailedEventsAlertsJob,
  startDeliverSyncAlerts,
  startFailedEventsAlerts,
} from './features/alerts';
import type { Config } from './config';
import {
  defineQueueBlockListsJob,
  defineRunBlockListJob,
  queueBlockListRun,
  startBlockListSweep,
} from './features/block-lists';
import {
  defineSweepEventsJob,
  defineSyncEventsJob,
  scheduleSyncEvents,
  startSweep,
} from './features/webhook-events';
import {
  defineRunBackfillJob,
  defineSweepBackfillsJob,
  queueBackfillRun,
  startBackfillSweep,
} from './features/backfill';
import type { Logger } from './platform/logger';

export type WorkerDeps = {
  config: Pick<Config, 'sync' | 'blockLists' | 'shutdownTimeoutMs'>;
  logger: Logger;
  /** The Agenda instance of this process (shared with the API role when both run). */
  agenda: Promise<Agenda>;
  now: () => Date;
  /** Runs of sync-events at once per worker. */
  concurrency?: number;
  /**
   * The alert jobs' lock lifetime instead of theirs (1 and 5 minutes). Agenda's watchdog sleeps
   * half of a job's lock lifetime after each run, even past a stop (agenda 6.2.6), which keeps a
   * test process alive for minutes: the test app makes it short.
   */
  alertsLockLifetimeMs?: number;
};

export type StopWorker = () => Promise<void>;

/** How often unfinished backfills nobody holds are queued again. */
const BACKFILL_SWEEP_INTERVAL_MS = 60_000;

/**
 * The background side: Agenda's sync jobs (a batch of events through the pipeline), the sweep
 * that re-queues stranded events, and the block-list runs with their sweep. Any number of
 * workers share the jobs through Agenda's locks; each event's lease keeps two workers off the
 * same event.
 */
export function startWorker(composition: Composition, deps: WorkerDeps): StopWorker {
  const log = deps.logger.child({ component: 'worker' });
  const { sync, blockLists } = deps.config;
  let stopped = false;
  let running: Agenda | undefined;
  const started = (async () => {
    // Pending until MongoDB is reached: a worker stopped before that has nothing to stop.
    const agenda = await deps.agenda;
    if (stopped) return;
    defineSyncEventsJob(agenda, {
      pipeline: composition.pipeline,
      logger: log,
      concurrency: deps.concurrency ?? 4,
      // Longer than a run's lease: Agenda gives a job to another worker only after its holder died.
      lockLifetimeMs: sync.leaseMs * 2,
    });
    defineSweepEventsJob(agenda, {
      events: composition.models.events,
      heldEvents: composition.heldEvents,
      schedule: (eventIds, at) => scheduleSyncEvents(agenda, eventIds, at),
      now: deps.now,
      logger: log,
      lockLifetimeMs: Math.min(60_000, sync.leaseMs),
      leaseMs: sync.leaseMs,
    });
    const alertsLock =
      deps.alertsLockLifetimeMs === undefined ? {} : { lockLifetimeMs: deps.alertsLockLifetimeMs };
    defineFailedEventsAlertsJob(agenda, {
      alerts: composition.failedEventsAlerts,
      logger: log,
      ...alertsLock,
    });
    defineDeliverSyncAlertsJob(agenda, {
      notices: composition.endpointNotices,
      logger: log,
      ...alertsLock,
    });
    // A run per sync (one at a time per worker, they are long) and the sweep that queues them.
    defineRunBlockListJob(agenda, {
      run: (syncId) => composition.runBlockList(syncId),
      logger: log,
      concurrency: 2,
      lockLifetimeMs: blockLists.leaseMs * 2,
    });
    defineQueueBlockListsJob(agenda, {
      syncs: composition.models.blockListSyncs,
      queue: (syncId) => queueBlockListRun(agenda, syncId),
      now: deps.now,
      // A run's job lost with its worker is queued again once its lease is surely over.
      requeueAfterMs: blockLists.leaseMs * 2,
      logger: log,
      lockLifetimeMs: Math.min(60_000, blockLists.sweepIntervalMs),
    });
    // Backfills (issue 34, item 3): a run per backfill, two at once per worker (they are long
    // and mostly wait on the platform), and the sweep that takes over a lost one.
    defineRunBackfillJob(agenda, {
      // A stopping worker hands a run over after its page (the next start goes on at once).
      run: (backfillId) => composition.runBackfill(backfillId, { shouldStop: () => stopped }),
      logger: log,
      concurrency: 2,
      // Agenda's lock only spares a living run a second job: the backfill's own lease keeps runs
      // apart. Short, as Agenda waits half of it after a run even past a stop.
      lockLifetimeMs: sync.leaseMs * 2,
    });
    defineSweepBackfillsJob(agenda, {
      backfills: composition.models.backfills,
      queue: (backfillId) => queueBackfillRun(agenda, backfillId, deps.now()),
      now: deps.now,
      logger: log,
      lockLifetimeMs: Math.min(60_000, sync.leaseMs),
    });
    await agenda.start();
    running = agenda;
    await startSweep(agenda, sync.sweepIntervalMs);
    await startFailedEventsAlerts(agenda);
    await startDeliverSyncAlerts(agenda);
    await startBlockListSweep(agenda, blockLists.sweepIntervalMs);
    await startBackfillSweep(agenda, BACKFILL_SWEEP_INTERVAL_MS);
    log.info('worker started');
  })();
  started.catch((error: unknown) => log.error({ err: error }, 'worker failed to start'));

  return async () => {
    stopped = true;
    log.info('worker stopping');
    const agenda = running;
    // Running jobs finish within the shutdown budget; what is still running is unlocked, and its
    // events' leases expire for another worker (or the next start) to take them.
    await agenda?.drain({ timeout: deps.config.shutdownTimeoutMs, closeConnection: false });
    await agenda?.stop(false);
  };
}
