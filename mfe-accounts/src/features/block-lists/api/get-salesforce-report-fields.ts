import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** A report's columns by API name, in the report's order ("Select Fields"). */
export function getSalesforceReportFields(
  client: AccountsApiClient,
  userProfileId: string,
  listId: string,
  signal?: AbortSignal,
): Promise<string[]> {
  return client.salesforceReportFields({ params: { userProfileId, listId } }, { signal });
}

export const salesforceReportFieldsQueryKey = (userProfileId: string, listId: string) =>
  ['accounts', 'block-lists', 'salesforce-report-fields', userProfileId, listId] as const;

/** A failure shows the service's message. */
export function salesforceReportFieldsQueryOptions(
  client: AccountsApiClient,
  userProfileId: string,
  listId: string,
) {
  return queryOptions({
    queryKey: salesforceReportFieldsQueryKey(userProfileId, listId),
    queryFn: ({ signal }) => getSalesforceReportFields(client, userProfileId, listId, signal),
    meta: { errorToast: {} },
  });
}

/** Read once a report is chosen (spec 02 §4: "Choosing a list loads its report fields"). */
export function useSalesforceReportFields(userProfileId: string, listId: string | null) {
  const client = useAccountsApi();
  return useQuery({
    ...salesforceReportFieldsQueryOptions(client, userProfileId, listId ?? ''),
    enabled: listId !== null,
  });
}
