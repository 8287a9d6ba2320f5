import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { useApiKeyFailureToast } from './api-key-failure';
import { updateCachedApiKey } from './get-api-keys';

/** Check API Key: the service asks the platform again and stores the answer as isValid. */
export async function validateApiKey(client: AccountsApiClient, id: string): Promise<boolean> {
  const { isValid } = await client.validateApiKey({ params: { id } });
  return isValid;
}

/** The key's Status follows the answer at once; a failure is the sticky "ApiKey" error. */
export function useValidateApiKey() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  const showFailure = useApiKeyFailureToast();
  return useMutation({
    mutationFn: (id: string) => validateApiKey(client, id),
    onSuccess: (isValid, id) => updateCachedApiKey(queryClient, id, (key) => ({ ...key, isValid })),
    onError: showFailure,
  });
}
