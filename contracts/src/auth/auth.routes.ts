import { defineRoute } from '../http/route';
import {
  CsrfTokenResponseSchema,
  LogoutResponseSchema,
  MeResponseSchema,
  SendCodeRequestSchema,
  SendCodeResponseSchema,
  VerifyCodeRequestSchema,
  VerifyCodeResponseSchema,
} from './auth.schemas';

/** The auth feature's routes: sign-in by e-mailed code, the session and the signed-in user. */
export const authRoutes = {
  csrfToken: defineRoute({
    method: 'get',
    path: '/auth/csrf-token',
    response: CsrfTokenResponseSchema,
    auth: 'none',
    description:
      'A CSRF token for this browser (also set as a cookie). State-changing requests send it in `X-CSRF-Token`.',
  }),
  sendCode: defineRoute({
    method: 'post',
    path: '/auth/code',
    request: { body: SendCodeRequestSchema },
    response: SendCodeResponseSchema,
    errors: {
      403: 'Missing or wrong CSRF token (`csrf_invalid`).',
      429: 'Too many codes for this e-mail or address (`rate_limited`, `Retry-After`).',
      502: 'The mail server did not take the message (`mail_failed`).',
    },
    auth: 'none',
    description:
      'E-mails a six-digit sign-in code, valid 10 minutes. Also used to resend. An unknown e-mail gets an account on sign-in.',
  }),
  verifyCode: defineRoute({
    method: 'post',
    path: '/auth/verify',
    request: { body: VerifyCodeRequestSchema },
    response: VerifyCodeResponseSchema,
    errors: {
      401: 'Wrong, used, expired or killed code (`invalid_code`).',
      403: 'Missing or wrong CSRF token (`csrf_invalid`).',
      429: 'Too many attempts for this e-mail or address (`rate_limited`, `Retry-After`).',
    },
    auth: 'none',
    description:
      'Checks the code and starts a session (cookie). `rememberMe`: 30-day cookie; otherwise a browser-session cookie limited to 12 hours.',
  }),
  logout: defineRoute({
    method: 'delete',
    path: '/auth/logout',
    response: LogoutResponseSchema,
    errors: { 403: 'Missing or wrong CSRF token (`csrf_invalid`).' },
    auth: 'none',
    description:
      'Ends the session on the server and clears the cookie. Succeeds without a session too.',
  }),
  me: defineRoute({
    method: 'get',
    path: '/api/admin/me',
    response: MeResponseSchema,
    errors: { 401: 'Not signed in (`unauthorized`).' },
    auth: 'session',
    description: 'The signed-in user, and where the sign-in screens should send them.',
  }),
};
