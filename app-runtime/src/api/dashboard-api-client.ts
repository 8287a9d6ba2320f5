import type { QueryClient } from '@tanstack/react-query';
import {
  ApiError,
  apiRoutes,
  createRouteClient,
  CSRF_HEADER,
  type ApiClient,
  type RouteClient,
  type RouteTable,
} from '@outsync/contracts';
import { CSRF_TOKEN_UNAVAILABLE, ensureCsrfToken, forgetCsrfToken } from './csrf';
import { getPageQueryClient } from './query-client';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface DashboardApiClientOptions {
  /**
   * Called when a call answers 401. The shell sends the browser to /unauthorized (spec 01 §6);
   * leave it out where a 401 is an expected answer (the sign-in screens' `me`).
   */
  onUnauthorized?: () => void;
  /** The cache that keeps the CSRF token; the page's one by default. */
  queryClient?: QueryClient;
}

/** Makes a client for another route table with the options a dashboard client was made with. */
export type RouteClientFactory = <T extends RouteTable>(routes: T) => RouteClient<T>;

/**
 * Where a dashboard client keeps its factory. Private to this module (app-runtime is a federation
 * singleton, so the shell's client and a remote's `useRouteClient` see the same symbol).
 */
const routeClientFactory = Symbol('outsync.dashboardRouteClientFactory');

/**
 * A typed client for any route table, with the dashboard's behaviour: each state-changing call
 * carries `X-CSRF-Token`, the page's token (fetched once into the query cache, again after a
 * 403), and a 401 calls `onUnauthorized`. An area's screens reach theirs through
 * `useRouteClient(areaRoutes)`, which uses the options of the client the host provided.
 */
export function createDashboardRouteClient<const T extends RouteTable>(
  routes: T,
  options: DashboardApiClientOptions = {},
): RouteClient<T> {
  const { onUnauthorized, queryClient } = options;
  // Resolved per call, so a client made at module load does not create the cache too early.
  const cache = () => queryClient ?? getPageQueryClient();
  const client = createRouteClient(routes, {
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          if (!safeMethods.has(request.method)) {
            request.headers.set(CSRF_HEADER, await csrfTokenFor(cache()));
          }
        },
      ],
      afterResponse: [
        ({ response }) => {
          if (response.status === 401) onUnauthorized?.();
          // A stale token (the cookie expired or was cleared): the next call fetches a fresh one.
          if (response.status === 403) forgetCsrfToken(cache());
        },
      ],
    },
  });
  attachRouteClientFactory(client, (other) => createDashboardRouteClient(other, options));
  return client;
}

/**
 * Lets `useRouteClient` make clients for other route tables with `client`'s behaviour (the
 * dashboard's CSRF and 401 handling, an embed token). Every host client is made with one.
 */
export function attachRouteClientFactory(client: object, factory: RouteClientFactory): void {
  // Not enumerable: the client's own keys stay the route names.
  Object.defineProperty(client, routeClientFactory, { value: factory });
}

/**
 * The typed client every dashboard screen calls the core API through (`useApi()`); an area's
 * routes go through `useRouteClient`. Same behaviour as `createDashboardRouteClient`.
 */
export function createDashboardApiClient(options: DashboardApiClientOptions = {}): ApiClient {
  return createDashboardRouteClient(apiRoutes, options);
}

/** One client per (host client, route table): a screen's calls keep one identity per render. */
const routeClients = new WeakMap<object, WeakMap<RouteTable, unknown>>();

/**
 * A client for `routes` made with the same options as `client` (its 401 handler, its CSRF
 * cache), when `client` is a dashboard client; otherwise (a hand-made client in a test) with the
 * default options, as `defaultApiClient`. Memoised per (client, routes).
 */
export function routeClientLike<const T extends RouteTable>(
  client: object,
  routes: T,
): RouteClient<T> {
  let clients = routeClients.get(client);
  if (!clients) {
    clients = new WeakMap();
    routeClients.set(client, clients);
  }
  let routeClient = clients.get(routes) as RouteClient<T> | undefined;
  if (!routeClient) {
    const factory = (client as { [routeClientFactory]?: RouteClientFactory })[routeClientFactory];
    routeClient = factory ? factory(routes) : createDashboardRouteClient(routes);
    clients.set(routes, routeClient);
  }
  return routeClient;
}

async function csrfTokenFor(queryClient: QueryClient): Promise<string> {
  try {
    return await ensureCsrfToken(queryClient);
  } catch (error) {
    throw new ApiError({
      status: 0,
      code: CSRF_TOKEN_UNAVAILABLE,
      message: 'No CSRF token could be fetched; the request was not sent',
      details: { cause: error },
    });
  }
}
