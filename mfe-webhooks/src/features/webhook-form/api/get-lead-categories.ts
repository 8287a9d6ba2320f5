import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { LeadCategory } from '@outsync/contracts/accounts';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

/** Spec 01 §8: an unexpected failure loading categories. */
export const categoriesLoadUnexpected = 'Something went wrong';

/** An API key's lead categories, read from its platform. */
export function getLeadCategories(
  client: WebhooksAreaClient,
  apiKeyId: string,
  signal?: AbortSignal,
): Promise<LeadCategory[]> {
  return client.leadCategories({ params: { id: apiKeyId } }, { signal });
}

export const leadCategoriesQueryKey = (apiKeyId: string | null) =>
  ['webhook-form', 'lead-categories', apiKeyId] as const;

/**
 * A failure shows the service's message, or 'Something went wrong' when it gave none (a 401 also
 * goes to /unauthorized, through the host's client); the form then clears the key and the
 * categories. Not kept once no form shows it: choosing the key again asks again. No key: nothing
 * is asked.
 */
export function leadCategoriesQueryOptions(client: WebhooksAreaClient, apiKeyId: string | null) {
  return queryOptions({
    queryKey: leadCategoriesQueryKey(apiKeyId),
    queryFn:
      apiKeyId === null ? skipToken : ({ signal }) => getLeadCategories(client, apiKeyId, signal),
    gcTime: 0,
    meta: {
      errorToast: { failed: categoriesLoadUnexpected, exception: categoriesLoadUnexpected },
    },
  });
}

export function useLeadCategories(apiKeyId: string | null) {
  const client = useWebhooksApi();
  return useQuery(leadCategoriesQueryOptions(client, apiKeyId));
}
