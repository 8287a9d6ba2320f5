import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, HubspotProfilesResponse } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { userIntegrationsQueryKey } from '../../../shared/api/get-user-integrations';
import { hubspotProfilesQueryKey } from './get-hubspot-profiles';

/** Deletes one of the user's own HubSpot profiles; resolves with its id. */
export async function deleteHubspotProfile(client: AccountsApiClient, id: string): Promise<string> {
  const deleted = await client.deleteHubspotProfile({ params: { id } });
  return deleted.id;
}

/** The profile leaves the tables at once; the lists are then fetched again. */
export function useDeleteHubspotProfile() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteHubspotProfile(client, id),
    onSuccess: (id) => {
      queryClient.setQueryData<HubspotProfilesResponse>(hubspotProfilesQueryKey, (data) =>
        data
          ? {
              auth0Profiles: data.auth0Profiles.filter((entry) => entry.id !== id),
              organizationProfiles: data.organizationProfiles.filter((row) => row.id !== id),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: hubspotProfilesQueryKey });
      void queryClient.invalidateQueries({ queryKey: userIntegrationsQueryKey });
    },
    meta: { errorToast: {} },
  });
}
