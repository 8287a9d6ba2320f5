import type { Role } from '@outsync/contracts';
import type {
  HubspotProfilesResponse,
  IntegrationItem,
  SalesforceProfile,
} from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import type { SessionUser } from '../../platform/http/types';
import { toIntegrationItem, toSalesforceProfile, toUserProfile } from './profile-views';
import type { ProfileDoc } from './profiles.model';
import type { ProfilesServiceDeps } from './profiles-service.types';

// The profiles as the screens and other modules read them, oldest first.

export type ProfileListDeps = Pick<ProfilesServiceDeps, 'profiles' | 'ownersOf'>;

const OLDEST_FIRST = { createdAt: 1, _id: 1 } as const;

/** "Select Profile" lists: `own` profiles, or (`organization`) every profile for an admin. */
export async function integrations(
  deps: Pick<ProfileListDeps, 'profiles'>,
  user: SessionUser,
  scope: 'own' | 'organization',
): Promise<IntegrationItem[]> {
  // A Salesforce profile that never completed its OAuth flow has no org yet: nothing to pick.
  const connected = { organizationId: { $ne: '' } };
  const own = await deps.profiles
    .find({ ownerId: user.id, ...connected })
    .sort(OLDEST_FIRST)
    .lean<ProfileDoc[]>();
  // Admins act on customers' behalf; a manager is read-only staff and creates only on their own.
  if (scope === 'own' || user.role !== 'ADMIN') return own.map(toIntegrationItem);
  const others = await deps.profiles
    .find({ ownerId: { $ne: user.id }, ...connected })
    .sort(OLDEST_FIRST)
    .lean<ProfileDoc[]>();
  return [...own, ...others].map(toIntegrationItem);
}

/** Ids of a user's profiles, for `/api/admin/me`. */
export async function profileIdsOf(
  deps: Pick<ProfileListDeps, 'profiles'>,
  userId: string,
): Promise<string[]> {
  if (!Types.ObjectId.isValid(userId)) return [];
  const docs = await deps.profiles
    .find({ ownerId: userId }, { _id: 1 })
    .sort(OLDEST_FIRST)
    .lean<Array<{ _id: Types.ObjectId }>>();
  return docs.map((doc) => doc._id.toString());
}

/** A profile by id, for work no signed-in user asks for (jobs); null when it is gone. */
export async function findProfile(
  deps: Pick<ProfileListDeps, 'profiles'>,
  profileId: string,
): Promise<ProfileDoc | null> {
  if (!Types.ObjectId.isValid(profileId)) return null;
  return deps.profiles.findById(profileId).lean<ProfileDoc>();
}

/** The caller's HubSpot profiles, and the others on the same portals. */
export async function hubspotProfiles(
  deps: ProfileListDeps,
  user: SessionUser,
): Promise<HubspotProfilesResponse> {
  const own = await deps.profiles
    .find({ ownerId: user.id, crm: 'HUBSPOT' })
    .sort(OLDEST_FIRST)
    .lean<ProfileDoc[]>();
  const hubIds = [...new Set(own.map((profile) => profile.organizationId))].filter(Boolean);
  const others =
    hubIds.length === 0
      ? []
      : await deps.profiles
          .find({ crm: 'HUBSPOT', organizationId: { $in: hubIds }, ownerId: { $ne: user.id } })
          .sort(OLDEST_FIRST)
          .lean<ProfileDoc[]>();
  const roleOf = await ownerRoles(
    deps,
    [...own, ...others].map((profile) => profile.ownerId),
  );
  const role = (profile: ProfileDoc) => roleOf.get(profile.ownerId.toString()) ?? null;
  return {
    auth0Profiles: own.map((profile) => ({
      id: profile._id.toString(),
      user: toUserProfile(profile, role(profile)),
    })),
    organizationProfiles: others.map((profile) => toUserProfile(profile, role(profile))),
  };
}

export async function salesforceProfiles(
  deps: Pick<ProfileListDeps, 'profiles'>,
  user: SessionUser,
): Promise<SalesforceProfile[]> {
  const own = await deps.profiles
    .find({ ownerId: user.id, crm: 'SALESFORCE' })
    .sort(OLDEST_FIRST)
    .lean<ProfileDoc[]>();
  return own.map(toSalesforceProfile);
}

async function ownerRoles(
  deps: Pick<ProfileListDeps, 'ownersOf'>,
  ids: Types.ObjectId[],
): Promise<Map<string, Role | null>> {
  const owners = await deps.ownersOf([...new Set(ids.map((id) => id.toString()))]);
  return new Map([...owners].map(([id, owner]) => [id, owner.role]));
}
