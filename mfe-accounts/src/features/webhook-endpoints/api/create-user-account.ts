import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { ApiClient, UserAccount, UserAccountCreateRequest } from '@outsync/contracts';
import { userAccountsQueryKey } from './get-user-accounts';

/** Spec 02 §8: what a create that got no message of the service's says. */
export const createUserAccountFailed = 'Something went wrong';

/** Adds an endpoint once the service has reached it (a test event answered 2xx). */
export function createUserAccount(
  client: ApiClient,
  body: UserAccountCreateRequest,
): Promise<UserAccount> {
  return client.createUserAccount({ body });
}

/** The new endpoint joins the table at once; the list is then fetched again. */
export function useCreateUserAccount() {
  const client = useApi();
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
