import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountsApiClient,
  BlockListSync,
  SalesforceBlockListCreateRequest,
} from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { addCachedBlockListSync } from './get-block-list-syncs';

/** Start Blocking (SALESFORCE): the sync is stored and its first run queued. */
export function createSalesforceBlockList(
  client: AccountsApiClient,
  body: SalesforceBlockListCreateRequest,
): Promise<BlockListSync> {
  return client.createSalesforceBlockList({ body });
}

export function useCreateSalesforceBlockList() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SalesforceBlockListCreateRequest) => createSalesforceBlockList(client, body),
    onSuccess: (created) => addCachedBlockListSync(queryClient, created),
    // A refusal shows the service's message (spec 02 §7: "an error carries message").
    meta: { errorToast: {} },
  });
}
