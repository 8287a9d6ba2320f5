import { historyRoutes } from '@outsync/contracts/history';
import { addRoute } from '../../platform/http/route';
import type { AppContext, AppRouter, SessionUser } from '../../platform/http/types';
import type { HistoryService } from './history.service';

function userOf(ctx: AppContext): SessionUser {
  // Every history route is `auth: 'session'`: addRoute has put the user there.
  return ctx.state.user as SessionUser;
}

/** The history area's routes (spec 02 §7 "History", issue 13). */
export function registerHistoryRoutes(router: AppRouter, deps: { history: HistoryService }): void {
  const { history } = deps;
  // The fixed paths before `/webhook-logs/:id`, which would otherwise take `count` as an id.
  addRoute(router, historyRoutes.webhookLogsCount, ({ query }, ctx) =>
    history.webhookLogsCount(userOf(ctx), query),
  );
  addRoute(router, historyRoutes.webhookLogTypes, () => history.webhookLogTypes());
  addRoute(router, historyRoutes.webhookLogsDaily, ({ query }, ctx) =>
    history.webhookLogsDaily(userOf(ctx), query),
  );
  addRoute(router, historyRoutes.webhookLogs, ({ query }, ctx) =>
    history.webhookLogs(userOf(ctx), query),
  );
  addRoute(router, historyRoutes.webhookLog, ({ params }, ctx) =>
    history.webhookLog(userOf(ctx), params.id),
  );
  addRoute(router, historyRoutes.categoryBaseFilters, ({ query }, ctx) =>
    history.categoryBaseFilters(userOf(ctx), query),
  );
  addRoute(router, historyRoutes.blockListLogs, ({ query }, ctx) =>
    history.blockListLogs(userOf(ctx), query),
  );
  addRoute(router, historyRoutes.blockListSyncOptions, (_input, ctx) =>
    history.blockListSyncOptions(userOf(ctx)),
  );
}
