import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient, CrmProperty } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The HubSpot profile's contact properties ("{CRM name} Social Profile Source"). */
export function getCrmProperties(
  client: AccountsApiClient,
  userProfileId: string,
  signal?: AbortSignal,
): Promise<CrmProperty[]> {
  // No `type`: it names a Salesforce object; HubSpot answers its contact properties.
  return client.crmProperties({ params: { userProfileId }, query: {} }, { signal });
}

export const crmPropertiesQueryKey = (userProfileId: string) =>
  ['accounts', 'block-lists', 'crm-properties', userProfileId] as const;

/** A failure shows the service's message. */
export function crmPropertiesQueryOptions(client: AccountsApiClient, userProfileId: string) {
  return queryOptions({
    queryKey: crmPropertiesQueryKey(userProfileId),
    queryFn: ({ signal }) => getCrmProperties(client, userProfileId, signal),
    meta: { errorToast: {} },
  });
}

/** The HeyReach fields read them: only HeyReach block lists read profile URLs. */
export function useCrmProperties(userProfileId: string) {
  const client = useAccountsApi();
  return useQuery(crmPropertiesQueryOptions(client, userProfileId));
}
