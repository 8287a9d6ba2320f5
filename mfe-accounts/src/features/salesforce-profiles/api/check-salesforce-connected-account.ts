import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient, ConnectedAccountCheckResponse } from '@outsync/contracts/accounts';
import type { ToastInput } from '@outsync/ui';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { useAnswerToast } from '../../../shared/api/use-answer-toast';

/** Asks the service whether the user's Salesforce connections still work (spec 02 §2.3). */
export function checkSalesforceConnectedAccount(
  client: AccountsApiClient,
  signal?: AbortSignal,
): Promise<ConnectedAccountCheckResponse> {
  return client.salesforceCheckConnectedAccount({ signal });
}

/** Checked on every entry to the screen: never fresh, dropped when the screen closes. */
export function salesforceConnectedAccountQueryOptions(client: AccountsApiClient) {
  return queryOptions({
    queryKey: ['accounts', 'salesforce', 'check-connected-account'] as const,
    queryFn: ({ signal }) => checkSalesforceConnectedAccount(client, signal),
    staleTime: 0,
    gcTime: 0,
    meta: { errorToast: {} },
  });
}

/** A message from the check: an error for 3 s (spec 02 §2.3, §8). */
export function salesforceConnectionProblemToast(
  answer: ConnectedAccountCheckResponse,
): ToastInput | null {
  if (!answer.message) return null;
  return { severity: 'error', detail: answer.message, life: 3000 };
}

/** Runs the check and shows the message it returns, once per check. */
export function useSalesforceConnectedAccountCheck() {
  const client = useAccountsApi();
  const query = useQuery(salesforceConnectedAccountQueryOptions(client));
  useAnswerToast(query, salesforceConnectionProblemToast);
  return query;
}
