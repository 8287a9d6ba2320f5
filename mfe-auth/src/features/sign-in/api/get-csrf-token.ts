import { signInClient } from './sign-in-client';

/** A fresh CSRF token for this browser (the service also sets it as a cookie). */
export async function getCsrfToken(signal?: AbortSignal): Promise<string> {
  const { csrfToken } = await signInClient.csrfToken({ signal });
  return csrfToken;
}
