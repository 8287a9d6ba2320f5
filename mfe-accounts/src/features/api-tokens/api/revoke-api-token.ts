import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { updateCachedApiToken } from './get-api-tokens';

/** Revokes one of the user's tokens: it is refused from the next request on. */
export function revokeApiToken(client: AccountsApiClient, id: string): Promise<{ id: string }> {
  return client.revokeApiToken({ params: { id } });
}

export function useRevokeApiToken() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiToken(client, id),
    onSuccess: ({ id }) => updateCachedApiToken(queryClient, id, null),
    meta: { errorToast: {} },
  });
}
