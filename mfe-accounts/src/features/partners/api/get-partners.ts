import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AccountsApiClient, Partner, PartnerWithKey } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The partner accounts that may embed the webhooks module (admins only). */
export function getPartners(client: AccountsApiClient, signal?: AbortSignal): Promise<Partner[]> {
  return client.partners({ signal });
}

export const partnersQueryKey = ['accounts', 'partners'] as const;

export function partnersQueryOptions(client: AccountsApiClient) {
  return queryOptions({
    queryKey: partnersQueryKey,
    queryFn: ({ signal }) => getPartners(client, signal),
    meta: { errorToast: {} },
  });
}

/** Asked only on an admin's screen: anyone else would get a 403. */
export function usePartners() {
  const client = useAccountsApi();
  return useQuery(partnersQueryOptions(client));
}

/**
 * The partner as the table lists it. Create and rotate answer with the secret key too; it is
 * shown once and must not stay in the page's cache.
 */
export function withoutKey({ apiKey: _secret, ...partner }: PartnerWithKey): Partner {
  return partner;
}

/**
 * Changes one cached partner at once (`null` removes it, a new id adds it at the end); the list
 * is then fetched again, so the table shows what the service keeps.
 */
export function updateCachedPartner(queryClient: QueryClient, id: string, next: Partner | null) {
  queryClient.setQueryData<Partner[]>(partnersQueryKey, (partners) => {
    if (!partners) return partners;
    if (next === null) return partners.filter((partner) => partner.id !== id);
    const known = partners.some((partner) => partner.id === id);
    return known
      ? partners.map((partner) => (partner.id === id ? next : partner))
      : [...partners, next];
  });
  void queryClient.invalidateQueries({ queryKey: partnersQueryKey });
}
