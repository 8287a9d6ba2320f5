import {
  ANY_EVENT_TYPE,
  EMAIL_ACTIVITY_EVENT_TYPES,
  ErrorCodes,
  HISTORY_PAGE_SIZE,
  SOCIAL_ACTIVITY_EVENT_TYPES,
} from '@outsync/contracts';
import {
  STAFF_ONLY_WEBHOOK_LOG_FILTERS,
  historyMessages,
  type HistoryCount,
  type WebhookLogDetail,
  type WebhookLogsDaily,
  type WebhookLogsFilter,
  type WebhookLogsPage,
} from '@outsync/contracts/history';
import type { SyncStatus } from '@outsync/contracts/sync';
import { Types, type QueryFilter } from 'mongoose';
import type { CsvCell, CsvDownload } from '../../platform/http/csv-route';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import { storedPayload, type WebhookEventDoc } from '../../pipeline';
import {
  EXPORT_BATCH,
  exactCount,
  exportFilename,
  inBatches,
  skipOf,
  userObjectId,
} from '../history';
import { isStaff, type ProfileRecords } from '../profiles';
import { STORED_TEXT_FIELDS, type WebhookEventModel } from './webhook-event.model';
import { WEBHOOK_LOGS_CSV_HEADER, webhookLogCsvRow } from './webhook-logs.csv';
import { createWebhookLogView } from './webhook-logs.view';

/** The chart's window: today in the viewer's offset and the 13 days before it. */
export const HISTORY_DAILY_DAYS = 14;
const DAY_MS = 86_400_000;

/** Newest first; `_id` orders events received in the same millisecond. */
const NEWEST_LOGS = { receivedAt: -1, _id: -1 } as const;

/** What a page of the list reads: never the raw payload or the canonical event. */
const LIST_FIELDS = { ...STORED_TEXT_FIELDS, lease: 0 } as const;

export type WebhookLogsScopeFilter = Omit<WebhookLogsFilter, 'page'>;

export type WebhookLogsReadsDeps = {
  events: WebhookEventModel;
  /** The Salesforce profiles' instance URLs, for the record links. */
  profiles: Pick<ProfileRecords, 'connectionsOf'>;
  /** HubSpot's web app (record links): https://app.hubspot.com in production. */
  hubspotAppUrl: string;
  /** The attempts an event is given (the sync's SYNC_MAX_ATTEMPTS). */
  maxAttempts: number;
  now: () => Date;
};

/**
 * The MongoDB filter for the webhook logs a caller asked for and may see: the list's, its
 * count's, its chart's and the bulk actions' (webhook-logs.service.ts), one rule for all.
 */
export function webhookLogsQuery(
  user: SessionUser,
  filter: WebhookLogsScopeFilter,
): QueryFilter<WebhookEventDoc> {
  const staff = isStaff(user);
  if (!staff && STAFF_ONLY_WEBHOOK_LOG_FILTERS.some((name) => filter[name] !== undefined))
    throw new HttpError(403, ErrorCodes.forbidden, historyMessages.staffOnlyFilter);
  const query: QueryFilter<WebhookEventDoc> = {};
  if (!staff) query.userId = userObjectId(user);
  // leadEmail is stored lower-case (normalize's asEmail); the query's is lower-cased too.
  if (filter.email !== undefined) query.leadEmail = filter.email;
  if (filter.eventType !== undefined) query.eventType = filter.eventType;
  if (filter.status !== undefined) query.status = filter.status;
  if (filter.userEmail !== undefined) query.userEmail = filter.userEmail;
  if (filter.webhookId !== undefined) query.webhookId = new Types.ObjectId(filter.webhookId);
  if (filter.webhookUrl !== undefined) query.webhookUrl = filter.webhookUrl;
  if (filter.hubId !== undefined) query.hubId = filter.hubId;
  // A range on the list's order field: every history index (webhook-event.model.ts) has
  // receivedAt right after its equalities, so the index that serves them serves the range too.
  if (filter.receivedFrom !== undefined || filter.receivedTo !== undefined)
    query.receivedAt = {
      ...(filter.receivedFrom !== undefined ? { $gte: filter.receivedFrom } : {}),
      ...(filter.receivedTo !== undefined ? { $lt: filter.receivedTo } : {}),
    };
  return query;
}

/**
 * History > Webhook Logs (spec 02 §2.9, issue 13). Every read is scoped by role: a customer
 * (no role) sees only what they own, whatever they send; managers and admins see everyone's
 * and have the extra filters, which a customer is refused (403).
 */
export function createWebhookLogsReads(deps: WebhookLogsReadsDeps) {
  const view = createWebhookLogView({
    hubspotAppUrl: deps.hubspotAppUrl,
    maxAttempts: deps.maxAttempts,
  });

  /** The Salesforce instance URL of each profile the rows name (record links); null if unknown. */
  async function instanceUrls(docs: WebhookEventDoc[]): Promise<Map<string, string>> {
    const ids = [
      ...new Set(
        docs.filter((doc) => doc.crm === 'SALESFORCE').map((doc) => doc.userProfileId.toString()),
      ),
    ];
    const urls = new Map<string, string>();
    if (ids.length === 0) return urls;
    const profiles = await deps.profiles.connectionsOf(ids);
    for (const profile of profiles) {
      const url = profile.connection?.instanceUrl;
      if (url) urls.set(profile._id.toString(), url.replace(/\/+$/, ''));
    }
    return urls;
  }

  return {
    async webhookLogs(user: SessionUser, filter: WebhookLogsFilter): Promise<WebhookLogsPage> {
      const { page, ...rest } = filter;
      const docs = await deps.events
        .find(webhookLogsQuery(user, rest), LIST_FIELDS)
        .sort(NEWEST_LOGS)
        .skip(skipOf(page))
        .limit(HISTORY_PAGE_SIZE)
        .lean<WebhookEventDoc[]>();
      const urls = await instanceUrls(docs);
      return {
        data: docs.map((doc) =>
          view.toWebhookLog(user, doc, urls.get(doc.userProfileId.toString())),
        ),
        page,
        limit: HISTORY_PAGE_SIZE,
      };
    },

    /** An exact count, served by the same indexes as the list (measured: bench/history.ts). */
    async webhookLogsCount(
      user: SessionUser,
      filter: WebhookLogsScopeFilter,
    ): Promise<HistoryCount> {
      return { totalItems: await exactCount(deps.events, webhookLogsQuery(user, filter)) };
    },

    webhookLogTypes(): string[] {
      return [ANY_EVENT_TYPE, ...EMAIL_ACTIVITY_EVENT_TYPES, ...SOCIAL_ACTIVITY_EVENT_TYPES];
    },

    /**
     * The last 14 days (the viewer's, by their UTC offset), oldest first, every day present:
     * events received that day grouped by outcome. `received` (not yet run) is not counted.
     */
    async webhookLogsDaily(
      user: SessionUser,
      filter: WebhookLogsScopeFilter & { utcOffsetMinutes: number },
    ): Promise<WebhookLogsDaily> {
      const { utcOffsetMinutes, ...rest } = filter;
      const offsetMs = utcOffsetMinutes * 60_000;
      // Midnight of the viewer's today, as a UTC instant.
      const localNow = deps.now().getTime() + offsetMs;
      const todayStart = localNow - (((localNow % DAY_MS) + DAY_MS) % DAY_MS) - offsetMs;
      const from = new Date(todayStart - (HISTORY_DAILY_DAYS - 1) * DAY_MS);
      const to = new Date(todayStart + DAY_MS);
      // The chart's window within the filter's range, so the list's one query applies.
      const match = webhookLogsQuery(user, {
        ...rest,
        receivedFrom: new Date(Math.max(from.getTime(), rest.receivedFrom?.getTime() ?? 0)),
        receivedTo: new Date(Math.min(to.getTime(), rest.receivedTo?.getTime() ?? Infinity)),
      });
      const rows = await deps.events.aggregate<{
        _id: { day: number; status: SyncStatus };
        n: number;
      }>([
        { $match: match },
        {
          $group: {
            // Whole days since the window's first midnight.
            _id: {
              day: {
                $floor: { $divide: [{ $subtract: ['$receivedAt', from] }, DAY_MS] },
              },
              status: '$status',
            },
            n: { $sum: 1 },
          },
        },
      ]);
      const days = Array.from({ length: HISTORY_DAILY_DAYS }, (_, index) => ({
        date: new Date(from.getTime() + offsetMs + index * DAY_MS).toISOString().slice(0, 10),
        synced: 0,
        held: 0,
        failed: 0,
        notSynced: 0,
      }));
      for (const { _id, n } of rows) {
        const day = days[Number(_id.day)];
        const column = DAILY_COLUMN[_id.status];
        if (day && column) day[column] += n;
      }
      return { days };
    },

    /**
     * Every log the list would show under these filters, newest first, as CSV rows (issue 34
     * item 4). The scope is decided here, before the first row, so a refused filter still
     * answers 403; then a cursor reads them in batches, never all at once.
     */
    webhookLogsExport(user: SessionUser, filter: WebhookLogsScopeFilter): CsvDownload {
      const query = webhookLogsQuery(user, filter);
      async function* rows(): AsyncGenerator<CsvCell[]> {
        const cursor = deps.events
          .find(query, LIST_FIELDS)
          .sort(NEWEST_LOGS)
          .lean<WebhookEventDoc[]>()
          .cursor({ batchSize: EXPORT_BATCH });
        for await (const batch of inBatches<WebhookEventDoc>(cursor)) {
          const urls = await instanceUrls(batch);
          for (const doc of batch)
            yield webhookLogCsvRow(
              view.toWebhookLog(user, doc, urls.get(doc.userProfileId.toString())),
            );
        }
      }
      return {
        filename: exportFilename('webhook-logs', deps.now()),
        header: WEBHOOK_LOGS_CSV_HEADER,
        rows: rows(),
      };
    },

    async webhookLog(user: SessionUser, id: string): Promise<WebhookLogDetail> {
      const query: QueryFilter<WebhookEventDoc> = { _id: new Types.ObjectId(id) };
      if (!isStaff(user)) query.userId = userObjectId(user);
      const doc = await deps.events
        .findOne(query, { eventJson: 0, event: 0, lease: 0 })
        .lean<WebhookEventDoc>();
      if (!doc) throw notFound(historyMessages.notFound);
      const urls = await instanceUrls([doc]);
      return {
        ...view.toWebhookLog(user, doc, urls.get(doc.userProfileId.toString())),
        payload: storedPayload(doc),
      };
    },
  };
}

export type WebhookLogsReads = ReturnType<typeof createWebhookLogsReads>;

/** The chart's columns (spec: synced, held, failed, not synced); `received` is not counted. */
const DAILY_COLUMN: Partial<Record<SyncStatus, 'synced' | 'held' | 'failed' | 'notSynced'>> = {
  synced: 'synced',
  partially_synced: 'synced',
  held: 'held',
  failed: 'failed',
  not_synced: 'notSynced',
  unsupported: 'notSynced',
  duplicate: 'notSynced',
};
