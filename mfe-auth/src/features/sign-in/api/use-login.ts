import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '@outsync/ui';
import { signInSessionAtom } from '../state/sign-in-session';
import { browserPage } from './browser-page';
import { failureMessage, isCsrfRejection } from './failure-message';
import { getCsrfToken } from './get-csrf-token';
import { getSignedInRedirect } from './get-signed-in-redirect';
import { sendCode } from './send-code';

/** Toasts of the login step (spec 01 §5 and §8). */
export const loginMessages = {
  emailRequired: 'Please enter your email address',
  missingCsrf: 'Something went wrong. Please try again.',
  sendFailed: 'Failed to send code. Please try again.',
  sendException: 'An error occurred. Please try again.',
} as const;

export const verifyPath = '/verify';

/**
 * The login step (spec 01 §2.3). On open: a signed-in visitor goes to their redirectUrl, anyone
 * else gets a CSRF token. `submit` sends the code and moves on to /verify.
 */
export function useLogin() {
  const navigate = useNavigate();
  const toast = useToast();
  const keepSession = useSetAtom(signInSessionAtom);
  const [busy, setBusy] = useState(false);
  // The opening checks as one promise: a submit made before they finish waits for the token.
  const csrfToken = useRef<Promise<string | null>>(Promise.resolve(null));

  useEffect(() => {
    const controller = new AbortController();
    const opening = (async () => {
      const redirect = await getSignedInRedirect(controller.signal);
      if (redirect) {
        void navigate(redirect, { replace: true });
        return null;
      }
      return getCsrfToken(controller.signal);
    })();
    csrfToken.current = opening.catch(() => null);
    return () => controller.abort();
  }, [navigate]);

  async function submit(enteredEmail: string) {
    const email = enteredEmail.trim();
    if (busy) return;
    if (!email) {
      toast.show({ severity: 'warn', detail: loginMessages.emailRequired });
      return;
    }
    setBusy(true);
    try {
      const token = await csrfToken.current;
      if (!token) {
        toast.show({ severity: 'error', detail: loginMessages.missingCsrf });
        return;
      }
      await sendCode(email, token);
      keepSession({ email, csrfToken: token });
      void navigate(verifyPath);
    } catch (error) {
      if (isCsrfRejection(error)) {
        browserPage.reload();
        return;
      }
      const detail = failureMessage(error, {
        failed: loginMessages.sendFailed,
        exception: loginMessages.sendException,
      });
      toast.show({ severity: 'error', detail });
    } finally {
      setBusy(false);
    }
  }

  return { busy, submit };
}
