import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, SalesforceProfile } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { userIntegrationsQueryKey } from '../../../shared/api/get-user-integrations';
import { salesforceProfilesQueryKey } from './get-salesforce-profiles';

/** Deletes one of the user's Salesforce profiles and its stored tokens; resolves with its id. */
export async function deleteSalesforceProfile(
  client: AccountsApiClient,
  id: string,
): Promise<string> {
  const deleted = await client.deleteSalesforceProfile({ params: { id } });
  return deleted.id;
}

export function useDeleteSalesforceProfile() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSalesforceProfile(client, id),
    onSuccess: (id) => {
      queryClient.setQueryData<SalesforceProfile[]>(salesforceProfilesQueryKey, (list) =>
        list?.filter((profile) => profile.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: salesforceProfilesQueryKey });
      void queryClient.invalidateQueries({ queryKey: userIntegrationsQueryKey });
    },
    // "an error carries message" (spec 02 §7): the service's.
    meta: { errorToast: {} },
  });
}
