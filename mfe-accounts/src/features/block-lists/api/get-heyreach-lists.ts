import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient, HeyreachListsResponse } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The HeyReach account's lead lists; `success` false with HeyReach's reason when unread. */
export function getHeyreachLists(
  client: AccountsApiClient,
  apiKeyId: string,
  signal?: AbortSignal,
): Promise<HeyreachListsResponse> {
  return client.heyreachLists({ params: { apiKeyId } }, { signal });
}

export const heyreachListsQueryKey = (apiKeyId: string) =>
  ['accounts', 'block-lists', 'heyreach-lists', apiKeyId] as const;

/** A failed call shows the service's message; a HeyReach refusal is in the answer itself. */
export function heyreachListsQueryOptions(client: AccountsApiClient, apiKeyId: string) {
  return queryOptions({
    queryKey: heyreachListsQueryKey(apiKeyId),
    queryFn: ({ signal }) => getHeyreachLists(client, apiKeyId, signal),
    meta: { errorToast: {} },
  });
}

/** Read once a HeyReach key is chosen (spec 02 §4). */
export function useHeyreachLists(apiKeyId: string | null) {
  const client = useAccountsApi();
  return useQuery({
    ...heyreachListsQueryOptions(client, apiKeyId ?? ''),
    enabled: apiKeyId !== null,
  });
}
