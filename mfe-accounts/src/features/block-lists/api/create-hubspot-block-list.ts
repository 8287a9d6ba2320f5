import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountsApiClient,
  BlockListSync,
  HubspotBlockListCreateRequest,
} from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { addCachedBlockListSync } from './get-block-list-syncs';

/** Start Blocking (HUBSPOT): the sync is stored and its first run queued. */
export function createHubspotBlockList(
  client: AccountsApiClient,
  body: HubspotBlockListCreateRequest,
): Promise<BlockListSync> {
  return client.createHubspotBlockList({ body });
}

export function useCreateHubspotBlockList() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HubspotBlockListCreateRequest) => createHubspotBlockList(client, body),
    onSuccess: (created) => addCachedBlockListSync(queryClient, created),
    // A refusal shows the service's message (spec 02 §7: "an error carries message").
    meta: { errorToast: {} },
  });
}
