import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, ApiToken } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The signed-in user's API tokens (issue 34, item 5): never the tokens themselves. */
export function getApiTokens(client: AccountsApiClient, signal?: AbortSignal): Promise<ApiToken[]> {
  return client.apiTokens({ signal });
}

export const apiTokensQueryKey = ['accounts', 'api-tokens'] as const;

export function apiTokensQueryOptions(client: AccountsApiClient) {
  return queryOptions({
    queryKey: apiTokensQueryKey,
    queryFn: ({ signal }) => getApiTokens(client, signal),
    meta: { errorToast: {} },
  });
}

export function useApiTokens() {
  const client = useAccountsApi();
  return useQuery(apiTokensQueryOptions(client));
}

/**
 * Changes one cached token at once (`null` removes it, a new id adds it at the end); the list is
 * then fetched again, so the table shows what the service keeps (its last use among it).
 */
export function updateCachedApiToken(queryClient: QueryClient, id: string, next: ApiToken | null) {
  queryClient.setQueryData<ApiToken[]>(apiTokensQueryKey, (tokens) => {
    if (!tokens) return tokens;
    if (next === null) return tokens.filter((token) => token.id !== id);
    return tokens.some((token) => token.id === id)
      ? tokens.map((token) => (token.id === id ? next : token))
      : [...tokens, next];
  });
  void queryClient.invalidateQueries({ queryKey: apiTokensQueryKey });
}
