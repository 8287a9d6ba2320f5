import { HISTORY_PAGE_SIZE } from '@outsync/contracts';
import { Types, type Model, type QueryFilter } from 'mongoose';
import type { SessionUser } from '../../platform/http/types';

// What the history screens' lists share (spec 02 §2.9–2.11, issue 13). Each list is read by the
// feature that owns its collection (webhook-events, category-holds, block-lists); they page and
// count alike, so the rule is written once.

/** The caller's id as the collections store an owner. */
export function userObjectId(user: SessionUser): Types.ObjectId {
  return new Types.ObjectId(user.id);
}

/** The rows before a page (1-based) of HISTORY_PAGE_SIZE. */
export function skipOf(page: number): number {
  return (page - 1) * HISTORY_PAGE_SIZE;
}

/**
 * How many documents match. Unfiltered (staff with no filter), the collection's own count,
 * read from its metadata instead of walking every key (exact, bar MongoDB's documented caveats
 * after an unclean shutdown or with orphaned documents on a sharded cluster).
 */
export function exactCount<Doc>(model: Model<Doc>, query: QueryFilter<Doc>): Promise<number> {
  return Object.keys(query).length === 0
    ? model.estimatedDocumentCount()
    : model.countDocuments(query);
}

/** An export reads and writes this many rows at a time (each batch's lookups made once). */
export const EXPORT_BATCH = 500;

/** A query's cursor (`find(…).lean<Doc[]>().cursor()`) as an export reads it. */
export type ExportCursor = AsyncIterable<unknown> & { close(): Promise<unknown> };

/**
 * A query's documents in batches, read through its cursor, so an export of any size never
 * holds more than a batch (issue 34 item 4). The cursor is closed however the reading ends:
 * a download the browser cancels stops the read too.
 */
export async function* inBatches<Doc>(
  cursor: ExportCursor,
  size = EXPORT_BATCH,
): AsyncGenerator<Doc[]> {
  let batch: Doc[] = [];
  try {
    for await (const doc of cursor) {
      // The lean query's documents: mongoose's cursor type does not carry `lean<Doc[]>`.
      batch.push(doc as Doc);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    await cursor.close();
  }
}

/** `outsync-<list>-<UTC date and minute>.csv`: what an export is saved as. */
export function exportFilename(list: string, now: Date): string {
  return `outsync-${list}-${now.toISOString().slice(0, 16).replace(':', '')}.csv`;
}
