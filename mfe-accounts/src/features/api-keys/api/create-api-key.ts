import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountsApiClient,
  ApiKey,
  ApiKeyCreateRequest,
  ApiKeysResponse,
} from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { apiKeysQueryKey } from './get-api-keys';

/** Stores a checked key on one of the user's profiles. */
export function createApiKey(
  client: AccountsApiClient,
  body: ApiKeyCreateRequest,
): Promise<ApiKey> {
  return client.createApiKey({ body });
}

/** The new key joins the table at once; the lists are then fetched again. */
export function useCreateApiKey() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateRequest) => createApiKey(client, body),
    onSuccess: (created) => {
      queryClient.setQueryData<ApiKeysResponse>(apiKeysQueryKey, (data) =>
        data ? { ...data, apiKeys: [...data.apiKeys, created] } : data,
      );
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
    // A 403 (and any other refusal) shows the service's message (spec 02 §6, §8).
    meta: { errorToast: {} },
  });
}
