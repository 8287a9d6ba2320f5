import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrmKind } from '@outsync/contracts';
import type { OwnersAndUserAccountsResponse } from '@outsync/contracts/accounts';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

/** The CRM's owners and the profile's webhook endpoints, from the call of the profile's CRM. */
export function getOwnersAndUserAccounts(
  client: WebhooksAreaClient,
  crm: CrmKind,
  userProfileId: string,
  signal?: AbortSignal,
): Promise<OwnersAndUserAccountsResponse> {
  const input = { params: { userProfileId } };
  return crm === 'HUBSPOT'
    ? client.hubspotOwnersAndUserAccounts(input, { signal })
    : client.salesforceUserAccounts(input, { signal });
}

export const ownersAndUserAccountsQueryKey = (crm: CrmKind, userProfileId: string) =>
  ['webhook-form', 'owners-and-user-accounts', crm, userProfileId] as const;

/** A failure shows the service's message (spec 01 §8 "Owners and user accounts error"). */
export function ownersAndUserAccountsQueryOptions(
  client: WebhooksAreaClient,
  crm: CrmKind,
  userProfileId: string,
) {
  return queryOptions({
    queryKey: ownersAndUserAccountsQueryKey(crm, userProfileId),
    queryFn: ({ signal }) => getOwnersAndUserAccounts(client, crm, userProfileId, signal),
    meta: { errorToast: {} },
  });
}

export function useOwnersAndUserAccounts(crm: CrmKind, userProfileId: string) {
  const client = useWebhooksApi();
  return useQuery(ownersAndUserAccountsQueryOptions(client, crm, userProfileId));
}
