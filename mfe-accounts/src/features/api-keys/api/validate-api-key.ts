import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { ApiClient } from '@outsync/contracts';
import { useApiKeyFailureToast } from './api-key-failure';
import { updateCachedApiKey } from './get-api-keys';

/** Check API Key: the service asks the platform again and stores the answer as isValid. */
export async function validateApiKey(client: ApiClient, id: string): Promise<boolean> {
  const { isValid } = await client.validateApiKey({ params: { id } });
  return isValid;
}

/** The key's Status follows the answer at once; a failure is the sticky "ApiKey" error. */
export function useValidateApiKey() {
  const client = useApi();
  const queryClient = useQueryClient();
  const showFailure = useApiKeyFailureToast();
  return useMutation({
    mutationFn: (id: string) => validateApiKey(client, id),
    onSuccess: (isValid, id) => updateCachedApiKey(queryClient, id, (key) => ({ ...key, isValid })),
    onError: showFailure,
  });
}
