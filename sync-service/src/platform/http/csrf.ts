import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER, ErrorCodes } from '@outsync/contracts';
import type { Context, Middleware } from 'koa';
import { isSecureRequest, readCookie, setCookie } from './cookies';
import { routeMatcher, type RoutePattern } from './embed-auth';
import { HttpError } from './http-error';
import type { AppState } from './types';

export const CSRF_COOKIE = 'outsync.csrf';
export const CSRF_INVALID_MESSAGE = 'Your session has expired. Refresh the page and try again.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Platforms post to the webhook receiver with no browser and no cookie.
const EXEMPT_PREFIXES = ['/webhooks/'];
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type CsrfOptions = {
  /**
   * Routes whose callers authenticate with a bearer credential and no cookie (the partner key of
   * `POST /api/partner/embed-tokens`): each is exempt by its exact method and path.
   */
  bearerRoutes?: Iterable<RoutePattern>;
};

/**
 * Double-submit CSRF check: every state-changing request must repeat the `outsync.csrf`
 * cookie in the `X-CSRF-Token` header. A cross-site page can make the browser send the
 * cookie but can neither read it nor set the header. Answers 403 `csrf_invalid` otherwise.
 *
 * Requests that authenticated with an embed token (`ctx.state.embed`) or a customer API token
 * (`ctx.state.apiToken`) skip it: they were judged by their `Authorization` header alone, which a
 * cross-site page cannot make a browser send, and their cookies were ignored, so there is no
 * ambient credential to forge a request with.
 */
export function csrfProtection(options: CsrfOptions = {}): Middleware<AppState> {
  const takesBearer = routeMatcher(options.bearerRoutes ?? []);
  return async (ctx, next) => {
    // Safe methods first: most requests are reads, and need no exemption worked out.
    const exempt = () =>
      isExempt(ctx.path) ||
      takesBearer(ctx.method, ctx.path) ||
      ctx.state.embed !== undefined ||
      ctx.state.apiToken !== undefined;
    if (!SAFE_METHODS.has(ctx.method) && !exempt()) {
      const cookie = readCookie(ctx, CSRF_COOKIE);
      const header = ctx.get(CSRF_HEADER);
      if (!cookie || !TOKEN.test(cookie) || !sameToken(cookie, header)) {
        throw new HttpError(403, ErrorCodes.csrfInvalid, CSRF_INVALID_MESSAGE);
      }
    }
    await next();
  };
}

/**
 * The browser's CSRF token: the one its cookie already holds (so several tabs share it), or
 * a new random one, set as an HttpOnly, SameSite=Lax browser-session cookie.
 */
export function issueCsrfToken(ctx: Context): string {
  const existing = readCookie(ctx, CSRF_COOKIE);
  if (existing && TOKEN.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  setCookie(ctx, CSRF_COOKIE, token, { secure: isSecureRequest(ctx) });
  return token;
}

function isExempt(path: string): boolean {
  return EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix));
}

function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
