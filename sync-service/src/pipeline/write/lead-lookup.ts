import type { StepRecorder, WriteItem, WrittenEventCounts } from './crm-writer';
import { byOccurrence, type WrittenCounts } from './lead-groups';
import type { RecordIdCache } from './record-id-cache';

// The lead lookup both CRM writers share: events grouped per lead, a remembered record id
// adopted, the log's written counts read, and a written record recorded on its events.

type LeadItem = Pick<WriteItem<unknown>, 'id' | 'event' | 'leadKey' | 'steps'>;

/**
 * The events of one lead in one batch, written to one CRM record (a contact or a person).
 * `cached`: the record id came from the record id cache, not from a lookup or an earlier attempt.
 */
export type LeadGroup<Item, Key> = {
  items: Item[];
  keys: Key[];
  recordId: string | null;
  cached?: boolean;
};

/** The record id cache as one writer uses it: one account's one object type, its own keys. */
export type ScopedRecordIds<Key> = {
  get(key: Key): string | undefined;
  set(keys: readonly Key[], id: string): void;
  forget(id: string): void;
};

/** Without a cache every lead is looked up, and nothing is remembered. */
export function scopedRecordIds<Key>(
  cache: RecordIdCache | undefined,
  scope: string,
  cacheKeyOf: (key: Key) => string,
): ScopedRecordIds<Key> {
  return {
    get: (key) => cache?.get(scope, cacheKeyOf(key)),
    set: (keys, id) => cache?.set(scope, keys.map(cacheKeyOf), id),
    forget: (id) => cache?.forget(scope, id),
  };
}

export type LeadKeys<Item, Key> = {
  /** The item's usable lookup keys, most specific first. */
  keysOf(item: Item): Key[];
  /** What makes two first keys the same lead. */
  groupIdOf(key: Key): string;
  /** The item has no usable key: it cannot be written. */
  noKey(item: Item): void;
  recordIds: ScopedRecordIds<Key>;
};

/**
 * One group per lead: the events whose first usable key is the same, in the order they occurred,
 * with the record an earlier attempt wrote, else one the cache remembers for any of its keys.
 */
export function groupByLead<Item extends LeadItem, Key>(
  items: readonly Item[],
  lead: LeadKeys<Item, Key>,
): LeadGroup<Item, Key>[] {
  const groups = new Map<string, LeadGroup<Item, Key>>();
  for (const item of [...items].sort(byOccurrence)) {
    const keys = lead.keysOf(item);
    const first = keys[0];
    if (first === undefined) {
      lead.noKey(item);
      continue;
    }
    const id = lead.groupIdOf(first);
    const group = groups.get(id) ?? { items: [], keys, recordId: null };
    group.items.push(item);
    group.recordId ??= item.steps.contactId ?? null;
    groups.set(id, group);
  }
  for (const group of groups.values()) {
    if (group.recordId !== null) continue;
    const cached = group.keys.map((key) => lead.recordIds.get(key)).find((id) => id !== undefined);
    if (cached !== undefined) Object.assign(group, { recordId: cached, cached: true });
  }
  return [...groups.values()];
}

/** The log's counts for the leads of these events (none asked when no event counts). */
export async function readWrittenCounts<Item extends LeadItem>(
  items: readonly Item[],
  writtenEventCounts: WrittenEventCounts | undefined,
  countsOf: (item: Item) => Partial<Record<string, number>>,
): Promise<WrittenCounts | null> {
  if (!writtenEventCounts) return null;
  const keys = new Set(
    items.flatMap((item) =>
      item.leadKey && Object.keys(countsOf(item)).length > 0 ? [item.leadKey] : [],
    ),
  );
  return keys.size > 0 ? writtenEventCounts([...keys]) : new Map();
}

/** The group's record is written: remembered for its keys and recorded on each of its events. */
export async function recordContactWritten<Item extends LeadItem, Key>(
  group: LeadGroup<Item, Key>,
  recordId: string,
  recordIds: ScopedRecordIds<Key>,
  record: StepRecorder,
): Promise<void> {
  await Promise.all(
    group.items.map(async (item) => {
      recordIds.set(group.keys, recordId);
      item.steps.contactId = recordId;
      item.steps.contactWritten = true;
      await record(item.id, { contactId: recordId, contactWritten: true });
    }),
  );
}
