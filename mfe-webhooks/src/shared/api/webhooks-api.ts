import { useRouteClient } from '@outsync/app-runtime';
import { accountsRoutes } from '@outsync/contracts/accounts';
import { webhooksRoutes } from '@outsync/contracts/webhooks';

/**
 * The webhooks area calls its own routes (`@outsync/contracts/webhooks`) and the connected-
 * accounts data its forms need (integrations, owners, properties, API keys, categories, task
 * types, Create Fields). One table, built once, so the client is stable across renders.
 */
export const webhooksAreaRoutes = { ...accountsRoutes, ...webhooksRoutes };
export type WebhooksAreaRoutes = typeof webhooksAreaRoutes;

/** The client every screen of this module calls through, with the host's CSRF and 401 handling. */
export function useWebhooksApi() {
  return useRouteClient(webhooksAreaRoutes);
}
