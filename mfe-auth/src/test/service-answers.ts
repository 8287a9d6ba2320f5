// What the real sync-service answers on the sign-in routes, copied from its code
// (sync-service/src/features/auth, platform/http/csrf.ts and session.ts). The component tests'
// fake answers with these; the e2e journeys (e2e/src/sign-in-errors.e2e.test.ts) check the real
// service still answers the same, so the fake cannot drift unnoticed.
import type { ErrorEnvelope, MeResponse } from '@outsync/contracts';

export const serviceAnswers = {
  codeSent: { success: true, message: 'Code sent. Check your email.' },
  signedIn: { success: true, redirectUrl: '/admin/dashboard/webhooks', message: 'Signed in.' },
  loggedOut: { redirectUrl: '/' },
} as const;

export const serviceErrors = {
  /** 401 from GET /api/admin/me without a session. */
  unauthorized: { message: 'Please sign in.', code: 'unauthorized' },
  /** 403 from any POST/PUT/PATCH/DELETE whose X-CSRF-Token does not match the cookie. */
  csrfInvalid: {
    message: 'Your session has expired. Refresh the page and try again.',
    code: 'csrf_invalid',
  },
  /** 401 from POST /auth/verify: wrong, used, expired or killed code. */
  invalidCode: { message: 'Invalid or expired code. Please try again.', code: 'invalid_code' },
  /** 502 from POST /auth/code when the mail server refused the message. */
  mailFailed: { message: 'Failed to send code. Please try again.', code: 'mail_failed' },
  /** 500 from anything that threw unexpectedly. */
  internal: { message: 'Internal server error', code: 'internal_error' },
} as const satisfies Record<string, ErrorEnvelope>;

/** 429 from POST /auth/code or /auth/verify; the message names the wait as the service does. */
export function rateLimitedEnvelope(retryAfterSeconds: number): ErrorEnvelope {
  return {
    message: `Too many attempts. Try again in ${wait(retryAfterSeconds)}.`,
    code: 'rate_limited',
    details: { retryAfterSeconds },
  };
}

function wait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The rate-limited message's shape, whatever the wait. */
export const rateLimitedMessage = /^Too many attempts\. Try again in \d+ (seconds?|minutes?)\.$/;

/** A customer who is signed in already; the server says where the sign-in screens send them. */
export const signedInCustomer: MeResponse = {
  id: 'u1',
  role: null,
  isAdmin: false,
  isManager: false,
  isManagerOrAdmin: false,
  isPaidTier: true,
  userProfiles: [],
  details: { nickname: 'ada', email: 'ada@example.com', picture: 'https://img.test/ada.png' },
  redirectUrl: '/admin/dashboard/users',
};
