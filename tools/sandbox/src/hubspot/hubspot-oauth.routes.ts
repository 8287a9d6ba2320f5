import { Router } from '@koa/router';
import {
  asString,
  bodyObject,
  isHttpUrl,
  queryString,
  type Ctx,
  type JsonObject,
} from '../core/http.ts';
import { correlationId } from '../core/ids.ts';
import { html, page } from '../core/html.ts';
import { authorizationRedirect, type IssuedTokens } from '../core/oauth-grants.ts';
import {
  HUBSPOT_DEMO_APP_ID,
  HUBSPOT_DEMO_CLIENT_ID,
  HUBSPOT_DEMO_CLIENT_SECRET,
  HUBSPOT_DEMO_HUB_DOMAIN,
  HUBSPOT_DEMO_HUB_ID,
} from '../demo-constants.ts';
import type { SandboxState } from '../sandbox-state.ts';

/**
 * HubSpot's install flow: the authorize page (app.hubspot.com/oauth/authorize in real life)
 * with an Authorize button that redirects to redirect_uri with `code` and `state`, and the
 * v1/v3 token endpoints with 30-minute access tokens, refresh and token metadata.
 */
export function hubspotOAuthRouter(state: SandboxState): Router {
  const router = new Router({ prefix: '/hubspot/oauth' });

  router.get('/authorize', (ctx) => authorizePage(ctx, state));
  router.post('/authorize', (ctx) => authorizeDecision(ctx, state));
  router.post('/v1/token', (ctx) => token(ctx, state));
  router.post('/v3/token', (ctx) => token(ctx, state));
  router.get('/v1/access-tokens/:token', (ctx) => {
    const grant = state.hubspotGrants.lookup(ctx.params.token ?? '');
    if (!grant || grant === 'expired')
      return tokenError(ctx, 404, 'NOT_FOUND', 'Access token not found or expired');
    ctx.body = {
      token: ctx.params.token,
      user: grant.userEmail,
      hub_domain: HUBSPOT_DEMO_HUB_DOMAIN,
      scopes: grant.scopes,
      hub_id: HUBSPOT_DEMO_HUB_ID,
      app_id: HUBSPOT_DEMO_APP_ID,
      expires_in: Math.max(0, Math.round((grant.expiresAt - Date.now()) / 1000)),
      user_id: Number(grant.userId),
      token_type: 'access',
    };
  });
  router.get('/v1/refresh-tokens/:token', (ctx) => {
    const grant = state.hubspotGrants.refreshGrant(ctx.params.token ?? '');
    if (!grant) return tokenError(ctx, 404, 'NOT_FOUND', 'Refresh token not found');
    ctx.body = {
      token: ctx.params.token,
      user: grant.userEmail,
      hub_domain: HUBSPOT_DEMO_HUB_DOMAIN,
      scopes: grant.scopes,
      hub_id: HUBSPOT_DEMO_HUB_ID,
      client_id: grant.clientId,
      user_id: Number(grant.userId),
      token_type: 'refresh',
    };
  });
  router.delete('/v1/refresh-tokens/:token', (ctx) => {
    state.hubspotGrants.revokeRefresh(ctx.params.token ?? '');
    ctx.status = 204;
  });
  return router;
}

function authorizePage(ctx: Ctx, state: SandboxState): void {
  const clientId = queryString(ctx, 'client_id') ?? '';
  const redirectUri = queryString(ctx, 'redirect_uri') ?? '';
  const scope = [queryString(ctx, 'scope'), queryString(ctx, 'optional_scope')]
    .filter(Boolean)
    .join(' ');
  const problem =
    clientId !== HUBSPOT_DEMO_CLIENT_ID
      ? `Unknown client_id "${clientId}".`
      : !isHttpUrl(redirectUri)
        ? 'redirect_uri must be an http(s) URL.'
        : undefined;
  ctx.type = 'html';
  if (problem) {
    ctx.status = 400;
    ctx.body = page(
      'HubSpot sandbox — cannot authorize',
      html`<p>${problem}</p>
        <p class="muted">Use client id <code>${HUBSPOT_DEMO_CLIENT_ID}</code>.</p>`,
    );
    return;
  }
  const users = [...state.hubspot.owners.values()];
  ctx.body = page(
    'HubSpot sandbox — connect an app',
    html`<div class="card">
      <p>
        The app <strong>OutSync</strong> wants access to your HubSpot account
        <strong>${HUBSPOT_DEMO_HUB_DOMAIN}</strong> (Hub ID ${HUBSPOT_DEMO_HUB_ID}).
      </p>
      <p class="muted">Requested scopes: ${scope || '(none)'}</p>
      <form method="post" action="/hubspot/oauth/authorize">
        <input type="hidden" name="client_id" value="${clientId}" />
        <input type="hidden" name="redirect_uri" value="${redirectUri}" />
        <input type="hidden" name="scope" value="${scope}" />
        <input type="hidden" name="state" value="${queryString(ctx, 'state') ?? ''}" />
        <p>
          <label for="user">Sign in as</label>
          <select id="user" name="user">
            ${users.map((owner) => html`<option value="${owner.userId}">${owner.firstName} ${owner.lastName} &lt;${owner.email}&gt;</option>`)}
          </select>
        </p>
        <p>
          <button type="submit" name="decision" value="authorize">Authorize</button>
          <button type="submit" name="decision" value="deny" class="secondary">Cancel</button>
        </p>
      </form>
    </div>`,
  );
}

function authorizeDecision(ctx: Ctx, state: SandboxState): void {
  const body = bodyObject(ctx);
  const redirectUri = asString(body.redirect_uri) ?? '';
  const clientId = asString(body.client_id) ?? '';
  if (clientId !== HUBSPOT_DEMO_CLIENT_ID || !isHttpUrl(redirectUri)) {
    ctx.status = 400;
    ctx.body = 'Invalid authorization request';
    return;
  }
  if (asString(body.decision) === 'deny') {
    ctx.redirect(authorizationRedirect(redirectUri, {}, asString(body.state)));
    return;
  }
  const owners = [...state.hubspot.owners.values()];
  const owner =
    owners.find((candidate) => String(candidate.userId) === asString(body.user)) ?? owners[0];
  const code = state.hubspotGrants.issueCode({
    clientId,
    redirectUri,
    scopes: (asString(body.scope) ?? '').split(/[\s+]+/).filter(Boolean),
    userId: String(owner?.userId ?? 1),
    userEmail: owner?.email ?? 'demo@outsync.test',
  });
  ctx.redirect(authorizationRedirect(redirectUri, { code }, asString(body.state)));
}

function token(ctx: Ctx, state: SandboxState): void {
  const body = bodyObject(ctx);
  const grantType = asString(body.grant_type);
  const clientId = asString(body.client_id) ?? '';
  if (
    clientId !== HUBSPOT_DEMO_CLIENT_ID ||
    asString(body.client_secret) !== HUBSPOT_DEMO_CLIENT_SECRET
  ) {
    return tokenError(
      ctx,
      400,
      'BAD_CLIENT_ID',
      'missing or unknown client id, or wrong client secret',
    );
  }
  let issued: IssuedTokens | undefined;
  if (grantType === 'authorization_code') {
    issued = state.hubspotGrants.redeemCode(
      asString(body.code) ?? '',
      clientId,
      asString(body.redirect_uri),
    );
    if (!issued) return tokenError(ctx, 400, 'BAD_AUTH_CODE', 'missing or unknown auth code');
  } else if (grantType === 'refresh_token') {
    issued = state.hubspotGrants.refreshAccess(asString(body.refresh_token) ?? '', clientId);
    if (!issued)
      return tokenError(ctx, 400, 'BAD_REFRESH_TOKEN', 'missing or unknown refresh token');
  } else {
    return tokenError(
      ctx,
      400,
      'BAD_GRANT_TYPE',
      'grant_type must be authorization_code or refresh_token',
    );
  }
  ctx.body = tokenResponse(issued);
}

function tokenResponse(issued: IssuedTokens): JsonObject {
  return {
    token_type: 'bearer',
    access_token: issued.accessToken,
    refresh_token: issued.refreshToken,
    expires_in: issued.expiresIn,
    token_use: 'access_token',
    hub_id: HUBSPOT_DEMO_HUB_ID,
    user_id: Number(issued.grant.userId),
    scopes: issued.grant.scopes,
  };
}

function tokenError(ctx: Ctx, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.body = {
    status: code,
    message,
    correlationId: correlationId(),
    category: code === 'NOT_FOUND' ? 'OBJECT_NOT_FOUND' : 'VALIDATION_ERROR',
  };
}
