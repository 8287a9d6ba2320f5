import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type {
  ApiClient,
  SalesforceProfile,
  SalesforceProfileCreateRequest,
} from '@outsync/contracts';
import { userIntegrationsQueryKey } from '../../../shared/api/get-user-integrations';
import { salesforceProfilesQueryKey } from './get-salesforce-profiles';

/** Adds a Salesforce profile: org domain, consumer key and secret. */
export function createSalesforceProfile(
  client: ApiClient,
  body: SalesforceProfileCreateRequest,
): Promise<SalesforceProfile> {
  return client.createSalesforceProfile({ body });
}

/** The new profile joins the table at once; the list is then fetched again. */
export function useCreateSalesforceProfile() {
  const client = useApi();
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
