import { useRouteClient } from '@outsync/app-runtime';
import { historyRoutes } from '@outsync/contracts/history';

/**
 * The history area calls its own routes (`@outsync/contracts/history`), a webhook log's Retry
 * and Release among them. One table at module level, so the client is stable across renders.
 */
export const historyAreaRoutes = historyRoutes;
export type HistoryAreaRoutes = typeof historyAreaRoutes;

/** The client every screen of this module calls through, with the host's CSRF and 401 handling. */
export function useHistoryApi() {
  return useRouteClient(historyAreaRoutes);
}
