import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * One run of a block-list sync (spec 02 §3 "Block-list log"), as History > Block Lists shows
 * it. The block-lists issue (14) writes these; the history screen reads them, and works on an
 * empty collection before that.
 */
export type BlockListLogDoc = {
  _id: Types.ObjectId;
  syncBlockListId: Types.ObjectId;
  /** The sync's owner (the signed-in user): a customer sees only their own runs. */
  userId: Types.ObjectId;
  /** The sync as it was when it ran (the table's name, type and Enabled columns). */
  syncBlockList: { listName: string; blockType: string; isEnabled: boolean };
  /** The values the run wrote, lower-case: the Email filter matches one of them exactly. */
  entities: string[];
  /** The same values as the Emails column shows them. */
  entityDetails: string;
  /** When the run was recorded: the list's order (newest first). */
  createdAt: Date;
  syncedAt: Date | null;
  lastError: string | null;
  /** Removed by MongoDB's TTL monitor after this time (retention). */
  expiresAt: Date;
};

const BlockListLogSchema = new Schema<BlockListLogDoc>(
  {
    syncBlockListId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    syncBlockList: {
      type: new Schema(
        {
          listName: { type: String, required: true },
          blockType: { type: String, required: true },
          isEnabled: { type: Boolean, required: true },
        },
        { _id: false },
      ),
      required: true,
    },
    entities: { type: [String], default: [] },
    entityDetails: { type: String, default: '' },
    createdAt: { type: Date, required: true },
    syncedAt: { type: Date, default: null },
    lastError: { type: String, default: null },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'blockListLogs' },
);
BlockListLogSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
// The list's filters, newest first: everyone (staff), per owner, per sync, per e-mail (multikey).
BlockListLogSchema.index({ createdAt: -1, _id: -1 });
BlockListLogSchema.index({ userId: 1, createdAt: -1, _id: -1 });
BlockListLogSchema.index({ syncBlockListId: 1, createdAt: -1, _id: -1 });
BlockListLogSchema.index({ entities: 1, createdAt: -1, _id: -1 });

export type BlockListLogModel = Model<BlockListLogDoc>;

export function blockListLogModel(connection: Connection): BlockListLogModel {
  return (
    (connection.models.BlockListLog as BlockListLogModel | undefined) ??
    connection.model<BlockListLogDoc>('BlockListLog', BlockListLogSchema)
  );
}
