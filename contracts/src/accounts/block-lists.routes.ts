import { defineRoute } from '@outsync/contracts';
import { IdParamsSchema } from './common.schemas';
import {
  ApiKeyIdParamsSchema,
  HeyreachListCreateRequestSchema,
  HeyreachListCreateResponseSchema,
  HeyreachListsResponseSchema,
  HubspotCrmListsResponseSchema,
  PlatformClientsResponseSchema,
  SalesforceListsResponseSchema,
  SalesforceReportFieldsParamsSchema,
  SalesforceReportFieldsResponseSchema,
} from './block-list-helpers.schemas';
import {
  BlockListSyncDeleteResponseSchema,
  BlockListSyncSchema,
  BlockListSyncsResponseSchema,
  BlockListSyncUpdateRequestSchema,
  HubspotBlockListCreateRequestSchema,
  SalesforceBlockListCreateRequestSchema,
} from './block-list-syncs.schemas';
import { ProfileParamsSchema } from './crm-data.schemas';
import { notConnected, notFound, reading, signedIn, upstream } from './route-parts';

/**
 * The block-lists feature's routes on the Block Lists screen: what its forms pick from, and the
 * syncs themselves. The history of their runs is the history area's (`history/block-lists.routes.ts`),
 * and the feature's constants (list types, the "create new list" option) are the core entry's
 * (`catalog/block-lists.ts`): each stays in the entry that loads it.
 */
export const blockListsRoutes = {
  // Block-list helpers (spec 02 §7): what the block-list forms pick from.
  hubspotBlockListSources: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/user-profiles/:userProfileId/hubspot-lists',
    request: { params: ProfileParamsSchema },
    response: HubspotCrmListsResponseSchema,
    errors: { ...reading, 404: notFound, ...notConnected, ...upstream },
    description:
      "The HubSpot portal's contact lists, then its company lists, with their sizes (needs `crm.lists.read`).",
  }),
  salesforceBlockListSources: defineRoute({
    method: 'get',
    path: '/api/admin/salesforce/user-profiles/:userProfileId/lists',
    request: { params: ProfileParamsSchema },
    response: SalesforceListsResponseSchema,
    errors: { ...reading, 404: notFound, ...notConnected, ...upstream },
    description:
      "The Salesforce org's reports as the Analytics API lists them (the user's recently viewed ones, at most 200).",
  }),
  salesforceReportFields: defineRoute({
    method: 'get',
    path: '/api/admin/salesforce/profiles/:userProfileId/reports/:listId/fields',
    request: { params: SalesforceReportFieldsParamsSchema },
    response: SalesforceReportFieldsResponseSchema,
    errors: {
      ...reading,
      404: 'No such profile or report, or the profile is not yours (`not_found`).',
      ...notConnected,
      ...upstream,
    },
    description: "The report's detail columns by API name, in the report's order.",
  }),
  smartleadClients: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/smartlead/api-keys/:apiKeyId/client-list',
    request: { params: ApiKeyIdParamsSchema },
    response: PlatformClientsResponseSchema,
    errors: {
      ...reading,
      400: 'The key is not a Smartlead key (`bad_request`).',
      404: notFound,
      ...upstream,
    },
    description: "The Smartlead agency's clients the key can see.",
  }),
  heyreachLists: defineRoute({
    method: 'get',
    path: '/api/admin/api-keys/:apiKeyId/heyreach/lists',
    request: { params: ApiKeyIdParamsSchema },
    response: HeyreachListsResponseSchema,
    errors: { ...reading, 400: 'The key is not a HeyReach key (`bad_request`).', 404: notFound },
    description:
      "The HeyReach account's lead lists; success false with HeyReach's failure when it cannot be read.",
  }),
  createHeyreachList: defineRoute({
    method: 'post',
    path: '/api/admin/api-keys/:apiKeyId/heyreach/lists',
    request: { params: ApiKeyIdParamsSchema, body: HeyreachListCreateRequestSchema },
    response: HeyreachListCreateResponseSchema,
    errors: {
      ...signedIn,
      400: 'No list name, or the key is not a HeyReach key (`validation_error`, `bad_request`).',
      404: notFound,
    },
    description:
      "'+ Create New List': an empty HeyReach lead list; success false with HeyReach's reason when it refuses.",
  }),

  // Block-list syncs (spec 02 §7 "Block-list syncs").
  listBlockListSyncs: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/smartlead/blocked-lists',
    request: {},
    response: BlockListSyncsResponseSchema,
    errors: reading,
    description:
      "The caller's syncs, newest first; managers and admins see everyone's (spec 02 §6).",
  }),
  createHubspotBlockList: defineRoute({
    method: 'post',
    path: '/api/admin/hubspot/blocked-lists',
    request: { body: HubspotBlockListCreateRequestSchema },
    response: BlockListSyncSchema,
    errors: {
      ...signedIn,
      400: "A field is missing or does not fit the list, key or platform; the message names it in the form's order (`validation_error`, `bad_request`).",
      403: 'The profile may not run block lists (canBlockList) (`forbidden`).',
      404: notFound,
      ...notConnected,
      ...upstream,
    },
    description:
      'Start Blocking (HUBSPOT): the sync is stored and its first run queued at once; it then runs hourly while enabled.',
  }),
  createSalesforceBlockList: defineRoute({
    method: 'post',
    path: '/api/admin/salesforce/blocked-lists',
    request: { body: SalesforceBlockListCreateRequestSchema },
    response: BlockListSyncSchema,
    errors: {
      ...signedIn,
      400: "A field is missing or does not fit the report, key or platform; the message names it in the form's order (`validation_error`, `bad_request`).",
      403: 'The profile may not run block lists (canBlockList) (`forbidden`).',
      404: notFound,
      ...notConnected,
      ...upstream,
    },
    description:
      'Start Blocking (SALESFORCE): the sync is stored and its first run queued at once; it then runs hourly while enabled.',
  }),
  updateBlockListSync: defineRoute({
    method: 'put',
    path: '/api/admin/dashboard/smartlead/blocked-lists/:id',
    request: { params: IdParamsSchema, body: BlockListSyncUpdateRequestSchema },
    response: BlockListSyncSchema,
    errors: { ...signedIn, 404: notFound },
    description:
      'Pause Blocking (isEnabled false: no further runs) or Resume Blocking (true: a run is queued at once). Admins or the owner only.',
  }),
  deleteBlockListSync: defineRoute({
    method: 'delete',
    path: '/api/admin/dashboard/smartlead/blocked-lists/:id',
    request: { params: IdParamsSchema },
    response: BlockListSyncDeleteResponseSchema,
    errors: { ...signedIn, 404: notFound },
    description:
      "Deletes the sync and its state; the platform's block list and the CRM list stay. Admins or the owner only.",
  }),
};
