import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteClient } from '@outsync/contracts';
import type { Webhook, WebhookDeleteResponse, WebhooksResponse } from '@outsync/contracts/webhooks';
import {
  useWebhooksListApi,
  type WebhooksListAreaRoutes,
} from '../../../shared/api/webhooks-list-api';
import { useEmitWebhookEvent } from '../../../shared/host-events';
import { webhooksQueryKey } from './get-webhooks';

/** DELETE /api/admin/webhooks/{id}: answers the id and the owner's names (spec 01 §7). */
export function deleteWebhook(
  client: Pick<RouteClient<WebhooksListAreaRoutes>, 'deleteWebhook'>,
  id: string,
): Promise<WebhookDeleteResponse> {
  return client.deleteWebhook({ params: { id } });
}

/** Deletes the webhook; the lists drop it at once and an embedding page hears `webhook.deleted`. */
export function useDeleteWebhook() {
  const client = useWebhooksListApi();
  const queryClient = useQueryClient();
  const emitWebhookEvent = useEmitWebhookEvent();
  return useMutation({
    // The whole webhook, so the event can tell the host which one went.
    mutationFn: (webhook: Webhook) => deleteWebhook(client, webhook.id),
    onSuccess: ({ id }, webhook) => {
      emitWebhookEvent('webhook.deleted', webhook);
      // Gone from both tables at once; the refetch confirms it.
      queryClient.setQueryData<WebhooksResponse>(webhooksQueryKey, (data) =>
        data
          ? {
              webhooks: data.webhooks.filter((webhook) => webhook.id !== id),
              allWebhooks: data.allWebhooks.filter((webhook) => webhook.id !== id),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
    // 'Error' with the service's message, 3 s (spec 01 §8 "Update or delete failed").
    meta: { errorToast: {} },
  });
}
