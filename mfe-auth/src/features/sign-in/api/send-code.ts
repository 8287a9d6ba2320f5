import { useMutation } from '@tanstack/react-query';
import type { ApiClient, SendCodeRequest, SendCodeResponse } from '@outsync/contracts';
import { useSignInClient } from './sign-in-client';

/** E-mails a sign-in code; the same call resends one. Rejects with `ApiError` on failure. */
export function sendCode(client: ApiClient, request: SendCodeRequest): Promise<SendCodeResponse> {
  return client.sendCode({ body: request });
}

/** Errors are the caller's to tell: a 403 and a resend each have their own wording (spec 01 §8). */
export function useSendCode() {
  const client = useSignInClient();
  return useMutation({ mutationFn: (request: SendCodeRequest) => sendCode(client, request) });
}
