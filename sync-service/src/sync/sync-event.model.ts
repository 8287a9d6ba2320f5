import type { ActivityEventType, CrmKind, Platform } from '@outsync/contracts';
import type { CanonicalEvent, SyncStatus } from '@outsync/contracts/sync';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** What the history screens show of a payload (spec 02 §3 `smartleadPayload.payload`). */
export type PayloadSummary = {
  subject: string | null;
  to_email: string | null;
  from_email: string | null;
  event_type: string | null;
};

/** One entry of `webhookLogResults.errors` (spec 02 §3): what failed, in words. */
export type SyncError = { step: string; message: string; at: Date };

/** One run of the event's job. */
export type SyncAttempt = {
  at: Date;
  durationMs: number;
  outcome: 'synced' | 'partially_synced' | 'retrying' | 'failed' | 'held' | 'not_synced';
  message: string | null;
};

/** An additional endpoint's delivery state. */
export type ForwardState = {
  userAccountId: string;
  url: string;
  ok: boolean;
  attempts: number;
  status: number | null;
  reason: string | null;
  at: Date;
};

/**
 * The CRM work completed for the event, recorded step by step as it succeeds, so a retried
 * job skips what is done and never writes twice (issue 11 "Write to HubSpot").
 */
export type SyncSteps = {
  contactId?: string;
  /** True once the contact's properties of this event are written. */
  contactWritten?: boolean;
  companyId?: string;
  /** The company is the contact's (associated). */
  companyAssociated?: boolean;
  engagementId?: string;
  engagementType?: 'emails' | 'tasks';
  /** Set before the engagement create is sent: a retry that finds it without an id looks the engagement up first. */
  engagementStartedAt?: Date;
  forwards?: ForwardState[];
};

/**
 * A webhook delivery: the raw payload as received and everything the pipeline did with it.
 * Stored before the platform gets its 2xx, so it is also the durable queue entry; the history
 * screens read it as the webhook log (spec 02 §3 "Webhook log").
 */
export type SyncEventDoc = {
  _id: Types.ObjectId;
  webhookId: Types.ObjectId;
  /** The webhook's owner. */
  userId: Types.ObjectId;
  userProfileId: Types.ObjectId;
  /** The owner's e-mail when received (history's User column and filter). */
  userEmail: string;
  crm: CrmKind;
  /** The CRM account: HubSpot hub id, Salesforce org id. */
  hubId: string;
  webhookUrl: string;
  /** Sent through the Send Test Webhook dialog (`/webhooks/test/{code}`). */
  test: boolean;
  /** The request path (`smartleadPayload.path`). */
  path: string;
  /**
   * The payload as received (without `secret_key`), as JSON text: BSON-encoding a platform's
   * nested payload, and the database decoding and journaling it, cost the receiver more than
   * anything else it does, and nothing queries inside it. Read it with `storedPayload`.
   */
  payloadJson?: string;
  platform: Platform | null;
  rawEventType: string | null;
  eventType: ActivityEventType | null;
  summary: PayloadSummary;
  /** The lead's identity: e-mail, else profile URL (lower-case). */
  leadKey: string | null;
  leadEmail: string | null;
  campaignId: string | null;
  platformLeadId: string | null;
  /** The canonical event as JSON text, for the same reason; read it with `storedEvent`. */
  eventJson?: string | null;
  /** Logs stored before the two fields above kept these as documents. */
  payload?: unknown;
  event?: CanonicalEvent | null;
  status: SyncStatus;
  /** Why it is held, not synced, unsupported or a duplicate. */
  reason: string | null;
  errors: SyncError[];
  steps: SyncSteps;
  attempts: SyncAttempt[];
  attemptCount: number;
  /** When the next attempt is due (received and retrying events). */
  nextAttemptAt: Date | null;
  /** The worker that holds the event until `until`; another may take it after. */
  lease: { owner: string; until: Date } | null;
  receivedAt: Date;
  syncedAt: Date | null;
  updatedAt: Date;
  /** Removed by MongoDB's TTL monitor after this time (retention). */
  expiresAt: Date;
};

const SyncEventSchema = new Schema<SyncEventDoc>(
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
SyncEventSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
// The pipeline's queue: pending events by due time (the stranded-event sweep).
SyncEventSchema.index({ status: 1, nextAttemptAt: 1 });
// Held events of one lead on one webhook, released in order.
SyncEventSchema.index({ webhookId: 1, leadKey: 1, status: 1, receivedAt: 1 });
// The open and click counters: a lead's events of one CRM account whose contact is written.
SyncEventSchema.index({ userProfileId: 1, leadKey: 1, eventType: 1 });
// History (spec 02 §2.9, issue 13): each filter's field, then the list's order (receivedAt,
// _id, newest first), so a page is read in order without a sort and a count scans only the
// matching keys. A customer's queries always carry userId; their eventType and status have
// their own (status values can be rare). Other combinations use the most selective of these
// and test the rest on the documents read. Across all customers an event type or a status alone
// is common enough that reading newest first and testing it fills a page soon: no index of its
// own, as every index costs each of the many inserts.
SyncEventSchema.index({ receivedAt: -1, _id: -1 });
SyncEventSchema.index({ userId: 1, receivedAt: -1, _id: -1 });
SyncEventSchema.index({ userId: 1, eventType: 1, receivedAt: -1, _id: -1 });
SyncEventSchema.index({ userId: 1, status: 1, receivedAt: -1, _id: -1 });
SyncEventSchema.index({ leadEmail: 1, receivedAt: -1, _id: -1 });
SyncEventSchema.index({ userEmail: 1, receivedAt: -1, _id: -1 });
SyncEventSchema.index({ webhookId: 1, receivedAt: -1, _id: -1 });
SyncEventSchema.index({ webhookUrl: 1, receivedAt: -1, _id: -1 });
SyncEventSchema.index({ hubId: 1, receivedAt: -1, _id: -1 });

export type SyncEventModel = Model<SyncEventDoc>;

/** The payload a log keeps, whichever way it was stored. */
export function storedPayload(doc: Pick<SyncEventDoc, 'payloadJson' | 'payload'>): unknown {
  return doc.payloadJson === undefined ? (doc.payload ?? null) : JSON.parse(doc.payloadJson);
}

/** The canonical event a log keeps (null for an unsupported payload). */
export function storedEvent(doc: Pick<SyncEventDoc, 'eventJson' | 'event'>): CanonicalEvent | null {
  if (typeof doc.eventJson === 'string') return JSON.parse(doc.eventJson) as CanonicalEvent;
  return doc.event ?? null;
}

/** Fields the stored texts replace (and the older documents), left out where only the rest is read. */
export const STORED_TEXT_FIELDS = { payloadJson: 0, eventJson: 0, payload: 0, event: 0 } as const;

export function syncEventModel(connection: Connection): SyncEventModel {
  return (
    (connection.models.SyncEvent as SyncEventModel | undefined) ??
    connection.model<SyncEventDoc>('SyncEvent', SyncEventSchema)
  );
}

/**
 * One delivery identity seen on a webhook (`_id` = `{webhookId}:{dedupKeyOf(event).key}`): a second event
 * with the same identity is a duplicate. Kept 24 hours for hash identities, 30 days for the
 * platform's own event ids.
 */
export type SyncDedupDoc = { _id: string; eventId: Types.ObjectId; expiresAt: Date };

const SyncDedupSchema = new Schema<SyncDedupDoc>(
  {
    _id: { type: String, required: true },
    eventId: { type: Schema.Types.ObjectId, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'webhookDeliveries' },
);
SyncDedupSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type SyncDedupModel = Model<SyncDedupDoc>;

export function syncDedupModel(connection: Connection): SyncDedupModel {
  return (
    (connection.models.SyncDedup as SyncDedupModel | undefined) ??
    connection.model<SyncDedupDoc>('SyncDedup', SyncDedupSchema)
  );
}
