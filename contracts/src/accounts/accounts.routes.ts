import * as z from '@outsync/contracts/zod';
import { defineRoute, type RouteClient } from '@outsync/contracts';
import {
  ApiKeyCheckRequestSchema,
  ApiKeyCheckResponseSchema,
  ApiKeyCreateRequestSchema,
  ApiKeyDeleteResponseSchema,
  ApiKeySchema,
  ApiKeySecretResponseSchema,
  ApiKeysResponseSchema,
  ApiKeyUpdateRequestSchema,
  ApiKeyValidateResponseSchema,
  LeadCategoriesAddRequestSchema,
  LeadCategoriesResponseSchema,
  ProfileApiKeysQuerySchema,
} from './api-keys.schemas';
import { IdParamsSchema, IdSchema, SuccessMessageResponseSchema } from './common.schemas';
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
import {
  CreateFieldsRequestSchema,
  CrmPropertiesQuerySchema,
  CrmPropertiesResponseSchema,
  OwnersAndUserAccountsResponseSchema,
  PermissionSetsResponseSchema,
  ProfileParamsSchema,
  TaskTypesResponseSchema,
  TaskTypeValidateRequestSchema,
} from './crm-data.schemas';
import {
  AuthorizeUrlResponseSchema,
  ConnectedAccountCheckResponseSchema,
  DeletedIdResponseSchema,
  HubspotProfilesResponseSchema,
  IntegrationItemSchema,
  SalesforceConnectCheckResponseSchema,
  SalesforceProfileCreateRequestSchema,
  SalesforceProfileSchema,
} from './profiles.schemas';
import {
  EmbedTokenRequestSchema,
  EmbedTokenResponseSchema,
  PartnerDeleteResponseSchema,
  PartnerRequestSchema,
  PartnersResponseSchema,
  PartnerWithKeySchema,
  PartnerSchema,
} from './partners.schemas';
import {
  UserAccountCreateRequestSchema,
  UserAccountDeleteResponseSchema,
  UserAccountSchema,
  UserAccountSecretResponseSchema,
  UserAccountsResponseSchema,
} from './user-accounts.schemas';
import {
  AdminUserRowSchema,
  AdminUsersResponseSchema,
  AdminUserUpdateRequestSchema,
} from './users-admin.schemas';

/** Error codes of the connected-accounts area, beyond the platform's own. */
export const AccountsErrorCodes = {
  /** The CRM or platform could not be reached or answered an error (502). */
  upstreamFailed: 'upstream_failed',
  /** The platform refused the API key (400). */
  apiKeyInvalid: 'api_key_invalid',
  /** Something still uses the item (409). */
  inUse: 'in_use',
  /** A URL resolves to a private or otherwise unsafe address (400). */
  unsafeUrl: 'unsafe_url',
  /** The profile has no working CRM connection yet (409). */
  notConnected: 'not_connected',
  /** The profile lacks the feature flag the call needs (403). */
  featureNotApproved: 'feature_not_approved',
} as const;

const notFound = 'No such item, or it is not yours (`not_found`).';
const signedIn = {
  401: 'Not signed in (`unauthorized`).',
  403: 'Missing or wrong CSRF token, or no access (`csrf_invalid`, `forbidden`).',
};
const reading = { 401: 'Not signed in (`unauthorized`).' };
const upstream = {
  502: 'The CRM or platform did not answer as expected (`upstream_failed`); the message says what it said.',
};
const ProfileIdParams = z.object({ userId: IdSchema });
const notConnected = {
  409: 'The profile has not completed its OAuth connection yet (`not_connected`).',
};

/** The routes of the connected-accounts area (spec 02 §7, spec 01 §7 "Owners, accounts and settings data"). */
export const accountsRoutes = {
  userIntegrations: defineRoute({
    method: 'get',
    path: '/api/admin/users/integrations',
    response: z.array(IntegrationItemSchema),
    errors: reading,
    description: 'The signed-in user\'s own CRM profiles, for the "Select Profile" lists.',
  }),
  organizationIntegrations: defineRoute({
    method: 'get',
    path: '/api/admin/organizations/integrations',
    response: z.array(IntegrationItemSchema),
    errors: reading,
    description:
      "The profiles a webhook may be created on: the user's own; for managers and admins every profile.",
  }),

  hubspotCheckConnectedAccount: defineRoute({
    method: 'get',
    path: '/api/admin/hubspot/profiles/check-connected-account',
    response: ConnectedAccountCheckResponseSchema,
    errors: reading,
    description:
      "Checks the user's HubSpot connections; a title and message name one that was revoked or fails.",
  }),
  hubspotProfiles: defineRoute({
    method: 'get',
    path: '/api/admin/hubspot/profiles',
    response: HubspotProfilesResponseSchema,
    errors: reading,
    description: "The user's HubSpot profiles and other users' profiles on the same portals.",
  }),
  hubspotAuthorizeUrl: defineRoute({
    method: 'get',
    path: '/api/admin/hubspot/authorize-url',
    response: AuthorizeUrlResponseSchema,
    errors: { ...reading, 503: 'HubSpot is not configured on this server (`not_ready`).' },
    description:
      "HubSpot's authorize page address with the client id, the required and optional scopes, redirect {host}/oauth and a single-use state bound to this session.",
  }),
  deleteHubspotProfile: defineRoute({
    method: 'delete',
    path: '/api/admin/hubspot/profiles/:id',
    request: { params: IdParamsSchema },
    response: DeletedIdResponseSchema,
    errors: {
      ...signedIn,
      404: notFound,
      409: 'A webhook, key or endpoint still uses the profile (`in_use`).',
    },
    description:
      'Deletes one of the user\'s own HubSpot profiles ("This only deletes the User Profile.").',
  }),

  salesforceCheckConnectedAccount: defineRoute({
    method: 'get',
    path: '/api/admin/salesforce/profiles/check-connected-account',
    response: ConnectedAccountCheckResponseSchema,
    errors: reading,
    description: "Checks the user's Salesforce connections; a message names one that fails.",
  }),
  salesforceProfiles: defineRoute({
    method: 'get',
    path: '/api/admin/salesforce/profiles',
    response: z.array(SalesforceProfileSchema),
    errors: reading,
    description: "The user's Salesforce profiles (the consumer secret is never returned).",
  }),
  createSalesforceProfile: defineRoute({
    method: 'post',
    path: '/api/admin/salesforce/profiles',
    request: { body: SalesforceProfileCreateRequestSchema },
    response: SalesforceProfileSchema,
    status: 201,
    errors: {
      ...signedIn,
      400: 'A field is missing or the domain is not a public address (`validation_error`, `unsafe_url`).',
    },
    description:
      'Adds a Salesforce profile: org domain, consumer key and secret (stored encrypted).',
  }),
  salesforceConnectCheck: defineRoute({
    method: 'get',
    path: '/api/admin/salesforce/profiles/:userId',
    request: { params: ProfileIdParams },
    response: SalesforceConnectCheckResponseSchema,
    errors: {
      ...reading,
      404: notFound,
      400: 'The domain is not a public address (`unsafe_url`).',
    },
    description:
      "The check before Connect: the profile is the caller's and its domain may be called; answers the authorize address to send the browser to.",
  }),
  deleteSalesforceProfile: defineRoute({
    method: 'delete',
    path: '/api/admin/salesforce/:id',
    request: { params: IdParamsSchema },
    response: DeletedIdResponseSchema,
    errors: {
      ...signedIn,
      404: notFound,
      409: 'A webhook, key or endpoint still uses the profile (`in_use`).',
    },
    description: "Deletes one of the user's own Salesforce profiles and its stored tokens.",
  }),

  apiKeys: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/api-keys',
    response: ApiKeysResponseSchema,
    errors: reading,
    description: "The user's API keys, and for managers and admins every user's (keys masked).",
  }),
  checkApiKey: defineRoute({
    method: 'post',
    path: '/api/admin/dashboard/api-keys/check',
    request: { body: ApiKeyCheckRequestSchema },
    response: ApiKeyCheckResponseSchema,
    errors: {
      ...signedIn,
      400: 'Invalid form, or the platform refused the key (`api_key_invalid`).',
      ...upstream,
    },
    description: 'Asks the platform whether it accepts the key (bison at the given base URL).',
  }),
  createApiKey: defineRoute({
    method: 'post',
    path: '/api/admin/dashboard/api-keys',
    request: { body: ApiKeyCreateRequestSchema },
    response: ApiKeySchema,
    status: 201,
    errors: {
      ...signedIn,
      400: 'Invalid form, or the platform refused the key (`api_key_invalid`).',
      404: 'The profile is not yours (`not_found`).',
      ...upstream,
    },
    description:
      "Checks the key with the platform, then stores it encrypted on one of the user's profiles.",
  }),
  updateApiKey: defineRoute({
    method: 'put',
    path: '/api/admin/dashboard/api-keys/:id',
    request: { params: IdParamsSchema, body: ApiKeyUpdateRequestSchema },
    response: ApiKeySchema,
    errors: {
      ...signedIn,
      400: 'Invalid form, or the platform refused the key (`api_key_invalid`).',
      404: notFound,
      ...upstream,
    },
    description:
      'Checks the new key with the platform, then replaces the stored key, platform, base URL and description.',
  }),
  validateApiKey: defineRoute({
    method: 'put',
    path: '/api/admin/dashboard/api-keys/:id/validate',
    request: { params: IdParamsSchema },
    response: ApiKeyValidateResponseSchema,
    errors: { ...signedIn, 404: notFound, ...upstream },
    description: 'Check API Key: asks the platform again and stores the answer as isValid.',
  }),
  revealApiKey: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/api-keys/:id/secret',
    request: { params: IdParamsSchema },
    response: ApiKeySecretResponseSchema,
    errors: { ...reading, 404: "No such key, or it is not the caller's own (`not_found`)." },
    description: "The key itself, for its owner's show toggle only; never cached.",
  }),
  deleteApiKey: defineRoute({
    method: 'delete',
    path: '/api/admin/dashboard/smartlead/:id',
    request: { params: IdParamsSchema },
    response: ApiKeyDeleteResponseSchema,
    errors: {
      ...signedIn,
      404: notFound,
      409: 'A webhook or block-list sync uses the key (`in_use`); the message names it.',
    },
    description: "Deletes one of the user's API keys.",
  }),
  profileApiKeys: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/users/:userId/api-keys',
    request: { params: ProfileIdParams, query: ProfileApiKeysQuerySchema },
    response: z.array(ApiKeySchema),
    errors: { ...reading, 404: notFound },
    description: 'The API keys of one profile, optionally of one platform.',
  }),
  leadCategories: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/api-keys/:id/lead-categories',
    request: { params: IdParamsSchema },
    response: LeadCategoriesResponseSchema,
    errors: { ...reading, 404: notFound, ...upstream },
    description:
      "The key's lead categories: read from Smartlead and Instantly, bison's fixed list, HeyReach's stored ones.",
  }),
  addLeadCategories: defineRoute({
    method: 'post',
    path: '/api/admin/dashboard/api-keys/:id/lead-categories',
    request: { params: IdParamsSchema, body: LeadCategoriesAddRequestSchema },
    response: LeadCategoriesResponseSchema,
    errors: {
      ...signedIn,
      400: 'Only HeyReach keys take categories by hand (`bad_request`).',
      404: notFound,
    },
    description: 'Adds HeyReach categories (duplicates ignored) and answers the whole list.',
  }),

  userAccounts: defineRoute({
    method: 'get',
    path: '/api/admin/user-accounts',
    response: UserAccountsResponseSchema,
    errors: reading,
    description: "The webhook endpoints of the user's profiles.",
  }),
  createUserAccount: defineRoute({
    method: 'post',
    path: '/api/admin/user-accounts',
    request: { body: UserAccountCreateRequestSchema },
    response: UserAccountSchema,
    status: 201,
    errors: {
      ...signedIn,
      400: 'Invalid form, a private address (`unsafe_url`), or the URL did not accept the test event.',
      404: 'The profile is not yours (`not_found`).',
    },
    description:
      'Adds a webhook endpoint after the service reached it: a signed test event POSTed to the URL must be answered 2xx.',
  }),
  deleteUserAccount: defineRoute({
    method: 'delete',
    path: '/api/admin/user-accounts/:id',
    request: { params: IdParamsSchema },
    response: UserAccountDeleteResponseSchema,
    errors: { ...signedIn, 404: notFound, 409: 'A webhook forwards to it (`in_use`).' },
    description: 'Deletes a webhook endpoint ("This deletes the webhook.").',
  }),
  revealUserAccountSecret: defineRoute({
    method: 'get',
    path: '/api/admin/user-accounts/:id/signing-secret',
    request: { params: IdParamsSchema },
    response: UserAccountSecretResponseSchema,
    errors: {
      ...reading,
      404: 'No such endpoint, or the caller may not manage it (`not_found`).',
    },
    description:
      "The endpoint's signing secret (the key of `X-OutSync-Signature`), for those who may manage it: its profile's owner or an admin. Never cached; each reveal is audited.",
  }),

  adminUsers: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/users',
    response: AdminUsersResponseSchema,
    errors: { ...reading, 403: 'Managers and admins only (`forbidden`).' },
    description: 'Every profile, and every user without one (managers and admins).',
  }),
  updateAdminUser: defineRoute({
    method: 'put',
    path: '/api/admin/dashboard/users/:id',
    request: { params: IdParamsSchema, body: AdminUserUpdateRequestSchema },
    response: AdminUserRowSchema,
    errors: {
      ...signedIn,
      404: notFound,
      400: 'An admin cannot remove their own admin role (`bad_request`).',
    },
    description: "Admins only: a profile's three flags, and its owner's role and paid tier.",
  }),

  hubspotOwnersAndUserAccounts: defineRoute({
    method: 'get',
    path: '/api/admin/hubspot/owners-and-user-accounts/:userProfileId',
    request: { params: ProfileParamsSchema },
    response: OwnersAndUserAccountsResponseSchema,
    errors: { ...reading, 404: notFound, ...notConnected, ...upstream },
    description: "The HubSpot portal's owners and the profile's webhook endpoints.",
  }),
  salesforceUserAccounts: defineRoute({
    method: 'get',
    path: '/api/admin/salesforce/user-accounts/:userProfileId',
    request: { params: ProfileParamsSchema },
    response: OwnersAndUserAccountsResponseSchema,
    errors: { ...reading, 404: notFound, ...notConnected, ...upstream },
    description: "The Salesforce org's active users (owners) and the profile's webhook endpoints.",
  }),
  crmProperties: defineRoute({
    method: 'get',
    path: '/api/admin/profiles/:userProfileId/crm-properties',
    request: { params: ProfileParamsSchema, query: CrmPropertiesQuerySchema },
    response: CrmPropertiesResponseSchema,
    errors: { ...reading, 404: notFound, ...notConnected, ...upstream },
    description:
      'HubSpot contact properties, or the fields of a Salesforce object (`type`, Contact by default).',
  }),
  salesforcePermissionSets: defineRoute({
    method: 'get',
    path: '/api/admin/salesforce/permissions/:userProfileId',
    request: { params: ProfileParamsSchema },
    response: PermissionSetsResponseSchema,
    errors: { ...reading, 404: notFound, ...notConnected, ...upstream },
    description: "The org's permission sets (not those owned by a profile).",
  }),
  salesforceTaskTypes: defineRoute({
    method: 'get',
    path: '/api/admin/salesforce/profiles/:userProfileId/task-types',
    request: { params: ProfileParamsSchema },
    response: TaskTypesResponseSchema,
    errors: { ...reading, 404: notFound },
    description:
      "The active values of Task's Type picklist; success false with the error when the org cannot be read.",
  }),
  validateSalesforceTaskType: defineRoute({
    method: 'post',
    path: '/api/admin/salesforce/task-types/validate',
    request: { body: TaskTypeValidateRequestSchema },
    response: SuccessMessageResponseSchema,
    errors: { ...signedIn, 404: notFound, ...notConnected },
    description: "Whether the org's Task Type picklist has the value (the social tool's 'Other').",
  }),
  createSalesforceFields: defineRoute({
    method: 'post',
    path: '/api/admin/salesforce/properties',
    request: { body: CreateFieldsRequestSchema },
    response: SuccessMessageResponseSchema,
    errors: { ...signedIn, 404: notFound, ...notConnected },
    description:
      "Create Fields: OutSync's custom fields on the chosen objects and their permissions on the permission set; creating them again is not an error.",
  }),

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

  partners: defineRoute({
    method: 'get',
    path: '/api/admin/partners',
    response: PartnersResponseSchema,
    errors: { ...reading, 403: 'Admins only (`forbidden`).' },
    description: 'The partner accounts that may embed the webhook module (admins only).',
  }),
  createPartner: defineRoute({
    method: 'post',
    path: '/api/admin/partners',
    request: { body: PartnerRequestSchema },
    response: PartnerWithKeySchema,
    status: 201,
    errors: { ...signedIn, 403: 'Admins only (`forbidden`), or a missing CSRF token.' },
    description:
      'Creates a partner account and its secret key, returned this once (stored as a SHA-256 hash). Admins only.',
  }),
  updatePartner: defineRoute({
    method: 'put',
    path: '/api/admin/partners/:id',
    request: { params: IdParamsSchema, body: PartnerRequestSchema },
    response: PartnerSchema,
    errors: { ...signedIn, 404: notFound },
    description:
      "Changes a partner's name, allowed origins and customers. A customer removed loses the partner's live embed tokens. Admins only.",
  }),
  rotatePartnerKey: defineRoute({
    method: 'post',
    path: '/api/admin/partners/:id/key',
    request: { params: IdParamsSchema },
    response: PartnerWithKeySchema,
    errors: { ...signedIn, 404: notFound },
    description:
      'A new secret key, returned this once; the old key and every embed token issued with it stop working. Admins only.',
  }),
  deletePartner: defineRoute({
    method: 'delete',
    path: '/api/admin/partners/:id',
    request: { params: IdParamsSchema },
    response: PartnerDeleteResponseSchema,
    errors: { ...signedIn, 404: notFound },
    description: 'Deletes a partner account; its key and embed tokens stop working. Admins only.',
  }),
  createEmbedToken: defineRoute({
    method: 'post',
    path: '/api/partner/embed-tokens',
    request: { body: EmbedTokenRequestSchema },
    response: EmbedTokenResponseSchema,
    status: 201,
    auth: 'none',
    errors: {
      401: 'No partner key, or not a valid one (`partner_key_invalid`).',
      403: 'The partner may not act for that customer (`customer_not_allowed`).',
    },
    description:
      "Server to server, with `Authorization: Bearer <partner key>`: a short-lived (15 min by default, 30 at most) token for one customer's webhooks, for the module embedded in the partner's page. Never call it from a browser.",
  }),
};

export type AccountsRoutes = typeof accountsRoutes;

/** The typed client of the connected-accounts routes (app-runtime's `useRouteClient(accountsRoutes)`). */
export type AccountsApiClient = RouteClient<AccountsRoutes>;
