import { ErrorCodes, type Role } from '@outsync/contracts';
import type { Middleware, ParameterizedContext } from 'koa';
import { readCookie } from './cookies';
import { HttpError } from './http-error';
import type { AppState, SessionUser } from './types';

export const SESSION_COOKIE = 'outsync.sid';

/** Looks a session token up; null when unknown or expired. The auth module provides it. */
export type SessionLookup = (token: string) => Promise<SessionUser | null>;

const lookups = new WeakMap<object, SessionLookup>();

/**
 * Makes the session lookup available to `requireSession` and the contract routes. Installed
 * once on the app, so platform code never imports a module.
 */
export function sessionContext(lookup: SessionLookup): Middleware<AppState> {
  return async (ctx, next) => {
    lookups.set(ctx, lookup);
    await next();
  };
}

/** The signed-in user, or 401 `unauthorized`. Puts the user on `ctx.state.user`. */
export async function authenticate(ctx: ParameterizedContext<AppState>): Promise<SessionUser> {
  if (ctx.state.user) return ctx.state.user;
  const token = readCookie(ctx, SESSION_COOKIE);
  const lookup = lookups.get(ctx);
  if (!lookup) throw new Error('sessionContext() is not installed on this app');
  const user = token ? await lookup(token) : null;
  if (!user) throw new HttpError(401, ErrorCodes.unauthorized, 'Please sign in.');
  ctx.state.user = user;
  return user;
}

/**
 * The signed-in user when the request carries a valid session (or an embed token already put
 * one on `ctx.state.user`), else undefined: for calls that anyone may make but that record who
 * made them when they know.
 */
export async function userIfSignedIn(
  ctx: ParameterizedContext<AppState>,
): Promise<SessionUser | undefined> {
  try {
    return await authenticate(ctx);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return undefined;
    throw error;
  }
}

/** 403 `forbidden` unless the signed-in user has one of `roles`. */
export function assertRole(user: SessionUser, roles: readonly Role[]): void {
  if (!user.role || !roles.includes(user.role)) {
    throw new HttpError(403, ErrorCodes.forbidden, 'You do not have access to this.');
  }
}

/** Middleware form of `authenticate`, for routers and routes outside the contracts table. */
export function requireSession(): Middleware<AppState> {
  return async (ctx, next) => {
    await authenticate(ctx);
    await next();
  };
}

/** Signed in with one of `roles` (401 without a session, 403 with another role). */
export function requireRole(...roles: Role[]): Middleware<AppState> {
  return async (ctx, next) => {
    assertRole(await authenticate(ctx), roles);
    await next();
  };
}
