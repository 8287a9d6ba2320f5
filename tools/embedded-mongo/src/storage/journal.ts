import { fdatasyncSync, renameSync, writeSync } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Catalog } from './catalog.ts';
import type { JournalRecord } from './journal-record.ts';
import { JournalReplay, type ReplayResult, encodeFrame } from './journal-replay.ts';

const JOURNAL_FILE = 'journal.bson';
const LOCK_FILE = 'embedded-mongo.lock';
/** How much of the snapshot a compaction encodes before letting other work run. */
const COMPACT_SLICE_BYTES = 4 * 1024 * 1024;
/** The journal is read in chunks of this size at a restart. */
const READ_CHUNK_BYTES = 8 * 1024 * 1024;
/** A compaction catches up on the writes made meanwhile until fewer than this came. */
const CAUGHT_UP_BYTES = 512 * 1024;

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
  /**
   * What the live data weighs in the file (what a compaction would write): the last snapshot's
   * size, or after a replay the frames it applied. Appends since are not counted.
   */
  private liveBytes: number;
  private pending: Buffer[] = [];
  private waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private draining = false;
  private swap: (() => void) | undefined;
  private tail: Buffer[] | undefined;
  private compacting: Promise<void> | undefined;
  private closed = false;
  /** How long the last compaction's swap held acknowledgements (for its log line). */
  private lastSwapMs = 0;
  /** The fsync of the directory after the last compaction's rename. */
  private directorySync: Promise<void> = Promise.resolve();
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
    this.liveBytes = size;
    this.options = options;
  }

  /** Locks the directory, replays the journal into the catalog and opens it for appending. */
  static async open(dir: string, catalog: Catalog, options: JournalOptions): Promise<Journal> {
    await mkdir(dir, { recursive: true });
    await lockDirectory(dir);
    const file = path.join(dir, JOURNAL_FILE);
    await rm(`${file}.compact`, { force: true });
    const began = performance.now();
    const { validBytes, records, applied, liveBytes, tornBytes } = await replay(file, catalog);
    if (tornBytes > 0)
      options.log(`journal: dropped ${tornBytes} bytes of an incomplete write at the end`);
    const handle = await open(file, 'a+');
    if (tornBytes > 0) await handle.truncate(validBytes);
    options.log(
      `journal: replayed ${records} records (${applied} not superseded) from ${file} in ${Math.round(performance.now() - began)} ms`,
    );
    const journal = new Journal(dir, catalog, handle, validBytes, options);
    // The file less the records later ones replaced or deleted. Counting the whole file as
    // compacted would let it double again after every restart (a service restarted daily grew
    // its journal to 926 MB, and its restart to 15 s).
    journal.liveBytes = liveBytes;
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
        if (this.swap) await this.runSwap(this.swap);
        else await this.flushPending();
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * Swaps the compacted file in. Every frame still pending is in the snapshot (appended before
   * it) or in the new file after it (appended since), so the swap makes it durable and it is
   * not written to the old file: waiting for a moment with nothing pending starved the swap
   * under steady writes (a 100k-document journal never compacted while four writers ran).
   */
  private async runSwap(swap: () => void): Promise<void> {
    this.swap = undefined;
    const frames = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    try {
      swap();
    } catch {
      // Not swapped: the old file stays, and gets these frames first.
      this.pending = [...frames, ...this.pending];
      this.waiters = [...waiters, ...this.waiters];
      return;
    }
    // With syncIntervalMs 0 an acknowledgement promises to survive power loss: the rename too.
    if (this.options.syncIntervalMs === 0) await this.directorySync;
    for (const waiter of waiters) waiter.resolve();
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
      this.size > 2 * this.liveBytes
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
    const began = performance.now();
    const tail: Buffer[] = [];
    this.tail = tail;
    const records = this.catalog.snapshot();
    const out = await open(side, 'w');
    /** The handle appends go to once the side file is renamed in. */
    let next: FileHandle | undefined;
    try {
      let bytes = 0;
      // Encoded in slices of a few MB (~20 ms each), written while writes go on between them:
      // one slice per event-loop turn (the old 1000 records) let a compaction under steady
      // writes take 20 s, and the tail that piled up meanwhile went into the new file.
      for (let start = 0; start < records.length;) {
        const frames: Buffer[] = [];
        let length = 0;
        while (start < records.length && length < COMPACT_SLICE_BYTES) {
          const frame = encodeFrame(records[start] as JournalRecord);
          frames.push(frame);
          length += frame.length;
          start += 1;
        }
        await out.write(Buffer.concat(frames, length));
        bytes += length;
      }
      // The writes that came meanwhile, caught up on while writes go on, and everything flushed:
      // the swap, which holds acknowledgements, then writes and syncs only the last of them.
      let caughtUp = 0;
      for (let round = 0; round < 5; round += 1) {
        const frames = tail.splice(0);
        const length = frames.reduce((sum, frame) => sum + frame.length, 0);
        await out.write(Buffer.concat(frames, length));
        caughtUp += length;
        if (length < CAUGHT_UP_BYTES) break;
      }
      await out.datasync();
      next = await open(side, 'a+');
      const appendTo = next;
      await new Promise<void>((resolve, reject) => {
        this.swap = () => {
          try {
            this.swapIn(appendTo, side, bytes, caughtUp);
            resolve();
          } catch (error) {
            reject(error);
            throw error;
          }
        };
        void this.drain();
      });
      await out.close();
      this.options.log(
        `journal: compacted ${records.length} records into ${this.size} bytes in ${Math.round(performance.now() - began)} ms (acknowledgements held ${Math.round(this.lastSwapMs)} ms)`,
      );
    } catch (error) {
      await out.close().catch(() => undefined);
      await next?.close().catch(() => undefined);
      await rm(side, { force: true });
      this.options.log(`journal: compaction failed: ${String(error)}`);
    } finally {
      this.tail = undefined;
    }
  }

  /**
   * Runs inside drain(), between flushes: the side file holds the snapshot and `caughtUp` bytes
   * of the frames appended since, `next` is open on it, and the tail holds the rest of them.
   * Synchronous (a few MB, one fdatasync, a rename: milliseconds), so no command runs in
   * between: awaiting each step let the commands of a busy server run between them, and held
   * acknowledgements for 200–600 ms.
   */
  private swapIn(next: FileHandle, side: string, snapshotBytes: number, caughtUp: number): void {
    const began = performance.now();
    const tail = Buffer.concat(this.tail ?? []);
    this.tail = undefined;
    for (let written = 0; written < tail.length;)
      written += writeSync(next.fd, tail, written, tail.length - written);
    fdatasyncSync(next.fd);
    renameSync(side, this.file);
    const previous = this.handle;
    this.handle = next;
    this.size = snapshotBytes + caughtUp + tail.length;
    // The live data is what the snapshot holds; the tail is mostly versions the next
    // compaction drops. Counting it in let a journal compacted under heavy writes double from
    // a larger base each time.
    this.liveBytes = snapshotBytes;
    void previous.close().catch(() => undefined);
    this.directorySync = syncDirectory(this.dir).catch((error: unknown) =>
      this.options.log(
        `journal: syncing the directory after a compaction failed: ${String(error)}`,
      ),
    );
    this.lastSwapMs = performance.now() - began;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.compacting;
    await this.sync();
    clearTimeout(this.datasyncTimer);
    this.datasyncTimer = undefined;
    await this.directorySync;
    await this.handle.datasync();
    await this.handle.close();
    await rm(path.join(this.dir, LOCK_FILE), { force: true });
  }
}

/**
 * Reads the journal in chunks, each next one in flight while the frames of the last are
 * checked (pass 1), then applies it: reading 130 MB took a sixth of the replay before it.
 */
async function replay(file: string, catalog: Catalog): Promise<ReplayResult> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { validBytes: 0, records: 0, applied: 0, liveBytes: 0, tornBytes: 0 };
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const data = Buffer.allocUnsafe(size);
    const replayed = new JournalReplay(data);
    const read = (from: number) =>
      from < size
        ? handle.read(data, from, Math.min(READ_CHUNK_BYTES, size - from), from)
        : undefined;
    let filled = 0;
    let reading = read(0);
    while (reading) {
      const { bytesRead } = await reading;
      filled += bytesRead;
      reading = bytesRead > 0 ? read(filled) : undefined;
      if (!replayed.scan(filled)) break;
    }
    await reading;
    return replayed.apply(catalog, size);
  } finally {
    await handle.close();
  }
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
