import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { WebhookEventDoc } from '../../pipeline';

// The stored event's shape is the pipeline's (its queue entry and step record); this feature
// owns the collection: schema, indexes, model.
export {
  storedEvent,
  storedPayload,
  type ForwardState,
  type PayloadSummary,
  type SyncAttempt,
  type SyncError,
  type WebhookEventDoc,
  type SyncSteps,
} from '../../pipeline';

const WebhookEventSchema = new Schema<WebhookEventDoc>(
  {
    webhookId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    userProfileId: { type: Schema.Types.ObjectId, required: true },
    userEmail: { type: String, default: '' },
    crm: { type: String, required: true },
    hubId: { type: String, default: '' },
    webhookUrl: { type: String, default: '' },
    test: { type: Boolean, default: false },
    path: { type: String, required: true },
    payloadJson: { type: String },
    payload: { type: Schema.Types.Mixed },
    platform: { type: String, default: null },
    rawEventType: { type: String, default: null },
    eventType: { type: String, default: null },
    summary: { type: Schema.Types.Mixed, required: true },
    leadKey: { type: String, default: null },
    leadEmail: { type: String, default: null },
    campaignId: { type: String, default: null },
    platformLeadId: { type: String, default: null },
    eventJson: { type: String, default: null },
    event: { type: Schema.Types.Mixed, default: null },
    status: { type: String, required: true },
    reason: { type: String, default: null },
    errors: { type: Schema.Types.Mixed, default: [] },
    steps: { type: Schema.Types.Mixed, default: {} },
    attempts: { type: Schema.Types.Mixed, default: [] },
    attemptCount: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, default: null },
    lease: { type: Schema.Types.Mixed, default: null },
    receivedAt: { type: Date, required: true },
    syncedAt: { type: Date, default: null },
    updatedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  // `errors` is a field of the spec's log, not mongoose's validation errors.
  {
    versionKey: false,
    collection: 'webhookLogs',
    suppressReservedKeysWarning: true,
    minimize: false,
  },
);

// Retention: MongoDB removes a log once `expiresAt` has passed.
WebhookEventSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
// The pipeline's queue: pending events by due time (the stranded-event sweep).
WebhookEventSchema.index({ status: 1, nextAttemptAt: 1 });
// The sweep's held events not judged for an hour.
WebhookEventSchema.index(
  { updatedAt: 1 },
  { name: 'held_by_updatedAt', partialFilterExpression: { status: 'held' } },
);
// Held events of one lead on one webhook, released in order.
WebhookEventSchema.index({ webhookId: 1, leadKey: 1, status: 1, receivedAt: 1 });
// The open and click counters: a lead's events of one CRM account whose contact is written.
WebhookEventSchema.index({ userProfileId: 1, leadKey: 1, eventType: 1 });
// A retry's "did another event already record this activity?" (the writers' recovery path).
WebhookEventSchema.index({ 'steps.engagementId': 1 }, { sparse: true });
// The owners' hourly digest of failures (issue 29 "Alerts"): few events fail, so a partial index.
WebhookEventSchema.index(
  { updatedAt: 1 },
  { partialFilterExpression: { status: 'failed' }, name: 'failed_by_time' },
);
// The live view's poll (issue 34, item 1): one watched webhook's logs changed since a time.
WebhookEventSchema.index({ webhookId: 1, updatedAt: 1 });
// History (spec 02 §2.9, issue 13): each filter's field, then the list's order (receivedAt,
// _id, newest first), so a page is read in order without a sort and a count scans only the
// matching keys. A customer's queries always carry userId; their eventType and status have
// their own (status values can be rare). Other combinations use the most selective of these
// and test the rest on the documents read. Across all customers an event type or a status alone
// is common enough that reading newest first and testing it fills a page soon: no index of its
// own, as every index costs each of the many inserts.
WebhookEventSchema.index({ receivedAt: -1, _id: -1 });
WebhookEventSchema.index({ userId: 1, receivedAt: -1, _id: -1 });
WebhookEventSchema.index({ userId: 1, eventType: 1, receivedAt: -1, _id: -1 });
WebhookEventSchema.index({ userId: 1, status: 1, receivedAt: -1, _id: -1 });
WebhookEventSchema.index({ leadEmail: 1, receivedAt: -1, _id: -1 });
WebhookEventSchema.index({ userEmail: 1, receivedAt: -1, _id: -1 });
WebhookEventSchema.index({ webhookId: 1, receivedAt: -1, _id: -1 });
WebhookEventSchema.index({ webhookUrl: 1, receivedAt: -1, _id: -1 });
WebhookEventSchema.index({ hubId: 1, receivedAt: -1, _id: -1 });

export type WebhookEventModel = Model<WebhookEventDoc>;

/** Fields the stored texts replace (and the older documents), left out where only the rest is read. */
export const STORED_TEXT_FIELDS = { payloadJson: 0, eventJson: 0, payload: 0, event: 0 } as const;

export function webhookEventModel(connection: Connection): WebhookEventModel {
  return (
    (connection.models.WebhookEvent as WebhookEventModel | undefined) ??
    connection.model<WebhookEventDoc>('WebhookEvent', WebhookEventSchema)
  );
}

/**
 * One delivery identity seen on a webhook (`_id` = `{webhookId}:{dedupKeyOf(event).key}`): a second event
 * with the same identity is a duplicate. Kept 24 hours for hash identities, 30 days for the
 * platform's own event ids.
 */
export type WebhookDeliveryDoc = { _id: string; eventId: Types.ObjectId; expiresAt: Date };

const WebhookDeliverySchema = new Schema<WebhookDeliveryDoc>(
  {
    _id: { type: String, required: true },
    eventId: { type: Schema.Types.ObjectId, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'webhookDeliveries' },
);
WebhookDeliverySchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type WebhookDeliveryModel = Model<WebhookDeliveryDoc>;

export function webhookDeliveryModel(connection: Connection): WebhookDeliveryModel {
  return (
    (connection.models.WebhookDelivery as WebhookDeliveryModel | undefined) ??
    connection.model<WebhookDeliveryDoc>('WebhookDelivery', WebhookDeliverySchema)
  );
}
