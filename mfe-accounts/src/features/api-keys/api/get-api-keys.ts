import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, ApiKey, ApiKeysResponse } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { withFixedMessage } from '../../../shared/api/fixed-message';

/** Spec 02 §8 names one text for every failure of this list. */
export const apiKeysFetchFailed = 'Failed to fetch API keys.';

/** The user's API keys and, for managers and admins, every user's (keys never included). */
export async function getApiKeys(
  client: AccountsApiClient,
  signal?: AbortSignal,
): Promise<ApiKeysResponse> {
  try {
    return await client.apiKeys({ signal });
  } catch (error) {
    throw withFixedMessage(error, apiKeysFetchFailed);
  }
}

export const apiKeysQueryKey = ['accounts', 'api-keys'] as const;

export function apiKeysQueryOptions(client: AccountsApiClient) {
  return queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => getApiKeys(client, signal),
    meta: { errorToast: { failed: apiKeysFetchFailed, exception: apiKeysFetchFailed } },
  });
}

export function useApiKeys() {
  const client = useAccountsApi();
  return useQuery(apiKeysQueryOptions(client));
}

/** Changes one key wherever the cached lists show it (both tables may). */
export function updateCachedApiKey(
  queryClient: QueryClient,
  id: string,
  change: (key: ApiKey) => ApiKey | null,
): void {
  const apply = (keys: ApiKey[]) =>
    keys.flatMap((key) => {
      if (key.id !== id) return [key];
      const next = change(key);
      return next ? [next] : [];
    });
  queryClient.setQueryData<ApiKeysResponse>(apiKeysQueryKey, (data) =>
    data ? { apiKeys: apply(data.apiKeys), allApiKeys: apply(data.allApiKeys) } : data,
  );
}
