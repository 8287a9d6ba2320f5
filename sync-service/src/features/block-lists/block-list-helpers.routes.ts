import { accountsRoutes } from '@outsync/contracts/accounts';
import { addRoute } from '../../platform/http/route';
import { authenticate } from '../../platform/http/session';
import type { AppRouter } from '../../platform/http/types';
import type { BlockListHelpersService } from './block-list-helpers.service';

/** The block-list forms' pickers (spec 02 §7 "Block-list helpers"); the CRM properties call is crm-data's. */
export function registerBlockListHelpersRoutes(
  router: AppRouter,
  deps: { helpers: BlockListHelpersService },
): void {
  const { helpers } = deps;

  addRoute(router, accountsRoutes.hubspotBlockListSources, async ({ params }, ctx) =>
    helpers.hubspotLists(await authenticate(ctx), params.userProfileId),
  );
  addRoute(router, accountsRoutes.salesforceBlockListSources, async ({ params }, ctx) =>
    helpers.salesforceLists(await authenticate(ctx), params.userProfileId),
  );
  addRoute(router, accountsRoutes.salesforceReportFields, async ({ params }, ctx) =>
    helpers.salesforceReportFields(await authenticate(ctx), params.userProfileId, params.listId),
  );
  addRoute(router, accountsRoutes.smartleadClients, async ({ params }, ctx) =>
    helpers.smartleadClients(await authenticate(ctx), params.apiKeyId),
  );
  addRoute(router, accountsRoutes.heyreachLists, async ({ params }, ctx) =>
    helpers.heyreachLists(await authenticate(ctx), params.apiKeyId),
  );
  addRoute(router, accountsRoutes.createHeyreachList, async ({ params, body }, ctx) =>
    helpers.createHeyreachList(await authenticate(ctx), params.apiKeyId, body.listName),
  );
}
