import { HISTORY_PAGE_SIZE } from '@outsync/contracts';
import type {
  CategoryBaseFilterRecord,
  CategoryBaseFiltersFilter,
  CategoryBaseFiltersPage,
} from '@outsync/contracts/history';
import { Types, type QueryFilter } from 'mongoose';
import type { CsvCell, CsvDownload } from '../../platform/http/csv-route';
import type { SessionUser } from '../../platform/http/types';
import {
  EXPORT_BATCH,
  exactCount,
  exportFilename,
  inBatches,
  skipOf,
  userObjectId,
} from '../history';
import { isStaff } from '../profiles';
import type { CategoryHoldDoc, CategoryHoldModel } from './category-hold.model';
import {
  CATEGORY_BASE_FILTERS_CSV_HEADER,
  categoryBaseFilterCsvRow,
} from './category-base-filters.csv';

/** The list's filters without its page: what the export takes. */
export type CategoryBaseFiltersScopeFilter = Omit<CategoryBaseFiltersFilter, 'page'>;

/** Newest first; `_id` orders events held in the same millisecond. */
const NEWEST_HOLDS = { created_at: -1, _id: -1 } as const;

/** The MongoDB filter for the held events a caller asked for and may see (their own, or staff). */
export function categoryQuery(
  user: SessionUser,
  filter: CategoryBaseFiltersScopeFilter,
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

/**
 * History > Category Base Filter (spec 02 §2.11, issue 13): the events a category filter held.
 * A customer (no role) sees only their own, whatever they send; managers and admins everyone's.
 */
export function createCategoryBaseFiltersReads(deps: {
  holds: CategoryHoldModel;
  now: () => Date;
}) {
  return {
    async categoryBaseFilters(
      user: SessionUser,
      filter: CategoryBaseFiltersFilter,
    ): Promise<CategoryBaseFiltersPage> {
      const query = categoryQuery(user, filter);
      const [docs, totalItems] = await Promise.all([
        deps.holds
          .find(query)
          .sort(NEWEST_HOLDS)
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

    /**
     * Every held event the list would show under these filters, newest first, as CSV rows
     * (issue 34 item 4). The scope is decided here, before the first row; then a cursor reads
     * them in batches, never all at once.
     */
    categoryBaseFiltersExport(
      user: SessionUser,
      filter: CategoryBaseFiltersScopeFilter,
    ): CsvDownload {
      const query = categoryQuery(user, filter);
      async function* rows(): AsyncGenerator<CsvCell[]> {
        const cursor = deps.holds
          .find(query)
          .sort(NEWEST_HOLDS)
          .lean<CategoryHoldDoc[]>()
          .cursor({ batchSize: EXPORT_BATCH });
        for await (const batch of inBatches<CategoryHoldDoc>(cursor))
          for (const doc of batch) yield categoryBaseFilterCsvRow(toCategoryRecord(doc));
      }
      return {
        filename: exportFilename('category-base-filter-logs', deps.now()),
        header: CATEGORY_BASE_FILTERS_CSV_HEADER,
        rows: rows(),
      };
    },
  };
}

export type CategoryBaseFiltersReads = ReturnType<typeof createCategoryBaseFiltersReads>;

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
