import { useMutation } from '@tanstack/react-query';
import type {
  WebhookPreview,
  WebhookPreviewRequest,
  WebhookUpdatePreviewRequest,
} from '@outsync/contracts/webhooks';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

/** The create form's values (new webhook) or the settings dialog's (its id). */
export type PreviewWebhookInput =
  | { kind: 'create'; body: WebhookPreviewRequest }
  | { kind: 'update'; id: string; body: WebhookUpdatePreviewRequest };

/**
 * POST /api/admin/webhooks/preview or /api/admin/webhooks/{id}/preview: what a sample event
 * would write with the form's unsaved values (issue 34, item 2). Nothing is written.
 */
export function previewWebhook(
  client: WebhooksAreaClient,
  input: PreviewWebhookInput,
): Promise<WebhookPreview> {
  return input.kind === 'create'
    ? client.previewWebhook({ body: input.body })
    : client.previewWebhookUpdate({ params: { id: input.id }, body: input.body });
}

/** A refusal (the form's rules, a profile not the caller's) is an 'Error' toast, as for save. */
export function usePreviewWebhook() {
  const client = useWebhooksApi();
  return useMutation({
    mutationFn: (input: PreviewWebhookInput) => previewWebhook(client, input),
    meta: { errorToast: {} },
  });
}
