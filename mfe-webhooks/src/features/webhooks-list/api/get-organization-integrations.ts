import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteClient } from '@outsync/contracts';
import type { IntegrationItem } from '@outsync/contracts/accounts';
import {
  useWebhooksListApi,
  type WebhooksListAreaRoutes,
} from '../../../shared/api/webhooks-list-api';

type Client = Pick<RouteClient<WebhooksListAreaRoutes>, 'organizationIntegrations'>;

/**
 * GET /api/admin/organizations/integrations: the profiles a webhook may be created on, for
 * 'Select Profile:' (spec 01 §2.6, §7).
 */
export function getOrganizationIntegrations(
  client: Client,
  signal?: AbortSignal,
): Promise<IntegrationItem[]> {
  return client.organizationIntegrations({ signal });
}

// Not under ['webhooks']: saving a webhook invalidates that prefix, and the profiles do not change.
export const organizationIntegrationsQueryKey = [
  'webhooks-list',
  'organization-integrations',
] as const;

export function organizationIntegrationsQueryOptions(client: Client) {
  return queryOptions({
    queryKey: organizationIntegrationsQueryKey,
    queryFn: ({ signal }) => getOrganizationIntegrations(client, signal),
    // The service's message; a 401 goes to /unauthorized (the host client).
    meta: { errorToast: {} },
  });
}

export function useOrganizationIntegrations() {
  const client = useWebhooksListApi();
  return useQuery(organizationIntegrationsQueryOptions(client));
}
