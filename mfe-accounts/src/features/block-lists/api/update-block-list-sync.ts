import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, BlockListSync } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { updateCachedBlockListSync } from './get-block-list-syncs';

/** Pause Blocking (isEnabled false) or Resume Blocking (true: a run is queued at once). */
export function updateBlockListSync(
  client: AccountsApiClient,
  id: string,
  isEnabled: boolean,
): Promise<BlockListSync> {
  return client.updateBlockListSync({ params: { id }, body: { isEnabled } });
}

export function useUpdateBlockListSync() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isEnabled }: { id: string; isEnabled: boolean }) =>
      updateBlockListSync(client, id, isEnabled),
    onSuccess: (updated) => updateCachedBlockListSync(queryClient, updated.id, () => updated),
    meta: { errorToast: {} },
  });
}
