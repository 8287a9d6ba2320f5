import { defineRoute } from '@outsync/contracts';
import * as z from '@outsync/contracts/zod';
import { IdParamsSchema } from '@outsync/contracts/accounts';

/** The live view's stream (issue 34, item 1), in the webhooks area so an embed token opens it. */
export const webhookLiveRoutes = {
  webhookLiveEvents: defineRoute({
    method: 'get',
    path: '/api/admin/webhooks/:id/live',
    request: { params: IdParamsSchema },
    response: z.string(),
    produces: 'text/event-stream',
    errors: { 401: 'Not signed in (`unauthorized`).' },
    description:
      'Server-sent events of one webhook as they are received and as their status changes (`event: log`, `data`: the event as the live view shows it; `id`: its place in the stream). Scoped as the webhook logs are: a customer gets the events of their own webhooks, managers and admins everyone’s. A reconnect with `Last-Event-ID` first replays what changed since that id (at most the last 15 minutes), then `event: ready`; an id `{epoch ms}.` names a moment (a view whose stream never opened sends the moment it opened). Never cached, never compressed (`Cache-Control: no-store, no-transform`).',
  }),
};
