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
