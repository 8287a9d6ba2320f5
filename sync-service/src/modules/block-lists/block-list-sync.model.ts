import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A block-list sync, reduced to what History > Block Lists needs (its Block list filter).
 * A minimal model: the block-lists issue (14) extends this schema with the rest of spec 02 §3
 * "Block-list sync" (apiKey, blockType, status, counts…) rather than defining another one.
 *
 * `userId` here is the owning signed-in user, which is what the history screens scope by.
 * (Spec 02 §3 names the owning profile `userId` in the API's shape; issue 14 keeps the profile
 * in a field of its own, or maps it, but keeps this owner id for scoping.)
 */
export type BlockListSyncDoc = {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  listId: string;
  listIdILS: string | null;
  listName: string;
};

const BlockListSyncSchema = new Schema<BlockListSyncDoc>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    listId: { type: String, required: true },
    listIdILS: { type: String, default: null },
    listName: { type: String, default: '' },
  },
  { versionKey: false, collection: 'blockListSyncs' },
);
BlockListSyncSchema.index({ userId: 1 });

export type BlockListSyncModel = Model<BlockListSyncDoc>;

export function blockListSyncModel(connection: Connection): BlockListSyncModel {
  return (
    (connection.models.BlockListSync as BlockListSyncModel | undefined) ??
    connection.model<BlockListSyncDoc>('BlockListSync', BlockListSyncSchema)
  );
}
