import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Platform } from '@outsync/contracts';
import type { ApiKey } from '@outsync/contracts/accounts';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

/**
 * The API keys of one profile, of one platform when given. A failure answers an empty list
 * (spec 01 §7: "empty on failure"): the API Key select then says 'API Key not found'.
 */
export async function getProfileApiKeys(
  client: WebhooksAreaClient,
  userProfileId: string,
  platform: Platform | null,
  signal?: AbortSignal,
): Promise<ApiKey[]> {
  try {
    return await client.profileApiKeys(
      { params: { userId: userProfileId }, query: platform === null ? {} : { platform } },
      { signal },
    );
  } catch (error) {
    // A superseded request is not a failure to remember as "no keys".
    if (signal?.aborted) throw error;
    return [];
  }
}

export const profileApiKeysQueryKey = (userProfileId: string, platform: Platform | null) =>
  ['webhook-form', 'api-keys', userProfileId, platform] as const;

export function profileApiKeysQueryOptions(
  client: WebhooksAreaClient,
  userProfileId: string,
  platform: Platform | null,
) {
  return queryOptions({
    queryKey: profileApiKeysQueryKey(userProfileId, platform),
    queryFn: ({ signal }) => getProfileApiKeys(client, userProfileId, platform, signal),
  });
}

/** `platform` null: every platform's keys. `enabled` false: nothing is asked yet. */
export function useProfileApiKeys(
  userProfileId: string,
  platform: Platform | null,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const client = useWebhooksApi();
  return useQuery({ ...profileApiKeysQueryOptions(client, userProfileId, platform), enabled });
}
