import type { CrmRateLimits, RequestGate } from '../../connectors/crm/crm-rate-limits';
import { ConnectorError, isConnectorError, type TokenAuth } from '../../connectors/http';
import type { CrmKind } from '@outsync/contracts';
import type { Logger } from '../../platform/logger';
import type { SecretBox } from '../../platform/secrets';
import type { HubspotClient } from '../../connectors/crm/hubspot';
import type { SalesforceClient } from '../../connectors/crm/salesforce';
import type { CrmGateway, HubspotApi, SalesforceApi, TokenSet } from './crm-gateway.types';
import type { ProfileConnection, ProfileDoc, ProfileModel } from './profiles.model';

/** An access token is renewed this long before it expires. */
export const REFRESH_MARGIN_MS = 60_000;
/**
 * Salesforce tells no lifetime; its sessions last the org's timeout (2 hours by default). A
 * token older than this is renewed before use; a shorter timeout shows as a 401, which
 * refreshes once too.
 */
export const SALESFORCE_ASSUMED_LIFETIME_SECONDS = 2 * 60 * 60;

/** Vendor codes that mean the grant itself is gone: only a new sign-in helps. */
const GRANT_GONE_CODES = new Set([
  'invalid_grant',
  'BAD_REFRESH_TOKEN',
  'inactive_user',
  'inactive_org',
  'invalid_client_id',
  'invalid_client',
  'BAD_CLIENT_ID',
]);

export function isGrantGone(error: unknown): boolean {
  if (!isConnectorError(error)) return false;
  return (
    error.code === 'unauthorized' ||
    (error.vendorCode !== undefined && GRANT_GONE_CODES.has(error.vendorCode))
  );
}

export type CrmConnections = {
  /**
   * Bearer tokens for one profile: the stored access token, renewed a minute before it
   * expires and whenever the CRM answers 401; refreshes of one profile share one call. A
   * refresh the CRM refuses records a `problem` on the profile (check-connected-account shows it).
   */
  tokenAuth(profile: ProfileDoc): TokenAuth;
  /** The calls the profiles module's routes make. */
  hubspot(profile: ProfileDoc): HubspotApi;
  salesforce(profile: ProfileDoc): SalesforceApi;
  /** The connectors' whole clients on the profile's connection (sync pipeline, block lists). */
  hubspotClient(profile: ProfileDoc): HubspotClient;
  /** Throws `unauthorized` when the profile has no instance URL (never connected). */
  salesforceClient(profile: ProfileDoc): SalesforceClient;
};

export type CrmConnectionsDeps = {
  profiles: ProfileModel;
  secrets: SecretBox;
  gateway: CrmGateway;
  now: () => Date;
  /** Request budgets per CRM account, shared by every client this process makes. */
  rateLimits?: CrmRateLimits;
  /** Throws when a URL must not be called (private address); Salesforce instance URLs pass it. */
  guardUrl: (url: string) => Promise<void>;
  logger?: Logger;
};

/** The problem a lost connection records; check-connected-account shows it. */
export function connectionLostProblem(
  profile: Pick<ProfileDoc, 'crm' | 'email' | 'organizationDomain' | 'salesforce'>,
  at: Date,
): { title: string; message: string; at: Date } {
  if (profile.crm === 'HUBSPOT') {
    return {
      title: 'HubSpot connection lost',
      message: `Reconnect ${profile.email || 'your HubSpot account'} (${profile.organizationDomain || 'HubSpot portal'}): HubSpot no longer accepts OutSync's access. Use "Connect HubSpot Account" to sign in again.`,
      at,
    };
  }
  const where = profile.salesforce?.domain ?? profile.organizationDomain;
  return {
    title: 'Salesforce connection lost',
    message: `Reconnect ${profile.email || 'your Salesforce user'} (${where}): Salesforce no longer accepts OutSync's access. Use Connect to sign in again.`,
    at,
  };
}

export function createCrmConnections(deps: CrmConnectionsDeps): CrmConnections {
  /** One refresh per profile at a time, shared by every client of this process. */
  const refreshing = new Map<string, Promise<ProfileConnection>>();

  const open = (sealed: string) => deps.secrets.open(sealed);

  function isFresh(connection: ProfileConnection): boolean {
    return connection.expiresAt.getTime() - deps.now().getTime() > REFRESH_MARGIN_MS;
  }

  function notConnected(crm: CrmKind): ConnectorError {
    return new ConnectorError({
      system: crm === 'HUBSPOT' ? 'hubspot' : 'salesforce',
      operation: 'getAccessToken',
      code: 'unauthorized',
      message: `${crm === 'HUBSPOT' ? 'HubSpot' : 'Salesforce'} is not connected for this profile`,
    });
  }

  async function recordProblem(profile: ProfileDoc): Promise<void> {
    const problem = connectionLostProblem(profile, deps.now());
    await deps.profiles.updateOne({ _id: profile._id }, { $set: { problem } });
    deps.logger?.warn(
      { profileId: profile._id.toString(), crm: profile.crm },
      'CRM connection lost: refresh refused',
    );
  }

  async function callRefresh(profile: ProfileDoc, refreshToken: string): Promise<TokenSet> {
    if (profile.crm === 'HUBSPOT') return deps.gateway.hubspot.refresh(refreshToken);
    const app = profile.salesforce;
    if (!app) throw notConnected(profile.crm);
    return deps.gateway.salesforce.refresh({
      domain: app.domain,
      consumerKey: app.consumerKey,
      consumerSecret: open(app.consumerSecretSealed),
      refreshToken,
    });
  }

  /** Renews the token unless the stored one differs from `refused` and is still fresh. */
  async function renew(
    profileId: string,
    crm: CrmKind,
    refused: string | undefined,
  ): Promise<ProfileConnection> {
    const profile = await deps.profiles.findById(profileId).lean<ProfileDoc>();
    const stored = profile?.connection;
    if (!profile || !stored) throw notConnected(crm);
    // Another request (or process) renewed it meanwhile: use theirs.
    if (isFresh(stored) && open(stored.accessTokenSealed) !== refused) return stored;

    const refreshToken = open(stored.refreshTokenSealed);
    let tokens: TokenSet;
    try {
      if (refreshToken === '') throw grantGone(profile);
      tokens = await callRefresh(profile, refreshToken);
      if (profile.crm === 'SALESFORCE' && tokens.instanceUrl) {
        await deps.guardUrl(tokens.instanceUrl);
      }
    } catch (error) {
      if (isGrantGone(error)) await recordProblem(profile);
      throw error;
    }
    const now = deps.now();
    const lifetime =
      tokens.expiresInSeconds ??
      (profile.crm === 'SALESFORCE' ? SALESFORCE_ASSUMED_LIFETIME_SECONDS : 30 * 60);
    const renewed: ProfileConnection = {
      ...stored,
      accessTokenSealed: deps.secrets.seal(tokens.accessToken),
      // Without rotation no new refresh token comes back; the old one stays good.
      refreshTokenSealed: tokens.refreshToken
        ? deps.secrets.seal(tokens.refreshToken)
        : stored.refreshTokenSealed,
      expiresAt: new Date(now.getTime() + lifetime * 1000),
      instanceUrl: tokens.instanceUrl ?? stored.instanceUrl,
    };
    await deps.profiles.updateOne(
      { _id: profile._id },
      { $set: { connection: renewed, problem: null } },
    );
    return renewed;
  }

  function grantGone(profile: ProfileDoc): ConnectorError {
    return new ConnectorError({
      system: profile.crm === 'HUBSPOT' ? 'hubspot' : 'salesforce',
      operation: 'refreshAccessToken',
      code: 'unauthorized',
      vendorCode: 'invalid_grant',
      message: 'No refresh token is stored for this connection',
    });
  }

  function shared(profile: ProfileDoc, refused: string): Promise<ProfileConnection> {
    const profileId = profile._id.toString();
    let pending = refreshing.get(profileId);
    if (!pending) {
      pending = renew(profileId, profile.crm, refused).finally(() => refreshing.delete(profileId));
      refreshing.set(profileId, pending);
    }
    return pending;
  }

  function tokenAuth(profile: ProfileDoc): TokenAuth {
    let current = profile.connection;
    return {
      kind: 'bearer',
      async getAccessToken() {
        if (!current) throw notConnected(profile.crm);
        if (!isFresh(current)) current = await shared(profile, open(current.accessTokenSealed));
        return open(current.accessTokenSealed);
      },
      async refresh() {
        if (!current) throw notConnected(profile.crm);
        current = await shared(profile, open(current.accessTokenSealed));
        return open(current.accessTokenSealed);
      },
    };
  }

  /** The connection's user: the last segment of the identity URL (`…/id/{orgId}/{userId}`). */
  function userIdOf(identityUrl: string | null): string | null {
    const match = identityUrl ? /\/id\/[^/]+\/([A-Za-z0-9]{15,18})\/?$/.exec(identityUrl) : null;
    return match?.[1] ?? null;
  }

  /** The account's request budget: the portal (hub id) or the org. */
  function gateOf(profile: ProfileDoc): RequestGate | undefined {
    const limits = deps.rateLimits;
    if (!limits) return undefined;
    return profile.crm === 'SALESFORCE'
      ? limits.salesforce(profile.organizationId)
      : limits.hubspot(profile.organizationId);
  }

  function instanceOf(profile: ProfileDoc): string {
    const instanceUrl = profile.connection?.instanceUrl;
    if (!instanceUrl) throw notConnected(profile.crm);
    return instanceUrl;
  }

  return {
    tokenAuth,
    hubspot: (profile) => deps.gateway.hubspot.api(tokenAuth(profile), gateOf(profile)),
    salesforce: (profile) =>
      deps.gateway.salesforce.api({
        instanceUrl: instanceOf(profile),
        auth: tokenAuth(profile),
        userId: userIdOf(profile.connection?.identityUrl ?? null),
        gate: gateOf(profile),
      }),
    hubspotClient: (profile) => deps.gateway.hubspot.client(tokenAuth(profile), gateOf(profile)),
    salesforceClient: (profile) =>
      deps.gateway.salesforce.client({
        instanceUrl: instanceOf(profile),
        auth: tokenAuth(profile),
        gate: gateOf(profile),
      }),
  };
}
