import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { ApiClient, UserAccount } from '@outsync/contracts';

/** The additional webhook endpoints of the user's profiles (spec 02 §2.6). */
export function getUserAccounts(client: ApiClient, signal?: AbortSignal): Promise<UserAccount[]> {
  return client.userAccounts({ signal });
}

export const userAccountsQueryKey = ['accounts', 'user-accounts'] as const;

export function userAccountsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: userAccountsQueryKey,
    queryFn: ({ signal }) => getUserAccounts(client, signal),
    meta: { errorToast: {} },
  });
}

export function useUserAccounts() {
  const client = useApi();
  return useQuery(userAccountsQueryOptions(client));
}
