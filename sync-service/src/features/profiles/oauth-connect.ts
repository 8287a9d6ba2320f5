import { hubspotOAuth, salesforceOAuth, type CrmKind } from '@outsync/contracts';
import { isConnectorError } from '../../connectors/http';
import { HttpError } from '../../platform/http/http-error';
import type { TokenSet } from './crm-gateway.types';
import { refusedCallbackPage } from './oauth-page';
import type { StateOwner } from './oauth-state';
import type { ProfileConnection } from './profiles.model';
import type {
  Caller,
  CallbackOutcome,
  CallbackQuery,
  ProfilesContext,
} from './profiles-service.types';
import { upstreamMessage } from './upstream-error';

// What the HubSpot and Salesforce connect flows share: where the browser goes back to, the
// callback's state and code checks, and the connection stored from the tokens.

export type OAuthConnectDeps = Pick<
  ProfilesContext,
  'publicUrl' | 'oauthStates' | 'secrets' | 'logger'
>;

export const CRM_NAMES: Readonly<Record<CrmKind, string>> = {
  HUBSPOT: 'HubSpot',
  SALESFORCE: 'Salesforce',
};
const SCREENS: Readonly<Record<CrmKind, string>> = {
  HUBSPOT: '/admin/dashboard/hubspot',
  SALESFORCE: '/admin/dashboard/salesforce',
};

export const CONSENT_DENIED_MESSAGES: Readonly<Record<CrmKind, string>> = {
  HUBSPOT: 'You did not allow OutSync to access HubSpot, so nothing was connected.',
  SALESFORCE: 'You did not allow OutSync to access Salesforce, so nothing was connected.',
};

export function redirectUriOf(deps: Pick<OAuthConnectDeps, 'publicUrl'>, crm: CrmKind): string {
  return `${deps.publicUrl}${crm === 'HUBSPOT' ? hubspotOAuth.redirectPath : salesforceOAuth.redirectPath}`;
}

/** The CRM's screen in the product, with `query` for it to show (connected, or the error). */
export function screenUrl(
  deps: Pick<OAuthConnectDeps, 'publicUrl'>,
  crm: CrmKind,
  query: Record<string, string>,
): string {
  return `${deps.publicUrl}${SCREENS[crm]}?${new URLSearchParams(query).toString()}`;
}

export function connectFailed(
  deps: Pick<OAuthConnectDeps, 'publicUrl'>,
  crm: CrmKind,
  message: string,
): CallbackOutcome {
  return { kind: 'redirect', location: screenUrl(deps, crm, { error: message }) };
}

/** The state check every callback starts with; a refused one gets the page. */
export async function claimState(
  deps: Pick<OAuthConnectDeps, 'publicUrl' | 'oauthStates'>,
  crm: CrmKind,
  query: CallbackQuery,
  caller: Caller | null,
) {
  const owner: StateOwner | null = caller
    ? { userId: caller.user.id, sessionToken: caller.sessionToken }
    : null;
  const check = await deps.oauthStates.consume(query.state, crm, owner);
  // A state is only accepted from the session that asked for it, so a caller is there.
  if (check.ok && caller) return { ok: true as const, state: check.state, user: caller.user };
  const outcome: CallbackOutcome = {
    kind: 'page',
    status: 400,
    html: refusedCallbackPage({
      systemName: CRM_NAMES[crm],
      problem: check.ok ? 'foreign' : check.problem,
      backUrl: `${deps.publicUrl}${SCREENS[crm]}`,
    }),
  };
  return { ok: false as const, outcome };
}

/** The code to exchange, or where to send the browser when there is none (consent denied…). */
export function codeOf(
  deps: Pick<OAuthConnectDeps, 'publicUrl'>,
  crm: CrmKind,
  query: CallbackQuery,
): { code: string } | CallbackOutcome {
  if (query.error === 'access_denied') {
    return connectFailed(deps, crm, CONSENT_DENIED_MESSAGES[crm]);
  }
  if (query.error) {
    // Only the provider's error code, never free text someone put in the link.
    const code = query.error.replace(/[^\w.-]/g, '').slice(0, 60);
    return connectFailed(deps, crm, `${CRM_NAMES[crm]} did not connect the account (${code}).`);
  }
  if (!query.code) {
    return connectFailed(deps, crm, `${CRM_NAMES[crm]} sent no authorization code back.`);
  }
  return { code: query.code };
}

export function connectFailure(
  deps: Pick<OAuthConnectDeps, 'publicUrl' | 'logger'>,
  crm: CrmKind,
  error: unknown,
): CallbackOutcome {
  if (isConnectorError(error)) return connectFailed(deps, crm, upstreamMessage(error));
  if (error instanceof HttpError) return connectFailed(deps, crm, error.message);
  deps.logger?.error({ err: error, crm }, 'OAuth callback failed');
  return connectFailed(deps, crm, `${CRM_NAMES[crm]} could not be connected. Please try again.`);
}

/** The connection to store: the tokens sealed, and when the access token expires. */
export function connectionOf(
  deps: Pick<OAuthConnectDeps, 'secrets'>,
  tokens: TokenSet,
  now: Date,
  fallbackLifetime: number,
): ProfileConnection {
  return {
    accessTokenSealed: deps.secrets.seal(tokens.accessToken),
    // Sealed even when empty: the model wants a value, and a refresh then knows there is none.
    refreshTokenSealed: deps.secrets.seal(tokens.refreshToken ?? ''),
    expiresAt: new Date(now.getTime() + (tokens.expiresInSeconds ?? fallbackLifetime) * 1000),
    scopes: tokens.scopes,
    instanceUrl: tokens.instanceUrl,
    identityUrl: tokens.identityUrl,
    connectedAt: now,
  };
}
