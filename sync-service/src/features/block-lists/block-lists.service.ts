import { ErrorCodes, platformFacts, type CrmKind, type Platform } from '@outsync/contracts';
import {
  AccountsErrorCodes,
  type BlockListSync,
  type BlockListSyncDeleteResponse,
  type BlockListType,
  type BlockType,
  type HubspotBlockListCreateRequestSchema,
  type SalesforceBlockListCreateRequestSchema,
} from '@outsync/contracts/accounts';
import { Types, type QueryFilter } from 'mongoose';
import type * as z from 'zod';
import { createHeyreachClient, createSmartleadClient, type ConnectorFetch } from '../../connectors';
import { SYSTEM_NAMES, isConnectorError } from '../../connectors/http';
import { HttpError, notFound } from '../../platform/http/http-error';
import { markActedOn } from '../../platform/http/audit-context';
import type { SessionUser } from '../../platform/http/types';
import type { SecretBox } from '../../platform/secrets';
import type { ApiKeyDoc, ApiKeyRecords } from '../api-keys';
import {
  isStaff,
  mayAccessProfile,
  toUpstreamError,
  upstreamMessage,
  type ProfileDoc,
  type ProfileRecords,
  type ProfilesService,
} from '../profiles';
import type {
  BlockListStateModel,
  BlockListSyncDoc,
  BlockListSyncModel,
} from './block-list-sync.model';

type HubspotCreate = z.output<typeof HubspotBlockListCreateRequestSchema>;
type SalesforceCreate = z.output<typeof SalesforceBlockListCreateRequestSchema>;

export type BlockListsDeps = {
  syncs: BlockListSyncModel;
  states: BlockListStateModel;
  profiles: ProfilesService;
  profileRecords: ProfileRecords;
  apiKeys: ApiKeyRecords;
  secrets: SecretBox;
  platformUrls: { smartleadUrl: string; heyreachUrl: string };
  fetch: ConnectorFetch;
  /** Queues a run now (Agenda); the sweep would otherwise start it within its interval. */
  queueRun(syncId: string): Promise<void>;
  now(): Date;
};

export type BlockListsService = ReturnType<typeof createBlockListsService>;

/** A person waits on these calls (the form): a short attempt and one retry. */
const INTERACTIVE = { timeoutMs: 10_000, retries: 1, maxRetryAfterMs: 2_000 } as const;

const CRM_NAMES: Readonly<Record<CrmKind, string>> = {
  HUBSPOT: 'HubSpot',
  SALESFORCE: 'Salesforce',
};

/**
 * Block-list syncs (spec 02 §2.7, §4, §5, §6, §7): stored, listed, paused, resumed and deleted
 * here; run by the worker (sync/block-lists/run-block-list.ts). Create checks what only the
 * server can know — the list, the key, the client and the HeyReach list exist and belong
 * together — after the contract's schema has checked the fields in the form's order.
 */
export function createBlockListsService(deps: BlockListsDeps) {
  const { connections } = deps.profiles;
  const invalid = (message: string) => new HttpError(400, ErrorCodes.validationError, message);

  /** The caller's profile to create on: owner or admin, the right CRM, connected. */
  async function creatableProfile(
    user: SessionUser,
    profileId: string,
    crm: CrmKind,
  ): Promise<ProfileDoc> {
    const profile = await deps.profiles.requireProfile(user, profileId, 'write');
    if (profile.crm !== crm) {
      throw invalid(`Choose a ${CRM_NAMES[crm]} profile for a ${CRM_NAMES[crm]} block list.`);
    }
    // A profile without Block Lists (the free plan) keeps its sync: it is stored and shows as
    // PAUSED_PENDING_UPGRADE (spec 02 §4) until the plan or the flag allows it to run.
    if (!profile.connection) {
      throw new HttpError(
        409,
        AccountsErrorCodes.notConnected,
        `Connect this ${CRM_NAMES[crm]} profile first.`,
      );
    }
    return profile;
  }

  /** The key, which must be the profile's own (a sync writes with its owner's key). */
  async function keyOfProfile(keyId: string, profile: ProfileDoc): Promise<ApiKeyDoc> {
    const key = await deps.apiKeys.findById(keyId);
    if (!key || !key.userProfileId.equals(profile._id)) {
      throw invalid('Select API Key: the key must belong to the chosen profile.');
    }
    if (key.platform === 'bison' && !key.baseUrl) {
      throw invalid('This bison API key has no base URL: add it on the API keys screen.');
    }
    return key;
  }

  /** Smartlead: the chosen client, or spec 02 §5's "Select {platform name} Client". */
  async function smartleadClient(
    key: ApiKeyDoc,
    clientId: string | null,
  ): Promise<{ id: string; email: string } | null> {
    if (key.platform !== 'smartlead') {
      if (clientId) {
        throw invalid(
          `Clients are Smartlead's: leave the client empty for ${platformFacts[key.platform].displayName}.`,
        );
      }
      return null;
    }
    const client = createSmartleadClient({
      ...INTERACTIVE,
      baseUrl: deps.platformUrls.smartleadUrl,
      apiKey: deps.secrets.open(key.apiKeySealed),
      fetch: deps.fetch,
    });
    let clients;
    try {
      clients = await client.listClients();
    } catch (error) {
      throw platformFailure(error);
    }
    if (clientId === null) {
      if (clients.length > 1) throw invalid('Select Smartlead Client');
      return null;
    }
    const chosen = clients.find((candidate) => candidate.id === clientId);
    if (!chosen) throw invalid(`Smartlead has no client ${clientId} for this API key.`);
    return { id: chosen.id, email: chosen.email };
  }

  async function heyreachList(key: ApiKeyDoc, listId: string): Promise<void> {
    const client = createHeyreachClient({
      ...INTERACTIVE,
      baseUrl: deps.platformUrls.heyreachUrl,
      apiKey: deps.secrets.open(key.apiKeySealed),
      fetch: deps.fetch,
    });
    let lists;
    try {
      lists = await client.listLists();
    } catch (error) {
      throw platformFailure(error);
    }
    const list = lists.find((candidate) => candidate.id === listId);
    if (!list || list.listType === 'COMPANY_LIST') {
      throw invalid(
        `HeyReach has no lead list ${listId} for this API key: Please select HeyReach list`,
      );
    }
  }

  /** The platform rules both forms share (spec 02 §2.7, §9). */
  function checkPlatformRules(
    platform: Platform,
    listType: BlockListType,
    blockType: BlockType,
  ): void {
    if (platform === 'heyreach' && listType === 'COMPANY_LIST') {
      throw invalid('HeyReach cannot block a company list: choose Contact List.');
    }
    if (listType === 'COMPANY_LIST' && blockType !== 'DOMAIN') {
      throw invalid('A company list blocks every domain: choose Domain (Every domain).');
    }
    if (platform === 'heyreach' && blockType !== 'ADDRESS') {
      throw invalid('HeyReach blocks social profiles: choose Address (Individual Social Profile).');
    }
  }

  async function store(
    profile: ProfileDoc,
    key: ApiKeyDoc,
    fields: Pick<
      BlockListSyncDoc,
      | 'crm'
      | 'listId'
      | 'listIdILS'
      | 'listName'
      | 'listType'
      | 'client'
      | 'blockType'
      | 'useDomainForNonLatin'
      | 'profileUrlFieldNames'
      | 'fields'
      | 'heyReachListId'
    >,
  ): Promise<BlockListSync> {
    const now = deps.now();
    const created = await deps.syncs.create({
      ...fields,
      userId: profile.ownerId,
      userProfileId: profile._id,
      apiKeyId: key._id,
      platform: key.platform,
      isEnabled: true,
      status: 'QUEUED',
      nextRunAt: now,
      createdAt: now,
      updatedAt: now,
    });
    // Started at once; if queuing fails, the sweep starts it (nextRunAt is now).
    await deps.queueRun(created._id.toString()).catch(() => undefined);
    return toApi(created.toObject(), profile, key, true);
  }

  /** The sync, when the caller may `access` its profile; else 404 as if it did not exist. */
  async function requireSync(
    user: SessionUser,
    id: string,
    access: 'read' | 'write',
  ): Promise<{ sync: BlockListSyncDoc; profile: ProfileDoc | null }> {
    const sync = Types.ObjectId.isValid(id)
      ? await deps.syncs.findById(id).lean<BlockListSyncDoc>()
      : null;
    const profile = sync ? await deps.profileRecords.findById(sync.userProfileId) : null;
    const owner = profile ?? (sync ? { ownerId: sync.userId } : null);
    if (!sync || !owner || !mayAccessProfile(user, owner, access)) {
      throw notFound('No such block list, or it is not yours.');
    }
    markActedOn(owner.ownerId, `Block list ${sync.listName}`);
    return { sync, profile };
  }

  async function present(user: SessionUser, sync: BlockListSyncDoc): Promise<BlockListSync> {
    const [profile, key] = await Promise.all([
      deps.profileRecords.findById(sync.userProfileId),
      deps.apiKeys.findById(sync.apiKeyId),
    ]);
    return toApi(sync, profile, key, mayManage(user, sync, profile));
  }

  return {
    async list(user: SessionUser): Promise<BlockListSync[]> {
      const query: QueryFilter<BlockListSyncDoc> = isStaff(user)
        ? {}
        : { userId: new Types.ObjectId(user.id) };
      const syncs = await deps.syncs.find(query).sort({ createdAt: -1, _id: -1 }).lean();
      const profileIds = [...new Set(syncs.map((sync) => sync.userProfileId.toString()))];
      const keyIds = [...new Set(syncs.map((sync) => sync.apiKeyId.toString()))];
      const [profiles, keys] = await Promise.all([
        deps.profileRecords.findByIds(profileIds),
        deps.apiKeys.findByIds(keyIds),
      ]);
      const profileById = new Map(profiles.map((profile) => [profile._id.toString(), profile]));
      const keyById = new Map(keys.map((key) => [key._id.toString(), key]));
      return syncs.map((sync) => {
        const profile = profileById.get(sync.userProfileId.toString()) ?? null;
        return toApi(
          sync,
          profile,
          keyById.get(sync.apiKeyId.toString()) ?? null,
          mayManage(user, sync, profile),
        );
      });
    },

    async createHubspot(user: SessionUser, body: HubspotCreate): Promise<BlockListSync> {
      const profile = await creatableProfile(user, body.userProfileId, 'HUBSPOT');
      const key = await keyOfProfile(body.apiKeyId ?? '', profile);
      checkPlatformRules(key.platform, body.listType, body.blockType);
      const client = await smartleadClient(key, body.client);
      if (key.platform === 'heyreach') {
        if (body.profileUrlFieldNames.length === 0) {
          throw invalid('Select at least one Profile URL field for HeyReach');
        }
        if (!body.heyReachListId) throw invalid('Please select HeyReach list');
        await heyreachList(key, body.heyReachListId);
      }
      let list;
      try {
        list = await connections.hubspotClient(profile).getList(body.listId);
      } catch (error) {
        if (isConnectorError(error) && error.code === 'not_found') {
          throw invalid(`HubSpot has no list ${body.listId}: Select hubspot list`);
        }
        throw toUpstreamError(error);
      }
      const objectTypeId = body.listType === 'COMPANY_LIST' ? '0-2' : '0-1';
      if (list.objectTypeId !== objectTypeId) {
        throw invalid(
          `List ${body.listId} is not a ${body.listType === 'COMPANY_LIST' ? 'company' : 'contact'} list: choose the matching List Type.`,
        );
      }
      return store(profile, key, {
        crm: 'HUBSPOT',
        listId: list.listId,
        listIdILS: list.listId,
        listName: body.listName || list.name,
        listType: body.listType,
        client,
        blockType: body.blockType,
        useDomainForNonLatin:
          body.useDomainForNonLatin &&
          key.platform === 'instantly' &&
          body.blockType === 'ADDRESS' &&
          body.listType === 'CONTACT_LIST',
        profileUrlFieldNames: key.platform === 'heyreach' ? body.profileUrlFieldNames : [],
        fields: [],
        heyReachListId: key.platform === 'heyreach' ? body.heyReachListId : null,
      });
    },

    async createSalesforce(user: SessionUser, body: SalesforceCreate): Promise<BlockListSync> {
      const profile = await creatableProfile(user, body.userProfileId, 'SALESFORCE');
      const key = await keyOfProfile(body.apiKeyId ?? '', profile);
      if (key.platform === 'heyreach') {
        throw invalid(
          'HeyReach is not offered for Salesforce block lists: choose an e-mail platform.',
        );
      }
      checkPlatformRules(key.platform, 'CONTACT_LIST', body.blockType);
      const client = await smartleadClient(key, body.client);
      let report;
      try {
        report = await connections.salesforceClient(profile).describeReport(body.listIdentifier);
      } catch (error) {
        if (isConnectorError(error) && error.code === 'not_found') {
          throw invalid(`Salesforce has no report ${body.listIdentifier}: Select list`);
        }
        throw toUpstreamError(error);
      }
      const missing = body.fields.filter((field) => !report.detailColumns.includes(field));
      if (missing.length > 0) {
        throw invalid(`The report has no column ${missing.join(', ')}: Select fields`);
      }
      return store(profile, key, {
        crm: 'SALESFORCE',
        listId: report.id,
        listIdILS: report.id,
        listName: body.listName || report.name,
        listType: 'CONTACT_LIST',
        client,
        blockType: body.blockType,
        useDomainForNonLatin:
          body.useDomainForNonLatin && key.platform === 'instantly' && body.blockType === 'ADDRESS',
        profileUrlFieldNames: [],
        fields: [...new Set(body.fields)],
        heyReachListId: null,
      });
    },

    async setEnabled(user: SessionUser, id: string, isEnabled: boolean): Promise<BlockListSync> {
      const { sync } = await requireSync(user, id, 'write');
      const now = deps.now();
      const updated = await deps.syncs
        .findOneAndUpdate(
          { _id: sync._id },
          {
            $set: isEnabled
              ? // Resume: a run at once (a run still finishing keeps its status until it ends).
                {
                  isEnabled: true,
                  nextRunAt: now,
                  updatedAt: now,
                  ...(sync.lease ? {} : { status: 'QUEUED' }),
                }
              : // Pause: no further run; a run in progress stops before its next write.
                { isEnabled: false, nextRunAt: null, updatedAt: now },
          },
          { returnDocument: 'after' },
        )
        .lean<BlockListSyncDoc>();
      if (!updated) throw notFound('No such block list, or it is not yours.');
      if (isEnabled && !sync.isEnabled) {
        await deps.queueRun(updated._id.toString()).catch(() => undefined);
      }
      return present(user, updated);
    },

    async remove(user: SessionUser, id: string): Promise<BlockListSyncDeleteResponse> {
      const { sync } = await requireSync(user, id, 'write');
      // The platform's block list and the CRM list stay (spec 02 §4); the runs stay in History.
      await deps.syncs.deleteOne({ _id: sync._id });
      await deps.states.deleteOne({ _id: sync._id });
      return { id: sync._id.toString(), listId: sync.listId, listName: sync.listName };
    },
  };
}

/** The syncs using each key: the API keys screen's `syncBlockList` and the key delete check. */
export async function blockListSyncsOfKeys(
  syncs: BlockListSyncModel,
  keyIds: readonly string[],
): Promise<Map<string, { id: string; listName: string }[]>> {
  const ids = keyIds.filter((id) => Types.ObjectId.isValid(id));
  const found = await syncs
    .find({ apiKeyId: { $in: ids } }, { apiKeyId: 1, listName: 1 })
    .sort({ createdAt: 1, _id: 1 })
    .lean<Pick<BlockListSyncDoc, '_id' | 'apiKeyId' | 'listName'>[]>();
  const byKey = new Map<string, { id: string; listName: string }[]>();
  for (const sync of found) {
    const keyId = sync.apiKeyId.toString();
    byKey.set(keyId, [
      ...(byKey.get(keyId) ?? []),
      { id: sync._id.toString(), listName: sync.listName },
    ]);
  }
  return byKey;
}

/** What still uses a profile, named for the profile delete check. */
export async function blockListUsageOfProfile(
  syncs: BlockListSyncModel,
  profileId: string,
): Promise<string[]> {
  if (!Types.ObjectId.isValid(profileId)) return [];
  const found = await syncs.find({ userProfileId: profileId }, { listName: 1 }).lean();
  return found.map((sync) => `block list "${sync.listName}"`);
}

/** Spec 02 §6: an admin, or the owner of the sync's profile. */
function mayManage(
  user: SessionUser,
  sync: Pick<BlockListSyncDoc, 'userId'>,
  profile: Pick<ProfileDoc, 'ownerId'> | null,
): boolean {
  return mayAccessProfile(user, profile ?? { ownerId: sync.userId }, 'write');
}

/** A platform call's failure as the create form shows it (502); anything else is rethrown. */
export function platformFailure(error: unknown): HttpError {
  if (!isConnectorError(error)) throw error;
  const name = SYSTEM_NAMES[error.system];
  const said = error.vendorMessage ? `: ${error.vendorMessage}` : '.';
  const message =
    error.code === 'unauthorized' || error.code === 'forbidden'
      ? `${name} refused the API key${said}`
      : upstreamMessage(error);
  return new HttpError(502, AccountsErrorCodes.upstreamFailed, message);
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function toApi(
  sync: BlockListSyncDoc,
  profile: ProfileDoc | null,
  key: ApiKeyDoc | null,
  canManage: boolean,
): BlockListSync {
  return {
    id: sync._id.toString(),
    crm: sync.crm,
    listId: sync.listId,
    listIdILS: sync.listIdILS ?? sync.listId,
    listName: sync.listName,
    listType: sync.listType,
    userId: sync.userProfileId.toString(),
    user: {
      email: profile?.email ?? '',
      accountId: profile?.accountId ?? '',
      organizationId: profile?.organizationId ?? '',
      canBlockList: profile?.canBlockList ?? false,
    },
    apiKey: {
      id: sync.apiKeyId.toString(),
      description: key?.description ?? '(deleted key)',
      platform: sync.platform,
    },
    clientDetails: sync.client ? { id: sync.client.id, email: sync.client.email } : null,
    blockType: sync.blockType,
    useDomainForNonLatin: sync.useDomainForNonLatin,
    profileUrlFieldNames: sync.profileUrlFieldNames ?? [],
    fields: sync.fields ?? [],
    heyReachListId: sync.heyReachListId ?? null,
    lastFetchedAt: iso(sync.lastFetchedAt),
    lastAttemptedAt: iso(sync.lastAttemptedAt),
    lastError: sync.lastError ?? null,
    lastSmartleadError: sync.lastSmartleadError ?? null,
    countItemsSynced: sync.countItemsSynced ?? 0,
    countItemsNotSynced: sync.countItemsNotSynced ?? 0,
    isEnabled: sync.isEnabled,
    status: sync.status,
    progress: sync.progress ?? null,
    nextRunAt: sync.isEnabled ? iso(sync.nextRunAt) : null,
    canManage,
    createdAt: sync.createdAt.toISOString(),
  };
}
