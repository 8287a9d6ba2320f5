import type { Agenda } from 'agenda';
import type { Logger } from '../../platform/logger';
import type { BackfillModel } from './backfill.model';
import type { BackfillRunOutcome } from './backfill-run';

export const RUN_BACKFILL_JOB = 'run-backfill';
export const SWEEP_BACKFILLS_JOB = 'sweep-backfills';

export type RunBackfillJobData = { backfillId: string };

/**
 * One run of one backfill. The backfill's own lease keeps two runs apart, so a job that runs
 * twice or on two workers reads each page once; a run lost with its worker is queued again by
 * the sweep once its lease is over, and goes on from the last saved cursor.
 */
export function defineRunBackfillJob(
  agenda: Agenda,
  deps: {
    run(backfillId: string): Promise<BackfillRunOutcome>;
    logger: Logger;
    concurrency: number;
    lockLifetimeMs: number;
  },
): void {
  agenda.define<RunBackfillJobData>(
    RUN_BACKFILL_JOB,
    async (job) => {
      const backfillId = job.attrs.data?.backfillId;
      if (!backfillId) return;
      try {
        await deps.run(backfillId);
      } catch (error) {
        // Its lease expires and the sweep queues it again.
        deps.logger.error({ err: error, backfillId }, 'backfill job failed');
        throw error;
      }
    },
    { concurrency: deps.concurrency, lockLifetime: deps.lockLifetimeMs, removeOnComplete: true },
  );
}

export async function queueBackfillRun(
  agenda: Agenda,
  backfillId: string,
  at: Date,
): Promise<void> {
  if (at.getTime() <= Date.now())
    await agenda.now<RunBackfillJobData>(RUN_BACKFILL_JOB, { backfillId });
  else await agenda.schedule<RunBackfillJobData>(at, RUN_BACKFILL_JOB, { backfillId });
}

/** Backfills queued per sweep at most. */
const SWEEP_LIMIT = 100;

/**
 * Every `intervalMs`: unfinished backfills nobody holds (a run lost with its worker, a job lost
 * before it ran, a pause that is over) get a run job. A run that is alive holds its lease, so
 * the run a sweep queues beside it finds nothing to claim.
 */
export function defineSweepBackfillsJob(
  agenda: Agenda,
  deps: {
    backfills: BackfillModel;
    queue(backfillId: string): Promise<void>;
    now(): Date;
    logger: Logger;
    lockLifetimeMs: number;
  },
): void {
  agenda.define(
    SWEEP_BACKFILLS_JOB,
    async () => {
      const now = deps.now();
      const due = await deps.backfills
        .find(
          {
            active: true,
            $and: [
              { $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }] },
              { $or: [{ resumesAt: null }, { resumesAt: { $lte: now } }] },
              // A backfill just started has its own job on the way.
              { updatedAt: { $lte: new Date(now.getTime() - 30_000) } },
            ],
          },
          { _id: 1 },
        )
        .limit(SWEEP_LIMIT)
        .lean();
      for (const { _id } of due) await deps.queue(_id.toString());
      if (due.length > 0) deps.logger.info({ backfills: due.length }, 'queued backfills');
    },
    { lockLifetime: deps.lockLifetimeMs },
  );
}

export async function startBackfillSweep(agenda: Agenda, intervalMs: number): Promise<void> {
  await agenda.every(intervalMs, SWEEP_BACKFILLS_JOB, undefined, { skipImmediate: false });
}
