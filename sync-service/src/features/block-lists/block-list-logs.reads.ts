import { HISTORY_PAGE_SIZE } from '@outsync/contracts';
import type {
  BlockListLog,
  BlockListLogsFilter,
  BlockListLogsPage,
  BlockListSyncOption,
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
import type { BlockListLogDoc, BlockListLogModel } from './block-list-log.model';
import { BLOCK_LIST_LOGS_CSV_HEADER, blockListLogCsvRow } from './block-list-logs.csv';
import type { BlockListSyncModel } from './block-list-sync.model';

/** The list's filters without its page: what the export takes. */
export type BlockListLogsScopeFilter = Omit<BlockListLogsFilter, 'page'>;

/** Newest first; `_id` orders runs recorded in the same millisecond. */
const NEWEST_RUNS = { createdAt: -1, _id: -1 } as const;

/** What the list reads: never the run's whole list of values. */
const LIST_FIELDS = { entities: 0 } as const;

/** The MongoDB filter for the runs a caller asked for and may see (their own, or staff). */
export function blockListQuery(
  user: SessionUser,
  filter: BlockListLogsScopeFilter,
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
 * History > Block Lists (spec 02 §2.10, issue 13): the runs of block-list syncs and the syncs to
 * filter them by. A customer (no role) sees only their own, whatever they send; managers and
 * admins everyone's.
 */
export function createBlockListLogsReads(deps: {
  logs: BlockListLogModel;
  syncs: BlockListSyncModel;
  now: () => Date;
}) {
  return {
    async blockListLogs(
      user: SessionUser,
      filter: BlockListLogsFilter,
    ): Promise<BlockListLogsPage> {
      const query = blockListQuery(user, filter);
      const [docs, totalItems] = await Promise.all([
        deps.logs
          .find(query, LIST_FIELDS)
          .sort(NEWEST_RUNS)
          .skip(skipOf(filter.page))
          .limit(HISTORY_PAGE_SIZE)
          .lean<BlockListLogDoc[]>(),
        exactCount(deps.logs, query),
      ]);
      return {
        page: filter.page,
        limit: HISTORY_PAGE_SIZE,
        totalItems,
        data: docs.map(toBlockListLog),
      };
    },

    /**
     * Every run the list would show under these filters, newest first, as CSV rows (issue 34
     * item 4). The scope is decided here, before the first row; then a cursor reads them in
     * batches, never all at once.
     */
    blockListLogsExport(user: SessionUser, filter: BlockListLogsScopeFilter): CsvDownload {
      const query = blockListQuery(user, filter);
      async function* rows(): AsyncGenerator<CsvCell[]> {
        const cursor = deps.logs
          .find(query, LIST_FIELDS)
          .sort(NEWEST_RUNS)
          .lean<BlockListLogDoc[]>()
          .cursor({ batchSize: EXPORT_BATCH });
        for await (const batch of inBatches<BlockListLogDoc>(cursor))
          for (const doc of batch) yield blockListLogCsvRow(toBlockListLog(doc), doc.createdAt);
      }
      return {
        filename: exportFilename('block-list-logs', deps.now()),
        header: BLOCK_LIST_LOGS_CSV_HEADER,
        rows: rows(),
      };
    },

    /** The syncs the Block list filter offers: the caller's own (everyone's for staff). */
    async blockListSyncOptions(user: SessionUser): Promise<BlockListSyncOption[]> {
      const query = isStaff(user) ? {} : { userId: userObjectId(user) };
      const syncs = await deps.syncs.find(query).sort({ listName: 1, _id: 1 }).lean();
      return syncs.map((sync) => ({
        id: sync._id.toString(),
        listId: sync.listId,
        listIdILS: sync.listIdILS ?? null,
        listName: sync.listName,
      }));
    },
  };
}

export type BlockListLogsReads = ReturnType<typeof createBlockListLogsReads>;

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
