import type { BackfillStatus } from '@outsync/contracts/webhooks';
import type { Platform } from '@outsync/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * One "Import past activity" run of a webhook (issue 34, item 3). The cursor and the counters
 * are saved together after each page, so a restart goes on after the last saved page.
 */
export type BackfillDoc = {
  _id: Types.ObjectId;
  webhookId: Types.ObjectId;
  userId: Types.ObjectId;
  userProfileId: Types.ObjectId;
  platform: Platform;
  /** The platform key the history is read with (the webhook's, or one of its profile's). */
  apiKeyId: Types.ObjectId;
  status: BackfillStatus;
  /** True until it ends (queued, running or paused): one such backfill per webhook. */
  active: boolean;
  from: Date;
  to: Date;
  campaigns: Array<{ id: string; name: string | null }>;
  /** The reader's cursor after the last page whose events are stored; null before the first. */
  cursor: string | null;
  pagesRead: number;
  eventsFound: number;
  queued: number;
  skipped: number;
  progress: { campaign: number; campaigns: number; done: number; total: number | null } | null;
  /** Asked to stop: the run stops between pages. */
  cancelRequested: boolean;
  /** A run holds the backfill until then (renewed per page); another worker waits it out. */
  leaseUntil: Date | null;
  resumesAt: Date | null;
  error: string | null;
  createdBy: Types.ObjectId;
  createdAt: Date;
  startedAt: Date | null;
  /** Time spent reading so far (ms), across runs: the ETA's rate. */
  activeMs: number;
  finishedAt: Date | null;
  updatedAt: Date;
};

const BackfillSchema = new Schema<BackfillDoc>(
  {
    webhookId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    userProfileId: { type: Schema.Types.ObjectId, required: true },
    platform: { type: String, required: true },
    apiKeyId: { type: Schema.Types.ObjectId, required: true },
    status: { type: String, required: true },
    active: { type: Boolean, required: true },
    from: { type: Date, required: true },
    to: { type: Date, required: true },
    campaigns: { type: Schema.Types.Mixed, required: true },
    cursor: { type: String, default: null },
    pagesRead: { type: Number, default: 0 },
    eventsFound: { type: Number, default: 0 },
    queued: { type: Number, default: 0 },
    skipped: { type: Number, default: 0 },
    progress: { type: Schema.Types.Mixed, default: null },
    cancelRequested: { type: Boolean, default: false },
    leaseUntil: { type: Date, default: null },
    resumesAt: { type: Date, default: null },
    error: { type: String, default: null },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Date, required: true },
    startedAt: { type: Date, default: null },
    activeMs: { type: Number, default: 0 },
    finishedAt: { type: Date, default: null },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'backfills', minimize: false },
);

// A webhook's backfills, newest first (the list), and its unfinished one (one at a time).
BackfillSchema.index({ webhookId: 1, createdAt: -1 });
// One unfinished backfill per webhook, held by the database so two starts at once cannot both win.
BackfillSchema.index(
  { webhookId: 1 },
  {
    unique: true,
    name: 'one_unfinished_per_webhook',
    // Equality only: what every server's partial indexes take (the embedded one included).
    partialFilterExpression: { active: true },
  },
);
// The sweep: unfinished backfills whose run is lost or whose pause is over.
BackfillSchema.index({ status: 1, leaseUntil: 1 });

export type BackfillModel = Model<BackfillDoc>;

export function backfillModel(connection: Connection): BackfillModel {
  return (
    (connection.models.Backfill as BackfillModel | undefined) ??
    connection.model<BackfillDoc>('Backfill', BackfillSchema)
  );
}
