import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountsApiClient,
  SalesforceProfile,
  SalesforceProfileCreateRequest,
} from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { userIntegrationsQueryKey } from '../../../shared/api/get-user-integrations';
import { salesforceProfilesQueryKey } from './get-salesforce-profiles';

/** Adds a Salesforce profile: org domain, consumer key and secret. */
export function createSalesforceProfile(
  client: AccountsApiClient,
  body: SalesforceProfileCreateRequest,
): Promise<SalesforceProfile> {
  return client.createSalesforceProfile({ body });
}

/** The new profile joins the table at once; the list is then fetched again. */
export function useCreateSalesforceProfile() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SalesforceProfileCreateRequest) => createSalesforceProfile(client, body),
    onSuccess: (created) => {
      queryClient.setQueryData<SalesforceProfile[]>(salesforceProfilesQueryKey, (list) =>
        list ? [...list, created] : list,
      );
      void queryClient.invalidateQueries({ queryKey: salesforceProfilesQueryKey });
      void queryClient.invalidateQueries({ queryKey: userIntegrationsQueryKey });
    },
    // A refused domain (a private address) or field: the service's message.
    meta: { errorToast: {} },
  });
}
