import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteClient } from '@outsync/contracts';
import type { WebhooksResponse } from '@outsync/contracts/webhooks';
import { webhooksQueryKey } from '../../../shared/api/query-keys';
import {
  useWebhooksListApi,
  type WebhooksListAreaRoutes,
} from '../../../shared/api/webhooks-list-api';

// The forms invalidate the same key after a create or update; it lives in shared/ because a
// feature never imports another.
export { webhooksQueryKey };

/** GET /api/admin/webhooks: the caller's webhooks and 'All webhooks' (spec 01 §7). */
export function getWebhooks(
  client: Pick<RouteClient<WebhooksListAreaRoutes>, 'webhooks'>,
  signal?: AbortSignal,
): Promise<WebhooksResponse> {
  return client.webhooks({ signal });
}

export function webhooksQueryOptions(
  client: Pick<RouteClient<WebhooksListAreaRoutes>, 'webhooks'>,
) {
  return queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: ({ signal }) => getWebhooks(client, signal),
    // The spec names no text: the service's message. A 401 goes to /unauthorized (the host client).
    meta: { errorToast: {} },
  });
}

export function useWebhooks() {
  const client = useWebhooksListApi();
  return useQuery(webhooksQueryOptions(client));
}
