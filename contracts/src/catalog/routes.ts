// The one route catalog (spec 01 §2.1, §2.2; spec 02 §2.1): path, route name, the remote that
// serves the screen, its expose, its sidebar entry and who may see it. The shell's router and
// sidebar, each remote's pages and exposes, and the bundle bench read it. Kept free of zod and
// other packages: the remotes' build configs import this file directly.
import { federationNames, type FederationName, type RemoteApp } from './front-end-apps';

/** The sidebar's expandable groups (spec 01 §2.2). */
export type SidebarGroup = 'Connected accounts' | 'History';

/** Who may open a route: anyone, any signed-in user, or a manager or admin (spec 02 §6). */
export type RouteAccess = 'public' | 'signed-in' | 'manager-or-admin';

/** Whether `user` (null when nobody is signed in) may open a route with this access. */
export function mayOpenRoute(
  access: RouteAccess,
  user: { isManagerOrAdmin: boolean } | null,
): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'signed-in':
      return user !== null;
    case 'manager-or-admin':
      return user?.isManagerOrAdmin === true;
  }
}

export interface SidebarPlacement {
  /** The group the entry sits in; absent for a top-level entry. */
  group?: SidebarGroup;
  label: string;
}

export interface ScreenRouteDefinition {
  /** Absolute, history-style path. */
  path: `/${string}`;
  /** The remote app that serves the screen. */
  remote: RemoteApp;
  /** The module the remote exposes for the screen; its expose key is `./${expose}`. */
  expose: `${string}Page`;
  access: RouteAccess;
  /** The screen's sidebar entry; null when the sidebar does not link to it. */
  sidebar: SidebarPlacement | null;
}

/**
 * Every screen a remote serves, keyed by the spec's route name. Those the spec names no route
 * for have keys of our own: 'login' ('/'), 'verify' ('/verify'), and 'audit-log' (issue 30) and
 * 'api-tokens' (issue 34), which are not spec screens. The order is the sidebar's, and a remote's first route is its landing page.
 */
export const routeCatalog = {
  login: { path: '/', remote: 'mfe-auth', expose: 'LoginPage', access: 'public', sidebar: null },
  verify: {
    path: '/verify',
    remote: 'mfe-auth',
    expose: 'VerifyPage',
    access: 'public',
    sidebar: null,
  },
  // The two CRM entries show the CRM kinds' display names (spec 02 §2.1).
  'hubspot-view': {
    path: '/admin/dashboard/hubspot',
    remote: 'mfe-accounts',
    expose: 'HubspotPage',
    access: 'signed-in',
    sidebar: { group: 'Connected accounts', label: 'HubSpot' },
  },
  'salesforce-settings-view': {
    path: '/admin/dashboard/salesforce',
    remote: 'mfe-accounts',
    expose: 'SalesforcePage',
    access: 'signed-in',
    sidebar: { group: 'Connected accounts', label: 'Salesforce' },
  },
  'api-key-view': {
    path: '/admin/dashboard/api-keys',
    remote: 'mfe-accounts',
    expose: 'ApiKeysPage',
    access: 'signed-in',
    sidebar: { group: 'Connected accounts', label: 'API keys' },
  },
  'additional-services-view': {
    path: '/admin/dashboard/services',
    remote: 'mfe-accounts',
    expose: 'ServicesPage',
    access: 'signed-in',
    sidebar: { group: 'Connected accounts', label: 'Webhook endpoint' },
  },
  'webhook-view': {
    path: '/admin/dashboard/webhooks',
    remote: 'mfe-webhooks',
    expose: 'WebhooksPage',
    access: 'signed-in',
    sidebar: { label: 'Webhook receiver' },
  },
  'smartlead-block-list-view': {
    path: '/admin/dashboard/smartlead-block-lists',
    remote: 'mfe-accounts',
    expose: 'BlockListsPage',
    access: 'signed-in',
    sidebar: { label: 'Block lists' },
  },
  'user-view': {
    path: '/admin/dashboard/users',
    remote: 'mfe-accounts',
    expose: 'UsersPage',
    access: 'manager-or-admin',
    sidebar: { label: 'Users' },
  },
  // Issue 34, item 5: the user's tokens for the API (beyond the spec's screens).
  'api-tokens': {
    path: '/admin/dashboard/api-tokens',
    remote: 'mfe-accounts',
    expose: 'ApiTokensPage',
    access: 'signed-in',
    sidebar: { label: 'API tokens' },
  },
  'webhook-logs': {
    path: '/admin/dashboard/history/webhook-logs',
    remote: 'mfe-history',
    expose: 'WebhookLogsPage',
    access: 'signed-in',
    sidebar: { group: 'History', label: 'Webhooks' },
  },
  'block-list-logs': {
    path: '/admin/dashboard/history/block-list-logs',
    remote: 'mfe-history',
    expose: 'BlockListLogsPage',
    access: 'signed-in',
    sidebar: { group: 'History', label: 'Block Lists' },
  },
  'category-base-filter-logs': {
    path: '/admin/dashboard/history/category-base-filter-logs',
    remote: 'mfe-history',
    expose: 'CategoryBaseFilterLogsPage',
    access: 'signed-in',
    sidebar: { group: 'History', label: 'Category Base Filter' },
  },
  // Issue 30, item 6: who changed what, on whose account (beyond the spec's screens).
  'audit-log': {
    path: '/admin/dashboard/history/audit-log',
    remote: 'mfe-history',
    expose: 'AuditLogPage',
    access: 'signed-in',
    sidebar: { group: 'History', label: 'Audit log' },
  },
} as const satisfies Record<string, ScreenRouteDefinition>;

/** Paths the shell serves itself; the spec shows no route name for them (spec 01 §2.1). */
export const shellPaths = {
  /** The dashboard layout every signed-in screen renders inside. */
  dashboard: '/admin/dashboard',
  unauthorized: '/unauthorized',
} as const;

type Catalog = typeof routeCatalog;
export type RouteName = keyof Catalog;
export type RoutePath = Catalog[RouteName]['path'];

/** A catalog entry with its name and what follows from it. */
export type CatalogRoute = {
  [N in RouteName]: Omit<Catalog[N], 'sidebar'> & {
    name: N;
    sidebar: SidebarPlacement | null;
    federationName: FederationName<Catalog[N]['remote']>;
    /** The key in the remote's `exposes`, e.g. './WebhooksPage'. */
    exposeKey: `./${Catalog[N]['expose']}`;
  };
}[RouteName];

/** The routes `R` serves. */
export type CatalogRouteOf<R extends RemoteApp> = Extract<CatalogRoute, { remote: R }>;
/** The page modules `R` exposes, e.g. 'WebhooksPage'. */
export type ExposeName<R extends RemoteApp = RemoteApp> = CatalogRouteOf<R>['expose'];

type NonEmpty<T> = [T, ...T[]];

/** The catalog as a list, in its order. */
export const routeList: readonly CatalogRoute[] = (Object.keys(routeCatalog) as RouteName[]).map(
  (name) => {
    const route = routeCatalog[name];
    // TypeScript cannot pair each name with its own entry across the union; the spread does.
    return {
      name,
      ...route,
      federationName: federationNames[route.remote],
      exposeKey: `./${route.expose}`,
    } as CatalogRoute;
  },
);

/** The routes `remote` serves, in catalog order: the first is its landing page. */
export function routesServedBy<R extends RemoteApp>(remote: R): NonEmpty<CatalogRouteOf<R>> {
  const [first, ...rest] = routeList.filter(
    (route): route is CatalogRouteOf<R> => route.remote === remote,
  );
  if (!first) throw new Error(`The route catalog has no page for ${remote}.`);
  return [first, ...rest];
}

/**
 * Each page `remote` serves at its path, with what the remote keeps for it (`screens`, by
 * expose name). A page missing from `screens`, or one the remote does not serve, is a type error.
 */
export function pagesOfRemote<R extends RemoteApp, Screens extends Record<ExposeName<R>, object>>(
  remote: R,
  screens: Screens & Record<Exclude<keyof Screens, ExposeName<R>>, never>,
): NonEmpty<Screens[keyof Screens] & { path: RoutePath }> {
  const byExpose: Record<string, Screens[keyof Screens] | undefined> = screens;
  const page = (route: CatalogRouteOf<R>) => {
    const screen = byExpose[route.expose];
    if (!screen) throw new Error(`${remote} has nothing for its page ${route.expose}.`);
    return { ...screen, path: route.path };
  };
  const [first, ...rest] = routesServedBy(remote);
  return [page(first), ...rest.map(page)];
}

/**
 * The Module Federation `exposes` for `remote`'s pages: './WebhooksPage' → its file. A page
 * missing from `files` is a type error.
 */
export function exposesOfRemote<R extends RemoteApp>(
  remote: R,
  files: Record<ExposeName<R>, string>,
): Record<`./${ExposeName<R>}`, string> {
  return Object.fromEntries(
    routesServedBy(remote).map((route) => [route.exposeKey, files[route.expose as ExposeName<R>]]),
  ) as Record<`./${ExposeName<R>}`, string>;
}

/**
 * The Webhooks page's search parameter that opens one webhook's live view (issue 34, item 1):
 * History links there, one module to another, by URL alone.
 */
export const LIVE_VIEW_SEARCH_PARAM = 'live';

/** The Webhooks page with the live view of `webhookId` open. */
export function webhookLiveViewPath(webhookId: string): string {
  return `${routeCatalog['webhook-view'].path}?${LIVE_VIEW_SEARCH_PARAM}=${encodeURIComponent(webhookId)}`;
}
