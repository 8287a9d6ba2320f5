import type { CrmKind, Platform } from '@outsync/contracts';
import type { BackfillStatus } from '@outsync/contracts/webhooks';
import { Types } from 'mongoose';
import {
  isConnectorError,
  type HistoryPage,
  type HistoryReader,
  type PlatformClientOptions,
} from '../../connectors';
import type { Logger } from '../../platform/logger';
import { storedEvent, type WebhookEventDoc } from '../../pipeline';
import { receivedEventDoc } from '../webhook-events';
import type { WebhookDoc } from '../webhooks';
import { backfillMessages } from './backfill-messages';
import { newEventsOf, type StoredEventsLookup } from './backfill-dedupe';
import type { BackfillDoc, BackfillModel } from './backfill.model';

/** Where a backfilled event says it came from, in its log's `path` (history shows it). */
export const backfillPath = (backfillId: string): string => `/backfill/${backfillId}`;

/** How long to wait on a 429 that names no time (Instantly's). */
const DEFAULT_RETRY_AFTER_S = 60;
/** Events queued for the pipeline per sync job. */
const SYNC_CHUNK = 100;

export type BackfillRunDeps = {
  backfills: BackfillModel;
  /** Stores logs as the receiver does (one insert of a page's new events). */
  insertEvents(docs: WebhookEventDoc[]): Promise<void>;
  lookup: StoredEventsLookup;
  /** The webhook with its address, or null once deleted. */
  webhookById(id: Types.ObjectId): Promise<(WebhookDoc & { webhookUrl: string }) | null>;
  /** The owner's e-mail and the CRM of the webhook's profile, as the logs keep them. */
  describe(webhook: WebhookDoc): Promise<{ userEmail: string; crm: CrmKind }>;
  /** The key in clear (and bison's instance address), or null once deleted. */
  credentials(apiKeyId: Types.ObjectId): Promise<{ apiKey: string; baseUrl: string | null } | null>;
  readerFor(
    platform: Platform,
    options: Pick<PlatformClientOptions, 'apiKey'> & {
      baseUrl: string | null;
    },
  ): HistoryReader;
  /** Queues stored events for the pipeline, as the receiver's dispatcher does. */
  scheduleSync(eventIds: string[], at: Date): Promise<void>;
  /** Queues this backfill's next run at a time (after a rate limit). */
  queue(backfillId: string, at: Date): Promise<void>;
  now: () => Date;
  retentionDays: number;
  /** How long a run holds the backfill without saving a page; a lost run's is then taken over. */
  leaseMs: number;
  logger: Logger;
};

export type BackfillRunOutcome =
  'not-claimed' | 'completed' | 'cancelled' | 'paused-for-rate-limit' | 'failed' | 'stopped';

export type BackfillRunOptions = {
  /** Tests: stop after this many pages, as a worker killed there would (the lease stays). */
  stopAfterPages?: number;
  /** Tests: called after each saved page. */
  afterPage?: (pagesRead: number) => Promise<void> | void;
  /**
   * The worker is stopping (a deploy, a restart): the run ends after the page it is reading,
   * releases its lease and queues its next run, so the next worker goes on at once instead of
   * waiting for the lease to run out.
   */
  shouldStop?: () => boolean;
};

const UNFINISHED: BackfillStatus[] = ['queued', 'running', 'paused-for-rate-limit'];

/**
 * One run of a backfill: page after page from the saved cursor, each page's new events stored
 * as the receiver stores a delivery and queued for the pipeline, then the cursor and counters
 * saved, so a run killed anywhere goes on after the last saved page and a page read twice is
 * deduplicated like any other. A rate limit pauses it (the job is queued again after
 * Retry-After); a cancel stops it between pages.
 */
export async function runBackfill(
  deps: BackfillRunDeps,
  backfillId: string,
  options: BackfillRunOptions = {},
): Promise<BackfillRunOutcome> {
  const log = deps.logger.child({ backfillId });
  const claimedAt = deps.now();
  if (!Types.ObjectId.isValid(backfillId)) return 'not-claimed';
  const doc = await deps.backfills
    .findOneAndUpdate(
      {
        _id: new Types.ObjectId(backfillId),
        active: true,
        status: { $in: UNFINISHED },
        $and: [
          { $or: [{ leaseUntil: null }, { leaseUntil: { $lte: claimedAt } }] },
          { $or: [{ resumesAt: null }, { resumesAt: { $lte: claimedAt } }] },
        ],
      },
      {
        $set: {
          status: 'running',
          leaseUntil: new Date(claimedAt.getTime() + deps.leaseMs),
          resumesAt: null,
          updatedAt: claimedAt,
        },
      },
      { returnDocument: 'after' },
    )
    .lean<BackfillDoc>();
  if (!doc) return 'not-claimed';
  if (!doc.startedAt)
    await deps.backfills.updateOne({ _id: doc._id }, { $set: { startedAt: claimedAt } });
  if (doc.cancelRequested) return end(deps, doc._id, 'cancelled', null);

  const webhook = await deps.webhookById(doc.webhookId);
  if (!webhook) return end(deps, doc._id, 'failed', backfillMessages.webhookDeleted);
  const key = await deps.credentials(doc.apiKeyId);
  if (!key) return end(deps, doc._id, 'failed', backfillMessages.keyDeleted(doc.platform));
  const owner = await deps.describe(webhook);
  const target = {
    id: webhook._id.toString(),
    userId: webhook.userId,
    userProfileId: webhook.userProfileId,
    userEmail: owner.userEmail,
    crm: owner.crm,
    hubId: webhook.hubId,
    webhookUrl: webhook.webhookUrl,
    platform: webhook.emailService,
  };
  const reader = deps.readerFor(doc.platform, key);
  const pages = reader.read({
    from: doc.from,
    to: doc.to,
    campaigns: doc.campaigns,
    cursor: doc.cursor,
  });

  let pagesThisRun = 0;
  let pageStarted = Date.now();
  try {
    for (;;) {
      const next = await pages.next();
      if (next.done) return await end(deps, doc._id, 'completed', null);
      const page: HistoryPage = next.value;
      const receivedAt = deps.now();
      const docs = page.events.map((event) =>
        receivedEventDoc(
          target,
          {
            payload: event.payload,
            text: JSON.stringify(event.payload),
            path: backfillPath(backfillId),
            test: false,
          },
          receivedAt,
          deps.retentionDays,
        ),
      );
      const readable = docs.filter((stored) => stored.status === 'received');
      if (readable.length < docs.length) {
        log.warn({ unreadable: docs.length - readable.length }, 'history events not normalised');
      }
      const { fresh, skipped } = await newEventsOf(webhook._id, readable, deps.lookup);
      if (fresh.length > 0) {
        await deps.insertEvents(fresh);
        for (let index = 0; index < fresh.length; index += SYNC_CHUNK) {
          const ids = fresh.slice(index, index + SYNC_CHUNK).map((stored) => stored._id.toString());
          await deps.scheduleSync(ids, receivedAt);
        }
      }
      const savedAt = deps.now();
      const spent = Date.now() - pageStarted;
      // The page's events are stored: now its cursor, so a restart never reads it again.
      const saved = await deps.backfills
        .findOneAndUpdate(
          { _id: doc._id, active: true },
          {
            $set: {
              cursor: page.cursor,
              progress: page.progress,
              leaseUntil: new Date(savedAt.getTime() + deps.leaseMs),
              updatedAt: savedAt,
            },
            $inc: {
              pagesRead: 1,
              eventsFound: page.events.length,
              queued: fresh.length,
              skipped,
              activeMs: spent,
            },
          },
          { returnDocument: 'after' },
        )
        .lean<BackfillDoc>();
      pagesThisRun += 1;
      if (!saved) return 'cancelled';
      await options.afterPage?.(saved.pagesRead);
      const latest = await deps.backfills.findById(doc._id, { cancelRequested: 1 }).lean();
      if (latest?.cancelRequested) {
        await pages.return(undefined);
        return await end(deps, doc._id, 'cancelled', null);
      }
      if (options.shouldStop?.()) {
        await pages.return(undefined);
        await deps.backfills.updateOne(
          { _id: doc._id, active: true },
          { $set: { leaseUntil: null, updatedAt: deps.now() } },
        );
        await deps.queue(backfillId, deps.now());
        log.info({ pagesRead: saved.pagesRead }, 'backfill handed over: the worker is stopping');
        return 'stopped';
      }
      if (options.stopAfterPages !== undefined && pagesThisRun >= options.stopAfterPages) {
        await pages.return(undefined);
        return 'stopped';
      }
      pageStarted = Date.now();
    }
  } catch (error) {
    if (isConnectorError(error) && error.code === 'rate_limited') {
      const at = new Date(
        deps.now().getTime() + (error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S) * 1000,
      );
      await deps.backfills.updateOne(
        { _id: doc._id, active: true },
        {
          $set: {
            status: 'paused-for-rate-limit',
            resumesAt: at,
            leaseUntil: null,
            updatedAt: deps.now(),
          },
        },
      );
      await deps.queue(backfillId, at);
      log.info({ resumesAt: at }, 'backfill paused for the platform rate limit');
      return 'paused-for-rate-limit';
    }
    log.error({ err: error }, 'backfill failed');
    return end(deps, doc._id, 'failed', failureText(doc.platform, error));
  }
}

async function end(
  deps: Pick<BackfillRunDeps, 'backfills' | 'now'>,
  id: Types.ObjectId,
  status: 'completed' | 'cancelled' | 'failed',
  error: string | null,
): Promise<BackfillRunOutcome> {
  const now = deps.now();
  await deps.backfills.updateOne(
    { _id: id, active: true },
    {
      $set: {
        status,
        active: false,
        error,
        leaseUntil: null,
        resumesAt: null,
        finishedAt: now,
        updatedAt: now,
      },
    },
  );
  return status;
}

/** Why a run failed, in words a customer reads (no key, no call, no stack). */
export function failureText(platform: Platform, error: unknown): string {
  if (isConnectorError(error)) {
    switch (error.code) {
      case 'unauthorized':
      case 'forbidden':
      case 'missing_scopes':
        return backfillMessages.keyRefused(platform);
      case 'not_found':
        return backfillMessages.campaignUnknown(platform);
      case 'unexpected':
        return backfillMessages.unreadable(platform);
      case 'invalid_request':
        return backfillMessages.refused(platform, error.vendorMessage);
      default:
        return backfillMessages.unreachable(platform);
    }
  }
  // The readers' own refusals (a foreign cursor, an empty range) are sentences already.
  if (error instanceof RangeError) return error.message;
  return backfillMessages.internal;
}

/** The stored-events side of the page check, over the webhook's logs and the registry. */
export function storedEventsLookup(deps: {
  /** The stored texts of the webhook's (non-test) events about these leads. */
  eventsOfLeads(
    webhookId: Types.ObjectId,
    leadKeys: string[],
  ): Promise<Array<Pick<WebhookEventDoc, 'eventJson' | 'event'>>>;
  registry: { find(ids: string[]): Promise<string[]> };
}): StoredEventsLookup {
  return {
    async eventsOfLeads(webhookId, leadKeys) {
      const docs = await deps.eventsOfLeads(webhookId, leadKeys);
      return docs.flatMap((stored) => {
        const event = storedEvent(stored);
        return event ? [event] : [];
      });
    },
    async registered(ids) {
      return new Set(ids.length > 0 ? await deps.registry.find(ids) : []);
    },
  };
}
