import { accountsRoutes } from './accounts/accounts.routes';
import { apiKeysRoutes } from './accounts/api-keys.routes';
import { apiTokensRoutes } from './accounts/api-tokens.routes';
import { blockListsRoutes } from './accounts/block-lists.routes';
import { crmDataRoutes } from './accounts/crm-data.routes';
import { partnersRoutes } from './accounts/partners.routes';
import { profilesRoutes } from './accounts/profiles.routes';
import { userAccountsRoutes } from './accounts/user-accounts.routes';
import { usersRoutes } from './accounts/users.routes';
import { apiRoutes } from './api-routes';
import { authRoutes } from './auth/auth.routes';
import { healthRoutes } from './health/health.routes';
import { auditRoutes } from './history/audit.routes';
import { blockListHistoryRoutes } from './history/block-lists.routes';
import { categoryHoldsRoutes } from './history/category-holds.routes';
import { historyRoutes } from './history/history.routes';
import { webhookEventsRoutes } from './history/webhook-events.routes';
import type { RouteTable } from './http/route';
import { syncAlertsRoutes } from './sync/sync-alerts.routes';

// Each area's table is put together from its features' tables: by spreads, where a route name
// two features shared would silently lose one route, and in history one by one, where a route
// added to a feature's table could be left out. Either way the service would neither serve nor
// document it.
const areas: [string, RouteTable, RouteTable[]][] = [
  [
    'apiRoutes',
    apiRoutes,
    [healthRoutes, { openapi: apiRoutes.openapi }, authRoutes, syncAlertsRoutes],
  ],
  [
    'accountsRoutes',
    accountsRoutes,
    [
      profilesRoutes,
      apiKeysRoutes,
      userAccountsRoutes,
      usersRoutes,
      crmDataRoutes,
      blockListsRoutes,
      partnersRoutes,
      apiTokensRoutes,
    ],
  ],
  [
    'historyRoutes',
    historyRoutes,
    [webhookEventsRoutes, categoryHoldsRoutes, blockListHistoryRoutes, auditRoutes],
  ],
];

describe.each(areas)('%s', (_name, table, features) => {
  it("holds every route of its features' tables, each once, and nothing else", () => {
    const featureRoutes = features.flatMap((feature) => Object.entries(feature));
    expect(featureRoutes.map(([name]) => name).sort()).toEqual(Object.keys(table).sort());
    for (const [name, route] of featureRoutes) expect(table[name]).toBe(route);
  });
});
