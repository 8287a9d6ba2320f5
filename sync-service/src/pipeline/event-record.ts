import type { ActivityEventType, CrmKind, Platform } from '@outsync/contracts';
import type { CanonicalEvent, SyncStatus } from '@outsync/contracts/sync';
import type { Types } from 'mongoose';
import type { FailureCode } from './failure-code';

// The stored event as the pipeline reads and records it. It is at once the durable queue entry,
// the step record of the CRM work and the history screens' webhook log; the webhook-events
// feature owns its collection (schema, indexes) and implements the pipeline's EventStore over it.

/** What the history screens show of a payload (spec 02 §3 `smartleadPayload.payload`). */
export type PayloadSummary = {
  subject: string | null;
  to_email: string | null;
  from_email: string | null;
  event_type: string | null;
};

/**
 * One entry of `webhookLogResults.errors` (spec 02 §3): what failed, in words; `code` says what
 * kind of failure (absent on logs stored before it was kept).
 */
export type SyncError = { step: string; message: string; at: Date; code?: FailureCode };

/** One run of the event's job. */
export type SyncAttempt = {
  at: Date;
  durationMs: number;
  /** `waiting`: a rate limit sent it back; recorded, but not counted in `attemptCount`. */
  outcome:
    'synced' | 'partially_synced' | 'retrying' | 'waiting' | 'failed' | 'held' | 'not_synced';
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
  /**
   * The CRM's part, once it is over while endpoints still wait for their own attempts: a run
   * that only retries endpoints settles with it, without the writer or the account's circuit.
   */
  crmOutcome?: SettledCrmOutcome;
  /** Released by its owner from the category filter: written whatever its lead's category. */
  releasedAt?: Date;
};

/** How the CRM's part of an event ended (the writer's outcomes but a retry). */
export type SettledCrmOutcome =
  | { kind: 'written'; warnings?: string[] }
  | { kind: 'skipped'; message: string }
  | { kind: 'failed'; step: string; message: string; code?: FailureCode };

/**
 * A webhook delivery: the raw payload as received and everything the pipeline did with it.
 * Stored before the platform gets its 2xx, so it is also the durable queue entry; the history
 * screens read it as the webhook log (spec 02 §3 "Webhook log").
 */
export type WebhookEventDoc = {
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

/** The payload a log keeps, whichever way it was stored. */
export function storedPayload(doc: Pick<WebhookEventDoc, 'payloadJson' | 'payload'>): unknown {
  return doc.payloadJson === undefined ? (doc.payload ?? null) : JSON.parse(doc.payloadJson);
}

/** The canonical event a log keeps (null for an unsupported payload). */
export function storedEvent(
  doc: Pick<WebhookEventDoc, 'eventJson' | 'event'>,
): CanonicalEvent | null {
  if (typeof doc.eventJson === 'string') return JSON.parse(doc.eventJson) as CanonicalEvent;
  return doc.event ?? null;
}
