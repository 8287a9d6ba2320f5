import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, UserAccount } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { userAccountsQueryKey } from './get-user-accounts';

/** Turns an endpoint's sync alerts on or off; resolves with the endpoint as it is now. */
export function updateUserAccount(
  client: AccountsApiClient,
  input: { id: string; syncAlerts: boolean },
): Promise<UserAccount> {
  return client.updateUserAccount({
    params: { id: input.id },
    body: { syncAlerts: input.syncAlerts },
  });
}

export function useUpdateUserAccount() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; syncAlerts: boolean }) => updateUserAccount(client, input),
    onSuccess: (updated) => {
      queryClient.setQueryData<UserAccount[]>(userAccountsQueryKey, (list) =>
        list?.map((account) => (account.id === updated.id ? updated : account)),
      );
    },
    // The service's message (e.g. the endpoint is gone), else the generic one.
    meta: { errorToast: {} },
  });
}
