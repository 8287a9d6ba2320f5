import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '@outsync/ui';
import { signInSessionAtom } from '../state/sign-in-session';
import { useCountdown } from '../state/use-countdown';
import { browserPage } from './browser-page';
import { failureMessage, isCsrfRejection } from './failure-message';
import { getCsrfToken } from './get-csrf-token';
import { getSignedInRedirect } from './get-signed-in-redirect';
import { sendCode } from './send-code';
import { verifyCode } from './verify-code';

/** Toasts of the verify step (spec 01 §5 and §8). */
export const verifyMessages = {
  codeRequired: 'Please enter the code',
  sessionExpired: 'Your session has expired. Refreshing...',
  tryAgain: 'Please try again.',
  verifyFailed: 'Invalid or expired code. Please try again.',
  verifyException: 'An error occurred. Please try again.',
  resendFailed: 'Failed to resend code. Please try again.',
  resendSucceeded: 'New code sent! Check your email.',
} as const;

/** Seconds before another resend (spec 01 §9). */
export const RESEND_COOLDOWN_SECONDS = 30;

export const loginPath = '/';

/**
 * The verify step (spec 01 §2.4). Without an e-mail from the login step it goes back to '/'; a
 * visitor who is signed in already goes to their redirectUrl.
 */
export function useVerify() {
  const navigate = useNavigate();
  const toast = useToast();
  const [session, keepSession] = useAtom(signInSessionAtom);
  // The e-mail as the screen opened: it stays on screen while the kept data is cleared on leaving.
  const [email] = useState(session.email);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const cooldown = useCountdown();

  useEffect(() => {
    if (!email) {
      void navigate(loginPath, { replace: true });
      return undefined;
    }
    const controller = new AbortController();
    getSignedInRedirect(controller.signal).then(
      (redirect) => {
        if (redirect) void navigate(redirect, { replace: true });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [email, navigate]);

  /**
   * No kept token (or one the service no longer accepts): fetch a new one in place and ask the
   * user to repeat the action, which keeps the typed code and the toasts on screen.
   */
  async function renewCsrfToken() {
    toast.show({ severity: 'warn', detail: verifyMessages.sessionExpired });
    try {
      const csrfToken = await getCsrfToken();
      keepSession({ email, csrfToken });
      toast.show({ severity: 'info', detail: verifyMessages.tryAgain });
    } catch {
      toast.show({ severity: 'error', detail: verifyMessages.verifyException });
    }
  }

  async function verify(enteredCode: string, rememberMe: boolean) {
    const code = enteredCode.trim();
    if (verifying || !email) return;
    if (!code) {
      toast.show({ severity: 'warn', detail: verifyMessages.codeRequired });
      return;
    }
    setVerifying(true);
    try {
      if (!session.csrfToken) {
        await renewCsrfToken();
        return;
      }
      const redirectUrl = await verifyCode({ email, code, rememberMe }, session.csrfToken);
      keepSession(null);
      void navigate(redirectUrl);
    } catch (error) {
      if (isCsrfRejection(error)) {
        await renewCsrfToken();
        return;
      }
      const detail = failureMessage(error, {
        failed: verifyMessages.verifyFailed,
        exception: verifyMessages.verifyException,
      });
      toast.show({ severity: 'error', detail });
    } finally {
      setVerifying(false);
    }
  }

  async function resend() {
    if (resending || cooldown.secondsLeft > 0 || !email) return;
    setResending(true);
    try {
      if (!session.csrfToken) {
        await renewCsrfToken();
        return;
      }
      await sendCode(email, session.csrfToken);
      toast.show({ severity: 'success', detail: verifyMessages.resendSucceeded });
      cooldown.start(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      if (isCsrfRejection(error)) {
        // The kept token is stale: drop it, so the first action after the reload renews it.
        keepSession({ email, csrfToken: null });
        browserPage.reload();
        return;
      }
      toast.show({ severity: 'error', detail: verifyMessages.resendFailed });
    } finally {
      setResending(false);
    }
  }

  function edit() {
    keepSession(null);
    void navigate(loginPath, { state: { email } });
  }

  return {
    email,
    verifying,
    resending,
    resendSecondsLeft: cooldown.secondsLeft,
    verify,
    resend,
    edit,
  };
}
