import { createHmac } from 'node:crypto';
import { Router } from '@koa/router';
import { asString, bodyObject, isHttpUrl, queryString, type Ctx } from '../core/http.ts';
import { html, page } from '../core/html.ts';
import { authorizationRedirect, type IssuedTokens } from '../core/oauth-grants.ts';
import {
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_CLIENT_SECRET,
  SALESFORCE_DEMO_ORG_ID,
} from '../demo-constants.ts';
import type { SandboxState } from '../sandbox-state.ts';

/**
 * The web-server flow on the org domain `<sandbox>/salesforce`: the login/allow page, the
 * token endpoint (code and refresh grants, returning instance_url), identity and revoke.
 */
export function salesforceOAuthRouter(state: SandboxState): Router {
  const router = new Router({ prefix: '/salesforce' });
  router.get('/services/oauth2/authorize', (ctx) => authorizePage(ctx, state));
  router.post('/services/oauth2/authorize', (ctx) => authorizeDecision(ctx, state));
  router.post('/services/oauth2/token', (ctx) => token(ctx, state));
  router.post('/services/oauth2/revoke', (ctx) => {
    state.salesforceGrants.revokeRefresh(
      asString(bodyObject(ctx).token) ?? queryString(ctx, 'token') ?? '',
    );
    ctx.status = 200;
    ctx.body = '';
  });
  router.get(
    '/services/oauth2/userinfo',
    (ctx) => (ctx.body = identity(state, ctx.state.salesforceUserId as string | undefined)),
  );
  router.get('/id/:orgId/:userId', (ctx) => (ctx.body = identity(state, ctx.params.userId)));
  return router;
}

function users(state: SandboxState) {
  return state.salesforce.all('User');
}

function authorizePage(ctx: Ctx, state: SandboxState): void {
  const clientId = queryString(ctx, 'client_id') ?? '';
  const redirectUri = queryString(ctx, 'redirect_uri') ?? '';
  ctx.type = 'html';
  if (
    clientId !== SALESFORCE_DEMO_CLIENT_ID ||
    !isHttpUrl(redirectUri) ||
    queryString(ctx, 'response_type') !== 'code'
  ) {
    ctx.status = 400;
    ctx.body = page(
      'Salesforce sandbox — error',
      html`<p>error=invalid_client_id or redirect_uri_mismatch or unsupported_response_type.</p>
        <p class="muted">
          Use client id <code>${SALESFORCE_DEMO_CLIENT_ID}</code> and response_type=code.
        </p>`,
    );
    return;
  }
  ctx.body = page(
    'Salesforce sandbox — allow access?',
    html`<div class="card">
      <p>
        <strong>OutSync</strong> is asking to access your Salesforce org
        <strong>${SALESFORCE_DEMO_ORG_ID}</strong> (${state.publicUrl}/salesforce).
      </p>
      <p class="muted">Scopes: ${queryString(ctx, 'scope') ?? 'api refresh_token'}</p>
      <form method="post" action="/salesforce/services/oauth2/authorize">
        <input type="hidden" name="client_id" value="${clientId}" />
        <input type="hidden" name="redirect_uri" value="${redirectUri}" />
        <input
          type="hidden"
          name="scope"
          value="${queryString(ctx, 'scope') ?? 'api refresh_token'}"
        />
        <input type="hidden" name="state" value="${queryString(ctx, 'state') ?? ''}" />
        <p>
          <label for="user">Log in as</label>
          <select id="user" name="user">
            ${users(state).map((user) => html`<option value="${user.Id}">${user.Name} &lt;${user.Email}&gt;</option>`)}
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
  const body = bodyObject(ctx);
  const redirectUri = asString(body.redirect_uri) ?? '';
  if (asString(body.client_id) !== SALESFORCE_DEMO_CLIENT_ID || !isHttpUrl(redirectUri)) {
    ctx.status = 400;
    ctx.body = 'Invalid authorization request';
    return;
  }
  if (asString(body.decision) === 'deny') {
    const deniedDescription = 'end-user denied authorization';
    ctx.redirect(authorizationRedirect(redirectUri, { deniedDescription }, asString(body.state)));
    return;
  }
  const user =
    users(state).find((candidate) => candidate.Id === asString(body.user)) ?? users(state)[0];
  const code = state.salesforceGrants.issueCode({
    clientId: SALESFORCE_DEMO_CLIENT_ID,
    redirectUri,
    scopes: (asString(body.scope) ?? '').split(/\s+/).filter(Boolean),
    userId: String(user?.Id ?? ''),
    userEmail: String(user?.Email ?? ''),
  });
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
  const body = bodyObject(ctx);
  const client = clientCredentials(ctx);
  if (client.id !== SALESFORCE_DEMO_CLIENT_ID)
    return oauthError(ctx, 'invalid_client_id', 'client identifier invalid');
  if (client.secret !== SALESFORCE_DEMO_CLIENT_SECRET)
    return oauthError(ctx, 'invalid_client', 'invalid client credentials');
  const grantType = asString(body.grant_type);
  if (grantType === 'authorization_code') {
    const issued = state.salesforceGrants.redeemCode(
      asString(body.code) ?? '',
      client.id,
      asString(body.redirect_uri),
    );
    if (!issued) return oauthError(ctx, 'invalid_grant', 'invalid authorization code');
    ctx.body = tokenBody(state, issued, true);
  } else if (grantType === 'refresh_token') {
    const issued = state.salesforceGrants.refreshAccess(
      asString(body.refresh_token) ?? '',
      client.id,
    );
    if (!issued) return oauthError(ctx, 'invalid_grant', 'expired access/refresh token');
    // Without refresh-token rotation Salesforce returns no new refresh token.
    ctx.body = tokenBody(state, issued, false);
  } else {
    oauthError(ctx, 'unsupported_grant_type', 'grant type not supported');
  }
}

function tokenBody(
  state: SandboxState,
  issued: IssuedTokens,
  withRefresh: boolean,
): Record<string, unknown> {
  const instanceUrl = `${state.publicUrl}/salesforce`;
  const issuedAt = String(Date.now());
  const id = `${instanceUrl}/id/${SALESFORCE_DEMO_ORG_ID}/${issued.grant.userId}`;
  return {
    access_token: issued.accessToken,
    ...(withRefresh ? { refresh_token: issued.refreshToken } : {}),
    signature: createHmac('sha256', SALESFORCE_DEMO_CLIENT_SECRET)
      .update(id + issuedAt)
      .digest('base64'),
    scope: issued.grant.scopes.join(' ') || 'api refresh_token',
    instance_url: instanceUrl,
    id,
    token_type: 'Bearer',
    issued_at: issuedAt,
  };
}

function oauthError(ctx: Ctx, error: string, description: string): void {
  ctx.status = 400;
  ctx.body = { error, error_description: description };
}

function identity(state: SandboxState, userId: string | undefined): Record<string, unknown> {
  const user = users(state).find((candidate) => candidate.Id === userId) ?? users(state)[0];
  return {
    id: `${state.publicUrl}/salesforce/id/${SALESFORCE_DEMO_ORG_ID}/${String(user?.Id ?? '')}`,
    user_id: user?.Id ?? null,
    organization_id: SALESFORCE_DEMO_ORG_ID,
    username: user?.Username ?? null,
    email: user?.Email ?? null,
    display_name: user?.Name ?? null,
    first_name: user?.FirstName ?? null,
    last_name: user?.LastName ?? null,
    active: true,
    urls: { rest: `${state.publicUrl}/salesforce/services/data/v{version}/` },
  };
}
