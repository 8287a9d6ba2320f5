import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { AdminUserRow, AdminUserUpdateRequest, ApiClient } from '@outsync/contracts';
import { adminUsersQueryKey } from './get-admin-users';

/** Admins only: a profile's three flags, and its owner's role and paid plan. */
export function updateAdminUser(
  client: ApiClient,
  id: string,
  body: AdminUserUpdateRequest,
): Promise<AdminUserRow> {
  return client.updateAdminUser({ params: { id }, body });
}

/**
 * The row changes at once; the list is then fetched again, since a role or plan belongs to the
 * owner and shows on each of their rows.
 */
export function useUpdateAdminUser() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminUserUpdateRequest }) =>
      updateAdminUser(client, id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData<AdminUserRow[]>(adminUsersQueryKey, (rows) =>
        rows?.map((row) => (row.id === updated.id ? updated : row)),
      );
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
    meta: { errorToast: {} },
  });
}
