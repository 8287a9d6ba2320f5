import { webhooksRoutes } from '@outsync/contracts/webhooks';
import { addRoute } from '../../platform/http/route';
import type { AppContext, AppRouter, SessionUser } from '../../platform/http/types';
import type { BackfillService } from './backfill.service';

function userOf(ctx: AppContext): SessionUser {
  // Every route here is `auth: 'session'`: addRoute has put the user there.
  return ctx.state.user as SessionUser;
}

/** "Import past activity" (issue 34, item 3): start, list, follow and cancel a backfill. */
export function registerBackfillRoutes(
  router: AppRouter,
  deps: { backfills: BackfillService },
): void {
  const { backfills } = deps;
  // Before getBackfill, whose `:backfillId` would take `campaigns`.
  addRoute(router, webhooksRoutes.backfillCampaigns, ({ params, query }, ctx) =>
    backfills.campaigns(userOf(ctx), params.id, query.apiKeyId),
  );
  addRoute(router, webhooksRoutes.startBackfill, ({ params, body }, ctx) =>
    backfills.start(userOf(ctx), params.id, body),
  );
  addRoute(router, webhooksRoutes.listBackfills, ({ params }, ctx) =>
    backfills.list(userOf(ctx), params.id),
  );
  addRoute(router, webhooksRoutes.getBackfill, ({ params }, ctx) =>
    backfills.get(userOf(ctx), params.id, params.backfillId),
  );
  addRoute(router, webhooksRoutes.cancelBackfill, ({ params }, ctx) =>
    backfills.cancel(userOf(ctx), params.id, params.backfillId),
  );
}
