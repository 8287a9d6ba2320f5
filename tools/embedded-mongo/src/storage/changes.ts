import type { Document } from '../values.ts';

/**
 * One write as the catalog made it, for change streams (replica-set mode). Documents are the
 * stored objects themselves: they are never changed in place, so holding them is safe.
 */
export type StoredChange =
  | { op: 'insert'; db: string; coll: string; doc: Document }
  /** `update` came from update operators or a pipeline, `replace` from a whole new document. */
  | { op: 'update' | 'replace'; db: string; coll: string; previous: Document; doc: Document }
  | { op: 'delete'; db: string; coll: string; doc: Document }
  | { op: 'drop'; db: string; coll: string }
  | { op: 'dropDatabase'; db: string };

export type ChangeSink = (change: StoredChange) => void;

/** How a stored document was rewritten, as a change stream tells it. */
export type RewriteKind = 'update' | 'replace';
