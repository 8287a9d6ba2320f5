import { type RouteClient } from '@outsync/contracts';
import { apiKeysRoutes } from './api-keys.routes';
import { apiTokensRoutes } from './api-tokens.routes';
import { blockListsRoutes } from './block-lists.routes';
import { crmDataRoutes } from './crm-data.routes';
import { partnersRoutes } from './partners.routes';
import { profilesRoutes } from './profiles.routes';
import { userAccountsRoutes } from './user-accounts.routes';
import { usersRoutes } from './users.routes';

/** Error codes of the connected-accounts area, beyond the platform's own. */
export const AccountsErrorCodes = {
  /** The CRM or platform could not be reached or answered an error (502). */
  upstreamFailed: 'upstream_failed',
  /** The platform refused the API key (400). */
  apiKeyInvalid: 'api_key_invalid',
  /** Something still uses the item (409). */
  inUse: 'in_use',
  /** A URL resolves to a private or otherwise unsafe address (400). */
  unsafeUrl: 'unsafe_url',
  /** The profile has no working CRM connection yet (409). */
  notConnected: 'not_connected',
  /** The profile lacks the feature flag the call needs (403). */
  featureNotApproved: 'feature_not_approved',
} as const;

/**
 * The routes of the connected-accounts area (spec 02 §7, spec 01 §7 "Owners, accounts and settings
 * data"): one table per service feature, each in its own `<feature>.routes.ts`. The order is the
 * OpenAPI document's (paths and schemas appear in it as the tables list them), so a new feature's
 * table goes at the end.
 */
export const accountsRoutes = {
  ...profilesRoutes,
  ...apiKeysRoutes,
  ...userAccountsRoutes,
  ...usersRoutes,
  ...crmDataRoutes,
  ...blockListsRoutes,
  ...partnersRoutes,
  ...apiTokensRoutes,
};

export type AccountsRoutes = typeof accountsRoutes;

/** The typed client of the connected-accounts routes (app-runtime's `useRouteClient(accountsRoutes)`). */
export type AccountsApiClient = RouteClient<AccountsRoutes>;
