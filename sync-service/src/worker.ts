import type { Agenda } from 'agenda';
import type { Config } from './config';
import { createModules } from './modules';
import type { Database } from './platform/db';
import type { Logger } from './platform/logger';
import type { SafeFetch } from './platform/safe-fetch';
import type { SecretBox } from './platform/secrets';
import { createSyncEngine } from './sync/engine';
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
    await agenda.start();
    running = agenda;
    await startSweep(agenda, deps.config.sync.sweepIntervalMs);
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
