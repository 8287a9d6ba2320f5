import type { Agenda } from 'agenda';
import type { Logger } from '../../platform/logger';
import type { SyncPipeline } from '../../pipeline';

export const SYNC_EVENTS_JOB = 'sync-events';

export type SyncEventsJobData = { eventIds: string[] };

/**
 * Runs a batch of stored events through the pipeline. The events themselves carry their state
 * (lease, steps, attempts), so the job only names them: a job that runs twice, or on two workers,
 * runs each event once (the lease), and a job lost with its worker is replaced by the sweep.
 * Retries are the pipeline's (per event, with the CRM's Retry-After), not Agenda's.
 */
export function defineSyncEventsJob(
  agenda: Agenda,
  deps: { pipeline: SyncPipeline; logger: Logger; concurrency: number; lockLifetimeMs: number },
): void {
  agenda.define<SyncEventsJobData>(
    SYNC_EVENTS_JOB,
    async (job) => {
      const ids = job.attrs.data?.eventIds ?? [];
      try {
        await deps.pipeline.processEvents(ids);
      } catch (error) {
        // The events stay pending with their lease; the sweep queues them again once it expires.
        deps.logger.error({ err: error, events: ids.length }, 'sync job failed');
        throw error;
      }
    },
    {
      concurrency: deps.concurrency,
      lockLifetime: deps.lockLifetimeMs,
      removeOnComplete: true,
    },
  );
}

export async function scheduleSyncEvents(
  agenda: Agenda,
  eventIds: string[],
  at: Date,
): Promise<void> {
  if (eventIds.length === 0) return;
  if (at.getTime() <= Date.now())
    await agenda.now<SyncEventsJobData>(SYNC_EVENTS_JOB, { eventIds });
  else await agenda.schedule<SyncEventsJobData>(at, SYNC_EVENTS_JOB, { eventIds });
}
