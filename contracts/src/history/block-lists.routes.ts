import { defineRoute } from '@outsync/contracts';
import * as z from '@outsync/contracts/zod';
import {
  BlockListLogFiltersSchema,
  BlockListLogsPageSchema,
  BlockListLogsQuerySchema,
  BlockListSyncOptionSchema,
} from './block-lists.schemas';
import { reading } from './route-parts';

/**
 * The block-lists feature's history calls: the runs of the block-list syncs. The syncs themselves
 * are the connected-accounts area's (`accounts/block-lists.routes.ts`).
 */
export const blockListHistoryRoutes = {
  blockListLogs: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/smartlead/blocked-lists/history',
    request: { query: BlockListLogsQuerySchema },
    response: BlockListLogsPageSchema,
    errors: reading,
    description: 'One page of block-list sync runs, newest first, with the total.',
  }),
  blockListLogsExport: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/smartlead/blocked-lists/history/export',
    request: { query: BlockListLogFiltersSchema },
    response: z.string(),
    produces: 'text/csv',
    errors: reading,
    description:
      'Every block-list sync run the filters match, newest first, as a CSV file (UTF-8, a header row; streamed, so any number of rows): the list’s scoping and filters, the columns of the list with the sync’s id and when the run was recorded.',
  }),
  blockListSyncOptions: defineRoute({
    method: 'get',
    path: '/api/admin/history/block-lists',
    response: z.array(BlockListSyncOptionSchema),
    errors: { 401: reading[401] },
    description:
      'The block-list syncs the caller may see, as the Block list filter of History > Block Lists offers them.',
  }),
};
