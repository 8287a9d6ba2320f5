import { accountsRoutes } from '@outsync/contracts/accounts';
import { addRoute } from '../../platform/http/route';
import { authenticate } from '../../platform/http/session';
import type { AppRouter } from '../../platform/http/types';
import type { BlockListsService } from './block-lists.service';

/** Block-list syncs (spec 02 §7 "Block-list syncs"). */
export function registerBlockListsRoutes(
  router: AppRouter,
  deps: { blockLists: BlockListsService },
): void {
  const { blockLists } = deps;

  addRoute(router, accountsRoutes.listBlockListSyncs, async (_input, ctx) =>
    blockLists.list(await authenticate(ctx)),
  );
  addRoute(router, accountsRoutes.createHubspotBlockList, async ({ body }, ctx) =>
    blockLists.createHubspot(await authenticate(ctx), body),
  );
  addRoute(router, accountsRoutes.createSalesforceBlockList, async ({ body }, ctx) =>
    blockLists.createSalesforce(await authenticate(ctx), body),
  );
  addRoute(router, accountsRoutes.updateBlockListSync, async ({ params, body }, ctx) =>
    blockLists.setEnabled(await authenticate(ctx), params.id, body.isEnabled),
  );
  addRoute(router, accountsRoutes.deleteBlockListSync, async ({ params }, ctx) =>
    blockLists.remove(await authenticate(ctx), params.id),
  );
}
