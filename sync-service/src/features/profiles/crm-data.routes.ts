import { accountsRoutes } from '@outsync/contracts/accounts';
import { addRoute } from '../../platform/http/route';
import type { AppContext, AppRouter, SessionUser } from '../../platform/http/types';
import type { CrmDataService } from './crm-data.service';

function userOf(ctx: AppContext): SessionUser {
  // Every route here is `auth: 'session'`: addRoute has put the user there.
  ctx.set('Cache-Control', 'no-store');
  return ctx.state.user as SessionUser;
}

/** Owners, endpoints, properties and Salesforce settings data for the webhook forms. */
export function registerCrmDataRoutes(router: AppRouter, deps: { crmData: CrmDataService }): void {
  const { crmData } = deps;
  addRoute(router, accountsRoutes.hubspotOwnersAndUserAccounts, ({ params }, ctx) =>
    crmData.ownersAndUserAccounts(userOf(ctx), params.userProfileId, 'HUBSPOT'),
  );
  addRoute(router, accountsRoutes.salesforceUserAccounts, ({ params }, ctx) =>
    crmData.ownersAndUserAccounts(userOf(ctx), params.userProfileId, 'SALESFORCE'),
  );
  addRoute(router, accountsRoutes.crmProperties, ({ params, query }, ctx) =>
    crmData.properties(userOf(ctx), params.userProfileId, query.type),
  );
  addRoute(router, accountsRoutes.salesforcePermissionSets, ({ params }, ctx) =>
    crmData.permissionSets(userOf(ctx), params.userProfileId),
  );
  addRoute(router, accountsRoutes.salesforceTaskTypes, ({ params }, ctx) =>
    crmData.taskTypes(userOf(ctx), params.userProfileId),
  );
  addRoute(router, accountsRoutes.validateSalesforceTaskType, ({ body }, ctx) =>
    crmData.validateTaskType(userOf(ctx), body),
  );
  addRoute(router, accountsRoutes.createSalesforceFields, ({ body }, ctx) =>
    crmData.createFields(userOf(ctx), body),
  );
}
