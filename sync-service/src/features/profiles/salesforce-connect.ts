import { ErrorCodes } from '@outsync/contracts';
import {
  AccountsErrorCodes,
  type SalesforceConnectCheckResponse,
  type SalesforceProfile,
} from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import { UnsafeUrlError } from '../../platform/safe-fetch';
import { SALESFORCE_ASSUMED_LIFETIME_SECONDS } from './crm-connection';
import {
  claimState,
  codeOf,
  connectFailed,
  connectFailure,
  connectionOf,
  redirectUriOf,
  screenUrl,
  type OAuthConnectDeps,
} from './oauth-connect';
import { requireProfile } from './profile-access';
import { toSalesforceProfile } from './profile-views';
import type { ProfileDoc } from './profiles.model';
import type {
  Caller,
  CallbackOutcome,
  CallbackQuery,
  ProfilesContext,
} from './profiles-service.types';

// Connecting a Salesforce org: the profile with the customer's connected app, the authorize URL,
// then the callback that stores the org and its tokens. Every URL of the org is guarded first.

export type SalesforceConnectDeps = OAuthConnectDeps &
  Pick<ProfilesContext, 'gateway' | 'profiles' | 'now' | 'guardUrl'>;

export async function createSalesforceProfile(
  deps: Pick<SalesforceConnectDeps, 'profiles' | 'secrets' | 'guardUrl'>,
  user: SessionUser,
  input: { domain: string; consumer_key: string; consumer_secret: string },
): Promise<SalesforceProfile> {
  await guardPublicUrl(deps, input.domain);
  const created = await deps.profiles.create({
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
}

export async function salesforceConnect(
  deps: SalesforceConnectDeps,
  caller: Caller,
  profileId: string,
): Promise<SalesforceConnectCheckResponse> {
  const profile = await requireProfile(deps.profiles, caller.user, profileId, 'read');
  // Only the owner connects: the tokens would be someone else's Salesforce user otherwise.
  if (
    profile.ownerId.toString() !== caller.user.id ||
    profile.crm !== 'SALESFORCE' ||
    !profile.salesforce
  ) {
    throw notFound('No such profile, or it is not yours.');
  }
  await guardPublicUrl(deps, profile.salesforce.domain);
  const state = await deps.oauthStates.issue(
    { userId: caller.user.id, sessionToken: caller.sessionToken },
    'SALESFORCE',
    profileId,
  );
  const authorizeUrl = deps.gateway.salesforce.authorizeUrl({
    domain: profile.salesforce.domain,
    consumerKey: profile.salesforce.consumerKey,
    state,
    redirectUri: redirectUriOf(deps, 'SALESFORCE'),
  });
  return { ok: true, authorizeUrl };
}

export async function completeSalesforceConnect(
  deps: SalesforceConnectDeps,
  query: CallbackQuery,
  caller: Caller | null,
): Promise<CallbackOutcome> {
  const claim = await claimState(deps, 'SALESFORCE', query, caller);
  if (!claim.ok) return claim.outcome;
  const granted = codeOf(deps, 'SALESFORCE', query);
  if (!('code' in granted)) return granted;
  const profile = await deps.profiles
    .findOne({ _id: claim.state.profileId, ownerId: claim.state.userId, crm: 'SALESFORCE' })
    .lean<ProfileDoc>();
  if (!profile?.salesforce) {
    return connectFailed(
      deps,
      'SALESFORCE',
      'The Salesforce profile was deleted while connecting.',
    );
  }
  try {
    const refused = await saveSalesforceConnection(
      deps,
      { _id: profile._id, salesforce: profile.salesforce },
      granted.code,
    );
    if (refused) return refused;
  } catch (error) {
    return connectFailure(deps, 'SALESFORCE', error);
  }
  return { kind: 'redirect', location: screenUrl(deps, 'SALESFORCE', { connected: '1' }) };
}

/**
 * Exchanges the code with the profile's connected app and stores the org, its user and the
 * tokens; answers where the browser goes instead when Salesforce leaves out the org's address.
 */
async function saveSalesforceConnection(
  deps: SalesforceConnectDeps,
  profile: Pick<ProfileDoc, '_id'> & { salesforce: NonNullable<ProfileDoc['salesforce']> },
  code: string,
): Promise<CallbackOutcome | undefined> {
  const app = {
    domain: profile.salesforce.domain,
    consumerKey: profile.salesforce.consumerKey,
    consumerSecret: deps.secrets.open(profile.salesforce.consumerSecretSealed),
  };
  await guardPublicUrl(deps, app.domain);
  const tokens = await deps.gateway.salesforce.exchangeCode({
    ...app,
    code,
    redirectUri: redirectUriOf(deps, 'SALESFORCE'),
  });
  if (!tokens.instanceUrl) {
    return connectFailed(
      deps,
      'SALESFORCE',
      'Salesforce did not say where the org lives (no instance_url).',
    );
  }
  // Data calls go to the address Salesforce names: it must be as public as the domain.
  await guardPublicUrl(deps, tokens.instanceUrl);
  if (tokens.identityUrl) await guardPublicUrl(deps, tokens.identityUrl);
  const identity = await deps.gateway.salesforce.identity({
    instanceUrl: tokens.instanceUrl,
    identityUrl: tokens.identityUrl,
    accessToken: tokens.accessToken,
  });
  const now = deps.now();
  await deps.profiles.updateOne(
    { _id: profile._id },
    {
      $set: {
        organizationId: identity.organizationId,
        organizationDomain: new URL(tokens.instanceUrl).host,
        accountId: identity.userId,
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        connection: connectionOf(deps, tokens, now, SALESFORCE_ASSUMED_LIFETIME_SECONDS),
        problem: null,
      },
    },
  );
  return undefined;
}

/** `guardUrl`, its refusals as 400s the form can show: an unsafe URL, or a domain with no address. */
async function guardPublicUrl(
  deps: Pick<SalesforceConnectDeps, 'guardUrl'>,
  url: string,
): Promise<void> {
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
