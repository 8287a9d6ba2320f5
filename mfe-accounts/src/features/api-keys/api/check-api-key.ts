import { useMutation } from '@tanstack/react-query';
import type { AccountsApiClient, ApiKeyCheckRequest } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { useApiKeyFailureToast } from './api-key-failure';

/** Asks the platform, through the service, whether it accepts the key (bison at its base URL). */
export async function checkApiKey(
  client: AccountsApiClient,
  body: ApiKeyCheckRequest,
): Promise<void> {
  await client.checkApiKey({ body });
}

/** The check before a key is created or changed; a failure is the sticky "ApiKey" error. */
export function useCheckApiKey() {
  const client = useAccountsApi();
  const showFailure = useApiKeyFailureToast();
  return useMutation({
    mutationFn: (body: ApiKeyCheckRequest) => checkApiKey(client, body),
    onError: showFailure,
  });
}
