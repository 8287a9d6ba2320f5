import { ErrorCodes } from '@outsync/contracts';
import { Types } from 'mongoose';
import type { TokenAuth } from '../../connectors/http';
import { HttpError } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { TokenSet } from './crm-gateway.types';
import {
  claimState,
  codeOf,
  connectFailure,
  connectionOf,
  redirectUriOf,
  screenUrl,
  type OAuthConnectDeps,
} from './oauth-connect';
import type {
  Caller,
  CallbackOutcome,
  CallbackQuery,
  ProfilesContext,
} from './profiles-service.types';

// Connecting a HubSpot portal: the authorize URL, then the callback that stores the profile.

export type HubspotConnectDeps = OAuthConnectDeps &
  Pick<ProfilesContext, 'gateway' | 'profiles' | 'now'>;

export async function hubspotAuthorizeUrl(
  deps: HubspotConnectDeps,
  caller: Caller,
): Promise<string> {
  if (!deps.gateway.hubspot.configured) {
    throw new HttpError(
      503,
      ErrorCodes.notReady,
      'HubSpot is not set up on this server: HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET are missing.',
    );
  }
  const state = await deps.oauthStates.issue(
    { userId: caller.user.id, sessionToken: caller.sessionToken },
    'HUBSPOT',
  );
  return deps.gateway.hubspot.authorizeUrl({ state, redirectUri: redirectUriOf(deps, 'HUBSPOT') });
}

export async function completeHubspotConnect(
  deps: HubspotConnectDeps,
  query: CallbackQuery,
  caller: Caller | null,
): Promise<CallbackOutcome> {
  const claim = await claimState(deps, 'HUBSPOT', query, caller);
  if (!claim.ok) return claim.outcome;
  const granted = codeOf(deps, 'HUBSPOT', query);
  if (!('code' in granted)) return granted;
  try {
    const tokens = await deps.gateway.hubspot.exchangeCode({
      code: granted.code,
      redirectUri: redirectUriOf(deps, 'HUBSPOT'),
    });
    await saveHubspotProfile(deps, claim.user, tokens);
  } catch (error) {
    return connectFailure(deps, 'HUBSPOT', error);
  }
  return { kind: 'redirect', location: screenUrl(deps, 'HUBSPOT', { connected: '1' }) };
}

async function saveHubspotProfile(
  deps: HubspotConnectDeps,
  user: SessionUser,
  tokens: TokenSet,
): Promise<void> {
  const info = await deps.gateway.hubspot.tokenInfo(tokens.accessToken);
  const names = await hubspotNames(deps, tokens.accessToken, info.userEmail);
  const now = deps.now();
  const connection = connectionOf(deps, { ...tokens, scopes: info.scopes }, now, 30 * 60);
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
    await deps.profiles.updateOne(filter, update, { upsert: true });
  } catch (error) {
    // Two callbacks for the same portal and user raced; the other created it: update it.
    if ((error as { code?: unknown }).code !== 11000) throw error;
    await deps.profiles.updateOne(filter, { $set: update.$set });
  }
}

async function hubspotNames(
  deps: Pick<HubspotConnectDeps, 'gateway'>,
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
    const owner = owners.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
    return { firstName: owner?.firstName ?? '', lastName: owner?.lastName ?? '' };
  } catch {
    return { firstName: '', lastName: '' };
  }
}
