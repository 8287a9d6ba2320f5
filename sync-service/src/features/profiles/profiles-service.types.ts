import type { CrmKind } from '@outsync/contracts';
import type {
  ConnectedAccountCheckResponse,
  HubspotProfilesResponse,
  IntegrationItem,
  SalesforceConnectCheckResponse,
  SalesforceProfile,
} from '@outsync/contracts/accounts';
import type { CrmRateLimits } from '../../connectors/crm/crm-rate-limits';
import type { SessionUser } from '../../platform/http/types';
import type { Logger } from '../../platform/logger';
import type { SecretBox } from '../../platform/secrets';
import type { CrmConnections } from './crm-connection';
import type { CrmGateway } from './crm-gateway.types';
import type { OAuthStates } from './oauth-state';
import type { OAuthStateModel } from './oauth-state.model';
import type { CustomFieldObject, ProfileDoc, ProfileModel } from './profiles.model';

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
  /** Request budgets per CRM account, shared by every client (the composition root picks them). */
  rateLimits: CrmRateLimits;
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

/**
 * What the service's parts work with: its deps, plus the OAuth states and the CRM connections
 * it builds once over them.
 */
export type ProfilesContext = ProfilesServiceDeps & {
  oauthStates: OAuthStates;
  connections: CrmConnections;
};
