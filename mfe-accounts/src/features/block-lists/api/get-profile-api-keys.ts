import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Platform } from '@outsync/contracts';
import type { AccountsApiClient, ApiKey } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The API keys of one profile for one platform. */
export function getProfileApiKeys(
  client: AccountsApiClient,
  userProfileId: string,
  platform: Platform,
  signal?: AbortSignal,
): Promise<ApiKey[]> {
  return client.profileApiKeys(
    { params: { userId: userProfileId }, query: { platform } },
    { signal },
  );
}

export const profileApiKeysQueryKey = (userProfileId: string, platform: Platform) =>
  ['accounts', 'block-lists', 'api-keys', userProfileId, platform] as const;

/** A failure shows the service's message; the select then says 'API Key not found '. */
export function profileApiKeysQueryOptions(
  client: AccountsApiClient,
  userProfileId: string,
  platform: Platform,
) {
  return queryOptions({
    queryKey: profileApiKeysQueryKey(userProfileId, platform),
    queryFn: ({ signal }) => getProfileApiKeys(client, userProfileId, platform, signal),
    meta: { errorToast: {} },
  });
}

/** Read once a platform is chosen. */
export function useProfileApiKeys(userProfileId: string, platform: Platform | null) {
  const client = useAccountsApi();
  return useQuery({
    ...profileApiKeysQueryOptions(client, userProfileId, platform ?? 'smartlead'),
    enabled: platform !== null,
  });
}
