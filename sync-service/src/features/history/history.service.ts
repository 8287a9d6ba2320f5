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
  type BlockListLog,
  type BlockListLogsFilter,
  type BlockListLogsPage,
  type BlockListSyncOption,
  type CategoryBaseFilterRecord,
  type CategoryBaseFiltersFilter,
  type CategoryBaseFiltersPage,
  type HistoryCount,
  type WebhookLog,
  type WebhookLogDetail,
  type WebhookLogsDaily,
  type WebhookLogsFilter,
  type WebhookLogsPage,
} from '@outsync/contracts/history';
import type { SyncStatus } from '@outsync/contracts/sync';
import { Types, type Model, type QueryFilter } from 'mongoose';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { CategoryHoldDoc, CategoryHoldModel } from '../category-holds';
import { storedPayload, type WebhookEventDoc } from '../../pipeline';
import { STORED_TEXT_FIELDS, type WebhookEventModel } from '../webhook-events';
import { isStaff, type ProfileModel } from '../profiles';
import type { BlockListLogDoc, BlockListLogModel, BlockListSyncModel } from '../block-lists';

/** The chart's window: today in the viewer's offset and the 13 days before it. */
export const HISTORY_DAILY_DAYS = 14;
const DAY_MS = 86_400_000;

/** Newest first; `_id` orders events received in the same millisecond. */
const NEWEST_LOGS = { receivedAt: -1, _id: -1 } as const;

/** What a page of the list reads: never the raw payload or the canonical event. */
const LIST_FIELDS = { ...STORED_TEXT_FIELDS, lease: 0 } as const;

export type HistoryServiceDeps = {
  events: WebhookEventModel;
  holds: CategoryHoldModel;
  profiles: ProfileModel;
  blockListLogs: BlockListLogModel;
  blockListSyncs: BlockListSyncModel;
  /** HubSpot's web app (record links): https://app.hubspot.com in production. */
  hubspotAppUrl: string;
  now: () => Date;
};

export type WebhookLogsScopeFilter = Omit<WebhookLogsFilter, 'page'>;

function userObjectId(user: SessionUser): Types.ObjectId {
  return new Types.ObjectId(user.id);
}

function skipOf(page: number): number {
  return (page - 1) * HISTORY_PAGE_SIZE;
}

/** The MongoDB filter for the webhook logs a caller asked for and may see. */
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

export function categoryQuery(
  user: SessionUser,
  filter: CategoryBaseFiltersFilter,
): QueryFilter<CategoryHoldDoc> {
  const query: QueryFilter<CategoryHoldDoc> = {};
  if (!isStaff(user)) query.userId = userObjectId(user);
  if (filter.eventType !== undefined) query.webhook_event = filter.eventType;
  if (filter.webhookId !== undefined) query.webhookId = new Types.ObjectId(filter.webhookId);
  if (filter.campaignId !== undefined) query.campaign_id = filter.campaignId;
  if (filter.leadId !== undefined) query.lead_id = filter.leadId;
  if (filter.webhookUrl !== undefined) query.webhook_url = filter.webhookUrl;
  return query;
}

export function blockListQuery(
  user: SessionUser,
  filter: BlockListLogsFilter,
): QueryFilter<BlockListLogDoc> {
  const query: QueryFilter<BlockListLogDoc> = {};
  if (!isStaff(user)) query.userId = userObjectId(user);
  const syncId = filter['block-list-id'];
  if (syncId !== undefined) query.syncBlockListId = new Types.ObjectId(syncId);
  // A run matches when one of the values it wrote is the e-mail (a multikey equality).
  if (filter.email !== undefined) query.entities = filter.email;
  return query;
}

/**
 * The history area (spec 02 §2.9–2.11, issue 13). Every read is scoped by role: a customer
 * (no role) sees only what they own, whatever they send; managers and admins see everyone's
 * and have the extra webhook-log filters, which a customer is refused (403).
 */
export function createHistoryService(deps: HistoryServiceDeps) {
  const hubspotAppUrl = deps.hubspotAppUrl.replace(/\/+$/, '');

  /** The Salesforce instance URL of each profile the rows name (record links); null if unknown. */
  async function instanceUrls(docs: WebhookEventDoc[]): Promise<Map<string, string>> {
    const ids = [
      ...new Set(
        docs.filter((doc) => doc.crm === 'SALESFORCE').map((doc) => doc.userProfileId.toString()),
      ),
    ];
    const urls = new Map<string, string>();
    if (ids.length === 0) return urls;
    const profiles = await deps.profiles
      .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } }, { connection: 1 })
      .lean();
    for (const profile of profiles) {
      const url = profile.connection?.instanceUrl;
      if (url) urls.set(profile._id.toString(), url.replace(/\/+$/, ''));
    }
    return urls;
  }

  function crmLinks(doc: WebhookEventDoc, instanceUrl: string | undefined): WebhookLog['crmLinks'] {
    const steps = doc.steps ?? {};
    const contactId = steps.contactId ?? null;
    const engagementId = steps.engagementId ?? null;
    if (doc.crm === 'HUBSPOT') {
      if (!doc.hubId) return { contact: null, activity: null };
      const base = `${hubspotAppUrl}/contacts/${encodeURIComponent(doc.hubId)}/record`;
      const objectType = steps.engagementType === 'tasks' ? '0-27' : '0-49';
      return {
        contact: contactId ? `${base}/0-1/${encodeURIComponent(contactId)}` : null,
        activity: engagementId ? `${base}/${objectType}/${encodeURIComponent(engagementId)}` : null,
      };
    }
    if (!instanceUrl) return { contact: null, activity: null };
    const record = (object: string | null, id: string | null) =>
      object && id ? `${instanceUrl}/lightning/r/${object}/${encodeURIComponent(id)}/view` : null;
    return {
      contact: record(salesforcePersonObject(contactId), contactId),
      activity: record('Task', engagementId),
    };
  }

  function toWebhookLog(
    user: SessionUser,
    doc: WebhookEventDoc,
    instanceUrl: string | undefined,
  ): WebhookLog {
    const owns = doc.userId.toString() === user.id;
    const summary = doc.summary ?? {
      subject: null,
      to_email: null,
      from_email: null,
      event_type: null,
    };
    return {
      id: doc._id.toString(),
      user: { email: doc.userEmail, organizationId: doc.hubId },
      webhookId: doc.webhookId.toString(),
      webhookUrl: doc.webhookUrl,
      crm: doc.crm,
      platform: doc.platform,
      eventType: doc.eventType,
      test: doc.test,
      smartleadPayload: {
        path: doc.path,
        payload: {
          subject: summary.subject ?? null,
          to_email: summary.to_email ?? null,
          from_email: summary.from_email ?? null,
          event_type: summary.event_type ?? null,
        },
      },
      webhookLogResults: {
        errors: (Array.isArray(doc.errors) ? doc.errors : []).map((error) => ({
          step: error.step,
          message: error.message,
          at: new Date(error.at).toISOString(),
        })),
      },
      status: doc.status,
      reason: doc.reason,
      attempts: (Array.isArray(doc.attempts) ? doc.attempts : []).map((attempt) => ({
        at: new Date(attempt.at).toISOString(),
        durationMs: attempt.durationMs,
        outcome: attempt.outcome,
        message: attempt.message,
      })),
      crmLinks: crmLinks(doc, instanceUrl),
      canRetry:
        (doc.status === 'failed' || doc.status === 'partially_synced') &&
        (owns || user.role === 'ADMIN'),
      createdAt: doc.receivedAt.toISOString(),
      syncedAt: doc.syncedAt ? doc.syncedAt.toISOString() : null,
    };
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
        data: docs.map((doc) => toWebhookLog(user, doc, urls.get(doc.userProfileId.toString()))),
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

    async webhookLog(user: SessionUser, id: string): Promise<WebhookLogDetail> {
      const query: QueryFilter<WebhookEventDoc> = { _id: new Types.ObjectId(id) };
      if (!isStaff(user)) query.userId = userObjectId(user);
      const doc = await deps.events
        .findOne(query, { eventJson: 0, event: 0, lease: 0 })
        .lean<WebhookEventDoc>();
      if (!doc) throw notFound(historyMessages.notFound);
      const urls = await instanceUrls([doc]);
      return {
        ...toWebhookLog(user, doc, urls.get(doc.userProfileId.toString())),
        payload: storedPayload(doc),
      };
    },

    async categoryBaseFilters(
      user: SessionUser,
      filter: CategoryBaseFiltersFilter,
    ): Promise<CategoryBaseFiltersPage> {
      const query = categoryQuery(user, filter);
      const [docs, totalItems] = await Promise.all([
        deps.holds
          .find(query)
          .sort({ created_at: -1, _id: -1 })
          .skip(skipOf(filter.page))
          .limit(HISTORY_PAGE_SIZE)
          .lean<CategoryHoldDoc[]>(),
        exactCount(deps.holds, query),
      ]);
      return {
        page: filter.page,
        limit: HISTORY_PAGE_SIZE,
        totalItems,
        data: docs.map(toCategoryRecord),
      };
    },

    async blockListLogs(
      user: SessionUser,
      filter: BlockListLogsFilter,
    ): Promise<BlockListLogsPage> {
      const query = blockListQuery(user, filter);
      const [docs, totalItems] = await Promise.all([
        deps.blockListLogs
          .find(query, { entities: 0 })
          .sort({ createdAt: -1, _id: -1 })
          .skip(skipOf(filter.page))
          .limit(HISTORY_PAGE_SIZE)
          .lean<BlockListLogDoc[]>(),
        exactCount(deps.blockListLogs, query),
      ]);
      return {
        page: filter.page,
        limit: HISTORY_PAGE_SIZE,
        totalItems,
        data: docs.map(toBlockListLog),
      };
    },

    /** The syncs the Block list filter offers: the caller's own (everyone's for staff). */
    async blockListSyncOptions(user: SessionUser): Promise<BlockListSyncOption[]> {
      const query = isStaff(user) ? {} : { userId: userObjectId(user) };
      const syncs = await deps.blockListSyncs.find(query).sort({ listName: 1, _id: 1 }).lean();
      return syncs.map((sync) => ({
        id: sync._id.toString(),
        listId: sync.listId,
        listIdILS: sync.listIdILS ?? null,
        listName: sync.listName,
      }));
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;

/**
 * How many documents match. Unfiltered (staff with no filter), the collection's own count,
 * read from its metadata instead of walking every key (exact, bar MongoDB's documented caveats
 * after an unclean shutdown or with orphaned documents on a sharded cluster).
 */
function exactCount<Doc>(model: Model<Doc>, query: QueryFilter<Doc>): Promise<number> {
  return Object.keys(query).length === 0
    ? model.estimatedDocumentCount()
    : model.countDocuments(query);
}

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

/** Salesforce ids name their object by their first three characters (key prefix). */
function salesforcePersonObject(id: string | null): string | null {
  if (!id) return null;
  if (id.startsWith('003')) return 'Contact';
  if (id.startsWith('00Q')) return 'Lead';
  return null;
}

function toCategoryRecord(doc: CategoryHoldDoc): CategoryBaseFilterRecord {
  const dto = doc.dto ?? { subject: null, to_email: null, from_email: null, event_type: null };
  return {
    id: doc._id.toString(),
    webhook_url: doc.webhook_url,
    webhook_event: doc.webhook_event,
    campaign_id: doc.campaign_id,
    lead_id: doc.lead_id,
    smartlead_base_categories: (doc.smartlead_base_categories ?? []).map((category) => ({
      id: category.id,
      name: category.name,
    })),
    category_name: doc.category_name,
    dto: {
      subject: dto.subject ?? null,
      to_email: dto.to_email ?? null,
      from_email: dto.from_email ?? null,
      event_type: dto.event_type ?? null,
    },
    webhookId: doc.webhookId.toString(),
    eventId: doc.eventId.toString(),
    created_at: doc.created_at.toISOString(),
    sent_at: doc.sent_at ? doc.sent_at.toISOString() : null,
  };
}

function toBlockListLog(doc: BlockListLogDoc): BlockListLog {
  return {
    id: doc._id.toString(),
    syncBlockList: {
      id: doc.syncBlockListId.toString(),
      listName: doc.syncBlockList.listName,
      blockType: doc.syncBlockList.blockType,
      isEnabled: doc.syncBlockList.isEnabled,
    },
    entityDetails: doc.entityDetails,
    syncedAt: doc.syncedAt ? doc.syncedAt.toISOString() : null,
    lastError: doc.lastError,
  };
}
