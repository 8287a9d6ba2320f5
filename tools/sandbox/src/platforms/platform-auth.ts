import type { Platform } from '@outsync/contracts';
import type { Middleware, ParameterizedContext } from 'koa';
import type { JsonObject } from '../core/http.ts';
import type { PlatformAccount, PlatformStore } from './platform-store.ts';

/**
 * Guards every path under `prefix` with a platform's API-key check: the key must belong to
 * one of the platform's accounts, whose data the call then sees; otherwise the platform's own
 * 401 body (`refusal`, given the key that was sent).
 */
export function platformGuard(
  platform: Platform,
  prefix: string,
  store: PlatformStore,
  credential: (ctx: ParameterizedContext) => string | undefined,
  refusal: (key: string | undefined) => JsonObject,
): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(`${prefix}/`)) return next();
    const key = credential(ctx);
    const account = store.account(platform, key);
    if (!account) {
      ctx.status = 401;
      ctx.body = refusal(key);
      return;
    }
    ctx.state.platformAccount = account;
    await next();
  };
}

/** The account the current call's key belongs to (set by the platform's guard). */
export function platformAccountOf(ctx: ParameterizedContext): PlatformAccount {
  const account = ctx.state.platformAccount as PlatformAccount | undefined;
  if (!account) throw new Error('no platform guard ran for this request');
  return account;
}
