import { DEFAULT_REDIRECT_URL } from '@outsync/contracts';
import { signInClient } from './sign-in-client';

/**
 * Where a visitor who is already signed in should go, or null when nobody is signed in. Any
 * failure (401 above all) means "show the sign-in screen"; only an abort is passed on.
 */
export async function getSignedInRedirect(signal?: AbortSignal): Promise<string | null> {
  try {
    const me = await signInClient.me({ signal });
    return me.redirectUrl || DEFAULT_REDIRECT_URL;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}
