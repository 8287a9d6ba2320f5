import type { Platform } from '@outsync/contracts';

// "Write only the difference since the last successful run" (issue 14). The state a sync keeps
// between runs is what its successful runs wrote to the platform; a run adds only the values
// the platform does not hold yet, so a re-run with no change writes nothing and no run writes
// an entry twice.

/** What the last successful run left on the platform. */
export interface BlockListState {
  /** Every value written and still blocked on the platform, in the order written. */
  written: string[];
  /**
   * The written values no longer in the CRM list, kept blocked and already reported as
   * removed (a subset of `written`), so a later run neither reports nor writes them again.
   */
  keptAfterRemoval: string[];
}

export const EMPTY_BLOCK_LIST_STATE: BlockListState = { written: [], keptAfterRemoval: [] };

export interface BlockDiffOptions {
  /**
   * Unblock on the platform the values whose members left the CRM list. Off by default: a
   * block list is a safety list, and removing entries needs their platform ids (one DELETE
   * each on Smartlead and bison), so removals are reported in the log and stay blocked.
   */
  unblockRemoved: boolean;
}

export interface BlockListDiff {
  /** Values to write: in this run's list, not on the platform yet (in list order). */
  toAdd: string[];
  /** Values whose members left the CRM list since the last run (reported once). */
  removed: string[];
  /** Values to unblock on the platform (only with `unblockRemoved`). */
  toUnblock: string[];
  /** The state to keep once every write of this run succeeded. */
  next: BlockListState;
}

/** The writes that bring the platform from the last successful run's state to this run's list. */
export function diffBlockList(
  last: BlockListState,
  current: readonly string[],
  options: BlockDiffOptions,
): BlockListDiff {
  const inList = new Set(current);
  const written = new Set(last.written);
  const kept = new Set(last.keptAfterRemoval);
  const toAdd = [...inList].filter((value) => !written.has(value));
  const removed = last.written.filter((value) => !inList.has(value) && !kept.has(value));
  // Unblocking also clears what an earlier run kept blocked when the option was off.
  const gone = last.written.filter((value) => !inList.has(value));
  if (options.unblockRemoved) {
    const unblocked = new Set(gone);
    return {
      toAdd,
      removed,
      toUnblock: gone,
      next: {
        written: [...last.written.filter((value) => !unblocked.has(value)), ...toAdd],
        keptAfterRemoval: [],
      },
    };
  }
  return {
    toAdd,
    removed,
    toUnblock: [],
    next: { written: [...last.written, ...toAdd], keptAfterRemoval: gone },
  };
}

/**
 * The state after part of a run's writes succeeded (a failed run keeps the writes that went
 * through, so the retry does not write them twice). Removals stay unreported until a run
 * completes, except for values actually unblocked.
 */
export function stateAfterWrites(
  last: BlockListState,
  done: { added: readonly string[]; unblocked: readonly string[] },
): BlockListState {
  const unblocked = new Set(done.unblocked);
  const written = new Set(last.written);
  const added = [...new Set(done.added)].filter((value) => !written.has(value));
  return {
    written: [...last.written, ...added].filter((value) => !unblocked.has(value)),
    keptAfterRemoval: last.keptAfterRemoval.filter((value) => !unblocked.has(value)),
  };
}

/**
 * The most values one block-list write call takes, per platform:
 * - Smartlead: no cap is documented; 1,000, the cap a public MCP wrapper applies
 *   (shared/reference/external-apis.md §3.3 [S17]).
 * - Instantly: `bl_values` holds 1–1,000 items (OpenAPI bulk-create, §4.3 [I1][I7]).
 * - bison: the bulk cap is not documented (§5.3); 100 keeps each call small until it is known.
 * - HeyReach: AddLeadsToListV2 takes at most 100 leads (§6.2 [R8]).
 */
export const BLOCK_LIST_BATCH_SIZE: Readonly<Record<Platform, number>> = {
  smartlead: 1000,
  instantly: 1000,
  bison: 100,
  heyreach: 100,
};

/** Values cut into consecutive batches of at most `size`, in order. */
export function chunks<T>(values: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`batch size must be a positive whole number, not ${size}`);
  const batches: T[][] = [];
  for (let start = 0; start < values.length; start += size)
    batches.push(values.slice(start, start + size));
  return batches;
}
