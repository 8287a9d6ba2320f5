import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, UserAccount } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { userAccountsQueryKey } from './get-user-accounts';

/** Deletes an endpoint; resolves with its id and description. */
export function deleteUserAccount(client: AccountsApiClient, id: string) {
  return client.deleteUserAccount({ params: { id } });
}

export function useDeleteUserAccount() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteUserAccount(client, id),
    onSuccess: ({ id }) => {
      queryClient.setQueryData<UserAccount[]>(userAccountsQueryKey, (list) =>
        list?.filter((account) => account.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: userAccountsQueryKey });
    },
    // "an error carries message" (spec 02 §7): the service's.
    meta: { errorToast: {} },
  });
}
