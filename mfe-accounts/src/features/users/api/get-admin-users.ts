import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { AdminUserRow, ApiClient } from '@outsync/contracts';

/** Every profile, and every user without one (managers and admins only). */
export function getAdminUsers(client: ApiClient, signal?: AbortSignal): Promise<AdminUserRow[]> {
  return client.adminUsers({ signal });
}

export const adminUsersQueryKey = ['accounts', 'admin-users'] as const;

export function adminUsersQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: adminUsersQueryKey,
    queryFn: ({ signal }) => getAdminUsers(client, signal),
    meta: { errorToast: {} },
  });
}

/** Asked only for a manager or admin: anyone else would get a 403. */
export function useAdminUsers({ enabled }: { enabled: boolean }) {
  const client = useApi();
  return useQuery({ ...adminUsersQueryOptions(client), enabled });
}
