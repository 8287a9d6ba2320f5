import { setTimeout as sleep } from 'node:timers/promises';
import { Long, calculateObjectSize } from 'bson';
import { CommandError, ErrorCode } from './errors.ts';
import type { Document } from './values.ts';

const DEFAULT_FIRST_BATCH = 101;
/** A reply batch stays under 16 MB with room for the envelope, as mongod's does. */
export const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 16 * 1024;

/**
 * A cursor whose batches are made when asked for (a change stream), not sliced from results
 * materialised when it opened. It stays open until `next` says it is done.
 */
export interface CursorSource {
  /** At most `size` documents (and 16 MB), the reply's other cursor fields, and whether it ended. */
  next(size: number): { batch: Document[]; fields: Document; done: boolean };
  /** Resolves once a new batch may be there (or after `ms`), so an awaiting getMore looks again. */
  wait(ms: number): Promise<void>;
  /** The cursor was killed or reaped: wake whoever waits. */
  close(): void;
}

interface OpenCursor {
  namespace: string;
  docs: Document[];
  position: number;
  lastUsed: number;
  /** A tailable cursor: the matching documents stored since it last looked. */
  follow?: (() => Document[]) | undefined;
  awaitData?: boolean | undefined;
  source?: CursorSource | undefined;
}

export interface BatchOptions {
  batchSize?: number | undefined;
  singleBatch?: boolean | undefined;
  /** Tailable: the cursor stays open at the end of the results and follows new documents. */
  follow?: (() => Document[]) | undefined;
  awaitData?: boolean | undefined;
}

/**
 * Open cursors over materialised results. Cursor ids are int64 (the driver rejects anything
 * else, even for id 0); idle cursors are reaped after `timeoutMs`, as mongod does.
 */
export class CursorStore {
  private readonly cursors = new Map<string, OpenCursor>();
  private nextId = BigInt(Math.floor(Math.random() * 1e9) + 1) << 20n;
  private readonly timeoutMs: number;
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number) {
    this.timeoutMs = timeoutMs;
    this.timer = setInterval(() => this.reap(), Math.max(10, Math.min(timeoutMs / 2, 60_000)));
    this.timer.unref();
  }

  /** `{ cursor: { firstBatch, id, ns }, ok: 1 }`, keeping the rest open when there is more. */
  open(namespace: string, docs: Document[], options: BatchOptions = {}): Document {
    const size =
      options.batchSize && options.batchSize > 0 ? options.batchSize : DEFAULT_FIRST_BATCH;
    const end = batchEnd(docs, 0, size);
    const firstBatch = docs.slice(0, end);
    let id = 0n;
    if ((end < docs.length || options.follow) && !options.singleBatch) {
      id = this.nextId++;
      this.cursors.set(id.toString(), {
        namespace,
        docs,
        position: end,
        lastUsed: Date.now(),
        follow: options.follow,
        awaitData: options.awaitData,
      });
    }
    return { cursor: { firstBatch, id: Long.fromBigInt(id), ns: namespace }, ok: 1 };
  }

  /** A cursor over a `source`, with its first batch; it waits for data like tailable awaitData. */
  openSource(
    namespace: string,
    source: CursorSource,
    options: { batchSize?: number | undefined } = {},
  ): Document {
    const size =
      options.batchSize !== undefined && options.batchSize >= 0
        ? options.batchSize
        : DEFAULT_FIRST_BATCH;
    const { batch, fields, done } = source.next(size);
    let id = 0n;
    if (!done) {
      id = this.nextId++;
      this.cursors.set(id.toString(), {
        namespace,
        docs: [],
        position: 0,
        lastUsed: Date.now(),
        awaitData: true,
        source,
      });
    } else source.close();
    return {
      cursor: { firstBatch: batch, ...fields, id: Long.fromBigInt(id), ns: namespace },
      ok: 1,
    };
  }

  getMore(cursorId: unknown, namespace: string, batchSize: number | undefined): Document {
    const key = idKey(cursorId);
    const cursor = this.cursors.get(key);
    if (!cursor || cursor.namespace !== namespace)
      throw new CommandError(ErrorCode.CursorNotFound, `cursor id ${key} not found`);
    const size = batchSize && batchSize > 0 ? batchSize : Number.MAX_SAFE_INTEGER;
    if (cursor.source) return this.sourceBatch(key, cursor, cursor.source, size);
    if (cursor.follow && cursor.position >= cursor.docs.length) {
      cursor.docs = cursor.follow();
      cursor.position = 0;
    }
    const end = batchEnd(cursor.docs, cursor.position, size);
    const nextBatch = cursor.docs.slice(cursor.position, end);
    cursor.position = end;
    cursor.lastUsed = Date.now();
    const exhausted = end >= cursor.docs.length && !cursor.follow;
    if (exhausted) this.cursors.delete(key);
    return {
      cursor: { nextBatch, id: exhausted ? Long.ZERO : Long.fromString(key), ns: namespace },
      ok: 1,
    };
  }

  private sourceBatch(
    key: string,
    cursor: OpenCursor,
    source: CursorSource,
    size: number,
  ): Document {
    cursor.lastUsed = Date.now();
    let result: ReturnType<CursorSource['next']>;
    try {
      result = source.next(size);
    } catch (error) {
      // As mongod: a cursor whose getMore failed is gone.
      this.remove(key);
      throw error;
    }
    if (result.done) this.remove(key);
    return {
      cursor: {
        nextBatch: result.batch,
        ...result.fields,
        id: result.done ? Long.ZERO : Long.fromString(key),
        ns: cursor.namespace,
      },
      ok: 1,
    };
  }

  /** Waits, for an awaitData getMore that found nothing: a source's own signal, else 10 ms. */
  waitForData(cursorId: unknown, ms: number): Promise<void> {
    const cursor = this.cursors.get(idKey(cursorId));
    if (!cursor?.source) return sleep(10);
    // In use while waited on (mongod pins it): not reaped as idle meanwhile.
    cursor.lastUsed = Math.max(cursor.lastUsed, Date.now() + ms);
    return cursor.source.wait(ms);
  }

  private remove(key: string): boolean {
    const cursor = this.cursors.get(key);
    if (!cursor) return false;
    this.cursors.delete(key);
    cursor.source?.close();
    return true;
  }

  kill(cursorIds: unknown[]): Document {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const cursorId of cursorIds) {
      const key = idKey(cursorId);
      (this.remove(key) ? killed : notFound).push(Long.fromString(key));
    }
    return {
      cursorsKilled: killed,
      cursorsNotFound: notFound,
      cursorsAlive: [],
      cursorsUnknown: [],
      ok: 1,
    };
  }

  /** True for an open tailable `awaitData` cursor (its getMore may wait for new documents). */
  awaitsData(cursorId: unknown): boolean {
    return this.cursors.get(idKey(cursorId))?.awaitData === true;
  }

  get openCount(): number {
    return this.cursors.size;
  }

  private reap(): void {
    const deadline = Date.now() - this.timeoutMs;
    for (const [key, cursor] of this.cursors) if (cursor.lastUsed < deadline) this.remove(key);
  }

  close(): void {
    clearInterval(this.timer);
    for (const key of [...this.cursors.keys()]) this.remove(key);
  }
}

function idKey(cursorId: unknown): string {
  if (typeof cursorId === 'number' || typeof cursorId === 'bigint')
    return BigInt(cursorId).toString();
  return String(cursorId);
}

/** The end of a batch starting at `start`: at most `size` documents and 16 MB. */
function batchEnd(docs: Document[], start: number, size: number): number {
  const limit = Math.min(docs.length, start + size);
  if (limit - start <= 1) return limit;
  let bytes = 0;
  let end = start;
  while (end < limit) {
    const doc = docs[end] as Document;
    bytes += calculateObjectSize(doc);
    if (end > start && bytes > MAX_BATCH_BYTES) break;
    end += 1;
  }
  return end;
}
