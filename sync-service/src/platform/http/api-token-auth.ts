import {
  API_TOKEN_PREFIX,
  ApiTokenErrorCodes,
  ApiTokenErrorMessages,
  type ApiTokenScope,
} from '@outsync/contracts/accounts';
import type { Middleware } from 'koa';
import { bearerCredential, bearerRefused, routeMatcher, type RoutePattern } from './embed-auth';
import { HttpError } from './http-error';
import type { AppState, SessionUser } from './types';

// Customers' scripts call the API with their own tokens (issue 34, item 5): this file turns
// `Authorization: Bearer osat_…` into the token's user, as a session cookie would, on the routes a
// token opens, and keeps a read-only token to reads. The api-tokens module looks tokens up;
// platform code never imports it.

/** What a token is worth now: its user and scope, or why it is refused. */
export type ApiTokenCheck =
  | { status: 'valid'; user: SessionUser; tokenId: string; name: string; scope: ApiTokenScope }
  | { status: 'invalid' }
  | { status: 'revoked' }
  | { status: 'expired' };

/** Looks an `osat_` token up (the api-tokens module provides it, wired in app.ts). */
export type ApiTokenLookup = (token: string) => Promise<ApiTokenCheck>;

/** `osat_` and 32 random bytes, base64url. */
const API_TOKEN = /^osat_[A-Za-z0-9_-]{43}$/;
/** What a read-only token may send: the methods that change nothing. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** Whether a bearer credential is meant as a customer API token (by its prefix alone). */
export function isApiTokenCredential(credential: string): boolean {
  return credential.startsWith(API_TOKEN_PREFIX);
}

export type ApiTokenAuthenticationOptions = {
  lookup: ApiTokenLookup;
  /** The routes a token opens: those that need a signed-in user (contracts' `acceptsApiToken`). */
  routes: Iterable<RoutePattern>;
  /** Routes that read a bearer credential of their own (the partner key of the token call). */
  ownBearerRoutes?: Iterable<RoutePattern>;
};

/**
 * Bearer authentication with a customer API token. A request without an `osat_` bearer credential
 * passes through untouched (an embed token's middleware, or the session cookie, decides). One with
 * it is judged by the token alone and never falls back to the cookie: `ctx.state.user` is set
 * here, and `authenticate` takes the user from there.
 *
 * - malformed, unknown, revoked or expired: 401 with the RFC 6750 challenge;
 * - a route a token does not open (the token routes, sign-in and sign-out, public routes): 403
 *   `api_token_route_not_allowed`;
 * - a read-only token with any method but GET (and HEAD): 403 `api_token_read_only`.
 *
 * Past that, every route applies its own checks to the token's user exactly as to a session's.
 */
export function apiTokenAuthentication(
  options: ApiTokenAuthenticationOptions,
): Middleware<AppState> {
  const opens = routeMatcher(options.routes);
  const readsOwnBearer = routeMatcher(options.ownBearerRoutes ?? []);
  return async (ctx, next) => {
    const token = bearerCredential(ctx);
    if (
      token === undefined ||
      !isApiTokenCredential(token) ||
      readsOwnBearer(ctx.method, ctx.path)
    ) {
      return next();
    }
    const check: ApiTokenCheck = API_TOKEN.test(token)
      ? await options.lookup(token)
      : { status: 'invalid' };
    if (check.status !== 'valid') {
      throw bearerRefused(ApiTokenErrorCodes[check.status], ApiTokenErrorMessages[check.status]);
    }
    // A HEAD is the router's GET without the body.
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    if (!opens(method, ctx.path)) {
      throw new HttpError(
        403,
        ApiTokenErrorCodes.routeNotAllowed,
        ApiTokenErrorMessages.routeNotAllowed,
      );
    }
    if (check.scope === 'read-only' && !READ_METHODS.has(ctx.method)) {
      throw new HttpError(403, ApiTokenErrorCodes.readOnly, ApiTokenErrorMessages.readOnly);
    }
    ctx.state.user = check.user;
    ctx.state.apiToken = { id: check.tokenId, name: check.name, scope: check.scope };
    await next();
  };
}
