import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, BlockListSyncDeleteResponse } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { updateCachedBlockListSync } from './get-block-list-syncs';

/** Deletes the sync only: the platform's block list and the CRM list stay (spec 02 §4). */
export function deleteBlockListSync(
  client: AccountsApiClient,
  id: string,
): Promise<BlockListSyncDeleteResponse> {
  return client.deleteBlockListSync({ params: { id } });
}

export function useDeleteBlockListSync() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteBlockListSync(client, id),
    onSuccess: ({ id }) => updateCachedBlockListSync(queryClient, id, () => null),
    meta: { errorToast: {} },
  });
}
