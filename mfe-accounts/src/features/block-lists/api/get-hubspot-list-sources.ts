import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient, HubspotCrmList } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The HubSpot profile's contact lists, then its company lists, with their sizes. */
export function getHubspotListSources(
  client: AccountsApiClient,
  userProfileId: string,
  signal?: AbortSignal,
): Promise<HubspotCrmList[]> {
  return client.hubspotBlockListSources({ params: { userProfileId } }, { signal });
}

export const hubspotListSourcesQueryKey = (userProfileId: string) =>
  ['accounts', 'block-lists', 'hubspot-lists', userProfileId] as const;

/** A failure (no connection yet, a declined scope) shows the service's message. */
export function hubspotListSourcesQueryOptions(client: AccountsApiClient, userProfileId: string) {
  return queryOptions({
    queryKey: hubspotListSourcesQueryKey(userProfileId),
    queryFn: ({ signal }) => getHubspotListSources(client, userProfileId, signal),
    meta: { errorToast: {} },
  });
}

export function useHubspotListSources(userProfileId: string) {
  const client = useAccountsApi();
  return useQuery(hubspotListSourcesQueryOptions(client, userProfileId));
}
