import { accountsRoutes } from '@outsync/contracts/accounts';
import { webhooksRoutes } from './webhooks.routes';

/**
 * The only routes an embed token opens (issue 15): the webhooks area's own, and the connected-
 * accounts data its forms read or create. The service refuses the token on every other route;
 * the embedded module calls nothing else. A new call of the webhooks screen must be added here.
 */
export const webhooksEmbedRoutes = {
  organizationIntegrations: accountsRoutes.organizationIntegrations,
  profileApiKeys: accountsRoutes.profileApiKeys,
  leadCategories: accountsRoutes.leadCategories,
  hubspotOwnersAndUserAccounts: accountsRoutes.hubspotOwnersAndUserAccounts,
  salesforceUserAccounts: accountsRoutes.salesforceUserAccounts,
  crmProperties: accountsRoutes.crmProperties,
  salesforcePermissionSets: accountsRoutes.salesforcePermissionSets,
  salesforceTaskTypes: accountsRoutes.salesforceTaskTypes,
  validateSalesforceTaskType: accountsRoutes.validateSalesforceTaskType,
  createSalesforceFields: accountsRoutes.createSalesforceFields,
  ...webhooksRoutes,
};
export type WebhooksEmbedRoutes = typeof webhooksEmbedRoutes;
