import { BaseNotificationChannel, toJobId, type JobNotification } from 'agenda';
import type {
  ChangeStream,
  ChangeStreamDocument,
  Collection,
  Db,
  Document,
  ResumeToken,
} from 'mongodb';
import type { Logger } from './logger';

/** The fields of a stored Agenda job this channel reads. */
type StoredJob = {
  _id: unknown;
  name?: string;
  nextRunAt?: Date | null;
  priority?: number;
  lockedAt?: Date | null;
  disabled?: boolean;
};

export type JobChangeStreamOptions = {
  /** The service's database (the driver's `Db`), on a replica set or sharded cluster. */
  db: Db;
  /** Agenda's jobs collection. */
  collection: string;
  logger?: Logger;
  /** Waits before reopening a lost stream: doubling from `initial` up to `max`. */
  reopenDelayMs?: { initial: number; max: number };
  /** How long `connect()` (Agenda's start) waits for the stream's first answer. */
  openTimeoutMs?: number;
};

/**
 * Agenda's notification channel on a replica set: a change stream on the jobs collection tells
 * this process's job processor about every job any process saves that is ready to run (not
 * locked, not disabled, with a next run), so a job queued by an API process wakes a worker
 * process at once instead of at its next poll.
 *
 * Unlike `@agendajs/mongo-backend`'s MongoChangeStreamNotificationChannel it never emits
 * 'error' (an EventEmitter with no listener would crash the process), leaves locks and runs
 * that are no wake-up out (each notification costs the worker a lock query), and a lost stream
 * is reopened with backoff for as long as the channel is connected, from its last event, or
 * from now when resuming would fail (the history is gone, the collection was dropped).
 * Meanwhile Agenda's poll finds the jobs, and this process's own saves still wake its worker
 * through `publish`. Nothing is lost: a notification only makes the worker look for due jobs
 * sooner.
 */
export class JobChangeStreamChannel extends BaseNotificationChannel {
  private readonly collection: Collection<StoredJob>;
  private readonly logger: Logger | undefined;
  private readonly reopenDelayMs: { initial: number; max: number };
  private readonly openTimeoutMs: number;
  private stream: ChangeStream<StoredJob> | undefined;
  /** The stream answered since it was (re)opened: events from other processes arrive. */
  private streaming = false;
  private resumeToken: ResumeToken | undefined;
  private failures = 0;
  private reopenTimer: NodeJS.Timeout | undefined;

  constructor(options: JobChangeStreamOptions) {
    super();
    this.collection = options.db.collection<StoredJob>(options.collection);
    this.logger = options.logger;
    this.reopenDelayMs = options.reopenDelayMs ?? { initial: 500, max: 30_000 };
    this.openTimeoutMs = options.openTimeoutMs ?? 5_000;
  }

  /** Agenda's start: opens the stream and waits (bounded) for its first answer. */
  async connect(): Promise<void> {
    if (this.state === 'connected') return;
    this.setState('connected');
    this.failures = 0;
    await this.open();
  }

  /** Agenda's stop or drain: closes the stream; nothing reopens it. */
  async disconnect(): Promise<void> {
    this.setState('disconnected');
    clearTimeout(this.reopenTimer);
    this.reopenTimer = undefined;
    const stream = this.stream;
    this.stream = undefined;
    this.streaming = false;
    await stream?.close().catch(() => undefined);
    this.handlers.clear();
  }

  /**
   * A save by this process. The stream reports it like any other, so this only wakes the
   * worker itself while the stream is down.
   */
  async publish(notification: JobNotification): Promise<void> {
    if (!this.streaming) await this.notifyHandlers(notification);
  }

  /** Resolves once the stream answered, failed, or `openTimeoutMs` passed. */
  private open(): Promise<void> {
    const stream = this.collection.watch<StoredJob, ChangeStreamDocument<StoredJob>>(
      [{ $match: { operationType: { $in: ['insert', 'update', 'replace'] } } }],
      {
        // An update's event carries the job as it is now (lock and schedule fields included).
        fullDocument: 'updateLookup',
        ...(this.resumeToken ? { resumeAfter: this.resumeToken } : {}),
      },
    );
    this.stream = stream;
    this.streaming = false;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.openTimeoutMs);
      const settle = () => {
        clearTimeout(timer);
        resolve();
      };
      // The first answer (an empty first batch updates the resume token) or the first event.
      stream.once('resumeTokenChanged', () => this.answered(stream, settle));
      stream.on('change', (change) => {
        this.answered(stream, settle);
        this.changed(change);
      });
      stream.on('error', (error) => {
        settle();
        this.lost(stream, error);
      });
      stream.on('close', () => {
        settle();
        this.lost(stream, undefined);
      });
    });
  }

  private answered(stream: ChangeStream<StoredJob>, settle: () => void): void {
    settle();
    if (this.stream !== stream || this.streaming) return;
    this.streaming = true;
    if (this.failures > 0)
      this.logger?.info({ failures: this.failures }, 'job change stream open again');
    else this.logger?.debug('job change stream open');
    this.failures = 0;
  }

  private changed(change: ChangeStreamDocument<StoredJob>): void {
    this.resumeToken = change._id;
    if (!('fullDocument' in change)) return;
    const job = change.fullDocument;
    // Only a job that can be taken now is a wake-up; the lock, run and unlock of a job are not.
    if (!job?.name || !job.nextRunAt || job.lockedAt || job.disabled) return;
    void this.notifyHandlers({
      jobId: toJobId(String(job._id)),
      jobName: job.name,
      nextRunAt: job.nextRunAt,
      priority: job.priority ?? 0,
      timestamp: new Date(),
      source: 'changestream',
    });
  }

  /** The driver resumes by itself after network errors; what reaches here, it gave up on. */
  private lost(stream: ChangeStream<StoredJob>, error: unknown): void {
    if (this.stream !== stream || this.state !== 'connected') return;
    // Start from now, not from the last event, when resuming would fail again: a stream closed
    // without an error was invalidated (the jobs collection dropped or renamed: resuming before
    // that only reaches the invalidation again), and a stream refused before it answered may
    // have been refused its resume point (the history is gone).
    if (error === undefined || !this.streaming) this.resumeToken = undefined;
    this.stream = undefined;
    this.streaming = false;
    void stream.close().catch(() => undefined);
    const delayMs = Math.min(
      this.reopenDelayMs.initial * 2 ** this.failures,
      this.reopenDelayMs.max,
    );
    this.failures += 1;
    this.logger?.warn(
      { error: errorFields(error), failures: this.failures, retryInMs: delayMs },
      'job change stream lost: workers poll for jobs until it is back',
    );
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = undefined;
      if (this.state === 'connected') void this.open();
    }, delayMs);
    // A pending reopen does not keep the process alive.
    this.reopenTimer.unref();
  }
}

function errorFields(error: unknown): Document | undefined {
  if (error === undefined) return undefined;
  if (error instanceof Error) {
    const { code, codeName } = error as Error & { code?: unknown; codeName?: unknown };
    return { message: error.message, code, codeName };
  }
  return { message: String(error) };
}
