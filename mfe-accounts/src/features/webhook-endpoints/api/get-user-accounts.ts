import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient, UserAccount } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The additional webhook endpoints of the user's profiles (spec 02 §2.6). */
export function getUserAccounts(
  client: AccountsApiClient,
  signal?: AbortSignal,
): Promise<UserAccount[]> {
  return client.userAccounts({ signal });
}

export const userAccountsQueryKey = ['accounts', 'user-accounts'] as const;

export function userAccountsQueryOptions(client: AccountsApiClient) {
  return queryOptions({
    queryKey: userAccountsQueryKey,
    queryFn: ({ signal }) => getUserAccounts(client, signal),
    meta: { errorToast: {} },
  });
}

export function useUserAccounts() {
  const client = useAccountsApi();
  return useQuery(userAccountsQueryOptions(client));
}
