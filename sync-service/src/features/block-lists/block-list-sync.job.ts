import type { Agenda } from 'agenda';
import type { BlockListSyncModel } from './block-list-sync.model';
import type { Logger } from '../../platform/logger';
import type { BlockListRunOutcome } from './run/run-block-list';

export const RUN_BLOCK_LIST_JOB = 'run-block-list-sync';
export const QUEUE_BLOCK_LISTS_JOB = 'queue-due-block-lists';

export type RunBlockListJobData = { syncId: string };

/**
 * One run of one sync. The sync's own lease keeps two runs apart, so a job that runs twice or
 * on two workers runs the sync once; a job lost with its worker is queued again by the sweep.
 */
export function defineRunBlockListJob(
  agenda: Agenda,
  deps: {
    run(syncId: string): Promise<BlockListRunOutcome>;
    logger: Logger;
    concurrency: number;
    lockLifetimeMs: number;
  },
): void {
  agenda.define<RunBlockListJobData>(
    RUN_BLOCK_LIST_JOB,
    async (job) => {
      const syncId = job.attrs.data?.syncId;
      if (!syncId) return;
      try {
        await deps.run(syncId);
      } catch (error) {
        // The lease expires and the sweep queues the sync again.
        deps.logger.error({ err: error, blockListSyncId: syncId }, 'block-list job failed');
        throw error;
      }
    },
    { concurrency: deps.concurrency, lockLifetime: deps.lockLifetimeMs, removeOnComplete: true },
  );
}

export async function queueBlockListRun(agenda: Agenda, syncId: string): Promise<void> {
  await agenda.now<RunBlockListJobData>(RUN_BLOCK_LIST_JOB, { syncId });
}

/** Syncs queued per sweep at most; the rest wait for the next sweep. */
const SWEEP_LIMIT = 500;

/**
 * Every `sweepIntervalMs`: the enabled syncs whose next run is due get a run job. Their next
 * run moves `requeueAfterMs` ahead at once, so a job lost with its worker is queued again then,
 * and a sync is not queued twice while its job waits; the run sets the real next time.
 */
export function defineQueueBlockListsJob(
  agenda: Agenda,
  deps: {
    syncs: BlockListSyncModel;
    queue(syncId: string): Promise<void>;
    now(): Date;
    requeueAfterMs: number;
    logger: Logger;
    lockLifetimeMs: number;
  },
): void {
  agenda.define(
    QUEUE_BLOCK_LISTS_JOB,
    async () => {
      const now = deps.now();
      const due = await deps.syncs
        .find({ isEnabled: true, nextRunAt: { $lte: now } }, { _id: 1 })
        .sort({ nextRunAt: 1 })
        .limit(SWEEP_LIMIT)
        .lean();
      for (const { _id } of due) {
        const claimed = await deps.syncs.updateOne(
          { _id, isEnabled: true, nextRunAt: { $lte: now } },
          { $set: { nextRunAt: new Date(now.getTime() + deps.requeueAfterMs) } },
        );
        if (claimed.modifiedCount === 1) await deps.queue(_id.toString());
      }
      if (due.length > 0) deps.logger.info({ syncs: due.length }, 'queued due block-list syncs');
    },
    { lockLifetime: deps.lockLifetimeMs },
  );
}

export async function startBlockListSweep(agenda: Agenda, intervalMs: number): Promise<void> {
  await agenda.every(intervalMs, QUEUE_BLOCK_LISTS_JOB, undefined, { skipImmediate: false });
}
