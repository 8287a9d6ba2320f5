import { defineRoute, type RouteClient } from '@outsync/contracts';
import { IdParamsSchema } from '@outsync/contracts/accounts';
import {
  WebhookCodeResponseSchema,
  WebhookCreateRequestSchema,
  WebhookSchema,
  WebhookUpdateRequestSchema,
} from './webhooks.schemas';
import { notFound, signedIn, webhooksListRoutes } from './webhooks-list.routes';
import { webhookLiveRoutes } from './live-events.routes';
import { webhookPreviewRoutes } from './webhook-preview.routes';
import { backfillRoutes } from './backfill.routes';

/** Error codes of the webhooks area, beyond the platform's own. */
export const WebhooksErrorCodes = {
  /** The profile may not have webhooks (canWebhook off) (403). */
  featureNotApproved: 'feature_not_approved',
  /** The code was not generated for this user, or is already a webhook's (409). */
  codeUnavailable: 'code_unavailable',
} as const;

/** The routes of the webhooks area (spec 01 §7 "Webhooks"), in the OpenAPI document's order. */
export const webhooksRoutes = {
  webhooks: webhooksListRoutes.webhooks,
  generateWebhookCode: defineRoute({
    method: 'post',
    path: '/api/admin/webhooks/generate',
    response: WebhookCodeResponseSchema,
    errors: signedIn,
    description:
      'A new webhook code as plain text (at least 128 random bits, URL-safe, signed for the caller); the URL is {host}/webhooks/{code}. Nothing is reserved until a webhook is created with it.',
  }),
  createWebhook: defineRoute({
    method: 'post',
    path: '/api/admin/webhooks',
    request: { body: WebhookCreateRequestSchema },
    response: WebhookSchema,
    status: 201,
    errors: {
      ...signedIn,
      403: 'The profile may not have webhooks (`feature_not_approved`), or a missing CSRF token.',
      404: 'The profile is not one the caller may use (`not_found`).',
      409: 'The code was not generated for the caller, or is taken (`code_unavailable`).',
    },
    description:
      'Creates a webhook on a profile: the rules of spec 01 §5 are checked (400 with the message) and the save rules of §4 applied by the service.',
  }),
  updateWebhook: defineRoute({
    method: 'put',
    path: '/api/admin/webhooks/:id',
    request: { params: IdParamsSchema, body: WebhookUpdateRequestSchema },
    response: WebhookSchema,
    errors: { ...signedIn, 404: notFound },
    description:
      "Updates a webhook's settings (owner or admin); owner, profile and URL stay. Checked and saved by the same rules as create.",
  }),
  deleteWebhook: webhooksListRoutes.deleteWebhook,
  ...webhookLiveRoutes,
  ...webhookPreviewRoutes,
  ...backfillRoutes,
};

export type WebhooksRoutes = typeof webhooksRoutes;
export type WebhooksApiClient = RouteClient<WebhooksRoutes>;
