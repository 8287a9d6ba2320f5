import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, PlatformClient } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The Smartlead agency's clients a key sees ("{platform name} Clients"). */
export function getSmartleadClients(
  client: AccountsApiClient,
  apiKeyId: string,
  signal?: AbortSignal,
): Promise<PlatformClient[]> {
  return client.smartleadClients({ params: { apiKeyId } }, { signal });
}

export const smartleadClientsQueryKey = (apiKeyId: string) =>
  ['accounts', 'block-lists', 'smartlead-clients', apiKeyId] as const;

/**
 * A failure shows its message (spec 02 §8), and the form then clears the key. Not retried: a
 * refused key is a 502 that answers the same again, and the person choosing the key waits.
 */
export function smartleadClientsQueryOptions(client: AccountsApiClient, apiKeyId: string) {
  return queryOptions({
    queryKey: smartleadClientsQueryKey(apiKeyId),
    queryFn: ({ signal }) => getSmartleadClients(client, apiKeyId, signal),
    retry: false,
    meta: { errorToast: {} },
  });
}

/** Read once a Smartlead key is chosen (spec 02 §4). */
export function useSmartleadClients(apiKeyId: string | null) {
  const client = useAccountsApi();
  return useQuery({
    ...smartleadClientsQueryOptions(client, apiKeyId ?? ''),
    enabled: apiKeyId !== null,
  });
}

/** How many clients the key was last read to have (0 when it has not been read). */
export function cachedClientCount(queryClient: QueryClient, apiKeyId: string): number {
  return (
    queryClient.getQueryData<PlatformClient[]>(smartleadClientsQueryKey(apiKeyId))?.length ?? 0
  );
}
