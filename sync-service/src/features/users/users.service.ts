import { DEFAULT_REDIRECT_URL, type MeResponse, type Role } from '@outsync/contracts';
import { Types } from 'mongoose';
import type { SessionUser } from '../../platform/http/types';
import { initialsAvatar } from './avatar';
import type { UserDoc, UserModel } from './users.model';

export type UsersService = {
  /**
   * The user for a verified e-mail, created when it has none, with the sign-in time stamped.
   * ADMIN_EMAILS makes the user ADMIN and PAID_TIER_EMAILS marks them paid; both only grant.
   */
  signIn(email: string): Promise<SessionUser>;
  findById(id: string): Promise<SessionUser | null>;
  /** `GET /api/admin/me`: the user with the ids of their profiles. */
  me(user: SessionUser): Promise<MeResponse>;
  /** Sign-in e-mail, role and plan of each of `ids` that exists (profiles show their owner's role). */
  ownersOf(ids: readonly string[]): Promise<Map<string, SessionUser>>;
};

export type UsersServiceDeps = {
  users: UserModel;
  now: () => Date;
  adminEmails: readonly string[];
  /** Addresses and `@domain` entries, lower-case. */
  paidTierEmails: readonly string[];
  /** The ids of a user's CRM profiles (the profiles module's, wired in app.ts). */
  profileIdsOf?: (userId: string) => Promise<string[]>;
  /** A user moved to the paid plan at sign-in (PAID_TIER_EMAILS): what the plan unlocks. */
  planChanged?: (userId: string, isPaidTier: boolean) => Promise<unknown>;
};

export function createUsersService(deps: UsersServiceDeps): UsersService {
  return {
    async signIn(email) {
      const now = deps.now();
      const grants: Partial<Pick<UserDoc, 'role' | 'isPaidTier'>> = {};
      if (deps.adminEmails.includes(email)) grants.role = 'ADMIN';
      if (matchesPaidTier(email, deps.paidTierEmails)) grants.isPaidTier = true;
      // Whether this sign-in moves an existing user to the paid plan.
      const wasFree = grants.isPaidTier
        ? (await deps.users.findOne({ email }, { isPaidTier: 1 }).lean())?.isPaidTier === false
        : false;
      const doc = await deps.users
        .findOneAndUpdate(
          { email },
          {
            $set: { lastSignInAt: now, ...grants },
            $setOnInsert: {
              createdAt: now,
              ...('role' in grants ? {} : { role: null }),
              ...('isPaidTier' in grants ? {} : { isPaidTier: false }),
            },
          },
          { upsert: true, returnDocument: 'after', lean: true },
        )
        .catch(async (error: unknown) => {
          // Two first sign-ins of one address raced to create it; the other one won.
          if ((error as { code?: unknown }).code !== 11000) throw error;
          return deps.users.findOneAndUpdate(
            { email },
            { $set: { lastSignInAt: now, ...grants } },
            { returnDocument: 'after', lean: true },
          );
        });
      if (!doc) throw new Error(`user ${email} vanished during sign-in`);
      if (wasFree) await deps.planChanged?.(doc._id.toString(), true);
      return toSessionUser(doc);
    },

    async findById(id) {
      const doc = await deps.users.findById(id).lean();
      return doc ? toSessionUser(doc) : null;
    },

    async me(user) {
      return toMeResponse(user, (await deps.profileIdsOf?.(user.id)) ?? []);
    },

    async ownersOf(ids) {
      const valid = [...new Set(ids)].filter((id) => Types.ObjectId.isValid(id));
      const docs = await deps.users.find({ _id: { $in: valid } }).lean();
      return new Map(docs.map((doc) => [doc._id.toString(), toSessionUser(doc)]));
    },
  };
}

export function matchesPaidTier(email: string, entries: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@'));
  return entries.includes(email) || entries.includes(domain);
}

function toSessionUser(doc: UserDoc): SessionUser {
  return { id: doc._id.toString(), email: doc.email, role: doc.role, isPaidTier: doc.isPaidTier };
}

/** The current user of spec 01 §3, as `GET /api/admin/me` answers it. */
export function toMeResponse(user: SessionUser, profileIds: readonly string[] = []): MeResponse {
  const role: Role | null = user.role;
  return {
    id: user.id,
    role,
    isAdmin: role === 'ADMIN',
    isManager: role === 'MANAGER',
    isManagerOrAdmin: role === 'ADMIN' || role === 'MANAGER',
    isPaidTier: user.isPaidTier,
    userProfiles: profileIds.map((userProfileId) => ({ userProfileId })),
    details: {
      nickname: user.email.split('@')[0] ?? user.email,
      email: user.email,
      picture: initialsAvatar(user.email),
    },
    redirectUrl: DEFAULT_REDIRECT_URL,
  };
}
