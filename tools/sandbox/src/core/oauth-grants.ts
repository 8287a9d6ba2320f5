import { opaqueToken } from './ids.ts';

export interface Grant {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  userId: string;
  userEmail: string;
}

interface AccessToken extends Grant {
  expiresAt: number;
  refreshToken: string;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  grant: Grant;
}

const CODE_LIFETIME_MS = 10 * 60_000;

/**
 * Authorization codes, access tokens and refresh tokens for one OAuth provider. Codes are
 * single-use and bound to their redirect_uri, as both HubSpot and Salesforce require.
 */
export class OAuthGrants {
  private codes = new Map<string, Grant & { expiresAt: number }>();
  private access = new Map<string, AccessToken>();
  private refresh = new Map<string, Grant>();

  constructor(
    private readonly tokenPrefix: string,
    readonly accessLifetimeSeconds: number,
  ) {}

  reset(): void {
    this.codes.clear();
    this.access.clear();
    this.refresh.clear();
  }

  issueCode(grant: Grant): string {
    const code = opaqueToken('code-');
    this.codes.set(code, { ...grant, expiresAt: Date.now() + CODE_LIFETIME_MS });
    return code;
  }

  /** Exchanges a code once; undefined for unknown, expired, reused or mismatched codes. */
  redeemCode(
    code: string,
    clientId: string,
    redirectUri: string | undefined,
  ): IssuedTokens | undefined {
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.expiresAt < Date.now() || grant.clientId !== clientId) return undefined;
    if (redirectUri !== undefined && redirectUri !== grant.redirectUri) return undefined;
    const refreshToken = opaqueToken(`${this.tokenPrefix}r-`);
    const { expiresAt: _expiresAt, ...stored } = grant;
    this.refresh.set(refreshToken, stored);
    return this.issueAccess(stored, refreshToken);
  }

  refreshAccess(refreshToken: string, clientId: string): IssuedTokens | undefined {
    const grant = this.refresh.get(refreshToken);
    if (!grant || grant.clientId !== clientId) return undefined;
    return this.issueAccess(grant, refreshToken);
  }

  /** The grant behind a live access token; undefined when unknown, `expired` when stale. */
  lookup(
    token: string,
  ): (Grant & { expiresAt: number; refreshToken: string }) | 'expired' | undefined {
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

  /** Makes every issued access token stale at once, so clients' refresh paths can be tested. */
  expireAll(): number {
    for (const token of this.access.values()) token.expiresAt = 0;
    return this.access.size;
  }

  private issueAccess(grant: Grant, refreshToken: string): IssuedTokens {
    const accessToken = opaqueToken(this.tokenPrefix);
    this.access.set(accessToken, {
      ...grant,
      refreshToken,
      expiresAt: Date.now() + this.accessLifetimeSeconds * 1000,
    });
    return { accessToken, refreshToken, expiresIn: this.accessLifetimeSeconds, grant };
  }
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
