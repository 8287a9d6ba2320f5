import { Types } from 'mongoose';
import type { ProfileRecords } from '../profiles';
import type { BlockListSyncModel } from './block-list-sync.model';

/**
 * What a change of plan or of the Block Lists flag does to block lists (issue 29, "plan changes
 * take effect"; the decision is in docs/decisions.md "Plans and the Block Lists flag").
 */
export type PlanChanges = {
  /**
   * The owner moved to (`isPaidTier`) or off the paid plan: Block Lists follows the plan on each
   * of their profiles. Answers the profiles that gained it (their block lists run at once).
   */
  planChanged(ownerId: string, isPaidTier: boolean): Promise<string[]>;
  /** These profiles were given Block Lists: their enabled syncs run at the next sweep. */
  blockListsApproved(profileIds: readonly string[]): Promise<void>;
};

export function createPlanChanges(deps: {
  profiles: ProfileRecords;
  syncs: BlockListSyncModel;
  /** Queues a sync's run now (the sweep starts it anyway, its next run being due). */
  queueRun(syncId: string): Promise<void>;
  now: () => Date;
}): PlanChanges {
  async function blockListsApproved(profileIds: readonly string[]) {
    if (profileIds.length === 0) return;
    const ids = profileIds.map((id) => new Types.ObjectId(id));
    const paused = await deps.syncs
      .find({ userProfileId: { $in: ids }, isEnabled: true }, { _id: 1 })
      .lean<Array<{ _id: Types.ObjectId }>>();
    if (paused.length === 0) return;
    // Due now: a sync paused pending upgrade had its next run put off by a whole interval.
    await deps.syncs.updateMany(
      { _id: { $in: paused.map((sync) => sync._id) }, lease: null },
      { $set: { nextRunAt: deps.now() } },
    );
    await Promise.all(
      paused.map((sync) => deps.queueRun(sync._id.toString()).catch(() => undefined)),
    );
  }

  return {
    async planChanged(ownerId, isPaidTier) {
      // Block Lists follows the plan: on when paid, off (its syncs pause) when not.
      const ids = await deps.profiles.setCanBlockListOfOwner(ownerId, isPaidTier);
      if (ids.length === 0) return [];
      if (isPaidTier) await blockListsApproved(ids);
      return isPaidTier ? ids : [];
    },
    blockListsApproved,
  };
}
