import { signInRequiredMessages } from '@outsync/contracts';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isCsrfRejection, keepCsrfToken, useApiErrorToast } from '@outsync/app-runtime';
import { useToast } from '@outsync/ui';
import { signInSessionAtom } from '../state/sign-in-session';
import { useCountdown } from '../state/use-countdown';
import { browserPage } from './browser-page';
import { useRenewCsrfToken, type RenewalFor } from './get-csrf-token';
import { signedInRedirect, useMe } from './get-me';
import { useSendCode } from './send-code';
import { useVerifyCode } from './verify-code';

/** Toasts of the verify step (spec 01 §5 and §8). */
export const verifyMessages = {
  codeRequired: signInRequiredMessages.code,
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
  const showApiError = useApiErrorToast();
  const queryClient = useQueryClient();
  const [session, keepSession] = useAtom(signInSessionAtom);
  // The e-mail as the screen opened: it stays on screen while the kept data is cleared on leaving.
  const [email] = useState(session.email);
  const cooldown = useCountdown();
  const me = useMe({ enabled: Boolean(email) });
  const redirect = signedInRedirect(me);
  const verifying = useVerifyCode();
  const resending = useSendCode();
  const renewing = useRenewCsrfToken();
  const renewingFor = (action: RenewalFor) => renewing.isPending && renewing.variables === action;

  useEffect(() => {
    if (!email) void navigate(loginPath, { replace: true });
  }, [email, navigate]);

  useEffect(() => {
    if (redirect) void navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  /** Makes the login step's token the one calls send; false when none was kept. */
  function applyKeptToken(): boolean {
    if (!session.csrfToken) return false;
    keepCsrfToken(queryClient, session.csrfToken);
    return true;
  }

  /**
   * No kept token (or one the service no longer accepts): fetch a new one in place and ask the
   * user to repeat the action, which keeps the typed code and the toasts on screen.
   */
  async function renewCsrfToken(action: RenewalFor) {
    toast.show({ severity: 'warn', detail: verifyMessages.sessionExpired });
    try {
      const csrfToken = await renewing.mutateAsync(action);
      keepSession({ email, csrfToken });
      toast.show({ severity: 'info', detail: verifyMessages.tryAgain });
    } catch {
      toast.show({ severity: 'error', detail: verifyMessages.verifyException });
    }
  }

  async function verify(enteredCode: string, rememberMe: boolean): Promise<void> {
    const code = enteredCode.trim();
    if (!email || verifying.isPending || renewing.isPending) return;
    if (!code) {
      toast.show({ severity: 'warn', detail: verifyMessages.codeRequired });
      return;
    }
    if (!applyKeptToken()) {
      await renewCsrfToken('verify');
      return;
    }
    let redirectUrl: string;
    try {
      redirectUrl = await verifying.mutateAsync({ email, code, rememberMe });
    } catch (error) {
      if (isCsrfRejection(error)) await renewCsrfToken('verify');
      else {
        showApiError(error, {
          failed: verifyMessages.verifyFailed,
          exception: verifyMessages.verifyException,
        });
      }
      return;
    }
    keepSession(null);
    void navigate(redirectUrl);
  }

  async function resend(): Promise<void> {
    if (!email || resending.isPending || renewing.isPending || cooldown.secondsLeft > 0) return;
    if (!applyKeptToken()) {
      await renewCsrfToken('resend');
      return;
    }
    try {
      await resending.mutateAsync({ email });
    } catch (error) {
      if (isCsrfRejection(error)) {
        // The kept token is stale: drop it, so the first action after the reload renews it.
        keepSession({ email, csrfToken: null });
        browserPage.reload();
      } else {
        // Spec 01 §8 names one text for every resend failure, the server's message or not.
        toast.show({ severity: 'error', detail: verifyMessages.resendFailed });
      }
      return;
    }
    toast.show({ severity: 'success', detail: verifyMessages.resendSucceeded });
    cooldown.start(RESEND_COOLDOWN_SECONDS);
  }

  function edit() {
    keepSession(null);
    void navigate(loginPath, { state: { email } });
  }

  return {
    email,
    verifying: verifying.isPending || renewingFor('verify'),
    resending: resending.isPending || renewingFor('resend'),
    resendSecondsLeft: cooldown.secondsLeft,
    verify,
    resend,
    edit,
  };
}
