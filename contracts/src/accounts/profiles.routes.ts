import * as z from '@outsync/contracts/zod';
import { defineRoute } from '@outsync/contracts';
import { IdParamsSchema } from './common.schemas';
import {
  AuthorizeUrlResponseSchema,
  ConnectedAccountCheckResponseSchema,
  DeletedIdResponseSchema,
  HubspotProfilesResponseSchema,
  SalesforceConnectCheckResponseSchema,
  SalesforceProfileCreateRequestSchema,
  SalesforceProfileSchema,
} from './profiles.schemas';
import { integrationsRoutes } from './integrations.routes';
import { notFound, ProfileIdParamsSchema, reading, signedIn } from './route-parts';

/** The profiles feature's routes: the CRM profiles and their connections (spec 02 §7). */
export const profilesRoutes = {
  ...integrationsRoutes,

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
    request: { params: ProfileIdParamsSchema },
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
};
