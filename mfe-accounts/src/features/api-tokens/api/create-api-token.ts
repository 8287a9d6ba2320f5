import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountsApiClient,
  ApiToken,
  ApiTokenCreateRequest,
  ApiTokenWithSecret,
} from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { updateCachedApiToken } from './get-api-tokens';

/** Creates an API token; the answer carries the token itself, this once. */
export function createApiToken(
  client: AccountsApiClient,
  body: ApiTokenCreateRequest,
): Promise<ApiTokenWithSecret> {
  return client.createApiToken({ body });
}

/** The token as the list shows it: the secret must not stay in the page's query cache. */
export function withoutSecret({ token: _secret, ...listed }: ApiTokenWithSecret): ApiToken {
  return listed;
}

export function useCreateApiToken() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreateRequest) => createApiToken(client, body),
    onSuccess: (created) => updateCachedApiToken(queryClient, created.id, withoutSecret(created)),
    // The answer holds the token: the mutation cache drops it as soon as nothing observes it.
    gcTime: 0,
    // A refusal (a 400 on the form, the 409 of too many tokens) shows the service's message.
    meta: { errorToast: {} },
  });
}
