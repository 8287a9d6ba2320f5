import { useMutation } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { ApiClient } from '@outsync/contracts';
import { browserLocation } from './browser-location';

export const logOutFailedText = 'Could not log out. Please try again.';

/** Ends the session on the server; resolves with where the browser goes next (spec 01 §2.2). */
export async function logOut(client: ApiClient): Promise<string> {
  const { redirectUrl } = await client.logout();
  return redirectUrl || '/';
}

export function useLogOut() {
  const client = useApi();
  return useMutation({
    mutationFn: () => logOut(client),
    // A full page load: nothing of the ended session (user, token, caches) stays in memory.
    onSuccess: (redirectUrl) => browserLocation.assign(redirectUrl),
    meta: { errorToast: { failed: logOutFailedText } },
  });
}
