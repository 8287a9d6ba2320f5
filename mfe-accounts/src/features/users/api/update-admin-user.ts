import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUserRow,
  AdminUserUpdateRequest,
  AccountsApiClient,
} from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { adminUsersQueryKey } from './get-admin-users';

/** Admins only: a profile's three flags, and its owner's role and paid plan. */
export function updateAdminUser(
  client: AccountsApiClient,
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
  const client = useAccountsApi();
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
