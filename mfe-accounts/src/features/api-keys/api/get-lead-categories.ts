import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient, LeadCategory } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** A key's lead categories: read from its platform (HeyReach: the ones added by hand). */
export function getLeadCategories(
  client: AccountsApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<LeadCategory[]> {
  return client.leadCategories({ params: { id } }, { signal });
}

export const leadCategoriesQueryKey = (id: string) => ['accounts', 'lead-categories', id] as const;

/** Read afresh each time the dialog opens; a failure shows the service's message. */
export function leadCategoriesQueryOptions(client: AccountsApiClient, id: string) {
  return queryOptions({
    queryKey: leadCategoriesQueryKey(id),
    queryFn: ({ signal }) => getLeadCategories(client, id, signal),
    staleTime: 0,
    meta: { errorToast: {} },
  });
}

export function useLeadCategories(id: string) {
  const client = useAccountsApi();
  return useQuery(leadCategoriesQueryOptions(client, id));
}
