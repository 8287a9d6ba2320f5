import { federationNames, remoteApps } from './front-end-apps';
import {
  exposesOfRemote,
  mayOpenRoute,
  pagesOfRemote,
  routeList,
  routesServedBy,
  shellPaths,
} from './routes';

// Spec 01 §2.1, row by row: path and route name ('not shown' rows carry our own key).
const specRouteMap = [
  ['/', 'login'],
  ['/verify', 'verify'],
  ['/admin/dashboard/hubspot', 'hubspot-view'],
  ['/admin/dashboard/salesforce', 'salesforce-settings-view'],
  ['/admin/dashboard/webhooks', 'webhook-view'],
  ['/admin/dashboard/api-keys', 'api-key-view'],
  ['/admin/dashboard/services', 'additional-services-view'],
  ['/admin/dashboard/smartlead-block-lists', 'smartlead-block-list-view'],
  ['/admin/dashboard/users', 'user-view'],
  ['/admin/dashboard/history/webhook-logs', 'webhook-logs'],
  ['/admin/dashboard/history/block-list-logs', 'block-list-logs'],
  ['/admin/dashboard/history/category-base-filter-logs', 'category-base-filter-logs'],
] as const;

// Screens beyond spec 01 §2.1, with keys of our own.
const laterRouteMap = [
  ['/admin/dashboard/history/audit-log', 'audit-log'],
  ['/admin/dashboard/api-tokens', 'api-tokens'],
] as const;

test('the catalog holds exactly the screens of spec 01 §2.1, the audit log and the API tokens, by route name', () => {
  expect(routeList.map((route) => [route.path, route.name]).sort()).toEqual(
    [...specRouteMap, ...laterRouteMap].map(([path, name]) => [path, name]).sort(),
  );
});

test('the shell serves the unauthorized page and the dashboard layout itself', () => {
  expect(shellPaths).toEqual({ unauthorized: '/unauthorized', dashboard: '/admin/dashboard' });
});

// Spec 01 §2.2 and spec 02 §2.1: the sidebar, in order, with the group each entry sits in.
test('the sidebar entries follow the spec, in order', () => {
  const sidebar = routeList.flatMap((route) =>
    route.sidebar ? [[route.sidebar.group ?? null, route.sidebar.label, route.name]] : [],
  );
  expect(sidebar).toEqual([
    ['Connected accounts', 'HubSpot', 'hubspot-view'],
    ['Connected accounts', 'Salesforce', 'salesforce-settings-view'],
    ['Connected accounts', 'API keys', 'api-key-view'],
    ['Connected accounts', 'Webhook endpoint', 'additional-services-view'],
    [null, 'Webhook receiver', 'webhook-view'],
    [null, 'Block lists', 'smartlead-block-list-view'],
    [null, 'Users', 'user-view'],
    [null, 'API tokens', 'api-tokens'],
    ['History', 'Webhooks', 'webhook-logs'],
    ['History', 'Block Lists', 'block-list-logs'],
    ['History', 'Category Base Filter', 'category-base-filter-logs'],
    ['History', 'Audit log', 'audit-log'],
  ]);
});

test('sign-in is public, Users is for a manager or admin, the rest for anyone signed in', () => {
  const access = Object.fromEntries(routeList.map((route) => [route.name, route.access]));
  expect(access).toEqual({
    login: 'public',
    verify: 'public',
    'hubspot-view': 'signed-in',
    'salesforce-settings-view': 'signed-in',
    'api-key-view': 'signed-in',
    'additional-services-view': 'signed-in',
    'webhook-view': 'signed-in',
    'smartlead-block-list-view': 'signed-in',
    'user-view': 'manager-or-admin',
    'api-tokens': 'signed-in',
    'webhook-logs': 'signed-in',
    'block-list-logs': 'signed-in',
    'category-base-filter-logs': 'signed-in',
    'audit-log': 'signed-in',
  });
});

test('every screen behind a sign-in lives under the dashboard layout', () => {
  for (const route of routeList.filter(({ access }) => access !== 'public')) {
    expect(route.path.startsWith('/admin/dashboard/')).toBe(true);
  }
});

test('each screen names its remote, federation name and expose', () => {
  expect(
    routeList.map((route) => [route.name, route.remote, route.federationName, route.exposeKey]),
  ).toEqual([
    ['login', 'mfe-auth', 'outsync_auth', './LoginPage'],
    ['verify', 'mfe-auth', 'outsync_auth', './VerifyPage'],
    ['hubspot-view', 'mfe-accounts', 'outsync_accounts', './HubspotPage'],
    ['salesforce-settings-view', 'mfe-accounts', 'outsync_accounts', './SalesforcePage'],
    ['api-key-view', 'mfe-accounts', 'outsync_accounts', './ApiKeysPage'],
    ['additional-services-view', 'mfe-accounts', 'outsync_accounts', './ServicesPage'],
    ['webhook-view', 'mfe-webhooks', 'outsync_webhooks', './WebhooksPage'],
    ['smartlead-block-list-view', 'mfe-accounts', 'outsync_accounts', './BlockListsPage'],
    ['user-view', 'mfe-accounts', 'outsync_accounts', './UsersPage'],
    ['api-tokens', 'mfe-accounts', 'outsync_accounts', './ApiTokensPage'],
    ['webhook-logs', 'mfe-history', 'outsync_history', './WebhookLogsPage'],
    ['block-list-logs', 'mfe-history', 'outsync_history', './BlockListLogsPage'],
    ['category-base-filter-logs', 'mfe-history', 'outsync_history', './CategoryBaseFilterLogsPage'],
    ['audit-log', 'mfe-history', 'outsync_history', './AuditLogPage'],
  ]);
});

test('federation names: the shell and four remotes, each a JS identifier', () => {
  expect(federationNames).toEqual({
    shell: 'outsync_shell',
    'mfe-auth': 'outsync_auth',
    'mfe-webhooks': 'outsync_webhooks',
    'mfe-accounts': 'outsync_accounts',
    'mfe-history': 'outsync_history',
  });
  expect(remoteApps).toEqual(['mfe-auth', 'mfe-webhooks', 'mfe-accounts', 'mfe-history']);
});

test('a remote lands on its first route', () => {
  expect(remoteApps.map((app) => routesServedBy(app)[0].path)).toEqual([
    '/',
    '/admin/dashboard/webhooks',
    '/admin/dashboard/hubspot',
    '/admin/dashboard/history/webhook-logs',
  ]);
});

test('a remote exposes each of its pages under ./<Expose>', () => {
  expect(
    exposesOfRemote('mfe-history', {
      WebhookLogsPage: './a.tsx',
      BlockListLogsPage: './b.tsx',
      CategoryBaseFilterLogsPage: './c.tsx',
      AuditLogPage: './d.tsx',
    }),
  ).toEqual({
    './WebhookLogsPage': './a.tsx',
    './BlockListLogsPage': './b.tsx',
    './CategoryBaseFilterLogsPage': './c.tsx',
    './AuditLogPage': './d.tsx',
  });
});

test("a remote's pages sit at the catalog's paths, in its order", () => {
  expect(
    pagesOfRemote('mfe-auth', { VerifyPage: { label: 'V' }, LoginPage: { label: 'L' } }),
  ).toEqual([
    { path: '/', label: 'L' },
    { path: '/verify', label: 'V' },
  ]);
});

test('who may open a route: anyone, anyone signed in, or a manager or admin (spec 01 §6)', () => {
  const customer = { isManagerOrAdmin: false };
  const staff = { isManagerOrAdmin: true };
  expect([null, customer, staff].map((user) => mayOpenRoute('public', user))).toEqual([
    true,
    true,
    true,
  ]);
  expect([null, customer, staff].map((user) => mayOpenRoute('signed-in', user))).toEqual([
    false,
    true,
    true,
  ]);
  expect([null, customer, staff].map((user) => mayOpenRoute('manager-or-admin', user))).toEqual([
    false,
    false,
    true,
  ]);
});
