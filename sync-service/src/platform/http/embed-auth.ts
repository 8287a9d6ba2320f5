import type { RouteDefinition } from '@outsync/contracts';
import { PartnerErrorCodes, PartnerErrorMessages } from '@outsync/contracts/accounts';
import type { Context, Middleware } from 'koa';
import { HttpError } from './http-error';
import type { AppState, SessionUser } from './types';

// Partners embed the webhook module in their own pages (issue 15). The browser there holds a
// short-lived embed token, never a cookie: this file turns `Authorization: Bearer oset_…` into
// the customer's user for the webhook routes alone, and answers the CORS the embedded module
// needs. The partners module looks tokens and origins up; platform code never imports it.

/** A route as its method and Koa-style path (`:name` is one path segment). */
export type RoutePattern = Pick<RouteDefinition, 'method' | 'path'>;

/** What a token is worth: the customer it acts for, or why it is refused. */
export type EmbedTokenCheck =
  | {
      status: 'valid';
      user: SessionUser;
      partnerId: string;
      /** The issuing partner's origins: a browser request from any other is refused. */
      allowedOrigins: readonly string[];
    }
  | { status: 'invalid' }
  | { status: 'expired' };

/** Looks an `oset_` token up (the partners module provides it, wired in app.ts). */
export type EmbedTokenLookup = (token: string) => Promise<EmbedTokenCheck>;

/** `oset_` and 32 random bytes, base64url. */
const EMBED_TOKEN = /^oset_[A-Za-z0-9_-]{43}$/;
const BEARER = /^bearer(?:\s+(.*))?$/i;

/**
 * Tells whether a request's method and path are one of `routes`. Stricter than the router
 * (case-sensitive, no trailing slash), so a request it accepts can only reach those routes'
 * handlers; one the router would take anyway but this refuses fails closed.
 */
export function routeMatcher(
  routes: Iterable<RoutePattern>,
): (method: string, path: string) => boolean {
  const compiled = [...routes].map((route) => ({
    method: route.method.toUpperCase(),
    path: patternOf(route.path),
  }));
  return (method, path) => {
    const wanted = method.toUpperCase();
    return compiled.some((route) => route.method === wanted && route.path.test(path));
  };
}

function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)));
  return new RegExp(`^${segments.join('/')}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The credential of an `Authorization: Bearer <credential>` header: '' for a bearer header
 * without one, undefined when the request carries no bearer header at all.
 */
export function bearerCredential(ctx: Context): string | undefined {
  const match = BEARER.exec(ctx.get('Authorization').trim());
  return match ? (match[1] ?? '').trim() : undefined;
}

export type EmbedAuthenticationOptions = {
  lookup: EmbedTokenLookup;
  /** The only routes an embed token opens (contracts' `webhooksEmbedRoutes`). */
  routes: Iterable<RoutePattern>;
  /** Routes that read a bearer credential of their own (the partner key of the token call). */
  ownBearerRoutes?: Iterable<RoutePattern>;
};

/**
 * Bearer authentication with an embed token. A request without a bearer header passes through
 * untouched (the session cookie decides). One with a bearer header is the embedded module's and
 * is judged by the token alone: it never falls back to the cookie, since `ctx.state.user` is
 * set here and `authenticate` takes the user from there.
 *
 * - not an `oset_` token, unknown or revoked: 401 `embed_token_invalid`;
 * - expired: 401 `embed_token_expired` (the module asks its host for a fresh one);
 * - a route outside `routes`: 403 `embed_route_not_allowed`;
 * - an `Origin` the partner did not list: 403 `embed_origin_not_allowed` (server-side calls
 *   send none).
 */
export function embedAuthentication(options: EmbedAuthenticationOptions): Middleware<AppState> {
  const opens = routeMatcher(options.routes);
  const readsOwnBearer = routeMatcher(options.ownBearerRoutes ?? []);
  return async (ctx, next) => {
    const token = bearerCredential(ctx);
    // A customer API token was judged before this, by its own middleware (api-token-auth.ts).
    if (
      token === undefined ||
      ctx.state.apiToken !== undefined ||
      readsOwnBearer(ctx.method, ctx.path)
    ) {
      return next();
    }
    const check: EmbedTokenCheck = EMBED_TOKEN.test(token)
      ? await options.lookup(token)
      : { status: 'invalid' };
    if (check.status === 'invalid') {
      throw bearerRefused(
        PartnerErrorCodes.embedTokenInvalid,
        PartnerErrorMessages.embedTokenInvalid,
      );
    }
    if (check.status === 'expired') {
      throw bearerRefused(
        PartnerErrorCodes.embedTokenExpired,
        PartnerErrorMessages.embedTokenExpired,
      );
    }
    if (!opens(ctx.method, ctx.path)) {
      throw new HttpError(
        403,
        PartnerErrorCodes.embedRouteNotAllowed,
        PartnerErrorMessages.embedRouteNotAllowed,
      );
    }
    const origin = ctx.get('Origin');
    if (origin !== '' && !check.allowedOrigins.includes(origin)) {
      throw new HttpError(
        403,
        PartnerErrorCodes.embedOriginNotAllowed,
        PartnerErrorMessages.embedOriginNotAllowed,
      );
    }
    ctx.state.user = check.user;
    ctx.state.embed = { partnerId: check.partnerId };
    await next();
  };
}

/**
 * 401 with the RFC 6750 challenge, so a generic HTTP client knows its bearer credential (an embed
 * token, a partner key) failed.
 */
export function bearerRefused(code: string, message: string): HttpError {
  return new HttpError(401, code, message, undefined, {
    'WWW-Authenticate': 'Bearer error="invalid_token"',
  });
}

export type EmbedCorsOptions = {
  /** The cross-origin routes: the embed routes and the public Send Test Webhook call. */
  routes: Iterable<RoutePattern>;
  /** Whether some partner lists the origin (one indexed query; an admin's change applies at once). */
  isAllowedOrigin: (origin: string) => Promise<boolean>;
};

export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
/** `Last-Event-ID`: the live view's stream reconnects with it (issue 34, item 1). */
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, Last-Event-ID';
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * CORS for the embedded module, on `routes` only. A preflight from an origin some partner lists
 * is answered 204 with the methods and headers the module uses; an actual request from one gets
 * `Access-Control-Allow-Origin` before anything can fail, so the module can read a 401's message
 * too. Other origins get no CORS header at all, and no answer ever allows credentials: the
 * module authenticates with its bearer token, and a cross-origin page must not ride on cookies.
 */
export function embedCors(options: EmbedCorsOptions): Middleware<AppState> {
  const isCorsRoute = routeMatcher(options.routes);
  return async (ctx, next) => {
    const requestedMethod = ctx.get('Access-Control-Request-Method');
    const preflight = ctx.method === 'OPTIONS' && requestedMethod !== '';
    if (!isCorsRoute(preflight ? requestedMethod : ctx.method, ctx.path)) return next();
    // The answer depends on the Origin: shared caches must keep one per origin.
    ctx.vary('Origin');
    const origin = ctx.get('Origin');
    const allowed = origin !== '' && (await options.isAllowedOrigin(origin));
    if (allowed) ctx.set('Access-Control-Allow-Origin', origin);
    if (!preflight) return next();
    if (allowed) {
      ctx.set('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS);
      ctx.set('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
      ctx.set('Access-Control-Max-Age', String(CORS_MAX_AGE_SECONDS));
    }
    ctx.status = 204;
  };
}
