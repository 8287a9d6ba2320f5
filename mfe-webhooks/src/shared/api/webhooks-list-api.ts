import { useRouteClient } from '@outsync/app-runtime';
import { integrationsRoutes } from '@outsync/contracts/accounts';
import { webhooksListRoutes } from '@outsync/contracts/webhooks';

/**
 * What the webhooks list calls (its two lists, Delete, the profiles to pick from), apart from
 * `webhooksAreaRoutes` (webhooks-api.ts): a module is bundled whole, so in that file this table
 * would bring every route's schemas into the list's bundle. The forms' and dialogs' routes come
 * with their chunks (the partner embed's first load, issue 32). Same host client and behaviour.
 */
export const webhooksListAreaRoutes = { ...integrationsRoutes, ...webhooksListRoutes };
export type WebhooksListAreaRoutes = typeof webhooksListAreaRoutes;

/** The list's client: `useWebhooksApi()`'s behaviour, for the list's routes only. */
export function useWebhooksListApi() {
  return useRouteClient(webhooksListAreaRoutes);
}
