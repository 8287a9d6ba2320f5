import type { CrmKind, Platform } from '@outsync/contracts';
import type {
  BlockListProgress,
  BlockListSyncStatus,
  BlockListType,
  BlockType,
} from '@outsync/contracts/accounts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A block-list sync (spec 02 §3 "Block-list sync"): a CRM list kept pushed into a platform's
 * block list. The API calls the owning profile `userId`; here `userId` is the signed-in user who
 * owns that profile (what History scopes by) and `userProfileId` the profile.
 */
export type BlockListSyncDoc = {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  userProfileId: Types.ObjectId;
  crm: CrmKind;
  /** HubSpot: the ILS list id; Salesforce: the report id. */
  listId: string;
  listIdILS: string | null;
  listName: string;
  listType: BlockListType;
  apiKeyId: Types.ObjectId;
  platform: Platform;
  /** Smartlead: the agency client the entries are scoped to. */
  client: { id: string; email: string } | null;
  blockType: BlockType;
  useDomainForNonLatin: boolean;
  profileUrlFieldNames: string[];
  /** Salesforce: the report columns read. */
  fields: string[];
  heyReachListId: string | null;
  isEnabled: boolean;
  status: BlockListSyncStatus;
  progress: BlockListProgress | null;
  lastFetchedAt: Date | null;
  lastAttemptedAt: Date | null;
  lastError: string | null;
  lastSmartleadError: string | null;
  countItemsSynced: number;
  countItemsNotSynced: number;
  /** When the queue sweep next starts a run; null while paused. */
  nextRunAt: Date | null;
  /** The run holding the sync: no second run starts before `until`. */
  lease: { runId: string; until: Date } | null;
  createdAt: Date;
  updatedAt: Date;
};

const BlockListSyncSchema = new Schema<BlockListSyncDoc>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    userProfileId: { type: Schema.Types.ObjectId, required: true },
    crm: { type: String, enum: ['HUBSPOT', 'SALESFORCE'], required: true },
    listId: { type: String, required: true },
    listIdILS: { type: String, default: null },
    listName: { type: String, default: '' },
    listType: { type: String, enum: ['CONTACT_LIST', 'COMPANY_LIST'], required: true },
    apiKeyId: { type: Schema.Types.ObjectId, required: true },
    platform: {
      type: String,
      enum: ['smartlead', 'instantly', 'bison', 'heyreach'],
      required: true,
    },
    client: {
      type: new Schema({ id: String, email: String }, { _id: false }),
      default: null,
    },
    blockType: { type: String, enum: ['ADDRESS', 'DOMAIN'], required: true },
    useDomainForNonLatin: { type: Boolean, default: false },
    profileUrlFieldNames: { type: [String], default: [] },
    fields: { type: [String], default: [] },
    heyReachListId: { type: String, default: null },
    isEnabled: { type: Boolean, default: true },
    status: {
      type: String,
      enum: ['QUEUED', 'SYNCING', 'SYNCED', 'FAILED'],
      default: 'QUEUED',
    },
    progress: {
      type: new Schema(
        { phase: String, done: Number, total: { type: Number, default: null } },
        { _id: false },
      ),
      default: null,
    },
    lastFetchedAt: { type: Date, default: null },
    lastAttemptedAt: { type: Date, default: null },
    lastError: { type: String, default: null },
    lastSmartleadError: { type: String, default: null },
    countItemsSynced: { type: Number, default: 0 },
    countItemsNotSynced: { type: Number, default: 0 },
    nextRunAt: { type: Date, default: null },
    lease: {
      type: new Schema({ runId: String, until: Date }, { _id: false }),
      default: null,
    },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'blockListSyncs' },
);
BlockListSyncSchema.index({ userId: 1 });
BlockListSyncSchema.index({ userProfileId: 1 });
BlockListSyncSchema.index({ apiKeyId: 1 });
// The queue sweep: enabled syncs whose next run is due.
BlockListSyncSchema.index({ isEnabled: 1, nextRunAt: 1 });

export type BlockListSyncModel = Model<BlockListSyncDoc>;

export function blockListSyncModel(connection: Connection): BlockListSyncModel {
  return (
    (connection.models.BlockListSync as BlockListSyncModel | undefined) ??
    connection.model<BlockListSyncDoc>('BlockListSync', BlockListSyncSchema)
  );
}

/**
 * What a sync's successful runs left on the platform (block-diff.ts's BlockListState), kept
 * apart from the sync so the list of syncs never loads it: a 100,000-member list is a few MB.
 */
export type BlockListStateDoc = {
  /** The sync's id. */
  _id: Types.ObjectId;
  written: string[];
  keptAfterRemoval: string[];
  /** Written values the platform refused (Instantly's invalid entries): not synced, not resent. */
  refused: string[];
};

const BlockListStateSchema = new Schema<BlockListStateDoc>(
  {
    written: { type: [String], default: [] },
    keptAfterRemoval: { type: [String], default: [] },
    refused: { type: [String], default: [] },
  },
  { versionKey: false, collection: 'blockListStates' },
);

export type BlockListStateModel = Model<BlockListStateDoc>;

export function blockListStateModel(connection: Connection): BlockListStateModel {
  return (
    (connection.models.BlockListState as BlockListStateModel | undefined) ??
    connection.model<BlockListStateDoc>('BlockListState', BlockListStateSchema)
  );
}
