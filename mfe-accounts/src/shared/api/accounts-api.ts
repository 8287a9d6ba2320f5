import { useRouteClient } from '@outsync/app-runtime';
import { accountsRoutes, type AccountsApiClient } from '@outsync/contracts/accounts';

/**
 * The connected-accounts client every screen of this module calls through: the area's own route
 * table (`@outsync/contracts/accounts`), with the host client's behaviour (CSRF token, the
 * shell's 401 → /unauthorized).
 */
export function useAccountsApi(): AccountsApiClient {
  return useRouteClient(accountsRoutes);
}
