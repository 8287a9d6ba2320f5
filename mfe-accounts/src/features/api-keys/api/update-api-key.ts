import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, ApiKey, ApiKeyUpdateRequest } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { apiKeysQueryKey, updateCachedApiKey } from './get-api-keys';

/** Replaces a key's secret, platform, base URL and description (checked by the service too). */
export function updateApiKey(
  client: AccountsApiClient,
  id: string,
  body: ApiKeyUpdateRequest,
): Promise<ApiKey> {
  return client.updateApiKey({ params: { id }, body });
}

export function useUpdateApiKey() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApiKeyUpdateRequest }) =>
      updateApiKey(client, id, body),
    onSuccess: (updated) => {
      updateCachedApiKey(queryClient, updated.id, () => updated);
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
    meta: { errorToast: {} },
  });
}
