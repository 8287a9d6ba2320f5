import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookCreateRequest } from '@outsync/contracts/webhooks';
import { webhooksQueryKey } from '../../../shared/api/query-keys';
import { useEmitWebhookEvent } from '../../../shared/host-events';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

/** POST /api/admin/webhooks: the create form object (spec 01 §7). */
export function createWebhook(
  client: WebhooksAreaClient,
  body: WebhookCreateRequest,
): Promise<Webhook> {
  return client.createWebhook({ body });
}

/**
 * The lists are read again and an embedding page hears `webhook.created`; a refusal is a sticky
 * 'Error' with the service's message (§8).
 */
export function useCreateWebhook() {
  const client = useWebhooksApi();
  const queryClient = useQueryClient();
  const emitWebhookEvent = useEmitWebhookEvent();
  return useMutation({
    mutationFn: (body: WebhookCreateRequest) => createWebhook(client, body),
    onSuccess: (created) => {
      emitWebhookEvent('webhook.created', created);
      return queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
    meta: { errorToast: { life: 0 } },
  });
}
