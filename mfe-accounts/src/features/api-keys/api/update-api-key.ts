import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { ApiClient, ApiKey, ApiKeyUpdateRequest } from '@outsync/contracts';
import { apiKeysQueryKey, updateCachedApiKey } from './get-api-keys';

/** Replaces a key's secret, platform, base URL and description (checked by the service too). */
export function updateApiKey(
  client: ApiClient,
  id: string,
  body: ApiKeyUpdateRequest,
): Promise<ApiKey> {
  return client.updateApiKey({ params: { id }, body });
}

export function useUpdateApiKey() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApiKeyUpdateRequest }) =>
      updateApiKey(client, id, body),
    onSuccess: (updated) => {
      updateCachedApiKey(queryClient, updated.id, () => updated);
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
    meta: { errorToast: {} },
  });
}
