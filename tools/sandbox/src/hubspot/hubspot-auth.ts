import type { Middleware } from 'koa';
import { bearerToken } from '../core/http.ts';
import { HUBSPOT_DEMO_PRIVATE_APP_TOKEN } from '../demo-constants.ts';
import type { OAuthGrants } from '../core/oauth-grants.ts';
import { hubspotError } from './hubspot-errors.ts';

/** Every `/hubspot/crm/*` call needs a live bearer token, as the real API does. */
export function hubspotAuth(grants: OAuthGrants): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/hubspot/crm/')) return next();
    const token = bearerToken(ctx);
    if (token === HUBSPOT_DEMO_PRIVATE_APP_TOKEN) return next();
    const grant = token === undefined ? undefined : grants.lookup(token);
    if (grant === 'expired') {
      hubspotError(
        ctx,
        401,
        'EXPIRED_AUTHENTICATION',
        'The OAuth token used to make this call expired.',
      );
      return;
    }
    if (!grant) {
      hubspotError(
        ctx,
        401,
        'INVALID_AUTHENTICATION',
        'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
      );
      return;
    }
    await next();
  };
}
