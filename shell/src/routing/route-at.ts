import { routeCatalog, routeList, shellPaths, type CatalogRoute } from '@outsync/contracts';

/**
 * The catalog screen the shell shows at `pathname` (the dashboard's own path redirects to the
 * Webhooks screen, as in routes.tsx), or undefined for any other address. Read once at start-up
 * to load that screen's module early (bootstrap.tsx).
 */
export function routeAt(pathname: string): CatalogRoute | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const path = trimmed === shellPaths.dashboard ? routeCatalog['webhook-view'].path : trimmed;
  return routeList.find((route) => route.path === path);
}
