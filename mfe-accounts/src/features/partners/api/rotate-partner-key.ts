import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, PartnerWithKey } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { updateCachedPartner, withoutKey } from './get-partners';

/**
 * A new secret key, returned this once; the old key and every embed token issued with it stop
 * working.
 */
export function rotatePartnerKey(client: AccountsApiClient, id: string): Promise<PartnerWithKey> {
  return client.rotatePartnerKey({ params: { id } });
}

export function useRotatePartnerKey() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rotatePartnerKey(client, id),
    // The row's key prefix changes; the key itself stays out of the cache.
    onSuccess: (rotated) => updateCachedPartner(queryClient, rotated.id, withoutKey(rotated)),
    // The answer holds the secret key: the mutation cache drops it as soon as nothing observes it.
    gcTime: 0,
    meta: { errorToast: {} },
  });
}
