import { ErrorCodes } from '@outsync/contracts';
import type {
  AdminUserRow,
  AdminUserUpdateRequest,
  ProfileFlags,
} from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { markActedOn } from '../../platform/http/audit-context';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { ProfileDoc, ProfileRecords } from '../profiles';
import type { UserDoc, UserModel } from './users.model';

export const OWN_ADMIN_ROLE_MESSAGE = 'You cannot remove your own admin role.';

/** The Users screen (spec 02 §2.8): every profile, and every user who has none. */
export type UsersAdmin = {
  list(): Promise<AdminUserRow[]>;
  /**
   * `id` is a profile's (its flags; role and plan go to its owner) or a user's (role and plan
   * only). An admin cannot take their own ADMIN role away: someone must be left to give it back.
   */
  update(admin: SessionUser, id: string, change: AdminUserUpdateRequest): Promise<AdminUserRow>;
};

/** What a change of plan or flags sets off elsewhere (the block lists', wired by composition). */
export type PlanEffects = {
  /** The owner's plan changed; answers the profiles that gained Block Lists by it. */
  planChanged(ownerId: string, isPaidTier: boolean): Promise<string[]>;
  /** These profiles were given Block Lists (by an admin's flag). */
  blockListsApproved(profileIds: readonly string[]): Promise<void>;
};

export function createUsersAdmin(deps: {
  users: UserModel;
  profiles: ProfileRecords;
  planEffects?: PlanEffects;
}): UsersAdmin {
  async function rowOfProfile(profileId: Types.ObjectId): Promise<AdminUserRow> {
    const profile = await deps.profiles.findById(profileId);
    if (!profile) throw notFound('No such user or profile.');
    const owner = await deps.users.findById(profile.ownerId).lean<UserDoc>();
    return profileRow(profile, owner);
  }

  return {
    async list() {
      const [users, profiles] = await Promise.all([
        deps.users.find({}).sort({ createdAt: 1, _id: 1 }).lean<UserDoc[]>(),
        deps.profiles.listAll(),
      ]);
      const byOwner = new Map<string, ProfileDoc[]>();
      for (const profile of profiles) {
        const key = profile.ownerId.toString();
        byOwner.set(key, [...(byOwner.get(key) ?? []), profile]);
      }
      const rows: AdminUserRow[] = [];
      for (const user of users) {
        const own = byOwner.get(user._id.toString());
        byOwner.delete(user._id.toString());
        if (own) rows.push(...own.map((profile) => profileRow(profile, user)));
        else rows.push(userRow(user));
      }
      // Profiles whose owner is gone still show, so an admin can see and clean them up.
      for (const orphans of byOwner.values()) {
        rows.push(...orphans.map((profile) => profileRow(profile, null)));
      }
      return rows;
    },

    async update(admin, id, change) {
      if (!Types.ObjectId.isValid(id)) throw notFound('No such user or profile.');
      const objectId = new Types.ObjectId(id);
      const profile = await deps.profiles.ownerOf(objectId);
      const ownerId = profile ? profile.ownerId : objectId;
      const owner = await deps.users.findById(ownerId).lean<UserDoc>();
      if (!profile && !owner) throw notFound('No such user or profile.');
      markActedOn(ownerId, `${owner?.email ?? 'A profile'}: ${describeChange(change)}`);
      if (
        owner &&
        owner._id.toString() === admin.id &&
        change.role !== undefined &&
        change.role !== 'ADMIN'
      ) {
        throw new HttpError(400, ErrorCodes.badRequest, OWN_ADMIN_ROLE_MESSAGE);
      }
      // The profile's flags as they were: the dialog sends all three, and only those the admin
      // changed are theirs to set (the others follow the plan).
      const before = profile ? await deps.profiles.findById(objectId) : null;
      const ownerChange: Partial<Pick<UserDoc, 'role' | 'isPaidTier'>> = {};
      if (change.role !== undefined) ownerChange.role = change.role;
      if (change.isPaidTier !== undefined) ownerChange.isPaidTier = change.isPaidTier;
      if (owner && Object.keys(ownerChange).length > 0) {
        await deps.users.updateOne({ _id: owner._id }, { $set: ownerChange });
      }
      // A plan change first: Block Lists follows the plan on every profile of the owner.
      const planChanged =
        owner && change.isPaidTier !== undefined && change.isPaidTier !== owner.isPaidTier;
      if (owner && planChanged && change.isPaidTier !== undefined)
        await deps.planEffects?.planChanged(owner._id.toString(), change.isPaidTier);
      if (before) {
        const flags: Partial<ProfileFlags> = {};
        for (const name of ['canWebhook', 'canUserAccount', 'canBlockList'] as const)
          if (change[name] !== before[name]) flags[name] = change[name];
        if (Object.keys(flags).length > 0) await deps.profiles.setFlags(objectId, flags);
        if (flags.canBlockList === true)
          await deps.planEffects?.blockListsApproved([objectId.toString()]);
      }
      if (profile) return rowOfProfile(objectId);
      const updated = await deps.users.findById(objectId).lean<UserDoc>();
      if (!updated) throw notFound('No such user or profile.');
      return userRow(updated);
    },
  };
}

function profileRow(profile: ProfileDoc, owner: UserDoc | null): AdminUserRow {
  return {
    id: profile._id.toString(),
    userId: profile.ownerId.toString(),
    userEmail: owner?.email ?? '',
    profile: profile.crm,
    accountId: profile.accountId,
    organizationId: profile.organizationId,
    // A Salesforce profile not connected yet has no CRM e-mail: show whose it is.
    email: profile.email || (owner?.email ?? ''),
    role: owner?.role ?? null,
    isPaidTier: owner?.isPaidTier ?? false,
    organizationDomain: profile.organizationDomain,
    canWebhook: profile.canWebhook,
    canUserAccount: profile.canUserAccount,
    canBlockList: profile.canBlockList,
  };
}

function userRow(user: UserDoc): AdminUserRow {
  return {
    id: user._id.toString(),
    userId: user._id.toString(),
    userEmail: user.email,
    profile: null,
    accountId: '',
    organizationId: '',
    email: user.email,
    role: user.role,
    isPaidTier: user.isPaidTier,
    organizationDomain: '',
    // Flags live on profiles; a user without one has none granted.
    canWebhook: false,
    canUserAccount: false,
    canBlockList: false,
  };
}

/** The change as the audit log shows it: "role MANAGER, isPaidTier true". */
function describeChange(change: Readonly<Record<string, unknown>>): string {
  const parts = Object.entries(change)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key} ${String(value)}`);
  return parts.length > 0 ? parts.join(', ') : 'no change';
}
