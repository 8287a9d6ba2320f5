import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ApiClient, RouteClient, RouteTable } from '@outsync/contracts';
import { useApiErrorToast } from './api-error-toast';
import { createDashboardApiClient, routeClientLike } from './dashboard-api-client';
import { getPageQueryClient, registerErrorToastHandler } from './query-client';

/**
 * What a module uses when no host configured a client (running alone, or mounted in a partner's
 * page): CSRF handled, no 401 redirect (such a page has no /unauthorized route).
 */
export const defaultApiClient = createDashboardApiClient();

const ApiClientContext = createContext<ApiClient>(defaultApiClient);

/**
 * The host's configured API client (the shell's sends a 401 to /unauthorized) and the page's
 * query cache; every module's data hooks take both from here. Render it inside `UiProvider`:
 * it shows the `meta.errorToast` failures of its queries and mutations as toasts.
 */
export function ApiProvider({
  client,
  children,
  queryClient = getPageQueryClient(),
}: {
  client: ApiClient;
  children: ReactNode;
  /** The page's cache by default; tests pass a fresh one. */
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientContext.Provider value={client}>
        {children}
        {/* After the children: a nested provider's effects run first, so it registers first. */}
        <ErrorToasts queryClient={queryClient} />
      </ApiClientContext.Provider>
    </QueryClientProvider>
  );
}

/** The host's client of the core routes (`apiRoutes`: health, sign-in, the session). */
export function useApi(): ApiClient {
  return useContext(ApiClientContext);
}

/**
 * A client of an area's route table (`useRouteClient(accountsRoutes)`), made with the same
 * options as the host's client: the shell's 401 still goes to /unauthorized, and the CSRF token
 * is the page's one. The same client for as long as the host's client and the table stay the
 * same; keep route tables at module level.
 */
export function useRouteClient<const T extends RouteTable>(routes: T): RouteClient<T> {
  return routeClientLike(useApi(), routes);
}

/** Routes the cache-wide `meta.errorToast` failures to this tree's toast store. */
function ErrorToasts({ queryClient }: { queryClient: QueryClient }) {
  const showApiError = useApiErrorToast();
  useEffect(
    () => registerErrorToastHandler(queryClient, showApiError),
    [queryClient, showApiError],
  );
  return null;
}
