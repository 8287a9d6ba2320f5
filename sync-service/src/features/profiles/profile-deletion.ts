import type { CrmKind } from '@outsync/contracts';
import { AccountsErrorCodes } from '@outsync/contracts/accounts';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import { requireProfile } from './profile-access';
import type { ProfileDoc } from './profiles.model';
import type { ProfilesContext } from './profiles-service.types';

export type ProfileDeletionDeps = Pick<
  ProfilesContext,
  'profiles' | 'secrets' | 'gateway' | 'profileUsage' | 'oauthStates' | 'logger'
>;

/** The owner's or an admin's; refused while anything still uses the profile. */
export async function deleteProfile(
  deps: ProfileDeletionDeps,
  user: SessionUser,
  profileId: string,
  crm: CrmKind,
): Promise<{ id: string }> {
  const profile = await requireProfile(deps.profiles, user, profileId, 'write');
  if (profile.crm !== crm) throw notFound('No such profile, or it is not yours.');
  const usage = (await deps.profileUsage?.(profileId)) ?? [];
  if (usage.length > 0) {
    throw new HttpError(
      409,
      AccountsErrorCodes.inUse,
      `This profile is still used by ${listWords(usage)}. Delete those first.`,
    );
  }
  await revokeConnection(deps, profile);
  await deps.profiles.deleteOne({ _id: profile._id });
  await deps.oauthStates.forgetProfile(profileId);
  return { id: profileId };
}

/**
 * Deleting a profile withdraws OutSync's access at the CRM too, so a deleted connection
 * leaves no working token behind. Best effort: the customer asked for the deletion, so a CRM
 * that cannot be reached is logged (without the token), not a reason to keep the profile.
 */
async function revokeConnection(
  deps: Pick<ProfileDeletionDeps, 'secrets' | 'gateway' | 'logger'>,
  profile: ProfileDoc,
): Promise<void> {
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
}

/** ['2 API keys', '1 webhook endpoint'] → '2 API keys and 1 webhook endpoint'. */
function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
