import { useMutation } from '@tanstack/react-query';
import type { AccountsApiClient } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { browserLocation } from '../../../shared/navigation/browser-location';

/**
 * HubSpot's authorize page address: client id, scopes, redirect {host}/oauth and a single-use
 * state bound to this session, all chosen by the service (spec 02 §2.2 hides them from the UI).
 */
export async function getHubspotAuthorizeUrl(client: AccountsApiClient): Promise<string> {
  const { url } = await client.hubspotAuthorizeUrl();
  return url;
}

/**
 * "Connect HubSpot Account": fetches a fresh authorize address and sends the browser there. A
 * mutation, not a query: the address carries a single-use state and must never be cached.
 */
export function useConnectHubspot() {
  const client = useAccountsApi();
  return useMutation({
    mutationFn: () => getHubspotAuthorizeUrl(client),
    onSuccess: (url) => browserLocation.assign(url),
    meta: { errorToast: {} },
  });
}
