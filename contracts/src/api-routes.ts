import {
  CsrfTokenResponseSchema,
  LogoutResponseSchema,
  MeResponseSchema,
  SendCodeRequestSchema,
  SendCodeResponseSchema,
  VerifyCodeRequestSchema,
  VerifyCodeResponseSchema,
} from './auth/auth.schemas';
import { HealthResponseSchema, ReadyResponseSchema } from './health/health.schemas';
import { OpenApiDocumentSchema } from './http/openapi-document.schemas';
import { defineRoute } from './http/route';

/**
 * The core routes of the sync-service API: health, OpenAPI, sign-in and the session. The client,
 * the server and the OpenAPI document read it. Each area's routes are a table of their own in
 * the area's entry (`accountsRoutes` in `@outsync/contracts/accounts`); the service serves and
 * documents them all.
 */
export const apiRoutes = {
  health: defineRoute({
    method: 'get',
    path: '/healthz',
    response: HealthResponseSchema,
    auth: 'none',
    description: 'Liveness: the process is up. Checks no dependency.',
  }),
  ready: defineRoute({
    method: 'get',
    path: '/readyz',
    response: ReadyResponseSchema,
    errors: { 503: 'Not ready: `details.checks` names the failing dependency (`not_ready`).' },
    auth: 'none',
    description: 'Readiness: the service can take traffic (MongoDB answers a ping).',
  }),
  openapi: defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    response: OpenApiDocumentSchema,
    auth: 'none',
    description: 'This OpenAPI 3.1 document, generated from the contracts route table.',
  }),
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

export type ApiRoutes = typeof apiRoutes;

/** Title and version of the API, as the OpenAPI document states them. */
export const apiInfo = { title: 'OutSync API', version: '0.1.0' } as const;
