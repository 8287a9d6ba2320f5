import type { ProfileFlags } from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import type { SessionUser } from '../../platform/http/types';
import { ownProfileIds, requireProfile, type ProfileAccess } from './profile-access';
import type { ProfileDoc, ProfileModel } from './profiles.model';

/** A profile's CRM portal or org: its kind and organization id. */
export type ProfilePortal = Pick<ProfileDoc, 'crm' | 'organizationId'>;

/**
 * The profiles collection as other features read and change it (issue 28: the profiles feature
 * owns it). Exactly the operations they need, each the query they ran on the model before.
 */
export type ProfileRecords = {
  /** A profile by id; null when it is gone. */
  findById(id: string | Types.ObjectId): Promise<ProfileDoc | null>;
  /** The profiles among `ids` that exist, in no set order. */
  findByIds(ids: string[]): Promise<ProfileDoc[]>;
  /** The profiles among `ids` that exist, their connection only (the webhook logs' links). */
  connectionsOf(ids: string[]): Promise<Array<Pick<ProfileDoc, '_id' | 'connection'>>>;
  /** Every profile, oldest first (the Users screen). */
  listAll(): Promise<ProfileDoc[]>;
  /** A profile's id and owner only; null when it is gone. */
  ownerOf(id: Types.ObjectId): Promise<Pick<ProfileDoc, '_id' | 'ownerId'> | null>;
  /** The caller's own profile ids, for scoping list queries. */
  ownProfileIds(user: SessionUser): Promise<Types.ObjectId[]>;
  /** The caller's own profiles with the portal or org each connects ('' while unconnected). */
  ownPortals(user: SessionUser): Promise<Array<Pick<ProfileDoc, '_id'> & ProfilePortal>>;
  /** Ids of every profile on one of `portals` (anyone's); none for no portal. */
  idsOnPortals(portals: ProfilePortal[]): Promise<Types.ObjectId[]>;
  /** The profile, or 404 when it does not exist or the caller may not `access` it. */
  requireProfile(user: SessionUser, profileId: string, access: ProfileAccess): Promise<ProfileDoc>;
  /** Sets the feature flags an admin changed on one profile. */
  setFlags(id: Types.ObjectId, flags: Partial<ProfileFlags>): Promise<void>;
  /**
   * Sets canBlockList on the owner's profiles that do not have that value yet (a plan change);
   * answers the ids of those it changed.
   */
  setCanBlockListOfOwner(ownerId: string, canBlockList: boolean): Promise<string[]>;
};

export function createProfileRecords(profiles: ProfileModel): ProfileRecords {
  return {
    findById: (id) => profiles.findById(id).lean<ProfileDoc>().exec(),
    findByIds: (ids) =>
      profiles
        .find({ _id: { $in: ids } })
        .lean<ProfileDoc[]>()
        .exec(),
    connectionsOf: (ids) =>
      profiles
        .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } }, { connection: 1 })
        .lean<Array<Pick<ProfileDoc, '_id' | 'connection'>>>()
        .exec(),
    listAll: () => profiles.find({}).sort({ createdAt: 1, _id: 1 }).lean<ProfileDoc[]>().exec(),
    ownerOf: (id) =>
      profiles.findById(id, { ownerId: 1 }).lean<Pick<ProfileDoc, '_id' | 'ownerId'>>().exec(),
    ownProfileIds: (user) => ownProfileIds(profiles, user),
    ownPortals: (user) =>
      profiles
        .find({ ownerId: user.id }, { _id: 1, crm: 1, organizationId: 1 })
        .lean<Array<Pick<ProfileDoc, '_id'> & ProfilePortal>>()
        .exec(),
    async idsOnPortals(portals) {
      // `$or` must not be empty: no portal, no profile.
      if (portals.length === 0) return [];
      const docs = await profiles
        .find({ $or: portals }, { _id: 1 })
        .lean<Array<{ _id: Types.ObjectId }>>();
      return docs.map((doc) => doc._id);
    },
    requireProfile: (user, profileId, access) => requireProfile(profiles, user, profileId, access),
    async setFlags(id, flags) {
      await profiles.updateOne({ _id: id }, { $set: flags });
    },
    async setCanBlockListOfOwner(ownerId, canBlockList) {
      const changing = await profiles
        .find({ ownerId: new Types.ObjectId(ownerId), canBlockList: !canBlockList }, { _id: 1 })
        .lean<Array<{ _id: Types.ObjectId }>>();
      if (changing.length === 0) return [];
      await profiles.updateMany(
        { _id: { $in: changing.map((profile) => profile._id) } },
        { $set: { canBlockList } },
      );
      return changing.map((profile) => profile._id.toString());
    },
  };
}
