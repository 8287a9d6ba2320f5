import { historyRoutes } from '@outsync/contracts/history';
import { addRoute } from '../../platform/http/route';
import type { AppRouter, SessionUser } from '../../platform/http/types';
import type { CategoryBaseFiltersReads } from './category-base-filters.reads';

/** History > Category Base Filter's list (spec 02 §7 "History", issue 13). */
export function registerCategoryBaseFiltersRoutes(
  router: AppRouter,
  deps: { reads: CategoryBaseFiltersReads },
): void {
  addRoute(router, historyRoutes.categoryBaseFilters, ({ query }, ctx) =>
    // An `auth: 'session'` route: addRoute has put the user there.
    deps.reads.categoryBaseFilters(ctx.state.user as SessionUser, query),
  );
}
