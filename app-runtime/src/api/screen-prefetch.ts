import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@outsync/contracts';

/**
 * What an exposed page may export as `prefetch`, beside its component: starts the screen's first
 * queries through the host's client (`routeClientLike(client, areaRoutes)`, the client
 * `useRouteClient` gives the page) into the page's cache, with the options the page's own hooks
 * use, so they find the answer under way instead of asking again. The shell calls it for the
 * address it opens at, once the session check has answered for a user who may open the screen,
 * without waiting for the page to render.
 */
export type PrefetchScreen = (client: ApiClient, queryClient: QueryClient) => void;
