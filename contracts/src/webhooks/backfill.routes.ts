import { defineRoute } from '@outsync/contracts';
import { IdParamsSchema } from '@outsync/contracts/accounts';
import {
  BackfillCampaignListSchema,
  BackfillCampaignsQuerySchema,
  BackfillListSchema,
  BackfillParamsSchema,
  BackfillSchema,
  BackfillStartRequestSchema,
} from './backfill.schemas';

const signedIn = {
  401: 'Not signed in (`unauthorized`).',
  403: 'The profile may not have webhooks (`feature_not_approved`), only visible to the caller (`forbidden`), or a missing CSRF token (`csrf_invalid`).',
};
const notFound = 'No such webhook or backfill, or it is not visible to you (`not_found`).';

/**
 * "Import past activity" (issue 34, item 3), in the webhooks area so an embed token opens it:
 * who may backfill a webhook, follow or cancel its backfill is who may update it.
 */
export const backfillRoutes = {
  // Before getBackfill: `campaigns` would otherwise be read as a backfill id.
  backfillCampaigns: defineRoute({
    method: 'get',
    path: '/api/admin/webhooks/:id/backfills/campaigns',
    request: { params: IdParamsSchema, query: BackfillCampaignsQuerySchema },
    response: BackfillCampaignListSchema,
    errors: {
      ...signedIn,
      400: "No key to read with, or a key that is not one of the profile's keys of the platform (`validation_error`).",
      404: notFound,
      502: 'The platform refused the key or could not be read (`upstream_failed`), in words.',
    },
    description:
      "The platform account's campaigns, read with the key a backfill would use (`apiKeyId`, else the webhook's own), for the import screen's picker; with what the platform's history rebuilds and cannot give back.",
  }),
  startBackfill: defineRoute({
    method: 'post',
    path: '/api/admin/webhooks/:id/backfills',
    request: { params: IdParamsSchema, body: BackfillStartRequestSchema },
    response: BackfillSchema,
    status: 201,
    errors: {
      ...signedIn,
      404: notFound,
      409: 'A backfill of this webhook is still running (`backfill_running`).',
      422: "The platform's history cannot rebuild any event (`history_not_available`), or a campaign is not the platform account's (`unknown_campaigns`, naming the ids).",
    },
    description:
      "Starts reading the platform's history over `from` (inclusive) to `to` (exclusive) for the campaigns given, with the webhook's API key; each past event not yet stored for the webhook is stored and synced like a delivery. The range must start before it ends, not lie in the future and span at most 366 days (400 with the message).",
  }),
  listBackfills: defineRoute({
    method: 'get',
    path: '/api/admin/webhooks/:id/backfills',
    request: { params: IdParamsSchema },
    response: BackfillListSchema,
    errors: { ...signedIn, 404: notFound },
    description: "The webhook's backfills, newest first, with their progress.",
  }),
  getBackfill: defineRoute({
    method: 'get',
    path: '/api/admin/webhooks/:id/backfills/:backfillId',
    request: { params: BackfillParamsSchema },
    response: BackfillSchema,
    errors: { ...signedIn, 404: notFound },
    description:
      "A backfill's status and progress: pages read, events found, queued, skipped as already synced, an ETA at the rate so far, the error in words if it failed, and what the platform's history cannot give back.",
  }),
  cancelBackfill: defineRoute({
    method: 'post',
    path: '/api/admin/webhooks/:id/backfills/:backfillId/cancel',
    request: { params: BackfillParamsSchema },
    response: BackfillSchema,
    errors: { ...signedIn, 404: notFound },
    description:
      'Cancels a backfill: it stops after the page it is reading; the events already stored are still synced. A backfill that has ended is answered as it is.',
  }),
};
