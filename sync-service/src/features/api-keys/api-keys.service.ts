import {
  BISON_LEAD_CATEGORIES,
  ErrorCodes,
  leadCategoryId,
  platformDisplayName,
  platformFacts,
  type Platform,
} from '@outsync/contracts';
import {
  AccountsErrorCodes,
  type ApiKey,
  type ApiKeysResponse,
  type LeadCategory,
} from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { isConnectorError, type ConnectorError } from '../../connectors/http';
import { HttpError, notFound } from '../../platform/http/http-error';
import { markActedOn } from '../../platform/http/audit-context';
import type { SessionUser } from '../../platform/http/types';
import type { Logger } from '../../platform/logger';
import { UnsafeUrlError } from '../../platform/safe-fetch';
import type { SecretBox } from '../../platform/secrets';
import {
  isStaff,
  mayAccessProfile,
  type ProfileAccess,
  type ProfileDoc,
  type ProfileRecords,
} from '../profiles';
import type { ApiKeyDoc, ApiKeyModel } from './api-keys.model';
import type { LeadCategoryModel } from './lead-categories.model';
import type { KeyCredentials, PlatformClientFor, PlatformGateway } from './platform-gateway';

export { apiKeyModel, type ApiKeyDoc, type ApiKeyModel } from './api-keys.model';
export { leadCategoryModel, type LeadCategoryModel } from './lead-categories.model';
export {
  createPlatformGateway,
  type KeyCheck,
  type KeyCredentials,
  type PlatformClientFor,
  type PlatformGateway,
} from './platform-gateway';

/** A block-list sync that uses a key, as the keys table lists it under the description. */
export type KeyBlockListSync = { id: string; listName: string };

/** A checked key form: what the contracts' schemas hand the routes. */
export type KeyForm = { platform: Platform; apiKey: string; baseUrl: string | null };

export type ApiKeysServiceDeps = {
  apiKeys: ApiKeyModel;
  leadCategories: LeadCategoryModel;
  profiles: ProfileRecords;
  secrets: SecretBox;
  platforms: PlatformGateway;
  now: () => Date;
  /**
   * What still uses a key, named for the 409 (e.g. `webhook "Main"`). None until webhooks and
   * block lists exist; their modules plug in here from app.ts.
   */
  keyUsage?: (keyId: string) => Promise<string[]>;
  /**
   * HOOK for the block-lists module: the syncs using each key, for `syncBlockList`. Until block
   * lists exist every key has none.
   */
  blockListSyncsOfKeys?: (keyIds: string[]) => Promise<Map<string, KeyBlockListSync[]>>;
};

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

const noUsage = async (): Promise<string[]> => [];
const noSyncs = async (): Promise<Map<string, KeyBlockListSync[]>> => new Map();

/**
 * API keys of the sales engagement platforms: checked live with the platform before they are
 * stored, sealed at rest, never in a list, revealed only to their owner.
 */
export function createApiKeysService(deps: ApiKeysServiceDeps) {
  const keyUsage = deps.keyUsage ?? noUsage;
  const blockListSyncsOfKeys = deps.blockListSyncsOfKeys ?? noSyncs;

  /** The key and its profile, or 404 when either is missing or the caller may not `access` it. */
  async function requireKey(
    user: SessionUser,
    keyId: string,
    access: ProfileAccess,
  ): Promise<{ key: ApiKeyDoc; profile: ProfileDoc }> {
    const key = Types.ObjectId.isValid(keyId)
      ? await deps.apiKeys.findById(keyId).lean<ApiKeyDoc>()
      : null;
    const profile = key ? await deps.profiles.findById(key.userProfileId) : null;
    if (!key || !profile || !mayAccessProfile(user, profile, access)) {
      throw notFound('No such API key, or it is not yours.');
    }
    markActedOn(
      profile.ownerId,
      `${platformDisplayName(key.platform)} API key of ${profile.email}`,
    );
    return { key, profile };
  }

  function credentialsOf(key: ApiKeyDoc): KeyCredentials {
    return {
      platform: key.platform,
      apiKey: deps.secrets.open(key.apiKeySealed),
      baseUrl: key.baseUrl,
    };
  }

  /**
   * The platform's verdict on a key: true, or the refusal's message. 400 `unsafe_url` for a
   * bison base URL on a private address, 502 when the platform cannot tell.
   */
  async function askPlatform(credentials: KeyCredentials): Promise<true | string> {
    try {
      const check = await deps.platforms.checkKey(credentials);
      return check.valid ? true : check.message;
    } catch (error) {
      if (error instanceof UnsafeUrlError) {
        throw new HttpError(400, AccountsErrorCodes.unsafeUrl, error.message);
      }
      if (isConnectorError(error)) {
        throw upstreamFailed(
          `Could not reach ${displayName(credentials.platform)} to check the key: ${reason(error)}`,
        );
      }
      throw error;
    }
  }

  /** Create and update store only keys the platform accepts: a refusal is a 400. */
  async function requireAccepted(credentials: KeyCredentials): Promise<void> {
    const verdict = await askPlatform(credentials);
    if (verdict !== true) {
      throw new HttpError(400, AccountsErrorCodes.apiKeyInvalid, verdict);
    }
  }

  async function toApiKeys(keys: ApiKeyDoc[], user: SessionUser): Promise<ApiKey[]> {
    if (keys.length === 0) return [];
    const profileIds = [...new Set(keys.map((key) => key.userProfileId.toString()))];
    const profiles = await deps.profiles.findByIds(profileIds);
    const profileById = new Map(profiles.map((profile) => [profile._id.toString(), profile]));
    const syncs = await blockListSyncsOfKeys(keys.map((key) => key._id.toString()));
    return keys.map((key) =>
      toApiKey(key, profileById.get(key.userProfileId.toString()), user, syncs),
    );
  }

  async function stored(keyId: Types.ObjectId): Promise<ApiKeyDoc> {
    const key = await deps.apiKeys.findById(keyId).lean<ApiKeyDoc>();
    if (!key) throw notFound('No such API key, or it is not yours.');
    return key;
  }

  async function heyreachCategories(keyId: Types.ObjectId): Promise<LeadCategory[]> {
    const docs = await deps.leadCategories
      .find({ apiKeyId: keyId })
      .sort({ createdAt: 1, _id: 1 })
      .lean();
    return docs.map((doc) => ({
      id: doc.categoryId,
      created_at: doc.createdAt.toISOString(),
      name: doc.name,
    }));
  }

  return {
    /** The caller's own keys, and for managers and admins every key (read-only unless own). */
    async list(user: SessionUser): Promise<ApiKeysResponse> {
      const own = await deps.apiKeys
        .find({ userProfileId: { $in: await deps.profiles.ownProfileIds(user) } })
        .sort({ createdAt: 1, _id: 1 })
        .lean<ApiKeyDoc[]>();
      const all = isStaff(user)
        ? await deps.apiKeys.find({}).sort({ createdAt: 1, _id: 1 }).lean<ApiKeyDoc[]>()
        : [];
      return { apiKeys: await toApiKeys(own, user), allApiKeys: await toApiKeys(all, user) };
    },

    /** The check call: the platform accepts the key, or 400 with the platform's message. */
    async check(form: KeyForm): Promise<{ valid: true; message: string }> {
      await requireAccepted(form);
      return { valid: true, message: `${displayName(form.platform)} accepted the API key.` };
    },

    async create(
      user: SessionUser,
      form: KeyForm & { description: string; userProfileId: string },
    ): Promise<ApiKey> {
      const profile = await deps.profiles.requireProfile(user, form.userProfileId, 'write');
      await requireAccepted(form);
      const now = deps.now();
      const created = await deps.apiKeys.create({
        userProfileId: profile._id,
        platform: form.platform,
        description: form.description,
        apiKeySealed: deps.secrets.seal(form.apiKey),
        baseUrl: form.baseUrl,
        isValid: true,
        checkedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      const [answer] = await toApiKeys([await stored(created._id)], user);
      return answer as ApiKey;
    },

    /** Replaces key, platform, base URL and description once the platform accepts the new key. */
    async update(
      user: SessionUser,
      keyId: string,
      form: KeyForm & { description: string },
    ): Promise<ApiKey> {
      const { key } = await requireKey(user, keyId, 'write');
      await requireAccepted(form);
      const now = deps.now();
      await deps.apiKeys.updateOne(
        { _id: key._id },
        {
          $set: {
            platform: form.platform,
            description: form.description,
            apiKeySealed: deps.secrets.seal(form.apiKey),
            baseUrl: form.baseUrl,
            isValid: true,
            checkedAt: now,
            updatedAt: now,
          },
        },
      );
      // Categories typed for a HeyReach key mean nothing once the key is another platform's.
      if (key.platform === 'heyreach' && form.platform !== 'heyreach') {
        await deps.leadCategories.deleteMany({ apiKeyId: key._id });
      }
      const [answer] = await toApiKeys([await stored(key._id)], user);
      return answer as ApiKey;
    },

    /** Check API Key: a refusal is stored as invalid, not an error; "cannot tell" is a 502. */
    async validate(user: SessionUser, keyId: string): Promise<{ id: string; isValid: boolean }> {
      const { key } = await requireKey(user, keyId, 'write');
      const isValid = (await askPlatform(credentialsOf(key))) === true;
      await deps.apiKeys.updateOne({ _id: key._id }, { $set: { isValid, checkedAt: deps.now() } });
      return { id: key._id.toString(), isValid };
    },

    /** The key itself, for its owner only (staff included, anyone else gets 404); audited. */
    async reveal(
      user: SessionUser,
      keyId: string,
      log: Logger,
    ): Promise<{ id: string; apiKey: string }> {
      const key = Types.ObjectId.isValid(keyId)
        ? await deps.apiKeys.findById(keyId).lean<ApiKeyDoc>()
        : null;
      const profile = key ? await deps.profiles.findById(key.userProfileId) : null;
      if (!key || !profile || profile.ownerId.toString() !== user.id) {
        throw notFound('No such API key, or it is not yours.');
      }
      log.info(
        {
          audit: 'api_key_revealed',
          apiKeyId: key._id.toString(),
          userId: user.id,
          userProfileId: profile._id.toString(),
          platform: key.platform,
        },
        'API key revealed to its owner',
      );
      return { id: key._id.toString(), apiKey: deps.secrets.open(key.apiKeySealed) };
    },

    /** Owner or admin; refused with 409 while a webhook or block-list sync uses the key. */
    async remove(user: SessionUser, keyId: string): Promise<{ id: string; description: string }> {
      const { key } = await requireKey(user, keyId, 'write');
      const users = await keyUsage(key._id.toString());
      if (users.length > 0) {
        throw new HttpError(
          409,
          AccountsErrorCodes.inUse,
          `The API key "${key.description}" is still used by ${users.join(', ')}. Remove ${users.length === 1 ? 'it' : 'them'} first.`,
          { usedBy: users },
        );
      }
      await deps.apiKeys.deleteOne({ _id: key._id });
      await deps.leadCategories.deleteMany({ apiKeyId: key._id });
      return { id: key._id.toString(), description: key.description };
    },

    /** The keys of one profile the caller may read, optionally of one platform. */
    async listOfProfile(
      user: SessionUser,
      profileId: string,
      platform: Platform | undefined,
    ): Promise<ApiKey[]> {
      const profile = await deps.profiles.requireProfile(user, profileId, 'read');
      const keys = await deps.apiKeys
        .find({ userProfileId: profile._id, ...(platform ? { platform } : {}) })
        .sort({ createdAt: 1, _id: 1 })
        .lean<ApiKeyDoc[]>();
      return toApiKeys(keys, user);
    },

    /** Smartlead's and Instantly's from the platform, bison's fixed list, HeyReach's stored ones. */
    async leadCategories(user: SessionUser, keyId: string): Promise<LeadCategory[]> {
      const { key } = await requireKey(user, keyId, 'read');
      switch (key.platform) {
        case 'bison':
          return BISON_LEAD_CATEGORIES.map(({ id, name }) => ({ id, name, created_at: null }));
        case 'heyreach':
          return heyreachCategories(key._id);
        default:
          try {
            return await deps.platforms.readLeadCategories(credentialsOf(key));
          } catch (error) {
            if (!isConnectorError(error)) throw error;
            throw upstreamFailed(leadCategoriesFailure(key.platform, error));
          }
      }
    },

    /** HeyReach only: adds the categories (a category id already there is kept) and lists all. */
    async addLeadCategories(
      user: SessionUser,
      keyId: string,
      categories: ReadonlyArray<{ categoryName: string }>,
    ): Promise<LeadCategory[]> {
      const { key } = await requireKey(user, keyId, 'write');
      if (!platformFacts[key.platform].leadCategoriesByHand) {
        throw new HttpError(
          400,
          ErrorCodes.badRequest,
          `Lead categories are added by hand only for HeyReach keys; ${displayName(key.platform)} has its own.`,
        );
      }
      const now = deps.now();
      const byId = new Map<string, string>();
      for (const { categoryName } of categories) {
        const name = categoryName.trim();
        const id = leadCategoryId(name);
        if (!byId.has(id)) byId.set(id, name);
      }
      await deps.leadCategories.bulkWrite(
        [...byId].map(([categoryId, name]) => ({
          updateOne: {
            filter: { apiKeyId: key._id, categoryId },
            update: {
              $setOnInsert: {
                apiKeyId: key._id,
                categoryId,
                userProfileId: key.userProfileId,
                name,
                createdAt: now,
              },
            },
            upsert: true,
          },
        })),
        { ordered: false },
      );
      return heyreachCategories(key._id);
    },

    /** What of a profile's would block deleting it, e.g. `['2 API keys']`. */
    async describeUsageOfProfile(profileId: string): Promise<string[]> {
      if (!Types.ObjectId.isValid(profileId)) return [];
      const count = await deps.apiKeys.countDocuments({ userProfileId: profileId });
      return count === 0 ? [] : [`${count} API ${count === 1 ? 'key' : 'keys'}`];
    },

    /**
     * For the sync engine: a platform client holding the stored key, or undefined when the key
     * is gone. The key in clear goes no further than the client.
     */
    async platformClientForKey(
      keyId: string,
    ): Promise<(PlatformClientFor & { keyId: string; userProfileId: string }) | undefined> {
      if (!Types.ObjectId.isValid(keyId)) return undefined;
      const key = await deps.apiKeys.findById(keyId).lean<ApiKeyDoc>();
      if (!key) return undefined;
      return {
        ...deps.platforms.clientFor(credentialsOf(key)),
        keyId: key._id.toString(),
        userProfileId: key.userProfileId.toString(),
      };
    },
  };
}

function toApiKey(
  key: ApiKeyDoc,
  profile: ProfileDoc | undefined,
  user: SessionUser,
  syncs: Map<string, KeyBlockListSync[]>,
): ApiKey {
  return {
    id: key._id.toString(),
    description: key.description,
    platform: key.platform,
    baseUrl: key.baseUrl,
    userProfileId: key.userProfileId.toString(),
    userProfile: {
      firstName: profile?.firstName ?? '',
      lastName: profile?.lastName ?? '',
      email: profile?.email ?? '',
      organizationId: profile?.organizationId ?? '',
      organizationDomain: profile?.organizationDomain ?? '',
    },
    isValid: key.isValid,
    checkedAt: key.checkedAt ? key.checkedAt.toISOString() : null,
    syncBlockList: syncs.get(key._id.toString()) ?? [],
    // Only the owner reveals, edits and deletes from the table; staff rows are read-only.
    canManage: profile?.ownerId.toString() === user.id,
  };
}

function displayName(platform: Platform): string {
  return platformFacts[platform].displayName;
}

/** Why a platform call failed, as the end of a sentence naming the platform. */
function reason(error: ConnectorError): string {
  const said = error.vendorMessage ? ` (${error.vendorMessage})` : '';
  switch (error.code) {
    case 'timeout':
      return 'the request timed out. Please try again.';
    case 'network':
      return 'it could not be reached. Please try again.';
    case 'unavailable':
      return `the service is unavailable right now${said}. Please try again.`;
    case 'rate_limited':
      return 'too many requests right now. Please try again in a moment.';
    default:
      return error.vendorMessage ?? `it answered unexpectedly (${error.status ?? error.code}).`;
  }
}

function upstreamFailed(message: string): HttpError {
  return new HttpError(502, AccountsErrorCodes.upstreamFailed, message);
}

const REFUSALS: ReadonlySet<string> = new Set(['unauthorized', 'forbidden']);

function leadCategoriesFailure(platform: Platform, error: ConnectorError): string {
  const name = displayName(platform);
  return REFUSALS.has(error.code)
    ? `${name} refused the API key${error.vendorMessage ? `: ${error.vendorMessage}` : '.'}`
    : `Could not read the lead categories from ${name}: ${reason(error)}`;
}
