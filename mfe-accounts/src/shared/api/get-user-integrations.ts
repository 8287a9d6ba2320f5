import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient, IntegrationItem } from '@outsync/contracts/accounts';
import { useAccountsApi } from './accounts-api';

/** The signed-in user's own CRM profiles, for the "Select Profile" lists (spec 02 §7). */
export function getUserIntegrations(
  client: AccountsApiClient,
  signal?: AbortSignal,
): Promise<IntegrationItem[]> {
  return client.userIntegrations({ signal });
}

export const userIntegrationsQueryKey = ['accounts', 'integrations'] as const;

export function userIntegrationsQueryOptions(client: AccountsApiClient) {
  return queryOptions({
    queryKey: userIntegrationsQueryKey,
    queryFn: ({ signal }) => getUserIntegrations(client, signal),
    // "a failure carries message": the server's, through the one mapping.
    meta: { errorToast: {} },
  });
}

export function useUserIntegrations() {
  const client = useAccountsApi();
  return useQuery(userIntegrationsQueryOptions(client));
}
