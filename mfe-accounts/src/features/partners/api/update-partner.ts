import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, Partner, PartnerRequest } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { updateCachedPartner } from './get-partners';

/** Changes a partner's name, allowed origins and customers; its key stays. */
export function updatePartner(
  client: AccountsApiClient,
  id: string,
  body: PartnerRequest,
): Promise<Partner> {
  return client.updatePartner({ params: { id }, body });
}

export function useUpdatePartner() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PartnerRequest }) =>
      updatePartner(client, id, body),
    onSuccess: (updated) => updateCachedPartner(queryClient, updated.id, updated),
    meta: { errorToast: {} },
  });
}
