import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookUrlOf } from '@outsync/contracts/webhooks';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

/** A new webhook code (plain text); nothing is reserved until a webhook is created with it. */
export function generateWebhookCode(
  client: WebhooksAreaClient,
  signal?: AbortSignal,
): Promise<string> {
  return client.generateWebhookCode({ signal });
}

export const webhookCodeQueryKey = (userProfileId: string) =>
  ['webhook-form', 'webhook-code', userProfileId] as const;

/**
 * One code per form for as long as it is shown: kept until the form asks for another (platform
 * or owner changed, a webhook was created with it), and dropped when the form goes, so the next
 * form starts with a fresh one.
 */
export function webhookCodeQueryOptions(client: WebhooksAreaClient, userProfileId: string) {
  return queryOptions({
    queryKey: webhookCodeQueryKey(userProfileId),
    queryFn: ({ signal }) => generateWebhookCode(client, signal),
    staleTime: Infinity,
    gcTime: 0,
    meta: { errorToast: {} },
  });
}

/**
 * The form's code and its URL, {host}/webhooks/{code}: the API host is the dashboard's own
 * origin (the shell proxies /webhooks to the service). `regenerate` asks for a new code.
 */
export function useWebhookCode(userProfileId: string) {
  const client = useWebhooksApi();
  const query = useQuery(webhookCodeQueryOptions(client, userProfileId));
  const code = query.data ?? null;
  return {
    code,
    url: code === null ? '' : webhookUrlOf(window.location.origin, code),
    regenerate: () => void query.refetch(),
  };
}
