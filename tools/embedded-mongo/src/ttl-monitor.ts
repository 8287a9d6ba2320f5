import type { Catalog } from './storage/catalog.ts';
import type { Journal } from './storage/journal.ts';
import type { Document } from './values.ts';
import { getPath } from './values.ts';

/**
 * Deletes documents whose TTL index date is older than expireAfterSeconds, every
 * `intervalMs` (mongod's TTL monitor runs every 60 s; tests want it sooner).
 */
export class TtlMonitor {
  private readonly timer: NodeJS.Timeout;
  private readonly catalog: Catalog;
  private readonly journal: Journal | undefined;
  private readonly log: (line: string) => void;

  constructor(
    catalog: Catalog,
    journal: Journal | undefined,
    intervalMs: number,
    log: (line: string) => void,
  ) {
    this.catalog = catalog;
    this.journal = journal;
    this.log = log;
    this.timer = setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
  }

  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const collection of this.catalog.allCollections()) {
      for (const index of collection.indexes.values()) {
        const seconds = index.spec.expireAfterSeconds;
        if (typeof seconds !== 'number' || index.fields.length !== 1) continue;
        const field = index.fields[0] as string;
        const expired = [...collection.docs.values()].filter((doc) =>
          isExpired(doc, field, seconds, now),
        );
        for (const doc of expired) collection.remove(doc);
        removed += expired.length;
      }
    }
    if (removed > 0 && this.journal) {
      await this.journal
        .sync()
        .catch((error: unknown) => this.log(`ttl: journal write failed: ${String(error)}`));
    }
    return removed;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** A document expires on its earliest date at the indexed path; non-dates never expire. */
function isExpired(doc: Document, field: string, seconds: number, now: number): boolean {
  const value = getPath(doc, field);
  const dates = (Array.isArray(value) ? value : [value]).filter(
    (v): v is Date => v instanceof Date,
  );
  if (dates.length === 0) return false;
  const earliest = Math.min(...dates.map((date) => date.getTime()));
  return earliest + seconds * 1000 <= now;
}
