import type { Platform } from '@outsync/contracts';
import type { Types } from 'mongoose';
import type { ApiKeyDoc, ApiKeyModel } from './api-keys.model';

/**
 * The apiKeys collection as other features read it (issue 28: the api-keys feature owns it).
 * Exactly the operations they need, each the query they ran on the model before.
 */
export type ApiKeyRecords = {
  /** A key by id (sealed, as stored); null when it is gone. */
  findById(id: string | Types.ObjectId): Promise<ApiKeyDoc | null>;
  /** The keys among `ids` that exist, in no set order. */
  findByIds(ids: string[]): Promise<ApiKeyDoc[]>;
  /** The id and description of the keys among `ids` that exist (what a list shows of a key). */
  descriptionsOf(ids: string[]): Promise<Array<Pick<ApiKeyDoc, '_id' | 'description'>>>;
  /** The key exists, belongs to the profile and is a key of `platform`. */
  isKeyOfProfile(keyId: string, profileId: Types.ObjectId, platform: Platform): Promise<boolean>;
};

export function createApiKeyRecords(apiKeys: ApiKeyModel): ApiKeyRecords {
  return {
    findById: (id) => apiKeys.findById(id).lean<ApiKeyDoc>().exec(),
    findByIds: (ids) =>
      apiKeys
        .find({ _id: { $in: ids } })
        .lean<ApiKeyDoc[]>()
        .exec(),
    descriptionsOf: (ids) =>
      apiKeys
        .find({ _id: { $in: ids } }, { _id: 1, description: 1 })
        .lean<Array<Pick<ApiKeyDoc, '_id' | 'description'>>>()
        .exec(),
    async isKeyOfProfile(keyId, profileId, platform) {
      const key = await apiKeys.exists({ _id: keyId, userProfileId: profileId, platform });
      return key !== null;
    },
  };
}
