import type { Document } from '../values.ts';
import type { IndexSpec } from './secondary-index.ts';

/**
 * One durable change. Replaying records in order rebuilds the catalog; every record is
 * idempotent (insert is "put by _id", create is "create if missing") so a record written twice
 * around a compaction does no harm.
 */
export type JournalRecord =
  | { o: 'create'; db: string; c: string; options: Document }
  | { o: 'options'; db: string; c: string; options: Document }
  | { o: 'put'; db: string; c: string; doc: Document }
  | { o: 'remove'; db: string; c: string; id: unknown }
  | { o: 'index'; db: string; c: string; spec: IndexSpec }
  | { o: 'dropIndex'; db: string; c: string; name: string }
  | { o: 'drop'; db: string; c: string }
  | { o: 'dropDatabase'; db: string };

export type JournalSink = (record: JournalRecord) => void;
