import { isConnectorError } from '../../connectors/http';
import type { WriteItem, WriteOutcome } from './crm-writer';

/** An event of either writer (their items differ only in their settings). */
type AnyItem = Pick<WriteItem<unknown>, 'event' | 'leadKey'>;

/**
 * What both CRM writers do alike with the events of one batch: order them, merge the groups of
 * one lead found twice, add up the lead's written opens and clicks, and turn a whole-batch
 * failure into each event's outcome.
 */

/** Events in the order they occurred on the platform (ISO times sort as text). */
export function byOccurrence(a: AnyItem, b: AnyItem): number {
  return a.event.occurredAt.localeCompare(b.event.occurredAt);
}

/**
 * Groups that found the same CRM record become one, their events in the order they occurred.
 * `recordOf` names the record a group found (null: none yet, never merged).
 */
export function mergeByRecord<Item extends AnyItem, Group extends { items: Item[] }>(
  groups: readonly Group[],
  recordOf: (group: Group) => string | null,
): Group[] {
  const byRecord = new Map<string, Group>();
  const merged: Group[] = [];
  for (const group of groups) {
    const record = recordOf(group);
    const same = record === null ? undefined : byRecord.get(record);
    if (same) {
      same.items = [...same.items, ...group.items].sort(byOccurrence);
      continue;
    }
    if (record !== null) byRecord.set(record, group);
    merged.push(group);
  }
  return merged;
}

export type WrittenCounts = Map<string, { opens: number; clicks: number }>;

/** Already-written opens and clicks of a group's leads (one person may have two lead keys). */
export function writtenCountsOf(
  items: readonly AnyItem[],
  written: WrittenCounts,
): { opens: number; clicks: number } {
  const keys = new Set(items.map((item) => item.leadKey ?? ''));
  let opens = 0;
  let clicks = 0;
  for (const key of keys) {
    opens += written.get(key)?.opens ?? 0;
    clicks += written.get(key)?.clicks ?? 0;
  }
  return { opens, clicks };
}

/** A whole-batch failure: retry what may work later, fail what will not. */
export function batchFailureOutcome(error: unknown, step: string): WriteOutcome {
  if (isConnectorError(error)) {
    // A token the CRM refuses (expired over a weekend, revoked until the customer reconnects)
    // is the account's outage, not the event's fault: retried, and after three such batches
    // the account's circuit holds its events until a probe finds the CRM answering again.
    if (error.retryable || error.code === 'unauthorized') {
      return {
        kind: 'retry',
        step,
        message: error.message,
        code: error.code,
        ...(error.code === 'rate_limited' ? { rateLimited: true } : {}),
        ...(error.retryAfterSeconds !== undefined
          ? { retryAfterMs: error.retryAfterSeconds * 1000 }
          : {}),
      };
    }
    return { kind: 'failed', step, message: error.message, code: error.code };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'retry', step, message, code: 'internal' };
}

/**
 * The opens and clicks counters after a group's events, for the counters these events grow:
 * what is already written for the lead (or, when that is unknown, the record's current value)
 * plus this batch's increments. A counter the events do not grow is left out, so it is not
 * written.
 */
export function grownCounters<Name extends string, Item extends AnyItem>(
  names: { opens: Name; clicks: Name },
  items: readonly Item[],
  incrementsOf: (item: Item) => Partial<Record<Name, number>>,
  written: WrittenCounts | null,
  currentValue: (name: Name) => number,
): Partial<Record<Name, number>> {
  const added = { opens: 0, clicks: 0 };
  for (const item of items) {
    const increments = incrementsOf(item);
    added.opens += increments[names.opens] ?? 0;
    added.clicks += increments[names.clicks] ?? 0;
  }
  const base = written
    ? writtenCountsOf(items, written)
    : { opens: currentValue(names.opens), clicks: currentValue(names.clicks) };
  const totals: Partial<Record<Name, number>> = {};
  if (added.opens > 0) totals[names.opens] = base.opens + added.opens;
  if (added.clicks > 0) totals[names.clicks] = base.clicks + added.clicks;
  return totals;
}
