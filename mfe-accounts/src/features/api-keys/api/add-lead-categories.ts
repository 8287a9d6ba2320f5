import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountsApiClient,
  LeadCategoriesAddRequest,
  LeadCategory,
} from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { withFixedMessage } from '../../../shared/api/fixed-message';
import { leadCategoriesQueryKey } from './get-lead-categories';

/** Spec 02 §8 names one text for every failure to add categories. */
export const addLeadCategoriesFailed = 'Something went wrong';

/** Adds HeyReach categories; resolves with the key's whole list. */
export async function addLeadCategories(
  client: AccountsApiClient,
  id: string,
  categories: LeadCategoriesAddRequest['categories'],
): Promise<LeadCategory[]> {
  try {
    return await client.addLeadCategories({ params: { id }, body: { categories } });
  } catch (error) {
    throw withFixedMessage(error, addLeadCategoriesFailed);
  }
}

/** The dialog's list becomes the answer (spec 02 §2.5). */
export function useAddLeadCategories(id: string) {
  const client = useAccountsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categories: LeadCategoriesAddRequest['categories']) =>
      addLeadCategories(client, id, categories),
    onSuccess: (list) => queryClient.setQueryData(leadCategoriesQueryKey(id), list),
    meta: { errorToast: { failed: addLeadCategoriesFailed, exception: addLeadCategoriesFailed } },
  });
}
