import { Types } from 'mongoose';
import type { SessionUser } from '../../platform/http/types';
import { markActedOn } from '../../platform/http/audit-context';
import { notFound } from '../../platform/http/http-error';
import type { ProfileDoc, ProfileModel } from './profiles.model';

/**
 * Who may see and change what, for every resource that hangs off a profile (keys, endpoints,
 * webhooks, block lists). One place, so no route decides it on its own:
 * - read: the profile's owner, or a manager or admin;
 * - write: the owner, or an admin.
 * A profile the caller may not read answers 404, as if it did not exist.
 */
export type ProfileAccess = 'read' | 'write';

export function isStaff(user: SessionUser): boolean {
  return user.role === 'ADMIN' || user.role === 'MANAGER';
}

export function mayAccessProfile(
  user: SessionUser,
  profile: Pick<ProfileDoc, 'ownerId'>,
  access: ProfileAccess,
): boolean {
  if (profile.ownerId.toString() === user.id) return true;
  return access === 'read' ? isStaff(user) : user.role === 'ADMIN';
}

/** The profile, or 404 `not_found` when it does not exist or the caller may not `access` it. */
export async function requireProfile(
  profiles: ProfileModel,
  user: SessionUser,
  profileId: string,
  access: ProfileAccess,
): Promise<ProfileDoc> {
  const profile = Types.ObjectId.isValid(profileId)
    ? await profiles.findById(profileId).lean<ProfileDoc>()
    : null;
  if (!profile || !mayAccessProfile(user, profile, access)) {
    throw notFound('No such profile, or it is not yours.');
  }
  markActedOn(profile.ownerId, profileTarget(profile));
  return profile;
}

/** A profile as the audit log names it: "HubSpot account owner@customer.example". */
export function profileTarget(profile: Pick<ProfileDoc, 'crm' | 'email'>): string {
  return `${profile.crm === 'SALESFORCE' ? 'Salesforce' : 'HubSpot'} account ${profile.email}`;
}

/** The caller's own profile ids (as ObjectIds), for scoping list queries. */
export async function ownProfileIds(
  profiles: ProfileModel,
  user: SessionUser,
): Promise<Types.ObjectId[]> {
  const docs = await profiles
    .find({ ownerId: user.id }, { _id: 1 })
    .lean<{ _id: Types.ObjectId }[]>();
  return docs.map((doc) => doc._id);
}
