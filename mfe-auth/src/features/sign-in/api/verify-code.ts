import { CSRF_HEADER, DEFAULT_REDIRECT_URL, type VerifyCodeRequest } from '@outsync/contracts';
import { signInClient } from './sign-in-client';

/** Checks the code and starts the session; resolves with where the user goes next. */
export async function verifyCode(request: VerifyCodeRequest, csrfToken: string): Promise<string> {
  const { redirectUrl } = await signInClient.verifyCode(
    { body: request },
    { headers: { [CSRF_HEADER]: csrfToken } },
  );
  return redirectUrl || DEFAULT_REDIRECT_URL;
}
