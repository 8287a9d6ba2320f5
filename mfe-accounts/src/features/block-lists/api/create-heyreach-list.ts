import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountsApiClient,
  HeyreachListCreateResponse,
  HeyreachListsResponse,
} from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { heyreachListsQueryKey } from './get-heyreach-lists';

/** Spec 02 §8: a failed list creation without a message of its own. */
export const createListFailed = 'Failed to create list';

/** '+ Create New List': an empty HeyReach lead list; `success` false with HeyReach's reason. */
export function createHeyreachList(
  client: AccountsApiClient,
  apiKeyId: string,
  listName: string,
): Promise<HeyreachListCreateResponse> {
  return client.createHeyreachList({ params: { apiKeyId }, body: { listName } });
}

/** A created list joins the key's lists at once, so it can be the selection. */
export function useCreateHeyreachList() {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ apiKeyId, listName }: { apiKeyId: string; listName: string }) =>
      createHeyreachList(client, apiKeyId, listName),
    onSuccess: ({ success, listId }, { apiKeyId, listName }) => {
      if (!success || listId === null) return;
      queryClient.setQueryData<HeyreachListsResponse>(heyreachListsQueryKey(apiKeyId), (data) =>
        data ? { ...data, lists: [...data.lists, { id: listId, name: listName.trim() }] } : data,
      );
      void queryClient.invalidateQueries({ queryKey: heyreachListsQueryKey(apiKeyId) });
    },
    // The service's message; "Failed to create list" when it gave none or no answer came.
    meta: { errorToast: { failed: createListFailed, exception: createListFailed } },
  });
}
