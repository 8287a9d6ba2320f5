import { createCrmRateLimits, type CrmRateLimits } from '../../connectors/crm/crm-rate-limits';
// The profiles module's public face: other modules import profiles only through this file.
import {
  ErrorCodes,
  hubspotOAuth,
  salesforceOAuth,
  type CrmKind,
  type Role,
} from '@outsync/contracts';
import {
  AccountsErrorCodes,
  type ConnectedAccountCheckResponse,
  type HubspotProfilesResponse,
  type IntegrationItem,
  type SalesforceConnectCheckResponse,
  type SalesforceProfile,
} from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { isConnectorError, type TokenAuth } from '../../connectors/http';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { Logger } from '../../platform/logger';
import { UnsafeUrlError } from '../../platform/safe-fetch';
import type { SecretBox } from '../../platform/secrets';
import { createCrmConnections, SALESFORCE_ASSUMED_LIFETIME_SECONDS } from './crm-connection';
import type { CrmConnections } from './crm-connection';
import type { CrmGateway, TokenSet } from './crm-gateway.types';
import { refusedCallbackPage } from './oauth-page';
import { createOAuthStates, type StateOwner } from './oauth-state';
import type { OAuthStateModel } from './oauth-state.model';
import { isStaff, requireProfile } from './profile-access';
import { toIntegrationItem, toSalesforceProfile, toUserProfile } from './profile-views';
import type {
  CustomFieldObject,
  ProfileConnection,
  ProfileDoc,
  ProfileModel,
} from './profiles.model';
import { upstreamMessage } from './upstream-error';

export {
  profileModel,
  type CustomFieldObject,
  type ProfileDoc,
  type ProfileModel,
} from './profiles.model';
export {
  isStaff,
  mayAccessProfile,
  ownProfileIds,
  requireProfile,
  type ProfileAccess,
} from './profile-access';
export { connectionLostProblem, type CrmConnections } from './crm-connection';
export type { HubspotApi, SalesforceApi } from './crm-gateway.types';
export { toUpstreamError, upstream, upstreamMessage } from './upstream-error';

const NAMES: Readonly<Record<CrmKind, string>> = { HUBSPOT: 'HubSpot', SALESFORCE: 'Salesforce' };
const SCREENS: Readonly<Record<CrmKind, string>> = {
  HUBSPOT: '/admin/dashboard/hubspot',
  SALESFORCE: '/admin/dashboard/salesforce',
};

export const CONSENT_DENIED_MESSAGES: Readonly<Record<CrmKind, string>> = {
  HUBSPOT: 'You did not allow OutSync to access HubSpot, so nothing was connected.',
  SALESFORCE: 'You did not allow OutSync to access Salesforce, so nothing was connected.',
};

/** Who calls: the signed-in user and their browser's session cookie (OAuth states are bound to it). */
export type Caller = { user: SessionUser; sessionToken: string };

/** The end of an OAuth callback: back to the screen, or a page saying why not. */
export type CallbackOutcome =
  { kind: 'redirect'; location: string } | { kind: 'page'; status: number; html: string };

export type CallbackQuery = {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
};

export type ProfilesService = {
  /** "Select Profile" lists: `own` profiles, or (`organization`) every profile for staff. */
  integrations(user: SessionUser, scope: 'own' | 'organization'): Promise<IntegrationItem[]>;
  /** Ids of a user's profiles, for `/api/admin/me`. */
  profileIdsOf(userId: string): Promise<string[]>;
  hubspotProfiles(user: SessionUser): Promise<HubspotProfilesResponse>;
  hubspotAuthorizeUrl(caller: Caller): Promise<string>;
  completeHubspotConnect(query: CallbackQuery, caller: Caller | null): Promise<CallbackOutcome>;
  salesforceProfiles(user: SessionUser): Promise<SalesforceProfile[]>;
  createSalesforceProfile(
    user: SessionUser,
    input: { domain: string; consumer_key: string; consumer_secret: string },
  ): Promise<SalesforceProfile>;
  salesforceConnect(caller: Caller, profileId: string): Promise<SalesforceConnectCheckResponse>;
  completeSalesforceConnect(query: CallbackQuery, caller: Caller | null): Promise<CallbackOutcome>;
  checkConnectedAccount(user: SessionUser, crm: CrmKind): Promise<ConnectedAccountCheckResponse>;
  deleteProfile(user: SessionUser, profileId: string, crm: CrmKind): Promise<{ id: string }>;
  /** The profile if `user` may `access` it, else 404 (the rule of profile-access.ts). */
  requireProfile(
    user: SessionUser,
    profileId: string,
    access: 'read' | 'write',
  ): Promise<ProfileDoc>;
  /** Token providers and CRM clients per profile, for the CRM data routes, sync and block lists. */
  connections: CrmConnections;
  /** A profile by id, for work no signed-in user asks for (jobs); null when it is gone. */
  findProfile(profileId: string): Promise<ProfileDoc | null>;
  /** SALESFORCE: records that 'Create Fields' succeeded for `objects` on the profile. */
  recordCustomFieldsCreated(
    profileId: string,
    objects: readonly CustomFieldObject[],
  ): Promise<void>;
  /** The objects 'Create Fields' succeeded for on the profile; none when it is gone. */
  customFieldObjectsCreatedOf(profileId: string): Promise<CustomFieldObject[]>;
};

export type ProfilesServiceDeps = {
  /** Request budgets per CRM account, shared by every client this process makes. */
  rateLimits?: CrmRateLimits;
  profiles: ProfileModel;
  states: OAuthStateModel;
  secrets: SecretBox;
  gateway: CrmGateway;
  now: () => Date;
  /** Where browsers reach the product; OAuth redirects go to `{publicUrl}/oauth…`. */
  publicUrl: string;
  /** Throws UnsafeUrlError (saying why) when the service must not call a URL (a private address…). */
  guardUrl: (url: string) => Promise<void>;
  /** Role and plan of users by id (the users module's, wired in app.ts). */
  ownersOf: (ids: string[]) => Promise<Map<string, Pick<SessionUser, 'role' | 'isPaidTier'>>>;
  /** What still hangs off a profile: ['2 API keys', '1 webhook endpoint']; empty when nothing. */
  profileUsage?: (profileId: string) => Promise<string[]>;
  logger?: Logger;
};

export function createProfilesService(deps: ProfilesServiceDeps): ProfilesService {
  const { profiles } = deps;
  const states = createOAuthStates({ states: deps.states, now: deps.now });
  const connections = createCrmConnections({
    profiles,
    secrets: deps.secrets,
    gateway: deps.gateway,
    rateLimits: deps.rateLimits ?? createCrmRateLimits(),
    now: deps.now,
    guardUrl: deps.guardUrl,
    logger: deps.logger,
  });
  /**
   * Deleting a profile withdraws OutSync's access at the CRM too, so a deleted connection
   * leaves no working token behind. Best effort: the customer asked for the deletion, so a CRM
   * that cannot be reached is logged (without the token), not a reason to keep the profile.
   */
  const revokeConnection = async (profile: ProfileDoc): Promise<void> => {
    if (!profile.connection) return;
    try {
      const refreshToken = deps.secrets.open(profile.connection.refreshTokenSealed);
      if (profile.crm === 'HUBSPOT') await deps.gateway.hubspot.revoke(refreshToken);
      else if (profile.salesforce) {
        await deps.gateway.salesforce.revoke({ domain: profile.salesforce.domain, refreshToken });
      }
    } catch (error) {
      deps.logger?.warn(
        { err: error, profileId: profile._id.toString(), crm: profile.crm },
        'could not revoke the CRM connection of a deleted profile',
      );
    }
  };
  const redirectUri = (crm: CrmKind) =>
    `${deps.publicUrl}${crm === 'HUBSPOT' ? hubspotOAuth.redirectPath : salesforceOAuth.redirectPath}`;
  const screen = (crm: CrmKind, query: Record<string, string>) =>
    `${deps.publicUrl}${SCREENS[crm]}?${new URLSearchParams(query).toString()}`;
  const failed = (crm: CrmKind, message: string): CallbackOutcome => ({
    kind: 'redirect',
    location: screen(crm, { error: message }),
  });

  async function guard(url: string): Promise<void> {
    try {
      await deps.guardUrl(url);
    } catch (error) {
      if (error instanceof UnsafeUrlError) {
        throw new HttpError(400, AccountsErrorCodes.unsafeUrl, error.message);
      }
      const code = (error as { code?: unknown }).code;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') {
        const host = URL.canParse(url) ? new URL(url).host : url;
        throw new HttpError(
          400,
          ErrorCodes.validationError,
          `No address was found for ${host}: check the domain.`,
        );
      }
      throw error;
    }
  }

  async function roles(ids: Types.ObjectId[]): Promise<Map<string, Role | null>> {
    const owners = await deps.ownersOf([...new Set(ids.map((id) => id.toString()))]);
    return new Map([...owners].map(([id, owner]) => [id, owner.role]));
  }

  function connectionOf(tokens: TokenSet, now: Date, fallbackLifetime: number): ProfileConnection {
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

  /** The state check every callback starts with; a refused one gets the page. */
  async function claimState(crm: CrmKind, query: CallbackQuery, caller: Caller | null) {
    const owner: StateOwner | null = caller
      ? { userId: caller.user.id, sessionToken: caller.sessionToken }
      : null;
    const check = await states.consume(query.state, crm, owner);
    // A state is only accepted from the session that asked for it, so a caller is there.
    if (check.ok && caller) return { ok: true as const, state: check.state, user: caller.user };
    const outcome: CallbackOutcome = {
      kind: 'page',
      status: 400,
      html: refusedCallbackPage({
        systemName: NAMES[crm],
        problem: check.ok ? 'foreign' : check.problem,
        backUrl: `${deps.publicUrl}${SCREENS[crm]}`,
      }),
    };
    return { ok: false as const, outcome };
  }

  /** The code to exchange, or where to send the browser when there is none (consent denied…). */
  function codeOf(crm: CrmKind, query: CallbackQuery): { code: string } | CallbackOutcome {
    if (query.error === 'access_denied') return failed(crm, CONSENT_DENIED_MESSAGES[crm]);
    if (query.error) {
      // Only the provider's error code, never free text someone put in the link.
      const code = query.error.replace(/[^\w.-]/g, '').slice(0, 60);
      return failed(crm, `${NAMES[crm]} did not connect the account (${code}).`);
    }
    if (!query.code) return failed(crm, `${NAMES[crm]} sent no authorization code back.`);
    return { code: query.code };
  }

  function connectFailure(crm: CrmKind, error: unknown): CallbackOutcome {
    if (isConnectorError(error)) return failed(crm, upstreamMessage(error));
    if (error instanceof HttpError) return failed(crm, error.message);
    deps.logger?.error({ err: error, crm }, 'OAuth callback failed');
    return failed(crm, `${NAMES[crm]} could not be connected. Please try again.`);
  }

  async function hubspotNames(
    accessToken: string,
    email: string,
  ): Promise<{ firstName: string; lastName: string }> {
    // The token says who signed in but not their name; the portal's owners do (best effort).
    try {
      const auth: TokenAuth = {
        kind: 'bearer',
        getAccessToken: async () => accessToken,
        refresh: async () => accessToken,
      };
      const owners = await deps.gateway.hubspot.api(auth).listOwners();
      const owner = owners.find(
        (candidate) => candidate.email.toLowerCase() === email.toLowerCase(),
      );
      return { firstName: owner?.firstName ?? '', lastName: owner?.lastName ?? '' };
    } catch {
      return { firstName: '', lastName: '' };
    }
  }

  async function saveHubspotProfile(user: SessionUser, tokens: TokenSet): Promise<void> {
    const info = await deps.gateway.hubspot.tokenInfo(tokens.accessToken);
    const names = await hubspotNames(tokens.accessToken, info.userEmail);
    const now = deps.now();
    const connection = connectionOf({ ...tokens, scopes: info.scopes }, now, 30 * 60);
    const filter = {
      ownerId: new Types.ObjectId(user.id),
      crm: 'HUBSPOT' as const,
      organizationId: info.hubId,
      accountId: info.userId,
    };
    const update = {
      $set: {
        email: info.userEmail,
        organizationDomain: info.hubDomain,
        ...(names.firstName || names.lastName ? names : {}),
        connection,
        problem: null,
      },
      // New profiles may use webhooks and endpoints; block lists come with the paid plan.
      $setOnInsert: {
        canWebhook: true,
        canUserAccount: true,
        canBlockList: user.isPaidTier,
        salesforce: null,
        ...(names.firstName || names.lastName ? {} : { firstName: '', lastName: '' }),
      },
    };
    try {
      await profiles.updateOne(filter, update, { upsert: true });
    } catch (error) {
      // Two callbacks for the same portal and user raced; the other created it: update it.
      if ((error as { code?: unknown }).code !== 11000) throw error;
      await profiles.updateOne(filter, { $set: update.$set });
    }
  }

  return {
    connections,

    requireProfile: (user, profileId, access) => requireProfile(profiles, user, profileId, access),

    async findProfile(profileId) {
      if (!Types.ObjectId.isValid(profileId)) return null;
      return profiles.findById(profileId).lean<ProfileDoc>();
    },

    async recordCustomFieldsCreated(profileId, objects) {
      if (!Types.ObjectId.isValid(profileId) || objects.length === 0) return;
      await profiles.updateOne(
        { _id: profileId },
        { $addToSet: { customFieldObjectsCreated: { $each: [...objects] } } },
      );
    },

    async customFieldObjectsCreatedOf(profileId) {
      if (!Types.ObjectId.isValid(profileId)) return [];
      const doc = await profiles
        .findById(profileId, { customFieldObjectsCreated: 1 })
        .lean<Pick<ProfileDoc, 'customFieldObjectsCreated'>>();
      // Profiles stored before the record existed have no field: nothing recorded.
      return doc?.customFieldObjectsCreated ?? [];
    },

    async integrations(user, scope) {
      // A Salesforce profile that never completed its OAuth flow has no org yet: nothing to pick.
      const connected = { organizationId: { $ne: '' } };
      const own = await profiles
        .find({ ownerId: user.id, ...connected })
        .sort({ createdAt: 1, _id: 1 })
        .lean<ProfileDoc[]>();
      if (scope === 'own' || !isStaff(user)) return own.map(toIntegrationItem);
      const others = await profiles
        .find({ ownerId: { $ne: user.id }, ...connected })
        .sort({ createdAt: 1, _id: 1 })
        .lean<ProfileDoc[]>();
      return [...own, ...others].map(toIntegrationItem);
    },

    async profileIdsOf(userId) {
      if (!Types.ObjectId.isValid(userId)) return [];
      const docs = await profiles
        .find({ ownerId: userId }, { _id: 1 })
        .sort({ createdAt: 1, _id: 1 })
        .lean<Array<{ _id: Types.ObjectId }>>();
      return docs.map((doc) => doc._id.toString());
    },

    async hubspotProfiles(user) {
      const own = await profiles
        .find({ ownerId: user.id, crm: 'HUBSPOT' })
        .sort({ createdAt: 1, _id: 1 })
        .lean<ProfileDoc[]>();
      const hubIds = [...new Set(own.map((profile) => profile.organizationId))].filter(Boolean);
      const others =
        hubIds.length === 0
          ? []
          : await profiles
              .find({ crm: 'HUBSPOT', organizationId: { $in: hubIds }, ownerId: { $ne: user.id } })
              .sort({ createdAt: 1, _id: 1 })
              .lean<ProfileDoc[]>();
      const roleOf = await roles([...own, ...others].map((profile) => profile.ownerId));
      const role = (profile: ProfileDoc) => roleOf.get(profile.ownerId.toString()) ?? null;
      return {
        auth0Profiles: own.map((profile) => ({
          id: profile._id.toString(),
          user: toUserProfile(profile, role(profile)),
        })),
        organizationProfiles: others.map((profile) => toUserProfile(profile, role(profile))),
      };
    },

    async hubspotAuthorizeUrl(caller) {
      if (!deps.gateway.hubspot.configured) {
        throw new HttpError(
          503,
          ErrorCodes.notReady,
          'HubSpot is not set up on this server: HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET are missing.',
        );
      }
      const state = await states.issue(
        { userId: caller.user.id, sessionToken: caller.sessionToken },
        'HUBSPOT',
      );
      return deps.gateway.hubspot.authorizeUrl({ state, redirectUri: redirectUri('HUBSPOT') });
    },

    async completeHubspotConnect(query, caller) {
      const claim = await claimState('HUBSPOT', query, caller);
      if (!claim.ok) return claim.outcome;
      const granted = codeOf('HUBSPOT', query);
      if (!('code' in granted)) return granted;
      try {
        const tokens = await deps.gateway.hubspot.exchangeCode({
          code: granted.code,
          redirectUri: redirectUri('HUBSPOT'),
        });
        await saveHubspotProfile(claim.user, tokens);
      } catch (error) {
        return connectFailure('HUBSPOT', error);
      }
      return { kind: 'redirect', location: screen('HUBSPOT', { connected: '1' }) };
    },

    async salesforceProfiles(user) {
      const own = await profiles
        .find({ ownerId: user.id, crm: 'SALESFORCE' })
        .sort({ createdAt: 1, _id: 1 })
        .lean<ProfileDoc[]>();
      return own.map(toSalesforceProfile);
    },

    async createSalesforceProfile(user, input) {
      await guard(input.domain);
      const created = await profiles.create({
        ownerId: new Types.ObjectId(user.id),
        crm: 'SALESFORCE',
        canWebhook: true,
        canUserAccount: true,
        canBlockList: user.isPaidTier,
        salesforce: {
          domain: input.domain,
          consumerKey: input.consumer_key,
          consumerSecretSealed: deps.secrets.seal(input.consumer_secret),
        },
        connection: null,
        problem: null,
      });
      return toSalesforceProfile(created.toObject<ProfileDoc>());
    },

    async salesforceConnect(caller, profileId) {
      const profile = await requireProfile(profiles, caller.user, profileId, 'read');
      // Only the owner connects: the tokens would be someone else's Salesforce user otherwise.
      if (
        profile.ownerId.toString() !== caller.user.id ||
        profile.crm !== 'SALESFORCE' ||
        !profile.salesforce
      ) {
        throw notFound('No such profile, or it is not yours.');
      }
      await guard(profile.salesforce.domain);
      const state = await states.issue(
        { userId: caller.user.id, sessionToken: caller.sessionToken },
        'SALESFORCE',
        profileId,
      );
      const authorizeUrl = deps.gateway.salesforce.authorizeUrl({
        domain: profile.salesforce.domain,
        consumerKey: profile.salesforce.consumerKey,
        state,
        redirectUri: redirectUri('SALESFORCE'),
      });
      return { ok: true, authorizeUrl };
    },

    async completeSalesforceConnect(query, caller) {
      const claim = await claimState('SALESFORCE', query, caller);
      if (!claim.ok) return claim.outcome;
      const granted = codeOf('SALESFORCE', query);
      if (!('code' in granted)) return granted;
      const profile = await profiles
        .findOne({ _id: claim.state.profileId, ownerId: claim.state.userId, crm: 'SALESFORCE' })
        .lean<ProfileDoc>();
      if (!profile?.salesforce) {
        return failed('SALESFORCE', 'The Salesforce profile was deleted while connecting.');
      }
      try {
        const app = {
          domain: profile.salesforce.domain,
          consumerKey: profile.salesforce.consumerKey,
          consumerSecret: deps.secrets.open(profile.salesforce.consumerSecretSealed),
        };
        await guard(app.domain);
        const tokens = await deps.gateway.salesforce.exchangeCode({
          ...app,
          code: granted.code,
          redirectUri: redirectUri('SALESFORCE'),
        });
        if (!tokens.instanceUrl) {
          return failed(
            'SALESFORCE',
            'Salesforce did not say where the org lives (no instance_url).',
          );
        }
        // Data calls go to the address Salesforce names: it must be as public as the domain.
        await guard(tokens.instanceUrl);
        if (tokens.identityUrl) await guard(tokens.identityUrl);
        const identity = await deps.gateway.salesforce.identity({
          instanceUrl: tokens.instanceUrl,
          identityUrl: tokens.identityUrl,
          accessToken: tokens.accessToken,
        });
        const now = deps.now();
        await profiles.updateOne(
          { _id: profile._id },
          {
            $set: {
              organizationId: identity.organizationId,
              organizationDomain: new URL(tokens.instanceUrl).host,
              accountId: identity.userId,
              email: identity.email,
              firstName: identity.firstName,
              lastName: identity.lastName,
              connection: connectionOf(tokens, now, SALESFORCE_ASSUMED_LIFETIME_SECONDS),
              problem: null,
            },
          },
        );
      } catch (error) {
        return connectFailure('SALESFORCE', error);
      }
      return { kind: 'redirect', location: screen('SALESFORCE', { connected: '1' }) };
    },

    async checkConnectedAccount(user, crm) {
      const own = await profiles
        .find({ ownerId: user.id, crm, connection: { $ne: null } })
        .sort({ createdAt: 1, _id: 1 })
        .lean<ProfileDoc[]>();
      // Cheap: no call for a fresh token. A stale one is renewed now, which is the real test
      // of the grant (a refused refresh records the problem); any 401 elsewhere does the same.
      await Promise.allSettled(
        own
          .filter((profile) => profile.problem === null)
          .map((profile) => connections.tokenAuth(profile).getAccessToken()),
      );
      const broken = await profiles
        .find({ ownerId: user.id, crm, problem: { $ne: null } })
        .sort({ createdAt: 1, _id: 1 })
        .lean<ProfileDoc[]>();
      const problems = broken.flatMap((profile) => (profile.problem ? [profile.problem] : []));
      const first = problems[0];
      if (!first) return {};
      const message = problems.map((problem) => problem.message).join(' ');
      return crm === 'HUBSPOT' ? { title: first.title, message } : { message };
    },

    async deleteProfile(user, profileId, crm) {
      const profile = await requireProfile(profiles, user, profileId, 'write');
      if (profile.crm !== crm) throw notFound('No such profile, or it is not yours.');
      const usage = (await deps.profileUsage?.(profileId)) ?? [];
      if (usage.length > 0) {
        throw new HttpError(
          409,
          AccountsErrorCodes.inUse,
          `This profile is still used by ${listWords(usage)}. Delete those first.`,
        );
      }
      await revokeConnection(profile);
      await profiles.deleteOne({ _id: profile._id });
      await states.forgetProfile(profileId);
      return { id: profileId };
    },
  };
}

/** ['2 API keys', '1 webhook endpoint'] → '2 API keys and 1 webhook endpoint'. */
function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
