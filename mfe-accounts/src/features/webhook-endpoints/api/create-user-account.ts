import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountsApiClient,
  UserAccount,
  UserAccountCreateRequest,
} from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { userAccountsQueryKey } from './get-user-accounts';

/** Spec 02 §8: what a create that got no message of the service's says. */
export const createUserAccountFailed = 'Something went wrong';

/** Adds an endpoint once the service has reached it (a test event answered 2xx). */
export function createUserAccount(
  client: AccountsApiClient,
  body: UserAccountCreateRequest,
): Promise<UserAccount> {
  return client.createUserAccount({ body });
}

/** The new endpoint joins the table at once; the list is then fetched again. */
export function useCreateUserAccount() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserAccountCreateRequest) => createUserAccount(client, body),
    onSuccess: (created) => {
      queryClient.setQueryData<UserAccount[]>(userAccountsQueryKey, (list) =>
        list ? [...list, created] : list,
      );
      void queryClient.invalidateQueries({ queryKey: userAccountsQueryKey });
    },
    // The service's message (a private address, a URL that refused the test event); anything
    // else "Something went wrong".
    meta: { errorToast: { failed: createUserAccountFailed, exception: createUserAccountFailed } },
  });
}
