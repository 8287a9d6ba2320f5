import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { ApiClient, IntegrationItem } from '@outsync/contracts';

/** The signed-in user's own CRM profiles, for the "Select Profile" lists (spec 02 §7). */
export function getUserIntegrations(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<IntegrationItem[]> {
  return client.userIntegrations({ signal });
}

export const userIntegrationsQueryKey = ['accounts', 'integrations'] as const;

export function userIntegrationsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: userIntegrationsQueryKey,
    queryFn: ({ signal }) => getUserIntegrations(client, signal),
    // "a failure carries message": the server's, through the one mapping.
    meta: { errorToast: {} },
  });
}

export function useUserIntegrations() {
  const client = useApi();
  return useQuery(userIntegrationsQueryOptions(client));
}
