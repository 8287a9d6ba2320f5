import { defineRoute } from '@outsync/contracts';
import { SuccessMessageResponseSchema } from './common.schemas';
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
import { notConnected, notFound, reading, signedIn, upstream } from './route-parts';

/**
 * The profiles feature's CRM data routes: what a connected profile's CRM holds, as the webhook
 * forms read it (spec 01 §7 "Owners, accounts and settings data"), and the fields OutSync creates
 * there. A table of its own, like the service's profiles/crm-data.routes.ts, because the area's
 * table lists these after the users routes.
 */
export const crmDataRoutes = {
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
};
