import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserRow, AccountsApiClient } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** Every profile, and every user without one (managers and admins only). */
export function getAdminUsers(
  client: AccountsApiClient,
  signal?: AbortSignal,
): Promise<AdminUserRow[]> {
  return client.adminUsers({ signal });
}

export const adminUsersQueryKey = ['accounts', 'admin-users'] as const;

export function adminUsersQueryOptions(client: AccountsApiClient) {
  return queryOptions({
    queryKey: adminUsersQueryKey,
    queryFn: ({ signal }) => getAdminUsers(client, signal),
    meta: { errorToast: {} },
  });
}

/** Asked only for a manager or admin: anyone else would get a 403. */
export function useAdminUsers({ enabled }: { enabled: boolean }) {
  const client = useAccountsApi();
  return useQuery({ ...adminUsersQueryOptions(client), enabled });
}
