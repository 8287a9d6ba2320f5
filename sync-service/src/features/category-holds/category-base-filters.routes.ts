import { historyRoutes } from '@outsync/contracts/history';
import { addCsvRoute } from '../../platform/http/csv-route';
import { addRoute } from '../../platform/http/route';
import type { AppContext, AppRouter, SessionUser } from '../../platform/http/types';
import type { CategoryBaseFiltersReads } from './category-base-filters.reads';

function userOf(ctx: AppContext): SessionUser {
  // Both routes are `auth: 'session'`: addRoute (addCsvRoute) has put the user there.
  return ctx.state.user as SessionUser;
}

/** History > Category Base Filter's list and its export (spec 02 §7 "History", issues 13, 34). */
export function registerCategoryBaseFiltersRoutes(
  router: AppRouter,
  deps: { reads: CategoryBaseFiltersReads },
): void {
  addRoute(router, historyRoutes.categoryBaseFilters, ({ query }, ctx) =>
    deps.reads.categoryBaseFilters(userOf(ctx), query),
  );
  addCsvRoute(router, historyRoutes.categoryBaseFiltersExport, ({ query }, ctx) =>
    Promise.resolve(deps.reads.categoryBaseFiltersExport(userOf(ctx), query)),
  );
}
