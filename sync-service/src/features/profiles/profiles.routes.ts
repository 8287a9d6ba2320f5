import type { CrmKind } from '@outsync/contracts';
import { accountsRoutes } from '@outsync/contracts/accounts';
import type { Context } from 'koa';
import { readCookie } from '../../platform/http/cookies';
import { HttpError } from '../../platform/http/http-error';
import { addRoute } from '../../platform/http/route';
import { authenticate, SESSION_COOKIE } from '../../platform/http/session';
import type { AppContext, AppRouter, SessionUser } from '../../platform/http/types';
import type { CallbackQuery, Caller, ProfilesService } from './profiles.service';

/** Authenticated answers are per user: no cache keeps them. */
function noStore(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
}

/** The signed-in user (addRoute has authenticated) and the session cookie the state binds to. */
function callerOf(ctx: AppContext): Caller {
  const user = ctx.state.user as SessionUser;
  return { user, sessionToken: readCookie(ctx, SESSION_COOKIE) ?? '' };
}

/** A callback may arrive without a session (another browser): then it is nobody's. */
async function optionalCaller(ctx: AppContext): Promise<Caller | null> {
  try {
    const user = await authenticate(ctx);
    return { user, sessionToken: readCookie(ctx, SESSION_COOKIE) ?? '' };
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}

function callbackQuery(ctx: AppContext): CallbackQuery {
  const one = (name: string) => {
    const value = ctx.query[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    code: one('code'),
    state: one('state'),
    error: one('error'),
    error_description: one('error_description'),
  };
}

/** Profiles, OAuth connections and integrations (spec 02 §2.2, §2.3, §7). */
export function registerProfilesRoutes(
  router: AppRouter,
  deps: { profiles: ProfilesService },
): void {
  const { profiles } = deps;

  addRoute(router, accountsRoutes.userIntegrations, (_input, ctx) => {
    noStore(ctx);
    return profiles.integrations(callerOf(ctx).user, 'own');
  });
  addRoute(router, accountsRoutes.organizationIntegrations, (_input, ctx) => {
    noStore(ctx);
    return profiles.integrations(callerOf(ctx).user, 'organization');
  });

  addRoute(router, accountsRoutes.hubspotCheckConnectedAccount, (_input, ctx) => {
    noStore(ctx);
    return profiles.checkConnectedAccount(callerOf(ctx).user, 'HUBSPOT');
  });
  addRoute(router, accountsRoutes.hubspotProfiles, (_input, ctx) => {
    noStore(ctx);
    return profiles.hubspotProfiles(callerOf(ctx).user);
  });
  addRoute(router, accountsRoutes.hubspotAuthorizeUrl, async (_input, ctx) => {
    noStore(ctx);
    return { url: await profiles.hubspotAuthorizeUrl(callerOf(ctx)) };
  });
  addRoute(router, accountsRoutes.deleteHubspotProfile, ({ params }, ctx) => {
    noStore(ctx);
    return profiles.deleteProfile(callerOf(ctx).user, params.id, 'HUBSPOT');
  });

  addRoute(router, accountsRoutes.salesforceCheckConnectedAccount, (_input, ctx) => {
    noStore(ctx);
    return profiles.checkConnectedAccount(callerOf(ctx).user, 'SALESFORCE');
  });
  addRoute(router, accountsRoutes.salesforceProfiles, (_input, ctx) => {
    noStore(ctx);
    return profiles.salesforceProfiles(callerOf(ctx).user);
  });
  addRoute(router, accountsRoutes.createSalesforceProfile, ({ body }, ctx) => {
    noStore(ctx);
    return profiles.createSalesforceProfile(callerOf(ctx).user, body);
  });
  addRoute(router, accountsRoutes.salesforceConnectCheck, ({ params }, ctx) => {
    noStore(ctx);
    return profiles.salesforceConnect(callerOf(ctx), params.userId);
  });
  addRoute(router, accountsRoutes.deleteSalesforceProfile, ({ params }, ctx) => {
    noStore(ctx);
    return profiles.deleteProfile(callerOf(ctx).user, params.id, 'SALESFORCE');
  });

  // The OAuth redirects: browser routes, not JSON (the shell proxies {PUBLIC_URL}/oauth here).
  const callback = (crm: CrmKind) => async (ctx: AppContext) => {
    const query = callbackQuery(ctx);
    const caller = await optionalCaller(ctx);
    const outcome =
      crm === 'HUBSPOT'
        ? await profiles.completeHubspotConnect(query, caller)
        : await profiles.completeSalesforceConnect(query, caller);
    noStore(ctx);
    // The URL carried a code: it must not travel on in a Referer.
    ctx.set('Referrer-Policy', 'no-referrer');
    if (outcome.kind === 'redirect') {
      ctx.status = 302;
      ctx.redirect(outcome.location);
      return;
    }
    ctx.status = outcome.status;
    ctx.type = 'html';
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.body = outcome.html;
  };
  router.get('/oauth', callback('HUBSPOT'));
  router.get('/oauth/salesforce', callback('SALESFORCE'));
}
