import { useMutation } from '@tanstack/react-query';
import { DEFAULT_REDIRECT_URL, type ApiClient, type VerifyCodeRequest } from '@outsync/contracts';
import { useSignInClient } from './sign-in-client';

/** Checks the code and starts the session; resolves with where the user goes next. */
export async function verifyCode(client: ApiClient, request: VerifyCodeRequest): Promise<string> {
  const { redirectUrl } = await client.verifyCode({ body: request });
  return redirectUrl || DEFAULT_REDIRECT_URL;
}

/** Errors are the caller's to tell: a 403 renews the token instead (spec 01 §5). */
export function useVerifyCode() {
  const client = useSignInClient();
  return useMutation({ mutationFn: (request: VerifyCodeRequest) => verifyCode(client, request) });
}
