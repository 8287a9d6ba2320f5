import type { FailureCode } from '../failure-code';
import { isConnectorError } from '../../connectors/http/connector-error';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import type { SyncSteps } from '../event-record';
import type { HubspotWriteSettings } from './hubspot/hubspot-mapping';
import type { SalesforceWriteSettings } from './salesforce/salesforce-mapping';

// One interface per CRM writer (issue 11: "a writer per CRM behind one interface"); the
// pipeline hands a writer the events waiting for one CRM account, and the writer answers one
// outcome per event.

/** The stored webhook's settings: each writer reads the ones of its CRM. */
export type WriterSettings = HubspotWriteSettings & SalesforceWriteSettings;

export type WriteItem<Settings = WriterSettings> = {
  /** The event's id: also the `objectWriteTraceId` of what is created for it. */
  id: string;
  event: CanonicalEvent;
  settings: Settings;
  /** The steps completed by earlier attempts: done work is skipped. */
  steps: SyncSteps;
  /** The lead's key in the log (e-mail, else profile URL): how its counted events are found. */
  leadKey: string | null;
};

/**
 * Per lead key, how many of the lead's open and click events of this CRM account already have
 * their contact written (`steps.contactWritten`). A counter is that plus the batch's own events,
 * so an event whose write was applied but not recorded is counted once, on its retry.
 */
export type WrittenEventCounts = (
  leadKeys: readonly string[],
) => Promise<Map<string, { opens: number; clicks: number }>>;

/**
 * Of these CRM activity ids (e-mails, tasks), the ones an event of the log already records as its
 * own, with that event's id: a retry never adopts an activity another event wrote.
 */
export type RecordedActivities = (activityIds: readonly string[]) => Promise<Map<string, string>>;

/** Another process's claim on a new record, as `CreateClaims.claim` found it. */
export type CreateClaim =
  /** This writer may create it; `afterAnother`: a holder that stopped had claimed it before. */
  | { kind: 'mine'; afterAnother: boolean }
  /** Another writer created it: its id. */
  | { kind: 'created'; recordId: string }
  /** Another writer is creating it now. */
  | { kind: 'busy' };

/**
 * Who creates a new CRM record several workers may want at once (a company of one domain, a
 * person of one e-mail): claimed in the database before the create, shared by every process.
 * Keys name the CRM account, the object and the record's identity.
 */
export type CreateClaims = {
  claim(key: string, holder: string): Promise<CreateClaim>;
  /** The holder created it: later claims of `key` answer its id (for a while). */
  created(key: string, holder: string, recordId: string): Promise<void>;
  /** The holder's create failed: the key is free again. */
  release(key: string, holder: string): Promise<void>;
};

/** Saves completed steps on the event before the writer goes on (a retry then skips them). */
export type StepRecorder = (eventId: string, steps: Partial<SyncSteps>) => Promise<void>;

export type WriteOutcome =
  /**
   * Written. `warnings` name what was left out and how to fix it (a custom field the CRM lacks):
   * the log shows the event partially synced with them.
   */
  | { kind: 'written'; warnings?: string[] }
  /** Deliberately not written, by the webhook's settings (Update Only and no such person). */
  | { kind: 'skipped'; message: string }
  /**
   * The CRM could not take it now (rate limit, outage): try again, after `retryAfterMs` if given.
   * `rateLimited`: a rate limit sent it back (OutSync's budget or the CRM's 429), so the event
   * waits without spending an attempt.
   */
  | {
      kind: 'retry';
      step: string;
      message: string;
      code?: FailureCode;
      retryAfterMs?: number;
      rateLimited?: boolean;
    }
  /** The CRM refused it; trying again unchanged will not help. */
  | { kind: 'failed'; step: string; message: string; code?: FailureCode };

/**
 * Called when a write's turn on its CRM account comes (a process writes to one account one batch
 * at a time, so a batch may wait): answers the items to write now. Waiting may outlast the events'
 * lease, and another run may have taken some of them meanwhile; those are left out, and the rest
 * carry their steps as they are now.
 */
export type TurnCheck = <Item extends Pick<WriteItem<unknown>, 'id' | 'steps'>>(
  items: readonly Item[],
) => Promise<Item[]>;

export type CrmWriter<Settings = WriterSettings> = {
  /** One outcome per item written; an item left out by `onTurn` has none. */
  write(
    items: readonly WriteItem<Settings>[],
    record: StepRecorder,
    onTurn?: TurnCheck,
  ): Promise<Map<string, WriteOutcome>>;
};

/**
 * Sends an activity create whose start was recorded (`engagementStartedAt`, so a retry looks for
 * what an interrupted attempt created). A rate limit — OutSync's own budget or the CRM's 429 —
 * refuses the request before anything is created: the start of the events `unsent` names is
 * then withdrawn, so their retry creates again instead of searching once per event first.
 */
export async function createAfterRecordedStart<T>(
  record: StepRecorder,
  unsent: (error: unknown) => readonly string[],
  create: () => Promise<T>,
): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (isConnectorError(error) && error.code === 'rate_limited')
      await Promise.all(unsent(error).map((id) => record(id, { engagementStartedAt: undefined })));
    throw error;
  }
}
