import type { Middleware, ParameterizedContext } from 'koa';
import { bearerToken } from '../core/http.ts';
import type { OAuthGrants } from '../core/oauth-grants.ts';
import {
  SALESFORCE_INSTANCE_PREFIX,
  SALESFORCE_LOGIN_PREFIX,
  type SalesforceOrg,
  type SalesforceOrgs,
} from './salesforce-orgs.ts';
import {
  LIMIT_INFO_HEADER,
  REQUEST_LIMIT_EXCEEDED,
  SUBREQUEST_HEADER,
  SUBREQUEST_SECRET,
  limitInfo,
} from './salesforce-limits.ts';
import { runAsSalesforceUser, type SalesforceStore } from './salesforce-store.ts';

/** Which of an org's two hosts a path is on, and the path below that host. */
export interface SalesforceHost {
  org: SalesforceOrg;
  host: 'login' | 'instance';
  rest: string;
}

const INSTANCE_PATH = new RegExp(`^${SALESFORCE_INSTANCE_PREFIX}/([^/]+)(/.*)?$`);
const LOGIN_PATH = new RegExp(`^${SALESFORCE_LOGIN_PREFIX}/([^/]+)(/.*)?$`);

export function salesforceHostOf(
  orgs: SalesforceOrgs,
  path: string,
): SalesforceHost | 'unknown-org' | undefined {
  if (!path.startsWith('/salesforce')) return undefined;
  const instance = INSTANCE_PATH.exec(path);
  if (instance) {
    const org = orgs.get(instance[1] ?? '');
    return org ? { org, host: 'instance', rest: instance[2] ?? '/' } : 'unknown-org';
  }
  const login = LOGIN_PATH.exec(path);
  if (login) {
    const org = orgs.byLoginPath(`${SALESFORCE_LOGIN_PREFIX}/${login[1] ?? ''}`);
    return org ? { org, host: 'login', rest: login[2] ?? '/' } : 'unknown-org';
  }
  if (path === '/salesforce' || path.startsWith('/salesforce/')) {
    const org = orgs.byLoginPath('/salesforce');
    return org ? { org, host: 'login', rest: path.slice('/salesforce'.length) || '/' } : undefined;
  }
  return undefined;
}

const PROTECTED = /^\/(services\/data\/v|services\/oauth2\/userinfo|id\/)/;
/** The calls the daily API budget counts: the REST API's versioned resources. */
const METERED = /^\/services\/data\/v/;
const NOT_FOUND = [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }];

/**
 * Salesforce's two hosts per org. On the login domain only the OAuth endpoints answer; a
 * data call there gets URL_NOT_RESET, as login.salesforce.com answers a client that ignored
 * `instance_url`. On the instance every data and identity call needs a live session of
 * that org; stale, revoked or foreign ones get INVALID_SESSION_ID, the refresh signal. Each
 * REST call is charged to the org's daily budget and runs as the session's user, whose
 * permission sets decide which custom fields it sees.
 */
export function salesforceAuth(orgs: SalesforceOrgs, grants: OAuthGrants): Middleware {
  return async (ctx, next) => {
    const host = salesforceHostOf(orgs, ctx.path);
    if (host === undefined) return next();
    if (host === 'unknown-org') {
      ctx.status = 404;
      ctx.body = NOT_FOUND;
      return;
    }
    ctx.state.salesforceOrg = host.org;
    if (host.host === 'login' && /^\/services\/data(\/|$)/.test(host.rest)) {
      ctx.status = 400;
      ctx.body = [
        {
          errorCode: 'URL_NOT_RESET',
          message: 'Destination URL not reset. The URL returned from login must be set',
        },
      ];
      return;
    }
    if (PROTECTED.test(host.rest)) {
      const token = bearerToken(ctx);
      const session = token === undefined ? undefined : sessionOf(host.org, grants, token);
      if (!session) {
        ctx.status = 401;
        ctx.body = [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }];
        return;
      }
      ctx.state.salesforceUserId = session.userId ?? defaultUserOf(host.org);
      if (METERED.test(host.rest) && !chargeCall(ctx, host.org)) return;
    }
    await runAsSalesforceUser(ctx.state.salesforceUserId as string | undefined, next);
    if (ctx.status === 404 && ctx.body === undefined) ctx.body = NOT_FOUND;
  };
}

/**
 * Takes the call from the org's daily budget and reports the usage on the answer; when the
 * budget is spent, answers 403 REQUEST_LIMIT_EXCEEDED. Composite subrequests are free.
 */
function chargeCall(ctx: ParameterizedContext, org: SalesforceOrg): boolean {
  const subrequest = ctx.get(SUBREQUEST_HEADER) === SUBREQUEST_SECRET;
  const allowed = subrequest || org.apiBudget.take();
  ctx.set(LIMIT_INFO_HEADER, limitInfo(org.apiBudget.usage()));
  if (allowed) return true;
  ctx.status = 403;
  ctx.body = REQUEST_LIMIT_EXCEEDED;
  return false;
}

/** The static session acts as the org's first active user, as its identity URL says. */
function defaultUserOf(org: SalesforceOrg): string | undefined {
  const user = org.store.all('User').find((candidate) => candidate.IsActive !== false);
  return user === undefined ? undefined : String(user.Id);
}

/** A live session of `org`: its static session id, or an unexpired token issued for it. */
function sessionOf(
  org: SalesforceOrg,
  grants: OAuthGrants,
  token: string,
): { userId: string | undefined } | undefined {
  if (token === org.staticSession) return { userId: undefined };
  const grant = grants.lookup(token);
  if (!grant || grant === 'expired' || grant.tenant !== org.key) return undefined;
  return { userId: grant.userId };
}

export function salesforceOrgOf(ctx: ParameterizedContext): SalesforceOrg {
  const org = ctx.state.salesforceOrg as SalesforceOrg | undefined;
  if (!org) throw new Error('salesforceAuth did not run for this request');
  return org;
}

export function salesforceStoreOf(ctx: ParameterizedContext): SalesforceStore {
  return salesforceOrgOf(ctx).store;
}
