import * as z from '@outsync/contracts/zod';
import { IdSchema } from '../accounts/common.schemas';
import { HistoryPageSchema, paginatedSchema } from './history.schemas';
import { blankToUndefined, EmailFilterSchema } from './query-filters';

/** The list's filters: GET …/blocked-lists/history and its export. */
const blockListLogFilters = {
  'block-list-id': z.preprocess(blankToUndefined, IdSchema.optional()),
  email: EmailFilterSchema,
};

/** GET /api/admin/dashboard/smartlead/blocked-lists/history (spec 02 §2.10, §7). */
export const BlockListLogsQuerySchema = z
  .object({ page: HistoryPageSchema, ...blockListLogFilters })
  .strict();
export type BlockListLogsQuery = z.input<typeof BlockListLogsQuerySchema>;
export type BlockListLogsFilter = z.output<typeof BlockListLogsQuerySchema>;

/** GET …/blocked-lists/history/export: the list's filters, no page. */
export const BlockListLogFiltersSchema = z.object(blockListLogFilters).strict();

/** A block-list log: one run of a block-list sync (spec 02 §3). */
export const BlockListLogSchema = z.object({
  id: IdSchema,
  syncBlockList: z.object({
    id: IdSchema,
    listName: z.string(),
    blockType: z.string(),
    isEnabled: z.boolean(),
  }),
  entityDetails: z.string().describe('The values the run wrote, as the Emails column shows them.'),
  syncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type BlockListLog = z.infer<typeof BlockListLogSchema>;
export const BlockListLogsPageSchema = paginatedSchema(BlockListLogSchema);
export type BlockListLogsPage = z.infer<typeof BlockListLogsPageSchema>;

/** A block-list sync as the Block list filter lists it (spec 02 §3; the full sync comes with block lists). */
export const BlockListSyncOptionSchema = z.object({
  id: IdSchema,
  listId: z.string(),
  listIdILS: z.string().nullable(),
  listName: z.string(),
});
export type BlockListSyncOption = z.infer<typeof BlockListSyncOptionSchema>;
