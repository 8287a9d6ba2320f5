import { useMutation } from '@tanstack/react-query';
import type { AccountsApiClient } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';
import { browserLocation } from '../../../shared/navigation/browser-location';

/**
 * The check before Connect (spec 02 §2.3): the service confirms the profile is the caller's and
 * its domain may be called, and answers {domain}/services/oauth2/authorize with client_id,
 * redirect_uri, response_type=code, prompt=login and a single-use state.
 */
export async function getSalesforceAuthorizeUrl(
  client: AccountsApiClient,
  userId: string,
): Promise<string> {
  const { authorizeUrl } = await client.salesforceConnectCheck({ params: { userId } });
  return authorizeUrl;
}

/** Connect: checks the profile, then sends the browser to the org's authorize page. */
export function useConnectSalesforceProfile() {
  const client = useAccountsApi();
  return useMutation({
    mutationFn: (userId: string) => getSalesforceAuthorizeUrl(client, userId),
    onSuccess: (url) => browserLocation.assign(url),
    meta: { errorToast: {} },
  });
}
