import { CSRF_HEADER } from '@outsync/contracts';
import { signInClient } from './sign-in-client';

/** E-mails a sign-in code; the same call resends one. Rejects with `ApiError` on failure. */
export async function sendCode(email: string, csrfToken: string): Promise<void> {
  await signInClient.sendCode({ body: { email } }, { headers: { [CSRF_HEADER]: csrfToken } });
}
