import { useQuery } from '@tanstack/react-query';
import type { WebhookPreviewLogSample } from '@outsync/contracts/webhooks';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

/** GET /api/admin/webhooks/{id}/preview/samples: the webhook's recent payloads, newest first. */
export function getPreviewSamples(
  client: WebhooksAreaClient,
  webhookId: string,
): Promise<WebhookPreviewLogSample[]> {
  return client.webhookPreviewSamples({ params: { id: webhookId } });
}

export const previewSamplesQueryKey = (webhookId: string) =>
  ['webhooks', webhookId, 'preview-samples'] as const;

/** None for a webhook not saved yet. */
export function usePreviewSamples(webhookId: string | null) {
  const client = useWebhooksApi();
  return useQuery({
    queryKey: previewSamplesQueryKey(webhookId ?? ''),
    queryFn: () => getPreviewSamples(client, webhookId ?? ''),
    enabled: webhookId !== null,
  });
}
