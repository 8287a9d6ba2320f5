/**
 * Which CRM record a lead's lookup key found (issue 12 "Caches that are safe": contact ids by
 * lookup key per account, invalidated on a 404). A hit spares the writer its lookup: HubSpot's
 * search (4 a second per portal) or Salesforce's per-field SOQL. A cached id is never written
 * blindly: the writer reads the record by id first and looks the lead up again when it is gone,
 * and a write answered "not found" forgets every key that led to it.
 */
export type RecordIdCache = {
  /** The record `key` found in `scope` (a CRM account and object type), if seen recently. */
  get(scope: string, key: string): string | undefined;
  /** Remembers that each of `keys` finds record `id` in `scope`. */
  set(scope: string, keys: readonly string[], id: string): void;
  /** Forgets every key that found `id` in `scope` (deleted or merged in the CRM). */
  forget(scope: string, id: string): void;
};

/** Ten minutes: long enough for a campaign's burst, short enough that a merge is soon noticed. */
export const RECORD_ID_CACHE_TTL_MS = 10 * 60_000;
/** About 10 MB at most; the oldest entries go first. */
export const RECORD_ID_CACHE_MAX_ENTRIES = 100_000;

export function createRecordIdCache(
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): RecordIdCache {
  const ttlMs = options.ttlMs ?? RECORD_ID_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? RECORD_ID_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // Insertion order is age order: a set moves its entry to the end.
  const entries = new Map<string, { scope: string; key: string; id: string; until: number }>();
  /** Per record, the keys that find it (for `forget`). */
  const keysOfRecord = new Map<string, Set<string>>();
  const entryKey = (scope: string, key: string) => `${scope}\u0000${key}`;
  const recordKey = (scope: string, id: string) => `${scope}\u0000${id}`;

  const drop = (scope: string, key: string) => {
    const entry = entries.get(entryKey(scope, key));
    if (!entry) return;
    entries.delete(entryKey(scope, key));
    const record = recordKey(scope, entry.id);
    const keysOf = keysOfRecord.get(record);
    keysOf?.delete(key);
    if (keysOf?.size === 0) keysOfRecord.delete(record);
  };

  return {
    get(scope, key) {
      const entry = entries.get(entryKey(scope, key));
      if (!entry) return undefined;
      if (entry.until <= now()) {
        drop(scope, key);
        return undefined;
      }
      return entry.id;
    },
    set(scope, keys, id) {
      for (const key of keys) {
        drop(scope, key);
        entries.set(entryKey(scope, key), { scope, key, id, until: now() + ttlMs });
        const record = recordKey(scope, id);
        const keysOf = keysOfRecord.get(record) ?? new Set<string>();
        keysOf.add(key);
        keysOfRecord.set(record, keysOf);
      }
      while (entries.size > maxEntries) {
        const oldest = entries.values().next().value;
        if (!oldest) break;
        drop(oldest.scope, oldest.key);
      }
    },
    forget(scope, id) {
      const record = recordKey(scope, id);
      for (const key of keysOfRecord.get(record) ?? []) entries.delete(entryKey(scope, key));
      keysOfRecord.delete(record);
    },
  };
}
