import { liveStreamIdAt, type LiveWebhookEvent } from '@outsync/contracts/webhooks/live-events';
import type { ChangeStream, ChangeStreamDocument } from 'mongodb';
import { Types, type QueryFilter } from 'mongoose';
import type { SessionUser } from '../../platform/http/types';
import type { Logger } from '../../platform/logger';
import type { WebhookEventDoc } from '../../pipeline';
import type { WebhookEventModel } from './webhook-event.model';
import { webhookLogsQuery } from './webhook-logs.reads';

// The live view of a webhook (issue 34, item 1). The API process serves the stream while worker
// processes change the logs, so the stream learns of changes from the database, never from its
// own process: on a replica set through one change stream per API process, open while anyone
// there watches; on a standalone (the embedded default) by one poll per watched webhook, by update
// time, shared by every viewer of that webhook there. The poll also runs, slowly, beside a
// healthy change stream: it covers the moments a stream is being reopened (docs/decisions.md,
// "Live view (issue 34, item 1)").

/** The fields a live row needs: no payload, no canonical event. */
const LIVE_FIELDS = {
  _id: 1,
  webhookId: 1,
  userId: 1,
  eventType: 1,
  leadEmail: 1,
  summary: 1,
  status: 1,
  reason: 1,
  errors: 1,
  test: 1,
  receivedAt: 1,
  updatedAt: 1,
} as const;

type LiveDoc = Pick<
  WebhookEventDoc,
  | '_id'
  | 'webhookId'
  | 'userId'
  | 'eventType'
  | 'leadEmail'
  | 'summary'
  | 'status'
  | 'reason'
  | 'errors'
  | 'test'
  | 'receivedAt'
  | 'updatedAt'
>;

const BY_UPDATE = { updatedAt: 1, _id: 1 } as const;

/** What a change stream's event leaves out of the log: the large fields no row needs. */
const UNSENT_FIELDS = {
  'fullDocument.payloadJson': 0,
  'fullDocument.payload': 0,
  'fullDocument.eventJson': 0,
  'fullDocument.event': 0,
  'fullDocument.steps': 0,
  'fullDocument.attempts': 0,
  'fullDocument.lease': 0,
  updateDescription: 0,
} as const;

export type WebhookLiveOptions = {
  /** How often a watched webhook's logs are read for changes, without a change stream. */
  pollMs: number;
  /** How often they are read beside a change stream that answers: a safety net. */
  streamingPollMs: number;
  /** Waits before reopening a lost change stream: doubling from `initial` up to `max`. */
  reopenDelayMs: { initial: number; max: number };
  /**
   * How far back each read looks before the newest change already seen. A change is stamped
   * with its writer's clock before it commits, so one may become visible after a later-stamped
   * one was read; reading again this far back catches it (and a small clock difference between
   * processes). Changes seen already are not sent twice.
   */
  overlapMs: number;
  /** The most rows one read takes; a fuller window is read on in pages. */
  pageSize: number;
  /** The most rows a reconnect replays. */
  replayLimit: number;
  /**
   * How far back a reconnect replays at most, whatever its Last-Event-ID says: a view that was
   * away longer starts again from there. The live view is not History (an embed token, which
   * opens this stream, is never given History), so an id made up to say "0" gets no more.
   */
  replayWindowMs: number;
};

export const WEBHOOK_LIVE_DEFAULTS: WebhookLiveOptions = {
  pollMs: 300,
  streamingPollMs: 5_000,
  reopenDelayMs: { initial: 500, max: 30_000 },
  overlapMs: 2_000,
  pageSize: 500,
  replayLimit: 1_000,
  replayWindowMs: 15 * 60_000,
};

export type WebhookLiveDeps = {
  events: WebhookEventModel;
  /**
   * Whether MongoDB has change streams (a replica set, Atlas, mongos); asked once, when the
   * first viewer comes. Without it, or when it fails, the logs are polled.
   */
  hasChangeStreams?: () => Promise<boolean>;
  now: () => Date;
  logger?: Logger;
  options?: Partial<WebhookLiveOptions>;
};

/** A viewer of one webhook: gets the events their scope allows. */
type Viewer = {
  user: SessionUser;
  send: (event: LiveMessage) => void;
  /** Ends the viewer's stream (the service stops). */
  close: () => void;
};

/** One change as the stream sends it: the row and its place in the stream. */
export type LiveMessage = { id: string; event: LiveWebhookEvent };

/** One webhook watched by this process: its viewers and how far its logs were read. */
type Watch = {
  webhookId: Types.ObjectId;
  viewers: Set<Viewer>;
  /** The newest update time read so far. */
  cursor: number;
  /** Each recently changed log's last update sent (id → ms), so an overlap sends nothing twice. */
  sent: Map<string, number>;
  timer: NodeJS.Timeout | undefined;
  polling: boolean;
};

/** `<update time in ms>.<log id>`: the SSE id, which a reconnect's Last-Event-ID sends back. */
export function liveEventId(doc: Pick<LiveDoc, '_id' | 'updatedAt'>): string {
  return `${new Date(doc.updatedAt).getTime()}.${doc._id.toString()}`;
}

/** The update time a Last-Event-ID names, or undefined for anything else. */
export function timeOfLiveEventId(id: string | undefined): number | undefined {
  const match = /^(\d{1,15})\.[0-9a-f]{0,24}$/.exec(id?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}

function toLiveEvent(doc: LiveDoc): LiveWebhookEvent {
  const errors = Array.isArray(doc.errors) ? doc.errors : [];
  return {
    id: doc._id.toString(),
    webhookId: doc.webhookId.toString(),
    eventType: doc.eventType ?? doc.summary?.event_type ?? null,
    leadEmail: doc.leadEmail ?? doc.summary?.to_email ?? null,
    subject: doc.summary?.subject ?? null,
    status: doc.status,
    // A failed event's reason is its last error, as the log's explanation starts with.
    reason: doc.reason ?? errors.at(-1)?.message ?? null,
    test: Boolean(doc.test),
    receivedAt: new Date(doc.receivedAt).toISOString(),
    updatedAt: new Date(doc.updatedAt).toISOString(),
  };
}

function toMessage(doc: LiveDoc): LiveMessage {
  return { id: liveEventId(doc), event: toLiveEvent(doc) };
}

/**
 * Which of a webhook's logs a viewer may see: the webhook logs list's rule (a customer their
 * own, managers and admins everyone's), so the live view never shows what History would not.
 */
function scopeOf(user: SessionUser, webhookId: Types.ObjectId): QueryFilter<WebhookEventDoc> {
  return { ...webhookLogsQuery(user, {}), webhookId };
}

function mayView(user: SessionUser, doc: LiveDoc): boolean {
  const scope = webhookLogsQuery(user, {});
  return scope.userId === undefined || doc.userId.toString() === String(scope.userId);
}

export function createWebhookLive(deps: WebhookLiveDeps) {
  const options = { ...WEBHOOK_LIVE_DEFAULTS, ...deps.options };
  const watches = new Map<string, Watch>();

  /** Reads the webhook's logs changed since the cursor (less the overlap), in pages. */
  async function poll(watch: Watch): Promise<void> {
    let after: { at: Date; id: Types.ObjectId } | undefined;
    const from = new Date(watch.cursor - options.overlapMs);
    for (;;) {
      const query: QueryFilter<WebhookEventDoc> = after
        ? {
            webhookId: watch.webhookId,
            $or: [
              { updatedAt: { $gt: after.at } },
              { updatedAt: after.at, _id: { $gt: after.id } },
            ],
          }
        : { webhookId: watch.webhookId, updatedAt: { $gte: from } };
      const docs = await deps.events
        .find(query, LIVE_FIELDS)
        .sort(BY_UPDATE)
        .limit(options.pageSize)
        .lean<LiveDoc[]>();
      for (const doc of docs) deliver(watch, doc);
      const last = docs.at(-1);
      if (!last || docs.length < options.pageSize) break;
      after = { at: new Date(last.updatedAt), id: last._id };
    }
    // What fell out of the overlap can no longer be read again: forget it.
    const forgetBefore = watch.cursor - options.overlapMs;
    for (const [id, at] of watch.sent) if (at < forgetBefore) watch.sent.delete(id);
  }

  function deliver(watch: Watch, doc: LiveDoc): void {
    const at = new Date(doc.updatedAt).getTime();
    const id = doc._id.toString();
    if (watch.sent.get(id) === at) return;
    watch.sent.set(id, at);
    watch.cursor = Math.max(watch.cursor, at);
    const message = toMessage(doc);
    for (const viewer of watch.viewers) if (mayView(viewer.user, doc)) viewer.send(message);
  }

  // --- The change stream (a replica set) ----------------------------------------------------

  let changeStreams: Promise<boolean> | undefined;
  let stream: ChangeStream<LiveDoc> | undefined;
  /** The stream answered since it was (re)opened: changes of other processes arrive through it. */
  let streaming = false;
  let failures = 0;
  let reopenTimer: NodeJS.Timeout | undefined;

  /** Opens the stream if the server has them and none is open; the first viewer's call. */
  function ensureStream(): void {
    if (!deps.hasChangeStreams || stream || reopenTimer) return;
    changeStreams ??= deps.hasChangeStreams().catch((error: unknown) => {
      deps.logger?.warn({ err: error }, 'cannot tell whether MongoDB has change streams: polling');
      return false;
    });
    void changeStreams.then((has) => {
      if (has && watches.size > 0 && !stream && !reopenTimer) openStream();
    });
  }

  function openStream(): void {
    const opened = deps.events.collection.watch<LiveDoc, ChangeStreamDocument<LiveDoc>>(
      [
        { $match: { operationType: { $in: ['insert', 'update', 'replace'] } } },
        // The payload, the canonical event and the step record stay on the server.
        { $project: UNSENT_FIELDS },
      ],
      // An update's event carries the log as it is now; which webhook it is of is checked here,
      // on that document, not by a server `$match` (which may run before the lookup).
      { fullDocument: 'updateLookup' },
    );
    stream = opened;
    streaming = false;
    const answered = () => {
      if (stream !== opened || streaming) return;
      streaming = true;
      failures = 0;
    };
    opened.once('resumeTokenChanged', answered);
    opened.on('change', (change) => {
      answered();
      if (!('fullDocument' in change) || !change.fullDocument) return;
      const doc = change.fullDocument;
      const watch = doc.webhookId ? watches.get(doc.webhookId.toString()) : undefined;
      if (watch) deliver(watch, doc);
    });
    opened.on('error', (error) => lost(opened, error));
    opened.on('close', () => lost(opened, undefined));
  }

  /** The driver resumes by itself after network errors; what reaches here, it gave up on. */
  function lost(lostStream: ChangeStream<LiveDoc>, error: unknown): void {
    if (stream !== lostStream) return;
    stream = undefined;
    streaming = false;
    void lostStream.close().catch(() => undefined);
    if (watches.size === 0) return;
    // Meanwhile the polls run at their fast pace again, from now: nothing is missed, only later.
    for (const [key, watch] of watches) {
      if (watch.polling) continue;
      clearTimeout(watch.timer);
      schedule(key, watch);
    }
    const delayMs = Math.min(
      options.reopenDelayMs.initial * 2 ** failures,
      options.reopenDelayMs.max,
    );
    failures += 1;
    deps.logger?.warn(
      { err: error, failures, retryInMs: delayMs },
      'live view change stream lost: polling until it is back',
    );
    reopenTimer = setTimeout(() => {
      reopenTimer = undefined;
      if (watches.size > 0 && !stream) openStream();
    }, delayMs);
    reopenTimer.unref();
  }

  /** The last viewer left (or the service stops): nothing to watch. */
  function closeStream(): void {
    clearTimeout(reopenTimer);
    reopenTimer = undefined;
    const closing = stream;
    stream = undefined;
    streaming = false;
    void closing?.close().catch(() => undefined);
  }

  // --- The polls --------------------------------------------------------------------------

  function schedule(key: string, watch: Watch): void {
    watch.timer = setTimeout(() => {
      watch.timer = undefined;
      if (watches.get(key) !== watch) return;
      watch.polling = true;
      poll(watch)
        .catch((error: unknown) => {
          // Stopped meanwhile (the service's shutdown closes the database): nothing to report.
          if (watches.get(key) !== watch) return;
          // The next poll tries again; a viewer only sees the change a little later.
          deps.logger?.warn({ err: error, webhookId: key }, 'live view poll failed');
        })
        .finally(() => {
          watch.polling = false;
          if (watches.get(key) === watch) schedule(key, watch);
        });
    }, currentPollMs());
    // An open watch alone does not keep the process alive.
    watch.timer.unref();
  }

  function currentPollMs(): number {
    return streaming ? options.streamingPollMs : options.pollMs;
  }

  return {
    /**
     * Sends `viewer` every change of the webhook's logs it may see, from now until the returned
     * function is called. The first viewer of a webhook starts its poll, the last one stops it.
     */
    watch(
      user: SessionUser,
      webhookId: string,
      send: Viewer['send'],
      close: Viewer['close'],
    ): () => void {
      const key = webhookId;
      let watch = watches.get(key);
      if (!watch) {
        watch = {
          webhookId: new Types.ObjectId(webhookId),
          viewers: new Set(),
          cursor: deps.now().getTime(),
          sent: new Map(),
          timer: undefined,
          polling: false,
        };
        watches.set(key, watch);
        schedule(key, watch);
        ensureStream();
      }
      const viewer: Viewer = { user, send, close };
      watch.viewers.add(viewer);
      const current = watch;
      return () => {
        current.viewers.delete(viewer);
        if (current.viewers.size > 0 || watches.get(key) !== current) return;
        watches.delete(key);
        clearTimeout(current.timer);
        if (watches.size === 0) closeStream();
      };
    },

    /**
     * What a reconnecting viewer missed: the webhook's logs they may see that changed since the
     * Last-Event-ID's time (less the overlap, so a change committed late is not skipped; at most
     * the replay window back), oldest change first. The view replaces a row by its id, so one it already had does no harm.
     */
    async missedSince(user: SessionUser, webhookId: string, since: number) {
      const docs = await deps.events
        .find(
          {
            ...scopeOf(user, new Types.ObjectId(webhookId)),
            updatedAt: {
              $gte: new Date(
                Math.max(since - options.overlapMs, deps.now().getTime() - options.replayWindowMs),
              ),
            },
          },
          LIVE_FIELDS,
        )
        .sort(BY_UPDATE)
        .limit(options.replayLimit)
        .lean<LiveDoc[]>();
      return docs.map(toMessage);
    },

    /** A stream's first id when nothing was sent yet: a reconnect replays from this moment. */
    startId(): string {
      return liveStreamIdAt(deps.now().getTime());
    },

    /** How many webhooks this process polls (a test's and an operator's look). */
    watchedCount(): number {
      return watches.size;
    },

    /** Whether changes arrive through a change stream that answered (else: polls alone). */
    isStreaming(): boolean {
      return streaming;
    },

    /**
     * Stops every poll and ends every stream (the service's shutdown): an open stream would
     * otherwise hold the graceful stop until its timeout. The views reconnect to another process.
     */
    stop(): void {
      const stopping = [...watches.values()];
      watches.clear();
      closeStream();
      for (const watch of stopping) {
        clearTimeout(watch.timer);
        for (const viewer of watch.viewers) viewer.close();
      }
    },
  };
}

export type WebhookLive = ReturnType<typeof createWebhookLive>;
