import { historyRoutes } from '@outsync/contracts/history';
import { addCsvRoute } from '../../platform/http/csv-route';
import { addRoute } from '../../platform/http/route';
import type { AppContext, AppRouter, SessionUser } from '../../platform/http/types';
import type { BlockListLogsReads } from './block-list-logs.reads';

function userOf(ctx: AppContext): SessionUser {
  // Every route here is `auth: 'session'`: addRoute (addCsvRoute) has put the user there.
  return ctx.state.user as SessionUser;
}

/**
 * History > Block Lists (spec 02 §7 "History", issue 13): the runs, their export (issue 34) and
 * the syncs to filter by.
 */
export function registerBlockListLogsRoutes(
  router: AppRouter,
  deps: { reads: BlockListLogsReads },
): void {
  addRoute(router, historyRoutes.blockListLogs, ({ query }, ctx) =>
    deps.reads.blockListLogs(userOf(ctx), query),
  );
  addCsvRoute(router, historyRoutes.blockListLogsExport, ({ query }, ctx) =>
    Promise.resolve(deps.reads.blockListLogsExport(userOf(ctx), query)),
  );
  addRoute(router, historyRoutes.blockListSyncOptions, (_input, ctx) =>
    deps.reads.blockListSyncOptions(userOf(ctx)),
  );
}
