import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookUpdateRequest } from '@outsync/contracts/webhooks';
import { webhooksQueryKey } from '../../../shared/api/query-keys';
import { useEmitWebhookEvent } from '../../../shared/host-events';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

export interface UpdateWebhookInput {
  id: string;
  body: WebhookUpdateRequest;
}

/** PUT /api/admin/webhooks/{id}: the settings; owner, profile and URL stay (spec 01 §7). */
export function updateWebhook(
  client: WebhooksAreaClient,
  { id, body }: UpdateWebhookInput,
): Promise<Webhook> {
  return client.updateWebhook({ params: { id }, body });
}

/**
 * The lists are read again and an embedding page hears `webhook.updated`; a refusal is an
 * 'Error' toast with the service's message (§8).
 */
export function useUpdateWebhook() {
  const client = useWebhooksApi();
  const queryClient = useQueryClient();
  const emitWebhookEvent = useEmitWebhookEvent();
  return useMutation({
    mutationFn: (input: UpdateWebhookInput) => updateWebhook(client, input),
    onSuccess: (updated) => {
      emitWebhookEvent('webhook.updated', updated);
      return queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
    meta: { errorToast: {} },
  });
}
