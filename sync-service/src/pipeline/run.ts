import type { CanonicalEvent, SyncStatus } from '@outsync/contracts/sync';
import type { Logger } from '../platform/logger';
import type { WebhookEventDoc } from './event-record';
import type { EndpointFetch } from './forward';
import type {
  EndpointLookup,
  CircuitAlerts,
  CircuitStore,
  EventStore,
  HoldStore,
  Lease,
  PipelineMetrics,
  PlatformCategoryLookup,
  WebhookContext,
} from './ports';

export type SyncPipelineDeps = {
  events: EventStore;
  holds: HoldStore;
  circuits: CircuitStore;
  /** Told when a CRM account's circuit opens. */
  alerts: CircuitAlerts;
  /** Null when the webhook is gone. */
  loadContext(webhookId: string): Promise<WebhookContext | null>;
  platformCategory: PlatformCategoryLookup;
  endpoint: EndpointLookup;
  fetch: EndpointFetch;
  /** Queues a run of `eventIds` at `at` (an Agenda job). */
  schedule(eventIds: string[], at: Date): Promise<void>;
  now(): Date;
  logger: Logger;
  /** Attempts before an event is failed. */
  maxAttempts: number;
  /** The waits after each failed attempt; the pipeline's own schedule when omitted. */
  retryScheduleMs?: readonly number[] | undefined;
  /** How long a run holds its events before another worker may take them. */
  leaseMs: number;
  /**
   * A run takes, besides its job's events, the other due events of the same CRM accounts that
   * no run holds, up to this many in all: under a backlog, batches grow instead of jobs waiting
   * in line with a few events each (their own jobs then find nothing left to do). 1: never.
   */
  maxBatch?: number;
  /** Where each run's outcomes are counted (issue 33); nothing is counted when omitted. */
  metrics?: PipelineMetrics;
};

/** One run of the pipeline over a batch: its dependencies, its lease token and its log. */
export type PipelineRun = {
  deps: SyncPipelineDeps;
  /** The lease owner of every event this run holds. */
  token: string;
  log: Logger;
};

/** An event that passed the checks, with its webhook's context: it goes to the CRM. */
export type ReadyEvent = { doc: WebhookEventDoc; context: WebhookContext; event: CanonicalEvent };

/** The status of an event waiting for its (next) attempt. */
export const PENDING: SyncStatus = 'received';

/** This run's lease, from `from` for the configured time. */
export function leaseFor(run: PipelineRun, from: Date): Lease {
  return { owner: run.token, until: new Date(from.getTime() + run.deps.leaseMs) };
}
