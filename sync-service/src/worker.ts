import type { Agenda } from 'agenda';
import type { Config } from './config';
import { createModules } from './modules';
import type { Database } from './platform/db';
import type { Logger } from './platform/logger';
import type { SafeFetch } from './platform/safe-fetch';
import type { SecretBox } from './platform/secrets';
import { createSyncEngine } from './sync/engine';
import { apiKeyModel } from './modules/api-keys/api-keys.service';
import { blockListLogModel } from './modules/block-lists/block-list-log.model';
import {
  blockListStateModel,
  blockListSyncModel,
} from './modules/block-lists/block-list-sync.model';
import { profileModel } from './modules/profiles/profiles.service';
import { createBlockListWriter } from './sync/block-lists/platform-writer';
import { runBlockListSync } from './sync/block-lists/run-block-list';
import {
  defineQueueBlockListsJob,
  defineRunBlockListJob,
  queueBlockListRun,
  startBlockListSweep,
} from './sync/jobs/block-list-sync.job';
import { defineSweepEventsJob, startSweep } from './sync/jobs/sweep-events.job';
import { defineSyncEventsJob, scheduleSyncEvents } from './sync/jobs/sync-events.job';

export type WorkerDeps = {
  config: Config;
  logger: Logger;
  db: Database;
  /** The Agenda instance of this process (shared with the API role when both run). */
  agenda: Promise<Agenda>;
  authSecret: string;
  secrets: SecretBox;
  safeFetch: SafeFetch;
  assertPublicUrl: (url: string | URL) => Promise<void>;
  now?: () => Date;
  /** Runs of sync-events at once per worker. */
  concurrency?: number;
};

export type StopWorker = () => Promise<void>;

/**
 * The background side: Agenda's sync jobs (a batch of events through the pipeline) and the
 * sweep that re-queues stranded events. Any number of workers share the jobs through Agenda's
 * locks; each event's lease keeps two workers off the same event.
 */
export function startWorker(deps: WorkerDeps): StopWorker {
  const log = deps.logger.child({ component: 'worker' });
  const now = deps.now ?? (() => new Date());
  let stopped = false;
  let running: Agenda | undefined;
  const started = (async () => {
    // Pending until MongoDB is reached: a worker stopped before that has nothing to stop.
    const agenda = await deps.agenda;
    if (stopped) return;
    const modules = createModules({ ...deps, now });
    const schedule = (eventIds: string[], at: Date) => scheduleSyncEvents(agenda, eventIds, at);
    const engine = createSyncEngine({ ...deps, modules, now, schedule });
    defineSyncEventsJob(agenda, {
      pipeline: engine.pipeline,
      logger: log,
      concurrency: deps.concurrency ?? 4,
      // Longer than a run's lease: Agenda gives a job to another worker only after its holder died.
      lockLifetimeMs: deps.config.sync.leaseMs * 2,
    });
    defineSweepEventsJob(agenda, {
      events: engine.models.events,
      schedule,
      now,
      logger: log,
      lockLifetimeMs: Math.min(60_000, deps.config.sync.leaseMs),
      leaseMs: deps.config.sync.leaseMs,
    });
    defineBlockListJobs(agenda, deps, modules, now, log);
    await agenda.start();
    running = agenda;
    await startSweep(agenda, deps.config.sync.sweepIntervalMs);
    await startBlockListSweep(agenda, deps.config.blockLists.sweepIntervalMs);
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

/** Block-list syncs: a run per sync (one at a time per worker, they are long) and the sweep. */
function defineBlockListJobs(
  agenda: Agenda,
  deps: WorkerDeps,
  modules: ReturnType<typeof createModules>,
  now: () => Date,
  log: Logger,
): void {
  const connection = deps.db.connection;
  const syncs = blockListSyncModel(connection);
  const { blockLists } = deps.config;
  defineRunBlockListJob(agenda, {
    run: (syncId) =>
      runBlockListSync(
        {
          syncs,
          states: blockListStateModel(connection),
          logs: blockListLogModel(connection),
          profiles: profileModel(connection),
          apiKeys: apiKeyModel(connection),
          connections: modules.profiles.connections,
          secrets: deps.secrets,
          writerFor: (target) =>
            createBlockListWriter(target, { urls: deps.config.platforms, fetch: deps.safeFetch }),
          now,
          leaseMs: blockLists.leaseMs,
          intervalMs: blockLists.intervalMs,
          retentionDays: deps.config.sync.retentionDays,
          logger: log,
        },
        syncId,
      ),
    logger: log,
    concurrency: 2,
    lockLifetimeMs: blockLists.leaseMs * 2,
  });
  defineQueueBlockListsJob(agenda, {
    syncs,
    queue: (syncId) => queueBlockListRun(agenda, syncId),
    now,
    // A run's job lost with its worker is queued again once its lease is surely over.
    requeueAfterMs: blockLists.leaseMs * 2,
    logger: log,
    lockLifetimeMs: Math.min(60_000, blockLists.sweepIntervalMs),
  });
}
