import type { ActivityEventType, CrmKind } from '@outsync/contracts';
import type { CanonicalEvent, SyncStatus } from '@outsync/contracts/sync';
import type { WebhookCategory } from '@outsync/contracts/webhooks';
import type { KnownCategory } from './decisions/category-filter';
import type {
  ForwardState,
  SyncAttempt,
  SyncError,
  WebhookEventDoc,
  SyncSteps,
} from './event-record';
import type { CrmWriter, WriterSettings } from './write/crm-writer';

// What the pipeline needs from the features, declared here and implemented by them (the
// webhook-events feature's event store, category-holds' hold store, webhooks' and profiles'
// context); composition.ts wires one to the other. The pipeline imports no feature.

/** A run's hold on its events: another run may take them once `until` has passed. */
export type Lease = { owner: string; until: Date };

/** How a run of an event ends (or pauses until its next attempt). */
export type EventOutcome = {
  status: SyncStatus;
  reason?: string | null;
  errors?: SyncError[];
  nextAttemptAt?: Date | null;
  syncedAt?: Date | null;
};

/** The stored events as the queue the pipeline works through. */
export type EventStore = {
  /** Leases the events of `ids` that are due and free; answers those this lease holds, oldest first. */
  claim(ids: readonly string[], lease: Lease, now: Date): Promise<WebhookEventDoc[]>;
  /**
   * Leases up to `room` other due, free, live events of the accounts (profile ids), oldest due
   * first, skipping `except`; answers those this lease holds.
   */
  claimWaiting(input: {
    accounts: readonly string[];
    except: readonly string[];
    room: number;
    lease: Lease;
    now: Date;
  }): Promise<WebhookEventDoc[]>;
  /** Extends the lease of those of `ids` that `lease.owner` still holds. */
  renewLeases(ids: readonly string[], lease: Lease): Promise<void>;
  /** The steps of those of `ids` that `owner` still holds, by event id. */
  stepsHeldBy(ids: readonly string[], owner: string): Promise<Map<string, SyncSteps>>;
  recordSteps(eventId: string, steps: Partial<SyncSteps>): Promise<void>;
  recordForwards(eventId: string, states: ForwardState[]): Promise<void>;
  /**
   * Writes the run's outcome (`at`) on an event `owner` holds and lets it go; `attempt` (when
   * the run counts as one) is added to its attempts, and counted in `attemptCount` unless it
   * is a `waiting` one (a rate limit's wait spends no attempt).
   */
  finish(
    eventId: string,
    owner: string,
    outcome: EventOutcome,
    attempt: SyncAttempt | null,
    at: Date,
  ): Promise<void>;
  /** Moves the lead's held events back to pending under `lease`; answers those it took, in order. */
  releaseHeld(
    held: { webhookId: string; leadKey: string | null },
    lease: Lease,
    now: Date,
  ): Promise<WebhookEventDoc[]>;
  /** A failed or partially synced event made pending again, attempts reset; false otherwise. */
  requeue(eventId: string, now: Date): Promise<boolean>;
  /**
   * The account's pending events that wait for a later time made due `now` (its CRM answers
   * again); answers their ids, oldest first.
   */
  resumeAccount(accountKey: string, now: Date): Promise<string[]>;
  /**
   * Registers the delivery identity `key` for the event until `expiresAt`; false when another
   * event registered it first (a duplicate delivery).
   */
  registerDelivery(key: string, eventId: string, expiresAt: Date): Promise<boolean>;
};

/**
 * A CRM account's circuit (issue 29): closed while its CRM answers; open after consecutive
 * failed batches, when the account's events wait for a probe instead of spending attempts.
 */
export type AccountCircuit =
  | { state: 'closed'; failures: number }
  | { state: 'open'; since: Date; nextProbeAt: Date; reason: string };

/** The circuits of the CRM accounts, shared by every process. */
export type CircuitStore = {
  get(accountKey: string): Promise<AccountCircuit>;
  /**
   * Counts a failed batch; opens the circuit at `threshold` consecutive ones (first probe
   * `probeMs` later). Answers the circuit after it.
   */
  recordFailure(
    accountKey: string,
    input: { reason: string; now: Date; threshold: number; probeMs: number },
  ): Promise<AccountCircuit & { justOpened?: boolean }>;
  /** True for the one run that takes the due probe (the next is moved `probeMs` on). */
  claimProbe(accountKey: string, now: Date, probeMs: number): Promise<boolean>;
  /** The CRM answered: the circuit closes. Answers since when it had failed, if it was open. */
  recordSuccess(accountKey: string): Promise<Date | null>;
};

/** Who is told when a CRM account's circuit opens and closes (the alerts feature's). */
export type CircuitAlerts = {
  opened(input: { accountKey: string; since: Date; reason: string }): Promise<void>;
  /** The probe found the CRM answering; `resumed` events were due again at once. */
  recovered(input: { accountKey: string; since: Date; resumed: number }): Promise<void>;
};

/** The lead's category as the pipeline last learnt it, per webhook. */
export type LeadCategory = {
  id: string | null;
  name: string | null;
  /** A HeyReach lead's tags (all its categories). */
  tags?: string[];
} | null;

/** Events the category filter holds back, and what the pipeline knows of each lead's category. */
export type HoldStore = {
  /** Records the hold of an event (once per event) for the history's Category Base Filter. */
  hold(input: {
    doc: WebhookEventDoc;
    smartleadBaseCategories: WebhookCategory[];
    categoryName: string | null;
    at: Date;
  }): Promise<void>;
  /** The holds of these events are over: the lead reached an approved category. */
  markSent(eventIds: readonly string[], at: Date): Promise<void>;
  /**
   * Undefined when nothing is known of the lead yet, or only a platform's answer learnt before
   * `platformAnswersSince` (it is asked again).
   */
  leadCategory(
    webhookId: string,
    leadKey: string,
    options: { platformAnswersSince: Date },
  ): Promise<LeadCategory | undefined>;
  /** Remembers the lead's category as of `asOf`; an older statement never overwrites a newer one. */
  rememberLeadCategory(input: {
    webhookId: string;
    leadKey: string;
    category: LeadCategory;
    asOf: Date;
    source: 'event' | 'platform';
    /** When it was learnt. */
    at: Date;
  }): Promise<void>;
};

/** What the pipeline needs to know about the webhook an event came in on. */
export type WebhookContext = {
  webhookId: string;
  crm: CrmKind;
  /** The CRM account the writer batches by: profile id. */
  accountKey: string;
  ownerIsPaidTier: boolean;
  profileCanWebhook: boolean;
  /**
   * The profile's canUserAccount flag ("Additional Webhooks", spec 02 §4): may forward to
   * additional endpoints. Checked when each forward is sent, not only when the webhook is saved.
   */
  profileCanForward: boolean;
  settings: WriterSettings;
  smartleadBaseCategories: WebhookCategory[] | null;
  apiKeyId: string | null;
  endpoints: Array<{ userAccountId: string; eventTypes: ActivityEventType[] }>;
  /** The writer for the webhook's CRM account; null when the profile cannot be written. */
  writer: CrmWriter | null;
  /** Why `writer` is null, in words for the log. */
  writerProblem: string | null;
};

/** The lead's category as the platform knows it (Smartlead, Instantly); unknown elsewhere. */
export type PlatformCategoryLookup = (input: {
  apiKeyId: string;
  event: CanonicalEvent;
}) => Promise<KnownCategory>;

/** An additional endpoint's address and signing secret; null when it is gone. */
export type EndpointLookup = (
  userAccountId: string,
) => Promise<{ url: string; secret: string } | null>;

/**
 * What the pipeline reports of its runs (issue 33 metrics). A port, so the pipeline does not
 * reach into the platform: the service's Prometheus registry (platform/metrics) implements it.
 */
export type PipelineMetrics = {
  /** One run of an event ended; `syncedAt` when the CRM has it, `firstHold` on its first hold. */
  eventSettled(event: {
    crm: string;
    outcome: SyncAttempt['outcome'] | 'duplicate' | 'unsupported';
    receivedAt: Date;
    syncedAt?: Date | null | undefined;
    firstHold?: boolean;
  }): void;
  /** A held event went on to the CRM: released by its owner, by its category, or judged again. */
  eventReleased(crm: string, trigger: 'category' | 'rejudged' | 'owner'): void;
  forwardAttempt(result: 'delivered' | 'will_retry' | 'gave_up'): void;
};
