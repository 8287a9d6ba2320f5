import { signInRequiredMessages } from '@outsync/contracts';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  csrfTokenQueryOptions,
  isCsrfRejection,
  isCsrfTokenUnavailable,
  useApiErrorToast,
} from '@outsync/app-runtime';
import { useToast } from '@outsync/ui';
import { signInSessionAtom } from '../state/sign-in-session';
import { browserPage } from './browser-page';
import { useCsrfToken } from './get-csrf-token';
import { signedInRedirect, useMe } from './get-me';
import { useSendCode } from './send-code';

/** Toasts of the login step (spec 01 §5 and §8). */
export const loginMessages = {
  emailRequired: signInRequiredMessages.email,
  missingCsrf: 'Something went wrong. Please try again.',
  sendFailed: 'Failed to send code. Please try again.',
  sendException: 'An error occurred. Please try again.',
} as const;

export const verifyPath = '/verify';

/**
 * The login step (spec 01 §2.3). On open: a signed-in visitor goes to their redirectUrl, anyone
 * else gets a CSRF token. `submit` sends the code (waiting for the token if it is still on its
 * way) and moves on to /verify.
 */
export function useLogin() {
  const navigate = useNavigate();
  const toast = useToast();
  const showApiError = useApiErrorToast();
  const queryClient = useQueryClient();
  const keepSession = useSetAtom(signInSessionAtom);
  const me = useMe();
  const redirect = signedInRedirect(me);
  useCsrfToken({ enabled: me.isError });
  const sending = useSendCode();

  useEffect(() => {
    if (redirect) void navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  async function submit(enteredEmail: string): Promise<void> {
    const email = enteredEmail.trim();
    if (sending.isPending) return;
    if (!email) {
      toast.show({ severity: 'warn', detail: loginMessages.emailRequired });
      return;
    }
    try {
      await sending.mutateAsync({ email });
    } catch (error) {
      if (isCsrfRejection(error)) browserPage.reload();
      else if (isCsrfTokenUnavailable(error)) {
        toast.show({ severity: 'error', detail: loginMessages.missingCsrf });
      } else {
        showApiError(error, {
          failed: loginMessages.sendFailed,
          exception: loginMessages.sendException,
        });
      }
      return;
    }
    // The token the code went out with: the verify step sends the same one.
    const csrfToken = queryClient.getQueryData(csrfTokenQueryOptions.queryKey) ?? null;
    keepSession({ email, csrfToken });
    void navigate(verifyPath);
  }

  return { busy: sending.isPending, submit };
}
