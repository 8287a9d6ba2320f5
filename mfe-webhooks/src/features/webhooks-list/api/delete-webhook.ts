import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteClient } from '@outsync/contracts';
import type { WebhookDeleteResponse, WebhooksResponse } from '@outsync/contracts/webhooks';
import { useWebhooksApi, type WebhooksAreaRoutes } from '../../../shared/api/webhooks-api';
import { webhooksQueryKey } from './get-webhooks';

/** DELETE /api/admin/webhooks/{id}: answers the id and the owner's names (spec 01 §7). */
export function deleteWebhook(
  client: Pick<RouteClient<WebhooksAreaRoutes>, 'deleteWebhook'>,
  id: string,
): Promise<WebhookDeleteResponse> {
  return client.deleteWebhook({ params: { id } });
}

export function useDeleteWebhook() {
  const client = useWebhooksApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWebhook(client, id),
    onSuccess: ({ id }) => {
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
