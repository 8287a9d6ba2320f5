import type { Middleware } from 'koa';
import { bearerToken } from '../core/http.ts';
import type { OAuthGrants } from '../core/oauth-grants.ts';
import { SALESFORCE_DEMO_ACCESS_TOKEN } from '../demo-constants.ts';

const PROTECTED = /^\/salesforce\/(services\/data\/v|services\/oauth2\/userinfo|id\/)/;

/** A live session id on every data call; stale ones get INVALID_SESSION_ID, the refresh signal. */
export function salesforceAuth(grants: OAuthGrants): Middleware {
  return async (ctx, next) => {
    if (!PROTECTED.test(ctx.path)) return next();
    const token = bearerToken(ctx);
    const grant =
      token === undefined || token === SALESFORCE_DEMO_ACCESS_TOKEN ? token : grants.lookup(token);
    if (!grant || grant === 'expired') {
      ctx.status = 401;
      ctx.body = [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }];
      return;
    }
    ctx.state.salesforceUserId = typeof grant === 'string' ? undefined : grant.userId;
    await next();
  };
}
