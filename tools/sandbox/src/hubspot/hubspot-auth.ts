import type { Middleware, ParameterizedContext } from 'koa';
import { bearerToken } from '../core/http.ts';
import type { OAuthGrants } from '../core/oauth-grants.ts';
import { hubspotError } from './hubspot-errors.ts';
import type { HubspotPortal, HubspotPortals } from './hubspot-portals.ts';
import { missingScopes, requiredScopes, sendMissingScopes } from './hubspot-scopes.ts';
import type { HubspotStore } from './hubspot-store.ts';

/** Who a bearer token speaks for: a portal, with every scope (private app) or the granted ones. */
export interface HubspotCaller {
  portal: HubspotPortal;
  kind: 'private-app' | 'oauth';
  scopes: readonly string[] | 'all';
}

export function resolveHubspotToken(
  portals: HubspotPortals,
  grants: OAuthGrants,
  token: string | undefined,
): HubspotCaller | 'expired' | undefined {
  if (token === undefined) return undefined;
  const privatePortal = portals.byPrivateAppToken(token);
  if (privatePortal) return { portal: privatePortal, kind: 'private-app', scopes: 'all' };
  const grant = grants.lookup(token);
  if (grant === 'expired') return 'expired';
  const portal = grant ? portals.get(grant.tenant) : undefined;
  return grant && portal ? { portal, kind: 'oauth', scopes: grant.scopes } : undefined;
}

/**
 * Every `/hubspot/crm/*` call needs a live bearer token with the scopes the call needs, as the
 * real API does; the token decides which portal's data the call sees.
 */
export function hubspotAuth(portals: HubspotPortals, grants: OAuthGrants): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/hubspot/crm/')) return next();
    // The system guard resolved the token already for the rate limit; reuse its answer.
    const caller =
      (ctx.state.hubspotToken as ReturnType<typeof resolveHubspotToken> | undefined) ??
      resolveHubspotToken(portals, grants, bearerToken(ctx));
    if (caller === 'expired') {
      hubspotError(
        ctx,
        401,
        'EXPIRED_AUTHENTICATION',
        'The OAuth token used to make this call expired.',
      );
      return;
    }
    if (!caller) {
      hubspotError(
        ctx,
        401,
        'INVALID_AUTHENTICATION',
        'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
      );
      return;
    }
    if (caller.scopes !== 'all') {
      const rule = requiredScopes(ctx.method, ctx.path);
      if (rule && missingScopes(rule, caller.scopes)) {
        sendMissingScopes(ctx, rule);
        return;
      }
    }
    ctx.state.hubspotCaller = caller;
    await next();
    // A path no HubSpot route knows: answer in HubSpot's Error shape (every operation's
    // `default` response), not Koa's plain-text "Not Found".
    if (ctx.status === 404 && ctx.body === undefined)
      hubspotError(ctx, 404, 'OBJECT_NOT_FOUND', `No route for ${ctx.method} ${ctx.path}`);
  };
}

/** The portal whose data the current call works on (set by hubspotAuth). */
export function hubspotStoreOf(ctx: ParameterizedContext): HubspotStore {
  const caller = ctx.state.hubspotCaller as HubspotCaller | undefined;
  if (!caller) throw new Error('hubspotAuth did not run for this request');
  return caller.portal.store;
}
