import type { CanonicalEvent } from '@outsync/contracts/sync';
import type { SyncSteps } from '../sync-event.model';
import type { HubspotWriteSettings } from './hubspot-mapping';

// One interface per CRM writer (issue 11: "a writer per CRM behind one interface"); the
// pipeline hands a writer the events waiting for one CRM account, and the writer answers one
// outcome per event.

export type WriteItem = {
  /** The event's id: also the `objectWriteTraceId` of what is created for it. */
  id: string;
  event: CanonicalEvent;
  settings: HubspotWriteSettings;
  /** The steps completed by earlier attempts: done work is skipped. */
  steps: SyncSteps;
};

/** Saves completed steps on the event before the writer goes on (a retry then skips them). */
export type StepRecorder = (eventId: string, steps: Partial<SyncSteps>) => Promise<void>;

export type WriteOutcome =
  | { kind: 'written' }
  /** The CRM could not take it now (rate limit, outage): try again, after `retryAfterMs` if given. */
  | { kind: 'retry'; step: string; message: string; retryAfterMs?: number }
  /** The CRM refused it; trying again unchanged will not help. */
  | { kind: 'failed'; step: string; message: string };

export type CrmWriter = {
  write(items: readonly WriteItem[], record: StepRecorder): Promise<Map<string, WriteOutcome>>;
};
