import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsApiClient, ConnectedAccountCheckResponse } from '@outsync/contracts/accounts';
import type { ToastInput } from '@outsync/ui';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { useAnswerToast } from '../../../shared/api/use-answer-toast';

/** Asks the service whether the user's HubSpot connections still work (spec 02 §2.2). */
export function checkHubspotConnectedAccount(
  client: AccountsApiClient,
  signal?: AbortSignal,
): Promise<ConnectedAccountCheckResponse> {
  return client.hubspotCheckConnectedAccount({ signal });
}

/** Checked on every entry to the screen: never fresh, dropped when the screen closes. */
export function hubspotConnectedAccountQueryOptions(client: AccountsApiClient) {
  return queryOptions({
    queryKey: ['accounts', 'hubspot', 'check-connected-account'] as const,
    queryFn: ({ signal }) => checkHubspotConnectedAccount(client, signal),
    staleTime: 0,
    gcTime: 0,
    meta: { errorToast: {} },
  });
}

/** A problem the check names: its title and message, as a sticky error (spec 02 §2.2, §8, §9). */
export function hubspotConnectionProblemToast(
  answer: ConnectedAccountCheckResponse,
): ToastInput | null {
  if (!answer.message) return null;
  return { severity: 'error', summary: answer.title || undefined, detail: answer.message, life: 0 };
}

/** Runs the check and shows the problem it names, once per check. */
export function useHubspotConnectedAccountCheck() {
  const client = useAccountsApi();
  const query = useQuery(hubspotConnectedAccountQueryOptions(client));
  useAnswerToast(query, hubspotConnectionProblemToast);
  return query;
}
