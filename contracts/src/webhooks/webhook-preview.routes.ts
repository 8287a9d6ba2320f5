import { defineRoute } from '@outsync/contracts';
import { IdParamsSchema } from '@outsync/contracts/accounts';
import {
  WebhookPreviewLogSamplesSchema,
  WebhookPreviewRequestSchema,
  WebhookPreviewSchema,
  WebhookUpdatePreviewRequestSchema,
} from './webhook-preview.schemas';

const signedIn = {
  401: 'Not signed in (`unauthorized`).',
  403: 'The profile may not have webhooks (`feature_not_approved`), only visible to the caller (`forbidden`), or a missing CSRF token (`csrf_invalid`).',
};

/**
 * The dry-run preview (issue 34, item 2), in the webhooks area so an embed token opens it: who
 * may preview is who may create or change the webhook.
 */
export const webhookPreviewRoutes = {
  previewWebhook: defineRoute({
    method: 'post',
    path: '/api/admin/webhooks/preview',
    request: { body: WebhookPreviewRequestSchema },
    response: WebhookPreviewSchema,
    errors: { ...signedIn, 404: 'The profile is not one the caller may use (`not_found`).' },
    description:
      "What a sample event would write with the create form's unsaved settings: the pipeline runs in plan mode, reading the CRM and writing nothing (no log, no dedupe key, no hold, no job). Checked by the rules of create (400 with the message).",
  }),
  previewWebhookUpdate: defineRoute({
    method: 'post',
    path: '/api/admin/webhooks/:id/preview',
    request: { params: IdParamsSchema, body: WebhookUpdatePreviewRequestSchema },
    response: WebhookPreviewSchema,
    errors: { ...signedIn, 404: 'No such webhook, or it is not visible to you (`not_found`).' },
    description:
      "What a sample event (a test payload, or one of the webhook's recent payloads) would write with the settings dialog's unsaved values, in plan mode as for create; checked by the rules of update.",
  }),
  webhookPreviewSamples: defineRoute({
    method: 'get',
    path: '/api/admin/webhooks/:id/preview/samples',
    request: { params: IdParamsSchema },
    response: WebhookPreviewLogSamplesSchema,
    errors: { ...signedIn, 404: 'No such webhook, or it is not visible to you (`not_found`).' },
    description:
      "The webhook's 10 most recent payloads a preview may use as its sample (owner or admin).",
  }),
};
