// The webhooks list's routes, in a file of their own: the build places a module whole, so a table
// beside the area's full one would bring every route's schemas into the list's bundle (the
// partner embed's first load, issue 32). webhooks.routes.ts puts them into the area's table.
import { defineRoute } from '@outsync/contracts';
import { IdParamsSchema } from '@outsync/contracts/accounts';
import { WebhookDeleteResponseSchema, WebhooksResponseSchema } from './webhooks.schemas';

export const notFound = 'No such webhook, or it is not visible to you (`not_found`).';
export const signedIn = {
  401: 'Not signed in (`unauthorized`).',
  403: 'Missing or wrong CSRF token, or not allowed (`csrf_invalid`, `forbidden`).',
};

/**
 * What the webhooks list calls: the lists and Delete. A table of its own, so that a client of the
 * list alone (the partner embed's first screen, issue 32) bundles only these routes' schemas; the
 * forms' routes come with the forms.
 */
export const webhooksListRoutes = {
  webhooks: defineRoute({
    method: 'get',
    path: '/api/admin/webhooks',
    response: WebhooksResponseSchema,
    errors: { 401: 'Not signed in (`unauthorized`).' },
    description:
      "The caller's webhooks, and 'All webhooks': every webhook for managers and admins, else the webhooks on the CRM portals or orgs the caller's profiles connect. `canUpdate` says whether the caller may change each.",
  }),
  deleteWebhook: defineRoute({
    method: 'delete',
    path: '/api/admin/webhooks/:id',
    request: { params: IdParamsSchema },
    response: WebhookDeleteResponseSchema,
    errors: { ...signedIn, 404: notFound },
    description: 'Deletes a webhook (owner or admin); its URL stops accepting events.',
  }),
};
