import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * One sync alert (`sync.failed`, `sync.recovered`) to one endpoint that asked for them: an
 * outbox, so an alert raised by one worker is delivered by any, on the forwarding schedule,
 * and survives a restart.
 */
export type EndpointNoticeDoc = {
  _id: Types.ObjectId;
  /** The alert's id: the same for every endpoint it goes to (the body's `id`). */
  noticeId: string;
  endpointId: Types.ObjectId;
  /** The CRM account (profile) the alert is about; its endpoints are the ones told. */
  profileId: Types.ObjectId;
  type: 'sync.failed' | 'sync.recovered';
  /** The body's fields after `version`, `type`, `id`, `sentAt` and `attempt`. */
  details: Record<string, unknown>;
  /** Attempts made (claimed) so far. */
  attempts: number;
  state: 'pending' | 'delivered' | 'given_up';
  /** Due time while pending (a claimed attempt moves it on by the claim's lease). */
  nextAttemptAt: Date;
  /** The last attempt's result, in words. */
  lastResult: string | null;
  createdAt: Date;
};

const EndpointNoticeSchema = new Schema<EndpointNoticeDoc>(
  {
    noticeId: { type: String, required: true },
    endpointId: { type: Schema.Types.ObjectId, required: true },
    profileId: { type: Schema.Types.ObjectId, required: true },
    type: { type: String, required: true, enum: ['sync.failed', 'sync.recovered'] },
    details: { type: Schema.Types.Mixed, required: true },
    attempts: { type: Number, required: true, default: 0 },
    state: { type: String, required: true, enum: ['pending', 'delivered', 'given_up'] },
    nextAttemptAt: { type: Date, required: true },
    lastResult: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'endpointNotices', versionKey: false, minimize: false },
);
// The due look-up; delivered and given-up notices are kept 30 days for support, then dropped.
EndpointNoticeSchema.index(
  { nextAttemptAt: 1 },
  { name: 'pending_due', partialFilterExpression: { state: 'pending' } },
);
EndpointNoticeSchema.index({ createdAt: 1 }, { name: 'expiry', expireAfterSeconds: 30 * 86_400 });

export type EndpointNoticeModel = Model<EndpointNoticeDoc>;

export function endpointNoticeModel(connection: Connection): EndpointNoticeModel {
  return (
    (connection.models.EndpointNotice as EndpointNoticeModel | undefined) ??
    connection.model<EndpointNoticeDoc>('EndpointNotice', EndpointNoticeSchema)
  );
}
