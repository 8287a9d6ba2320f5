import { randomBytes } from 'node:crypto';
import { Timestamp } from 'bson';
import { CommandError, ErrorCode } from './errors.ts';
import type { StoredChange } from './storage/changes.ts';
import { type Document, indexKey, isPlainObject } from './values.ts';

/** A write in the history, with the cluster time it was given (mongod: its oplog entry). */
export interface LoggedChange {
  change: StoredChange;
  clusterTime: Timestamp;
  wallTime: Date;
  /** An update's `updateDescription`, worked out the first time a stream reads it. */
  updateDescription?: Document;
}

/** How many writes the history keeps by default (mongod keeps an oplog of some GB instead). */
export const DEFAULT_CHANGE_HISTORY = 100_000;

/**
 * The replica-set mode's oplog: every write in order, with a cluster time, for change streams.
 * A position is a count of writes; a resume token names the position after an event (or, as a
 * postBatchResumeToken, where a stream stands), prefixed with this server run's epoch so that
 * a token from before a restart (whose history is gone: it lives in memory only) is
 * ChangeStreamHistoryLost rather than a wrong place.
 */
export class ChangeLog {
  private readonly entries: LoggedChange[] = [];
  /** The position of `entries[0]`: earlier writes were dropped to keep `capacity`. */
  private first = 0;
  /** The cluster time of the newest dropped write: older start times are lost. */
  private lostUpTo: Timestamp | undefined;
  private readonly capacity: number;
  private readonly epoch = randomBytes(4).toString('hex');
  private seconds = 0;
  private increment = 0;
  private latest: Timestamp;
  private readonly waiters = new Set<() => void>();

  constructor(capacity = DEFAULT_CHANGE_HISTORY) {
    this.capacity = Math.max(1, capacity);
    // As a new primary's no-op entry: replies carry a cluster time before the first write.
    this.latest = this.tick();
  }

  /** The position after the newest write: where a stream opened now starts. */
  get end(): number {
    return this.first + this.entries.length;
  }

  /** The oldest position still held. */
  get oldest(): number {
    return this.first;
  }

  /** The cluster time of the newest write (a reply's `operationTime`). */
  get clusterTime(): Timestamp {
    return this.latest;
  }

  append(change: StoredChange): void {
    const clusterTime = this.tick();
    this.latest = clusterTime;
    this.entries.push({ change, clusterTime, wallTime: new Date() });
    // Trimmed in slices, so appending stays O(1) on average.
    if (this.entries.length > this.capacity + Math.ceil(this.capacity / 4)) {
      const dropped = this.entries.splice(0, this.entries.length - this.capacity);
      this.first += dropped.length;
      this.lostUpTo = (dropped[dropped.length - 1] as LoggedChange).clusterTime;
    }
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake();
  }

  /** The write at `position`; a position already dropped is ChangeStreamHistoryLost. */
  at(position: number): LoggedChange | undefined {
    if (position < this.first) throw historyLost();
    return this.entries[position - this.first];
  }

  /** The resume token of the point after `position - 1`, i.e. a stream standing at `position`. */
  token(position: number): Document {
    return { _data: `${this.epoch}${position.toString(16).padStart(16, '0')}` };
  }

  /** Where a stream resumed with `token` (resumeAfter / startAfter) starts reading. */
  positionOf(token: unknown): number {
    const data = isPlainObject(token) ? token._data : undefined;
    if (typeof data !== 'string' || !/^[0-9a-f]{24}$/.test(data))
      throw new CommandError(ErrorCode.BadValue, 'the resume token is not valid');
    if (data.slice(0, 8) !== this.epoch) throw historyLost();
    const position = Number.parseInt(data.slice(8), 16);
    if (position > this.end)
      throw new CommandError(
        280,
        `cannot resume stream; the resume token was not found. ${JSON.stringify(token)}`,
        {},
        'ChangeStreamFatalError',
      );
    if (position < this.first) throw historyLost();
    return position;
  }

  /** The first position at or after `time` (startAtOperationTime). */
  positionAt(time: Timestamp): number {
    if (this.lostUpTo && time.compare(this.lostUpTo) <= 0) throw historyLost();
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.entries[middle] as LoggedChange).clusterTime.compare(time) < 0) low = middle + 1;
      else high = middle;
    }
    return this.first + low;
  }

  /** Resolves at the next write, when `signal` aborts, or after `timeoutMs`. */
  waitForChange(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Cluster times: seconds, then a counter within the second, always increasing. */
  private tick(): Timestamp {
    const seconds = Math.floor(Date.now() / 1000);
    if (seconds > this.seconds) {
      this.seconds = seconds;
      this.increment = 1;
    } else this.increment += 1;
    return new Timestamp({ t: this.seconds, i: this.increment });
  }
}

function historyLost(): CommandError {
  return new CommandError(
    286,
    'Resume of change stream was not possible, as the resume point may no longer be in the oplog.',
    {},
    'ChangeStreamHistoryLost',
  );
}

/**
 * An update event's `updateDescription`, from the two versions of the document: changed and
 * added fields by dotted path (into sub-documents and array elements), removed fields, and
 * arrays that got shorter. mongod derives it from its update's oplog diff, which names a `$set`
 * of a whole sub-document as one field where this names the fields that changed in it.
 */
export function describeUpdate(previous: Document, next: Document): Document {
  const description = {
    updatedFields: {} as Document,
    removedFields: [] as string[],
    truncatedArrays: [] as Document[],
  };
  diffObjects(previous, next, '', description);
  return description;
}

interface UpdateDescription {
  updatedFields: Document;
  removedFields: string[];
  truncatedArrays: Document[];
}

function diffObjects(
  before: Document,
  after: Document,
  prefix: string,
  out: UpdateDescription,
): void {
  for (const key of Object.keys(before))
    if (!Object.hasOwn(after, key)) out.removedFields.push(prefix + key);
  for (const key of Object.keys(after)) {
    const path = prefix + key;
    if (!Object.hasOwn(before, key)) out.updatedFields[path] = after[key];
    else diffValues(before[key], after[key], path, out);
  }
}

function diffValues(before: unknown, after: unknown, path: string, out: UpdateDescription): void {
  if (isPlainObject(before) && isPlainObject(after)) {
    diffObjects(before, after, `${path}.`, out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (after.length < before.length)
      out.truncatedArrays.push({ field: path, newSize: after.length });
    after.forEach((item: unknown, index) => {
      if (index >= before.length) out.updatedFields[`${path}.${index}`] = item;
      else diffValues(before[index], item, `${path}.${index}`, out);
    });
    return;
  }
  // An equal key in another JS type (the number 5 and Long 5) is a change: the stored type is.
  if (typeof before !== typeof after || indexKey(before) !== indexKey(after))
    out.updatedFields[path] = after;
}
