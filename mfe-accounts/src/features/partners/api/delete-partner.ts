import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { updateCachedPartner } from './get-partners';

/** Deletes a partner account; its key and embed tokens stop working. Resolves with its id. */
export function deletePartner(client: AccountsApiClient, id: string): Promise<{ id: string }> {
  return client.deletePartner({ params: { id } });
}

export function useDeletePartner() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePartner(client, id),
    onSuccess: ({ id }) => updateCachedPartner(queryClient, id, null),
    meta: { errorToast: {} },
  });
}
