import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient, SalesforceProfile } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The user's Salesforce profiles (the consumer secret is never returned). */
export function getSalesforceProfiles(
  client: AccountsApiClient,
  signal?: AbortSignal,
): Promise<SalesforceProfile[]> {
  return client.salesforceProfiles({ signal });
}

export const salesforceProfilesQueryKey = ['accounts', 'salesforce', 'profiles'] as const;

export function salesforceProfilesQueryOptions(client: AccountsApiClient) {
  return queryOptions({
    queryKey: salesforceProfilesQueryKey,
    queryFn: ({ signal }) => getSalesforceProfiles(client, signal),
    meta: { errorToast: {} },
  });
}

export function useSalesforceProfiles() {
  const client = useAccountsApi();
  return useQuery(salesforceProfilesQueryOptions(client));
}
