import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionSet } from '@outsync/contracts/accounts';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

/** The Salesforce org's permission sets ('Select Permissions'). */
export function getPermissionSets(
  client: WebhooksAreaClient,
  userProfileId: string,
  signal?: AbortSignal,
): Promise<PermissionSet[]> {
  return client.salesforcePermissionSets({ params: { userProfileId } }, { signal });
}

export const permissionSetsQueryKey = (userProfileId: string) =>
  ['webhook-form', 'permission-sets', userProfileId] as const;

export function permissionSetsQueryOptions(client: WebhooksAreaClient, userProfileId: string) {
  return queryOptions({
    queryKey: permissionSetsQueryKey(userProfileId),
    queryFn: ({ signal }) => getPermissionSets(client, userProfileId, signal),
    meta: { errorToast: {} },
  });
}

/** Asked only while custom fields are on (spec 01 §7). */
export function usePermissionSets(userProfileId: string, { enabled }: { enabled: boolean }) {
  const client = useWebhooksApi();
  return useQuery({ ...permissionSetsQueryOptions(client, userProfileId), enabled });
}
