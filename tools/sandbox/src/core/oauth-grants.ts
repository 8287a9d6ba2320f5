import { createHash } from 'node:crypto';
import { opaqueToken } from './ids.ts';

export interface Grant {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  userId: string;
  userEmail: string;
  /** Whose data the grant opens: a HubSpot hub id or a Salesforce org key. */
  tenant: string;
}

interface AccessToken extends Grant {
  expiresAt: number;
  refreshToken: string;
}

interface PendingCode extends Grant {
  expiresAt: number;
  /** PKCE: the S256 (or plain) challenge the authorize request carried. */
  codeChallenge?: string;
  codeChallengeMethod?: string;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  grant: Grant;
}

/** Why a code exchange failed, so each provider can answer in its own words. */
export type RedeemFailure = 'invalid_code' | 'redirect_mismatch' | 'invalid_verifier';

const CODE_LIFETIME_MS = 10 * 60_000;

/**
 * Authorization codes, access tokens and refresh tokens for one OAuth provider. Codes are
 * single-use and bound to their redirect_uri (which the exchange must repeat), as both HubSpot
 * and Salesforce require; a PKCE challenge, when given, must be answered by its verifier.
 */
export class OAuthGrants {
  private codes = new Map<string, PendingCode>();
  private access = new Map<string, AccessToken>();
  private refresh = new Map<string, Grant>();

  constructor(
    private readonly tokenPrefix: string | ((grant: Grant) => string),
    readonly accessLifetimeSeconds: number,
  ) {}

  reset(): void {
    this.codes.clear();
    this.access.clear();
    this.refresh.clear();
  }

  issueCode(grant: Grant, pkce: { challenge?: string; method?: string } = {}): string {
    const code = opaqueToken('code-');
    this.codes.set(code, {
      ...grant,
      expiresAt: Date.now() + CODE_LIFETIME_MS,
      ...(pkce.challenge
        ? { codeChallenge: pkce.challenge, codeChallengeMethod: pkce.method ?? 'plain' }
        : {}),
    });
    return code;
  }

  /**
   * Exchanges a code once, whatever the outcome: a failed exchange burns the code too.
   * `tenant`, when given, must be the one the code was issued for (the org whose login
   * domain receives the exchange).
   */
  redeemCode(
    code: string,
    clientId: string,
    redirectUri: string | undefined,
    codeVerifier?: string,
    tenant?: string,
  ): IssuedTokens | RedeemFailure {
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (
      !pending ||
      pending.expiresAt < Date.now() ||
      pending.clientId !== clientId ||
      (tenant !== undefined && pending.tenant !== tenant)
    )
      return 'invalid_code';
    if (redirectUri !== pending.redirectUri) return 'redirect_mismatch';
    if (pending.codeChallenge && !verifies(pending, codeVerifier)) return 'invalid_verifier';
    const {
      expiresAt: _expiresAt,
      codeChallenge: _challenge,
      codeChallengeMethod: _method,
      ...stored
    } = pending;
    const refreshToken = opaqueToken(`${this.prefix(stored)}r-`);
    this.refresh.set(refreshToken, stored);
    return this.issueAccess(stored, refreshToken);
  }

  refreshAccess(refreshToken: string, clientId: string, tenant?: string): IssuedTokens | undefined {
    const grant = this.refresh.get(refreshToken);
    if (!grant || grant.clientId !== clientId) return undefined;
    if (tenant !== undefined && grant.tenant !== tenant) return undefined;
    return this.issueAccess(grant, refreshToken);
  }

  /** The grant behind a live access token; undefined when unknown, `expired` when stale. */
  lookup(token: string): AccessToken | 'expired' | undefined {
    const found = this.access.get(token);
    if (!found) return undefined;
    return found.expiresAt <= Date.now() ? 'expired' : found;
  }

  refreshGrant(refreshToken: string): Grant | undefined {
    return this.refresh.get(refreshToken);
  }

  revokeRefresh(refreshToken: string): boolean {
    return this.refresh.delete(refreshToken);
  }

  /**
   * Revokes a refresh token with every access token issued from it, or a single access
   * token (Salesforce's revoke endpoint takes either).
   */
  revoke(token: string): boolean {
    if (this.refresh.delete(token)) {
      for (const [accessToken, entry] of this.access)
        if (entry.refreshToken === token) this.access.delete(accessToken);
      return true;
    }
    return this.access.delete(token);
  }

  /** Makes issued access tokens stale at once, so clients' refresh paths can be tested. */
  expireAll(filter: (grant: Grant) => boolean = () => true): number {
    let expired = 0;
    for (const token of this.access.values()) {
      if (!filter(token)) continue;
      token.expiresAt = 0;
      expired++;
    }
    return expired;
  }

  private prefix(grant: Grant): string {
    return typeof this.tokenPrefix === 'function' ? this.tokenPrefix(grant) : this.tokenPrefix;
  }

  private issueAccess(grant: Grant, refreshToken: string): IssuedTokens {
    const accessToken = opaqueToken(this.prefix(grant));
    this.access.set(accessToken, {
      ...grant,
      refreshToken,
      expiresAt: Date.now() + this.accessLifetimeSeconds * 1000,
    });
    return { accessToken, refreshToken, expiresIn: this.accessLifetimeSeconds, grant };
  }
}

function verifies(pending: PendingCode, verifier: string | undefined): boolean {
  if (!verifier) return false;
  const computed =
    pending.codeChallengeMethod?.toUpperCase() === 'S256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  return computed === pending.codeChallenge;
}

export function isRedeemFailure(value: IssuedTokens | RedeemFailure): value is RedeemFailure {
  return typeof value === 'string';
}

/**
 * Where an authorize page sends the browser back: `code` (or `error=access_denied` when the
 * user declined) and the caller's `state` on its redirect_uri.
 */
export function authorizationRedirect(
  redirectUri: string,
  outcome: { code: string } | { deniedDescription?: string },
  state: string | undefined,
): string {
  const target = new URL(redirectUri);
  if ('code' in outcome) {
    target.searchParams.set('code', outcome.code);
  } else {
    target.searchParams.set('error', 'access_denied');
    if (outcome.deniedDescription)
      target.searchParams.set('error_description', outcome.deniedDescription);
  }
  if (state) target.searchParams.set('state', state);
  return target.toString();
}

/**
 * The redirect_uri rule for registered OAuth clients (HubSpot apps, Salesforce connected
 * apps). The real services demand an exact match with a registered callback URL. The
 * product's callback is `{PUBLIC_URL}/oauth/<crm>` and its origin changes with every test run,
 * so a client registered without callback URLs (the demo clients are) accepts any http(s)
 * redirect; a client registered with callback URLs accepts exactly those and nothing else.
 */
export function redirectAllowed(callbackUrls: readonly string[], redirectUri: string): boolean {
  if (!isHttp(redirectUri)) return false;
  return callbackUrls.length === 0 || callbackUrls.includes(redirectUri);
}

function isHttp(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
