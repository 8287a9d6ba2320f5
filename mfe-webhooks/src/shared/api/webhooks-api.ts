import { useRouteClient } from '@outsync/app-runtime';
import { apiKeysRoutes, crmDataRoutes, profilesRoutes } from '@outsync/contracts/accounts';
import { webhooksRoutes } from '@outsync/contracts/webhooks';

/**
 * The webhooks area calls its own routes (`@outsync/contracts/webhooks`) and the connected-
 * accounts data its forms need: integrations (profiles), API keys and categories, owners,
 * properties, task types and Create Fields (CRM data). Only those feature tables, not
 * `accountsRoutes`: the contracts area is bundled here tree-shaken (not a shared singleton), so
 * the other features' routes and schemas stay out of this module. One table, built once, so the
 * client is stable across renders.
 */
export const webhooksAreaRoutes = {
  ...profilesRoutes,
  ...apiKeysRoutes,
  ...crmDataRoutes,
  ...webhooksRoutes,
};
export type WebhooksAreaRoutes = typeof webhooksAreaRoutes;

/** The client every screen of this module calls through, with the host's CSRF and 401 handling. */
export function useWebhooksApi() {
  return useRouteClient(webhooksAreaRoutes);
}
