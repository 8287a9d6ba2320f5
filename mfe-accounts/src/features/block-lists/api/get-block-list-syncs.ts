import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  displayedBlockListStatus,
  type AccountsApiClient,
  type BlockListSync,
} from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** While a run is queued or under way, the table reads the syncs again this often. */
export const BLOCK_LIST_POLL_MS = 5_000;

/** The caller's block-list syncs (everyone's for managers and admins), newest first. */
export function getBlockListSyncs(
  client: AccountsApiClient,
  signal?: AbortSignal,
): Promise<BlockListSync[]> {
  return client.listBlockListSyncs({ signal });
}

export const blockListSyncsQueryKey = ['accounts', 'block-list-syncs'] as const;

/** A sync whose run is queued or under way: its status and progress are about to change. */
export function isRunning(sync: BlockListSync): boolean {
  const status = displayedBlockListStatus(sync);
  return status === 'QUEUED' || status === 'SYNCING';
}

export function blockListSyncsQueryOptions(client: AccountsApiClient) {
  return queryOptions({
    queryKey: blockListSyncsQueryKey,
    queryFn: ({ signal }) => getBlockListSyncs(client, signal),
    // A run's progress shows while it lasts; a table at rest asks nothing.
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? BLOCK_LIST_POLL_MS : false),
    meta: { errorToast: {} },
  });
}

export function useBlockListSyncs() {
  const client = useAccountsApi();
  return useQuery(blockListSyncsQueryOptions(client));
}

/** Changes one sync in the cached list (null removes it), then reads the list again. */
export function updateCachedBlockListSync(
  queryClient: QueryClient,
  id: string,
  change: (sync: BlockListSync) => BlockListSync | null,
): void {
  queryClient.setQueryData<BlockListSync[]>(blockListSyncsQueryKey, (syncs) =>
    syncs?.flatMap((sync) => {
      if (sync.id !== id) return [sync];
      const next = change(sync);
      return next ? [next] : [];
    }),
  );
  void queryClient.invalidateQueries({ queryKey: blockListSyncsQueryKey });
}

/** A new sync joins the top of the cached list at once, then the list is read again. */
export function addCachedBlockListSync(queryClient: QueryClient, created: BlockListSync): void {
  queryClient.setQueryData<BlockListSync[]>(blockListSyncsQueryKey, (syncs) =>
    syncs ? [created, ...syncs.filter((sync) => sync.id !== created.id)] : syncs,
  );
  void queryClient.invalidateQueries({ queryKey: blockListSyncsQueryKey });
}
