import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { apiKeysQueryKey, updateCachedApiKey } from './get-api-keys';

/** Deletes one of the user's keys; resolves with its id and description. */
export function deleteApiKey(client: AccountsApiClient, id: string) {
  return client.deleteApiKey({ params: { id } });
}

export function useDeleteApiKey() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteApiKey(client, id),
    onSuccess: ({ id }) => {
      updateCachedApiKey(queryClient, id, () => null);
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
    // A 409 names what still uses the key: the service's message.
    meta: { errorToast: {} },
  });
}
