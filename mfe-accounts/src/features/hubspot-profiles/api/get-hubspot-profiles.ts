import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient, HubspotProfilesResponse } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The user's own HubSpot profiles and the other profiles on the same portals. */
export function getHubspotProfiles(
  client: AccountsApiClient,
  signal?: AbortSignal,
): Promise<HubspotProfilesResponse> {
  return client.hubspotProfiles({ signal });
}

export const hubspotProfilesQueryKey = ['accounts', 'hubspot', 'profiles'] as const;

export function hubspotProfilesQueryOptions(client: AccountsApiClient) {
  return queryOptions({
    queryKey: hubspotProfilesQueryKey,
    queryFn: ({ signal }) => getHubspotProfiles(client, signal),
    meta: { errorToast: {} },
  });
}

export function useHubspotProfiles() {
  const client = useAccountsApi();
  return useQuery(hubspotProfilesQueryOptions(client));
}
