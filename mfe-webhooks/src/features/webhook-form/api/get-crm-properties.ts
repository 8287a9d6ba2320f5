import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrmProperty, SalesforceObjectType } from '@outsync/contracts/accounts';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

/** HubSpot's contact properties, or the fields of a Salesforce object (`type`). */
export function getCrmProperties(
  client: WebhooksAreaClient,
  userProfileId: string,
  type: SalesforceObjectType | null,
  signal?: AbortSignal,
): Promise<CrmProperty[]> {
  return client.crmProperties(
    { params: { userProfileId }, query: type === null ? {} : { type } },
    { signal },
  );
}

export const crmPropertiesQueryKey = (userProfileId: string, type: SalesforceObjectType | null) =>
  ['webhook-form', 'crm-properties', userProfileId, type] as const;

/** A failure shows the service's message; the selects then list nothing (spec 01 §8). */
export function crmPropertiesQueryOptions(
  client: WebhooksAreaClient,
  userProfileId: string,
  type: SalesforceObjectType | null,
) {
  return queryOptions({
    queryKey: crmPropertiesQueryKey(userProfileId, type),
    queryFn: ({ signal }) => getCrmProperties(client, userProfileId, type, signal),
    meta: { errorToast: {} },
  });
}

/** `type`: the Salesforce object whose fields to list; null for HubSpot. */
export function useCrmProperties(userProfileId: string, type: SalesforceObjectType | null) {
  const client = useWebhooksApi();
  return useQuery(crmPropertiesQueryOptions(client, userProfileId, type));
}
