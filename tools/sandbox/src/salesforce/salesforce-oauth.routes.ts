import { createHmac } from 'node:crypto';
import { Router } from '@koa/router';
import { asString, bodyObject, queryString, type Ctx } from '../core/http.ts';
import { html, page } from '../core/html.ts';
import {
  authorizationRedirect,
  isRedeemFailure,
  redirectAllowed,
  type IssuedTokens,
} from '../core/oauth-grants.ts';
import { SALESFORCE_DEMO_CLIENT_ID } from '../demo-constants.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { salesforceOrgOf } from './salesforce-auth.ts';
import {
  SALESFORCE_INSTANCE_PREFIX,
  SALESFORCE_LOGIN_PREFIX,
  type ConnectedApp,
  type SalesforceOrg,
} from './salesforce-orgs.ts';
import type { SfRecord } from './salesforce-store.ts';

const DEFAULT_SCOPE = 'api refresh_token';

/**
 * The web-server flow on each org's login domain (`/salesforce` for the demo org,
 * `/salesforce-login/<key>` for others): the login/allow page, the token endpoint (code and
 * refresh grants, answering the org's `instance_url`), revoke and userinfo. On the instance
 * (`/salesforce-instance/<key>`): identity and userinfo.
 */
export function salesforceOAuthRouters(state: SandboxState): Router[] {
  const loginRouters = [
    new Router({ prefix: '/salesforce' }),
    new Router({ prefix: `${SALESFORCE_LOGIN_PREFIX}/:orgKey` }),
  ];
  for (const router of loginRouters) {
    router.get('/services/oauth2/authorize', (ctx) => authorizePage(ctx, state));
    router.post('/services/oauth2/authorize', (ctx) => authorizeDecision(ctx, state));
    router.post('/services/oauth2/token', (ctx) => token(ctx, state));
    router.post('/services/oauth2/revoke', (ctx) => revoke(ctx, state));
    router.get('/services/oauth2/revoke', (ctx) => revoke(ctx, state));
    router.get('/services/oauth2/userinfo', (ctx) => (ctx.body = userinfo(ctx, state)));
  }
  const instance = new Router({ prefix: `${SALESFORCE_INSTANCE_PREFIX}/:orgKey` });
  instance.get('/services/oauth2/userinfo', (ctx) => (ctx.body = userinfo(ctx, state)));
  instance.get('/id/:orgId/:userId', (ctx) => {
    const org = salesforceOrgOf(ctx);
    const user = activeUsers(org).find((candidate) => candidate.Id === ctx.params.userId);
    if (ctx.params.orgId !== org.orgId || !user) {
      ctx.status = 404;
      ctx.body = [{ errorCode: 'NOT_FOUND', message: 'Bad_Id' }];
      return;
    }
    ctx.body = identity(state, org, user);
  });
  return [...loginRouters, instance];
}

function activeUsers(org: SalesforceOrg): SfRecord[] {
  return org.store.all('User').filter((user) => user.IsActive !== false);
}

function instanceUrl(state: SandboxState, org: SalesforceOrg): string {
  return `${state.publicUrl}${org.instancePath}`;
}

/** The app and redirect of an authorize request, or Salesforce's error for them. */
function checkClient(
  state: SandboxState,
  clientId: string,
  redirectUri: string,
): { app: ConnectedApp } | { error: string; description: string } {
  const app = state.salesforceApps.get(clientId);
  if (!app) return { error: 'invalid_client_id', description: 'client identifier invalid' };
  if (!redirectAllowed(app.callbackUrls, redirectUri))
    return { error: 'redirect_uri_mismatch', description: 'redirect_uri must match configuration' };
  return { app };
}

function authorizePage(ctx: Ctx, state: SandboxState): void {
  const org = salesforceOrgOf(ctx);
  const clientId = queryString(ctx, 'client_id') ?? '';
  const redirectUri = queryString(ctx, 'redirect_uri') ?? '';
  const checked =
    queryString(ctx, 'response_type') === 'code'
      ? checkClient(state, clientId, redirectUri)
      : { error: 'unsupported_response_type', description: 'response type not supported' };
  ctx.type = 'html';
  if ('error' in checked) {
    ctx.status = 400;
    ctx.body = page(
      'Salesforce sandbox — error',
      html`<p>error=${checked.error}&amp;error_description=${checked.description}</p>
        <p class="muted">
          Use a registered connected app (the demo one is <code>${SALESFORCE_DEMO_CLIENT_ID}</code>,
          any redirect) and response_type=code.
        </p>`,
    );
    return;
  }
  const scope = queryString(ctx, 'scope') ?? DEFAULT_SCOPE;
  const hidden = (name: string, value: string | undefined) =>
    html`<input type="hidden" name="${name}" value="${value ?? ''}" />`;
  ctx.body = page(
    'Salesforce sandbox — allow access?',
    html`<div class="card">
      <p>
        <strong>${checked.app.name}</strong> is asking to access your Salesforce org
        <strong>${org.name}</strong> (${org.orgId}, ${state.publicUrl}${org.loginPath}).
      </p>
      <p class="muted">Scopes: ${scope}</p>
      <form method="post" action="${org.loginPath}/services/oauth2/authorize">
        ${hidden('client_id', clientId)} ${hidden('redirect_uri', redirectUri)}
        ${hidden('scope', scope)} ${hidden('state', queryString(ctx, 'state'))}
        ${hidden('code_challenge', queryString(ctx, 'code_challenge'))}
        ${hidden('code_challenge_method', queryString(ctx, 'code_challenge_method'))}
        <p>
          <label for="user">Log in as</label>
          <select id="user" name="user">
            ${activeUsers(org).map(
              (user) =>
                html`<option value="${user.Id}">${user.Name} &lt;${user.Email}&gt;</option>`,
            )}
          </select>
        </p>
        <p>
          <button type="submit" name="decision" value="authorize">Authorize</button>
          <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
        </p>
      </form>
    </div>`,
  );
}

function authorizeDecision(ctx: Ctx, state: SandboxState): void {
  const org = salesforceOrgOf(ctx);
  const body = bodyObject(ctx);
  const redirectUri = asString(body.redirect_uri) ?? '';
  const clientId = asString(body.client_id) ?? '';
  const checked = checkClient(state, clientId, redirectUri);
  if ('error' in checked) {
    ctx.status = 400;
    ctx.body = `error=${checked.error}&error_description=${checked.description}`;
    return;
  }
  if (asString(body.decision) === 'deny') {
    const deniedDescription = 'end-user denied authorization';
    ctx.redirect(authorizationRedirect(redirectUri, { deniedDescription }, asString(body.state)));
    return;
  }
  const users = activeUsers(org);
  const user = users.find((candidate) => candidate.Id === asString(body.user)) ?? users[0];
  const code = state.salesforceGrants.issueCode(
    {
      clientId,
      redirectUri,
      scopes: (asString(body.scope) ?? DEFAULT_SCOPE).split(/\s+/).filter(Boolean),
      userId: String(user?.Id ?? ''),
      userEmail: String(user?.Email ?? ''),
      tenant: org.key,
    },
    { challenge: asString(body.code_challenge), method: asString(body.code_challenge_method) },
  );
  ctx.redirect(authorizationRedirect(redirectUri, { code }, asString(body.state)));
}

/** Client credentials come in the body or as HTTP Basic, both of which Salesforce accepts. */
function clientCredentials(ctx: Ctx): { id?: string; secret?: string } {
  const basic = /^Basic\s+(.+)$/i.exec(ctx.get('authorization'))?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, 'base64').toString().split(':');
    return { id, secret };
  }
  const body = bodyObject(ctx);
  return { id: asString(body.client_id), secret: asString(body.client_secret) };
}

function token(ctx: Ctx, state: SandboxState): void {
  const org = salesforceOrgOf(ctx);
  const body = bodyObject(ctx);
  const client = clientCredentials(ctx);
  const app = state.salesforceApps.get(client.id ?? '');
  if (!app) return oauthError(ctx, 'invalid_client_id', 'client identifier invalid');
  if (client.secret !== app.consumerSecret)
    return oauthError(ctx, 'invalid_client', 'invalid client credentials');
  const grantType = asString(body.grant_type);
  if (grantType === 'authorization_code') {
    const redirectUri = asString(body.redirect_uri) ?? '';
    if (!redirectAllowed(app.callbackUrls, redirectUri))
      return oauthError(ctx, 'redirect_uri_mismatch', 'redirect_uri must match configuration');
    const result = state.salesforceGrants.redeemCode(
      asString(body.code) ?? '',
      app.consumerKey,
      redirectUri,
      asString(body.code_verifier),
      org.key,
    );
    if (result === 'redirect_mismatch')
      return oauthError(ctx, 'redirect_uri_mismatch', 'redirect_uri must match configuration');
    if (result === 'invalid_verifier')
      return oauthError(ctx, 'invalid_grant', 'invalid code verifier');
    if (isRedeemFailure(result))
      return oauthError(ctx, 'invalid_grant', 'invalid authorization code');
    ctx.body = tokenBody(state, org, app, result, true);
  } else if (grantType === 'refresh_token') {
    const issued = state.salesforceGrants.refreshAccess(
      asString(body.refresh_token) ?? '',
      app.consumerKey,
      org.key,
    );
    if (!issued) return oauthError(ctx, 'invalid_grant', 'expired access/refresh token');
    // Without refresh-token rotation Salesforce returns no new refresh token.
    ctx.body = tokenBody(state, org, app, issued, false);
  } else {
    oauthError(ctx, 'unsupported_grant_type', 'grant type not supported');
  }
}

/**
 * Salesforce's token answer. A refresh token comes back only when the grant includes the
 * `refresh_token` (or `offline_access`) scope, and never from a refresh (no rotation).
 */
function tokenBody(
  state: SandboxState,
  org: SalesforceOrg,
  app: ConnectedApp,
  issued: IssuedTokens,
  fromCode: boolean,
): Record<string, unknown> {
  const base = instanceUrl(state, org);
  const issuedAt = String(Date.now());
  const id = `${base}/id/${org.orgId}/${issued.grant.userId}`;
  const withRefresh =
    fromCode &&
    (issued.grant.scopes.includes('refresh_token') ||
      issued.grant.scopes.includes('offline_access'));
  return {
    access_token: issued.accessToken,
    ...(withRefresh ? { refresh_token: issued.refreshToken } : {}),
    signature: createHmac('sha256', app.consumerSecret)
      .update(id + issuedAt)
      .digest('base64'),
    scope: issued.grant.scopes.join(' '),
    instance_url: base,
    id,
    token_type: 'Bearer',
    issued_at: issuedAt,
  };
}

/** Takes a refresh token (revoking its sessions too) or an access token. */
function revoke(ctx: Ctx, state: SandboxState): void {
  const token = asString(bodyObject(ctx).token) ?? queryString(ctx, 'token') ?? '';
  if (!state.salesforceGrants.revoke(token))
    return oauthError(ctx, 'unsupported_token_type', 'this token type is not supported');
  ctx.status = 200;
  ctx.body = '';
}

function oauthError(ctx: Ctx, error: string, description: string): void {
  ctx.status = 400;
  ctx.body = { error, error_description: description };
}

function userinfo(ctx: Ctx, state: SandboxState): Record<string, unknown> {
  const org = salesforceOrgOf(ctx);
  const users = activeUsers(org);
  const userId = ctx.state.salesforceUserId as string | undefined;
  const user = users.find((candidate) => candidate.Id === userId) ?? users[0];
  const identityBody = identity(state, org, user);
  return {
    sub: identityBody.id,
    user_id: identityBody.user_id,
    organization_id: org.orgId,
    preferred_username: identityBody.username,
    email: identityBody.email,
    name: identityBody.display_name,
    given_name: identityBody.first_name,
    family_name: identityBody.last_name,
    active: true,
    urls: identityBody.urls,
  };
}

function identity(
  state: SandboxState,
  org: SalesforceOrg,
  user: SfRecord | undefined,
): Record<string, unknown> {
  const base = instanceUrl(state, org);
  return {
    id: `${base}/id/${org.orgId}/${String(user?.Id ?? '')}`,
    asserted_user: true,
    user_id: user?.Id ?? null,
    organization_id: org.orgId,
    username: user?.Username ?? null,
    email: user?.Email ?? null,
    display_name: user?.Name ?? null,
    first_name: user?.FirstName ?? null,
    last_name: user?.LastName ?? null,
    active: user?.IsActive !== false,
    user_type: 'STANDARD',
    urls: {
      rest: `${base}/services/data/v{version}/`,
      sobjects: `${base}/services/data/v{version}/sobjects/`,
      query: `${base}/services/data/v{version}/query/`,
      profile: `${base}/${String(user?.Id ?? '')}`,
    },
  };
}
