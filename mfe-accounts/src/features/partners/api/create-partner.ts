import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountsApiClient,
  PartnerRequest,
  PartnerWithKey,
} from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { updateCachedPartner, withoutKey } from './get-partners';

/** Creates a partner account; the answer carries its secret key, this once. */
export function createPartner(
  client: AccountsApiClient,
  body: PartnerRequest,
): Promise<PartnerWithKey> {
  return client.createPartner({ body });
}

export function useCreatePartner() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerRequest) => createPartner(client, body),
    onSuccess: (created) => updateCachedPartner(queryClient, created.id, withoutKey(created)),
    // The answer holds the secret key: the mutation cache drops it as soon as nothing observes it.
    gcTime: 0,
    // A refusal (a 400 on the origins or customers, a 403) shows the service's message.
    meta: { errorToast: {} },
  });
}
