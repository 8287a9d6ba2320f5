import { useQuery } from '@tanstack/react-query';
import type { BlockListLogsPage } from '@outsync/contracts/history';
import { useHistoryApi } from '../../../shared/api/history-api';
import { useHistoryPages } from '../../../shared/api/use-history-pages';
import type { FilterSearch } from '../../../shared/api/use-filter-search';

/** What the filters hold (spec 02 §2.10). */
export interface BlockListLogFilterForm {
  email: string;
  blockListId: string | null;
}

/** The filters as sent: only those with a value; the e-mail lowercased and trimmed (§5). */
export interface BlockListLogFilterQuery {
  email?: string;
  'block-list-id'?: string;
}

export function blockListLogQuery(form: BlockListLogFilterForm): BlockListLogFilterQuery {
  const email = form.email.trim().toLowerCase();
  return {
    ...(email ? { email } : {}),
    ...(form.blockListId ? { 'block-list-id': form.blockListId } : {}),
  };
}

export type BlockListLogSearch = FilterSearch<BlockListLogFilterQuery>;

/**
 * GET /api/admin/dashboard/smartlead/blocked-lists/history, page after page; each call through
 * the screen's `guard` (useFilterSearch), which is told of a refusal.
 */
export function useBlockListLogs(
  search: BlockListLogSearch,
  guard: <T>(search: BlockListLogSearch, call: Promise<T>) => Promise<T> = (_, call) => call,
) {
  const client = useHistoryApi();
  return useHistoryPages<BlockListLogsPage>({
    queryKey: ['history', 'block-list-logs', 'list', search],
    fetchPage: (page, signal) =>
      guard(search, client.blockListLogs({ query: { ...search.filters, page } }, { signal })),
    // "Most failed calls: the server's message" (spec 02 §8).
    errorToast: true,
  });
}

/** GET /api/admin/history/block-lists: the Block list select's options. */
export function useBlockListOptions() {
  const client = useHistoryApi();
  return useQuery({
    queryKey: ['history', 'block-list-logs', 'options'],
    queryFn: ({ signal }) => client.blockListSyncOptions({ signal }),
    meta: { errorToast: {} },
  });
}
