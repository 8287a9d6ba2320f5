import { Router } from '@koa/router';
import {
  asString,
  asStringArray,
  bodyObject,
  queryString,
  type Ctx,
  type JsonObject,
} from '../core/http.ts';
import { correlationId } from '../core/ids.ts';
import { html, page } from '../core/html.ts';
import {
  authorizationRedirect,
  isRedeemFailure,
  redirectAllowed,
  type Grant,
  type IssuedTokens,
} from '../core/oauth-grants.ts';
import { HUBSPOT_DEMO_CLIENT_ID } from '../demo-constants.ts';
import type { SandboxState } from '../sandbox-state.ts';
import type { HubspotApp, HubspotPortal } from './hubspot-portals.ts';

/** Our wording: HubSpot's own error_description for a declined install is not documented. */
const DENIED_DESCRIPTION = 'The user declined to connect the app to their HubSpot account.';

/**
 * HubSpot's install flow: the authorize page (app.hubspot.com/oauth/authorize in real life)
 * where the user picks the account (portal) and which optional scopes to grant, then
 * Authorize (redirect with `code` and `state`) or Deny (redirect with `error=access_denied`);
 * the v1/v3 token endpoints with 30-minute access tokens, refresh and token metadata.
 */
export function hubspotOAuthRouter(state: SandboxState): Router {
  const router = new Router({ prefix: '/hubspot/oauth' });

  router.get('/authorize', (ctx) => authorizePage(ctx, state));
  router.post('/authorize', (ctx) => authorizeDecision(ctx, state));
  router.post('/v1/token', (ctx) => token(ctx, state));
  router.post('/v3/token', (ctx) => token(ctx, state));
  router.get('/v1/access-tokens/:token', (ctx) => {
    const grant = state.hubspotGrants.lookup(ctx.params.token ?? '');
    const portal =
      grant && grant !== 'expired' ? state.hubspotPortals.get(grant.tenant) : undefined;
    if (!grant || grant === 'expired' || !portal)
      return tokenError(ctx, 404, 'NOT_FOUND', 'Access token not found or expired');
    ctx.body = {
      token: ctx.params.token,
      user: grant.userEmail,
      hub_domain: portal.hubDomain,
      scopes: grant.scopes,
      hub_id: portal.hubId,
      app_id: state.hubspotApps.get(grant.clientId)?.appId ?? 0,
      expires_in: Math.max(0, Math.round((grant.expiresAt - Date.now()) / 1000)),
      user_id: Number(grant.userId),
      token_type: 'access',
    };
  });
  router.get('/v1/refresh-tokens/:token', (ctx) => {
    const grant = state.hubspotGrants.refreshGrant(ctx.params.token ?? '');
    const portal = grant ? state.hubspotPortals.get(grant.tenant) : undefined;
    if (!grant || !portal) return tokenError(ctx, 404, 'NOT_FOUND', 'Refresh token not found');
    ctx.body = {
      token: ctx.params.token,
      user: grant.userEmail,
      hub_domain: portal.hubDomain,
      scopes: grant.scopes,
      hub_id: portal.hubId,
      client_id: grant.clientId,
      user_id: Number(grant.userId),
      token_type: 'refresh',
    };
  });
  router.delete('/v1/refresh-tokens/:token', (ctx) => {
    state.hubspotGrants.revoke(ctx.params.token ?? '');
    ctx.status = 204;
  });
  return router;
}

function scopeList(value: unknown): string[] {
  const values = Array.isArray(value) ? asStringArray(value) : [asString(value) ?? ''];
  return values.flatMap((entry) => entry.split(/[\s+,]+/)).filter(Boolean);
}

/** The app and redirect of an authorize request, or what is wrong with them (HubSpot's words). */
function checkClient(
  state: SandboxState,
  clientId: string,
  redirectUri: string,
): { app: HubspotApp } | { problem: string } {
  const app = state.hubspotApps.get(clientId);
  if (!app)
    return { problem: 'An invalid app client_id was provided. Please contact the app developer.' };
  if (!redirectAllowed(app.redirectUrls, redirectUri))
    return {
      problem: `Authorization failed as the redirect URL '${redirectUri}' doesn't match the app's registered redirect URL. Please consult the app developer.`,
    };
  return { app };
}

function authorizePage(ctx: Ctx, state: SandboxState): void {
  const clientId = queryString(ctx, 'client_id') ?? '';
  const redirectUri = queryString(ctx, 'redirect_uri') ?? '';
  const scopes = scopeList(ctx.query.scope);
  // The docs call it optional_scopes; clients commonly send optional_scope. Accept both.
  const optional = [
    ...scopeList(ctx.query.optional_scope),
    ...scopeList(ctx.query.optional_scopes),
  ].filter((scope) => !scopes.includes(scope));
  const checked = checkClient(state, clientId, redirectUri);
  ctx.type = 'html';
  if ('problem' in checked) {
    ctx.status = 400;
    ctx.body = page(
      'HubSpot sandbox — couldn’t complete the connection',
      html`<p>${checked.problem}</p>
        <p class="muted">
          The demo client id <code>${HUBSPOT_DEMO_CLIENT_ID}</code> takes any redirect.
        </p>`,
    );
    return;
  }
  const portals = state.hubspotPortals.all();
  const demo = state.hubspotPortals.demo();
  ctx.body = page(
    'HubSpot sandbox — connect an app',
    html`<div class="card">
      <p>The app <strong>${checked.app.name}</strong> wants access to your HubSpot account.</p>
      <p class="muted">Required scopes: ${scopes.join(' ') || '(none)'}</p>
      <form method="post" action="/hubspot/oauth/authorize">
        <input type="hidden" name="client_id" value="${clientId}" />
        <input type="hidden" name="redirect_uri" value="${redirectUri}" />
        <input type="hidden" name="scope" value="${scopes.join(' ')}" />
        <input type="hidden" name="optional_scopes_offered" value="${optional.join(' ')}" />
        <input type="hidden" name="state" value="${queryString(ctx, 'state') ?? ''}" />
        <p>
          <label for="user">Sign in as</label>
          <select id="user" name="user">
            ${portals.map(
              (portal) =>
                html`<optgroup label="${portal.name}">
                  ${[...portal.store.owners.values()].map(
                    (owner) =>
                      html`<option value="${owner.userId}">
                        ${owner.firstName} ${owner.lastName} &lt;${owner.email}&gt;
                      </option>`,
                  )}
                </optgroup>`,
            )}
          </select>
        </p>
        <p>
          <label for="hub_id">Account</label>
          <select id="hub_id" name="hub_id">
            ${portals.map(
              (portal) =>
                html`<option value="${portal.hubId}" ${portal === demo ? html`selected` : ''}>
                  ${portal.hubDomain} (Hub ID ${portal.hubId})
                </option>`,
            )}
          </select>
        </p>
        ${
          optional.length > 0
            ? html`<fieldset>
                <legend>Optional permissions</legend>
                ${optional.map(
                  (scope) =>
                    html`<label
                        ><input type="checkbox" name="optional_scope" value="${scope}" checked />
                        ${scope}</label
                      ><br />`,
                )}
              </fieldset>`
            : ''
        }
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
  const clientId = asString(body.client_id) ?? '';
  const checked = checkClient(state, clientId, redirectUri);
  if ('problem' in checked) {
    ctx.status = 400;
    ctx.body = checked.problem;
    return;
  }
  if (asString(body.decision) === 'deny' || asString(body.decision) === 'cancel') {
    ctx.redirect(
      authorizationRedirect(
        redirectUri,
        { deniedDescription: DENIED_DESCRIPTION },
        asString(body.state),
      ),
    );
    return;
  }
  const portal =
    state.hubspotPortals.get(asString(body.hub_id) ?? '') ?? state.hubspotPortals.demo();
  // Granted: the required scopes, plus the optional ones offered and still ticked.
  const offered = scopeList(body.optional_scopes_offered);
  const ticked = scopeList(body.optional_scope);
  const scopes = [
    ...new Set([...scopeList(body.scope), ...offered.filter((scope) => ticked.includes(scope))]),
  ];
  const code = state.hubspotGrants.issueCode(
    {
      clientId,
      redirectUri,
      scopes,
      ...portalUser(portal, asString(body.user)),
      tenant: String(portal.hubId),
    },
    { challenge: asString(body.code_challenge), method: asString(body.code_challenge_method) },
  );
  ctx.redirect(authorizationRedirect(redirectUri, { code }, asString(body.state)));
}

/** The signed-in user within the chosen portal; its first owner when the pick is elsewhere. */
function portalUser(
  portal: HubspotPortal,
  userId: string | undefined,
): Pick<Grant, 'userId' | 'userEmail'> {
  const owners = [...portal.store.owners.values()];
  const owner = owners.find((candidate) => String(candidate.userId) === userId) ?? owners[0];
  return {
    userId: String(owner?.userId ?? 1),
    userEmail: owner?.email ?? `admin@${portal.hubDomain}`,
  };
}

function token(ctx: Ctx, state: SandboxState): void {
  const body = bodyObject(ctx);
  const grantType = asString(body.grant_type);
  const clientId = asString(body.client_id) ?? '';
  const app = state.hubspotApps.get(clientId);
  if (!app || asString(body.client_secret) !== app.clientSecret) {
    return tokenError(
      ctx,
      400,
      'BAD_CLIENT_ID',
      'missing or unknown client id, or wrong client secret',
    );
  }
  let issued: IssuedTokens | undefined;
  if (grantType === 'authorization_code') {
    const redirectUri = asString(body.redirect_uri);
    if (!redirectUri) return tokenError(ctx, 400, 'BAD_REDIRECT_URI', 'missing redirect_uri');
    const result = state.hubspotGrants.redeemCode(
      asString(body.code) ?? '',
      clientId,
      redirectUri,
      asString(body.code_verifier),
    );
    if (isRedeemFailure(result))
      return tokenError(ctx, 400, 'BAD_AUTH_CODE', 'missing or unknown auth code');
    issued = result;
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
    hub_id: Number(issued.grant.tenant),
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
