import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { ApiClient, SalesforceProfile } from '@outsync/contracts';

/** The user's Salesforce profiles (the consumer secret is never returned). */
export function getSalesforceProfiles(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<SalesforceProfile[]> {
  return client.salesforceProfiles({ signal });
}

export const salesforceProfilesQueryKey = ['accounts', 'salesforce', 'profiles'] as const;

export function salesforceProfilesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: salesforceProfilesQueryKey,
    queryFn: ({ signal }) => getSalesforceProfiles(client, signal),
    meta: { errorToast: {} },
  });
}

export function useSalesforceProfiles() {
  const client = useApi();
  return useQuery(salesforceProfilesQueryOptions(client));
}
