import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { ApiClient, HubspotProfilesResponse } from '@outsync/contracts';

/** The user's own HubSpot profiles and the other profiles on the same portals. */
export function getHubspotProfiles(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<HubspotProfilesResponse> {
  return client.hubspotProfiles({ signal });
}

export const hubspotProfilesQueryKey = ['accounts', 'hubspot', 'profiles'] as const;

export function hubspotProfilesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: hubspotProfilesQueryKey,
    queryFn: ({ signal }) => getHubspotProfiles(client, signal),
    meta: { errorToast: {} },
  });
}

export function useHubspotProfiles() {
  const client = useApi();
  return useQuery(hubspotProfilesQueryOptions(client));
}
