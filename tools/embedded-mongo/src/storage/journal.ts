import { mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { deserialize, serialize } from 'bson';
import { DESERIALIZE_OPTIONS } from '../bson-options.ts';
import type { Catalog } from './catalog.ts';
import type { JournalRecord } from './journal-record.ts';

const FRAME_HEADER = 8;
const JOURNAL_FILE = 'journal.bson';
const LOCK_FILE = 'embedded-mongo.lock';
const COMPACT_CHUNK = 1000;

export interface JournalOptions {
  /**
   * Compact when the file is larger than this and twice the size of the live data in it (what a
   * compaction would write), also right after a restart that replayed such a file.
   */
  compactThresholdBytes: number;
  /**
   * 0: fdatasync before acknowledging (survives power loss). Otherwise acknowledge once the
   * write reached the operating system (survives the process being killed) and fdatasync at most
   * this many ms later, like mongod's journal commit interval.
   */
  syncIntervalMs: number;
  log: (line: string) => void;
}

/**
 * The append-only journal behind a data directory. Frames are `[length][crc32][bson record]`.
 * Writes are group-committed: every record appended before a `sync()` is written before that
 * promise resolves, and one write (and, with `syncIntervalMs: 0`, one fdatasync) covers all
 * writers waiting at the time. Replay stops at the first torn or corrupt frame (the tail of a crash) and truncates it.
 * Compaction writes a snapshot of the catalog to a side file in the background, appends the
 * records that arrived meanwhile, and swaps it in with an atomic rename.
 */
export class Journal {
  private readonly dir: string;
  private readonly file: string;
  private readonly options: JournalOptions;
  private readonly catalog: Catalog;
  private handle: FileHandle;
  private size: number;
  private sizeAfterCompaction: number;
  private pending: Buffer[] = [];
  private waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private draining = false;
  private swap: (() => Promise<void>) | undefined;
  private tail: Buffer[] | undefined;
  private compacting: Promise<void> | undefined;
  private closed = false;
  private datasyncTimer: NodeJS.Timeout | undefined;

  private constructor(
    dir: string,
    catalog: Catalog,
    handle: FileHandle,
    size: number,
    options: JournalOptions,
  ) {
    this.dir = dir;
    this.file = path.join(dir, JOURNAL_FILE);
    this.catalog = catalog;
    this.handle = handle;
    this.size = size;
    this.sizeAfterCompaction = size;
    this.options = options;
  }

  /** Locks the directory, replays the journal into the catalog and opens it for appending. */
  static async open(dir: string, catalog: Catalog, options: JournalOptions): Promise<Journal> {
    await mkdir(dir, { recursive: true });
    await lockDirectory(dir);
    const file = path.join(dir, JOURNAL_FILE);
    await rm(`${file}.compact`, { force: true });
    const { validBytes, records, tornBytes } = await replay(file, catalog);
    if (tornBytes > 0)
      options.log(`journal: dropped ${tornBytes} bytes of an incomplete write at the end`);
    const handle = await open(file, 'a+');
    if (tornBytes > 0) await handle.truncate(validBytes);
    options.log(`journal: replayed ${records} records from ${file}`);
    const journal = new Journal(dir, catalog, handle, validBytes, options);
    // What the live data weighs: the file less the records later ones replaced or deleted.
    // Counting the whole file as compacted would let it double again after every restart (a
    // service restarted daily grew its journal to 926 MB, and its restart to 15 s).
    const live = catalog.snapshot().length;
    journal.sizeAfterCompaction =
      records > 0 ? Math.round((validBytes * Math.min(records, live)) / records) : validBytes;
    if (journal.shouldCompact()) void journal.compact();
    return journal;
  }

  /** How many records were appended so far: a command compares it to know it wrote. */
  appended = 0;

  append(record: JournalRecord): void {
    this.appended += 1;
    const frame = encodeFrame(record);
    this.pending.push(frame);
    this.tail?.push(frame);
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  /** Resolves once every record appended so far is on disk. */
  sync(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.pending.length > 0 || this.waiters.length > 0 || this.swap) {
        await this.flushPending();
        const swap = this.swap;
        if (swap && this.pending.length === 0) {
          this.swap = undefined;
          await swap();
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async flushPending(): Promise<void> {
    const frames = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    try {
      if (frames.length > 0) {
        const bytes = frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames);
        await this.handle.write(bytes);
        if (this.options.syncIntervalMs === 0) await this.handle.datasync();
        else this.scheduleDatasync();
        this.size += bytes.length;
      }
      for (const waiter of waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
      return;
    }
    if (this.shouldCompact()) void this.compact();
  }

  private scheduleDatasync(): void {
    if (this.datasyncTimer) return;
    this.datasyncTimer = setTimeout(() => {
      this.datasyncTimer = undefined;
      const handle = this.handle;
      handle.datasync().catch((error: unknown) => {
        // A compaction may have swapped and closed this handle; its data is in the new file.
        if (handle === this.handle) this.options.log(`journal: fdatasync failed: ${String(error)}`);
      });
    }, this.options.syncIntervalMs);
    this.datasyncTimer.unref();
  }

  private shouldCompact(): boolean {
    return (
      !this.compacting &&
      !this.closed &&
      this.size > this.options.compactThresholdBytes &&
      this.size > 2 * this.sizeAfterCompaction
    );
  }

  /** Rewrites the journal as a snapshot of the current state, without stopping writes. */
  compact(): Promise<void> {
    this.compacting ??= this.runCompaction().finally(() => {
      this.compacting = undefined;
    });
    return this.compacting;
  }

  private async runCompaction(): Promise<void> {
    const side = `${this.file}.compact`;
    this.tail = [];
    const records = this.catalog.snapshot();
    const out = await open(side, 'w');
    try {
      let bytes = 0;
      for (let start = 0; start < records.length; start += COMPACT_CHUNK) {
        const chunk = Buffer.concat(
          records.slice(start, start + COMPACT_CHUNK).map((record) => encodeFrame(record)),
        );
        await out.write(chunk);
        bytes += chunk.length;
      }
      await new Promise<void>((resolve, reject) => {
        this.swap = () => this.swapIn(out, side, bytes).then(resolve, reject);
        void this.drain();
      });
      this.options.log(`journal: compacted ${records.length} records into ${this.size} bytes`);
    } catch (error) {
      await out.close().catch(() => undefined);
      await rm(side, { force: true });
      this.options.log(`journal: compaction failed: ${String(error)}`);
    } finally {
      this.tail = undefined;
    }
  }

  /** Runs inside drain() with nothing pending, so the tail holds everything since the snapshot. */
  private async swapIn(out: FileHandle, side: string, snapshotBytes: number): Promise<void> {
    const tail = Buffer.concat(this.tail ?? []);
    this.tail = undefined;
    await out.write(tail);
    await out.datasync();
    await out.close();
    await rename(side, this.file);
    await syncDirectory(this.dir);
    const previous = this.handle;
    this.handle = await open(this.file, 'a+');
    await previous.close();
    this.size = snapshotBytes + tail.length;
    this.sizeAfterCompaction = this.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.compacting;
    await this.sync();
    clearTimeout(this.datasyncTimer);
    this.datasyncTimer = undefined;
    await this.handle.datasync();
    await this.handle.close();
    await rm(path.join(this.dir, LOCK_FILE), { force: true });
  }
}

function encodeFrame(record: JournalRecord): Buffer {
  const body = serialize(record);
  const frame = Buffer.allocUnsafe(FRAME_HEADER + body.length);
  frame.writeUInt32LE(body.length, 0);
  frame.writeUInt32LE(crc32(body), 4);
  frame.set(body, FRAME_HEADER);
  return frame;
}

async function replay(
  file: string,
  catalog: Catalog,
): Promise<{ validBytes: number; records: number; tornBytes: number }> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { validBytes: 0, records: 0, tornBytes: 0 };
    throw error;
  }
  let offset = 0;
  let records = 0;
  while (offset + FRAME_HEADER <= data.length) {
    const length = data.readUInt32LE(offset);
    const end = offset + FRAME_HEADER + length;
    if (end > data.length) break;
    const body = data.subarray(offset + FRAME_HEADER, end);
    if (crc32(body) !== data.readUInt32LE(offset + 4)) break;
    catalog.apply(deserialize(body, DESERIALIZE_OPTIONS) as JournalRecord);
    records += 1;
    offset = end;
  }
  return { validBytes: offset, records, tornBytes: data.length - offset };
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** One server per data directory: a second one would interleave journal writes. */
async function lockDirectory(dir: string): Promise<void> {
  const lock = path.join(dir, LOCK_FILE);
  try {
    const owner = Number((await readFile(lock, 'utf8')).trim());
    if (owner !== process.pid && isAlive(owner))
      throw new Error(`data directory ${dir} is in use by process ${owner}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await writeFile(lock, String(process.pid));
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
