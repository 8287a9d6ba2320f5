import { apiRoutes } from '@outsync/contracts';
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
  addRoute(router, apiRoutes.hubspotOwnersAndUserAccounts, ({ params }, ctx) =>
    crmData.ownersAndUserAccounts(userOf(ctx), params.userProfileId, 'HUBSPOT'),
  );
  addRoute(router, apiRoutes.salesforceUserAccounts, ({ params }, ctx) =>
    crmData.ownersAndUserAccounts(userOf(ctx), params.userProfileId, 'SALESFORCE'),
  );
  addRoute(router, apiRoutes.crmProperties, ({ params, query }, ctx) =>
    crmData.properties(userOf(ctx), params.userProfileId, query.type),
  );
  addRoute(router, apiRoutes.salesforcePermissionSets, ({ params }, ctx) =>
    crmData.permissionSets(userOf(ctx), params.userProfileId),
  );
  addRoute(router, apiRoutes.salesforceTaskTypes, ({ params }, ctx) =>
    crmData.taskTypes(userOf(ctx), params.userProfileId),
  );
  addRoute(router, apiRoutes.validateSalesforceTaskType, ({ body }, ctx) =>
    crmData.validateTaskType(userOf(ctx), body),
  );
  addRoute(router, apiRoutes.createSalesforceFields, ({ body }, ctx) =>
    crmData.createFields(userOf(ctx), body),
  );
}
