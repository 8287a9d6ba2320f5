import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient, SalesforceList } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The Salesforce profile's reports, the SALESFORCE form's list sources. */
export function getSalesforceListSources(
  client: AccountsApiClient,
  userProfileId: string,
  signal?: AbortSignal,
): Promise<SalesforceList[]> {
  return client.salesforceBlockListSources({ params: { userProfileId } }, { signal });
}

export const salesforceListSourcesQueryKey = (userProfileId: string) =>
  ['accounts', 'block-lists', 'salesforce-lists', userProfileId] as const;

/** A failure shows the service's message. */
export function salesforceListSourcesQueryOptions(
  client: AccountsApiClient,
  userProfileId: string,
) {
  return queryOptions({
    queryKey: salesforceListSourcesQueryKey(userProfileId),
    queryFn: ({ signal }) => getSalesforceListSources(client, userProfileId, signal),
    meta: { errorToast: {} },
  });
}

export function useSalesforceListSources(userProfileId: string) {
  const client = useAccountsApi();
  return useQuery(salesforceListSourcesQueryOptions(client, userProfileId));
}
