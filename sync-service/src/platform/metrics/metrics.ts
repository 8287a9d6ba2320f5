import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type LabelValues,
} from 'prom-client';

// The service's Prometheus metrics (issue 33, item 3). The pipeline, the features and the
// connectors' fetch call the `Metrics` port; only this file knows prom-client, the metric names
// and their labels. Every label takes a value from a short fixed list (never an id, an e-mail or
// a URL), so the series stay few whatever the traffic. docs/operations.md lists the metrics.

/** How a delivery to `POST /webhooks/{code}` ended. */
export type ReceiveResult =
  | 'accepted'
  | 'unsupported'
  | 'unknown_webhook'
  | 'invalid_body'
  | 'too_large'
  | 'not_stored'
  | 'error';

/** How one run of an event through the pipeline ended (the attempt's outcome, or its status). */
export type AttemptOutcome =
  | 'synced'
  | 'partially_synced'
  | 'failed'
  | 'held'
  | 'not_synced'
  | 'retrying'
  | 'waiting'
  | 'duplicate'
  | 'unsupported';

/** Why a held event went on to the CRM. */
export type ReleaseTrigger = 'category' | 'rejudged' | 'owner';

/** One attempt to forward an event to an additional endpoint. */
export type ForwardResult = 'delivered' | 'will_retry' | 'gave_up';

/** A block-list run's end: its sync's status, or why it did not run. */
export type BlockListRunResult =
  'synced' | 'failed' | 'error' | 'not_found' | 'paused' | 'held_elsewhere' | 'not_approved';

/** Events waiting in the queue: due now (or running), due later (a retry's wait), held. */
export type QueueDepth = { due: number; scheduled: number; held: number };

/** The port the pipeline, the features and the outbound fetch report to. */
export type Metrics = {
  /** A platform's delivery to the receiver (live events; test events are not counted). */
  eventReceived(platform: string | null, result: ReceiveResult): void;
  /**
   * One run of an event ended (settle's `finish`). `syncedAt` when the CRM has it: the
   * receipt-to-CRM latency. `firstHold` when the event is held for the first time.
   */
  eventSettled(event: {
    crm: string;
    outcome: AttemptOutcome;
    receivedAt: Date;
    syncedAt?: Date | null | undefined;
    firstHold?: boolean;
  }): void;
  /** A held event went on to the CRM. */
  eventReleased(crm: string, trigger: ReleaseTrigger): void;
  forwardAttempt(result: ForwardResult): void;
  /**
   * One HTTP attempt to an outside system (every retry counts): its status, or null when no
   * answer came (network error, timeout).
   */
  outboundCall(system: string, status: number | null, seconds: number): void;
  blockListRun(run: { result: BlockListRunResult; seconds: number; valuesWritten: number }): void;
  /** Where the queue depth is read at scrape time (the composition root sets it). */
  queueDepthFrom(read: () => Promise<QueueDepth>): void;
};

/** For harnesses and tests that do not read metrics. */
export const noopMetrics: Metrics = {
  eventReceived() {},
  eventSettled() {},
  eventReleased() {},
  forwardAttempt() {},
  outboundCall() {},
  blockListRun() {},
  queueDepthFrom() {},
};

/** Platforms and CRMs as labels; anything else (a value that is not one) becomes `other`. */
const PLATFORMS = new Set(['smartlead', 'instantly', 'heyreach', 'bison']);
const SYSTEMS = new Set([...PLATFORMS, 'hubspot', 'salesforce']);
const CRMS = new Set(['hubspot', 'salesforce']);

function platformLabel(platform: string | null): string {
  return platform && PLATFORMS.has(platform) ? platform : 'unknown';
}

function crmLabel(crm: string): string {
  const lower = crm.toLowerCase();
  return CRMS.has(lower) ? lower : 'other';
}

/** 429 and 5xx apart from the other classes: the figures the alerts watch. */
function statusLabel(status: number | null): string {
  if (status === null) return 'network_error';
  if (status === 429) return '429';
  if (status >= 500) return '5xx';
  return `${Math.floor(status / 100)}xx`;
}

/** Seconds from receipt to the CRM: the batching window up to a day of retries. */
const LATENCY_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600, 21_600, 86_400];
const CALL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30];
const RUN_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600];
/** A queue-depth count that takes longer is left out of the scrape. */
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;

export type ServiceMetrics = {
  /** The port handed to the composition root. */
  metrics: Metrics;
  /** What `/metrics` serves. */
  registry: Registry;
};

/**
 * A fresh registry with the service's metrics and prom-client's default process and event-loop
 * metrics (their standard names, so the usual Node.js dashboards work), every series labelled
 * with the process's role.
 */
export function createMetrics(options: { role: string; defaults?: boolean }): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role: options.role });
  if (options.defaults !== false) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const received = new Counter({
    name: 'outsync_events_received_total',
    help: 'Platform deliveries to the receiver, by platform and result.',
    labelNames: ['platform', 'result'] as const,
    registers,
  });
  const attempts = new Counter({
    name: 'outsync_sync_attempts_total',
    help: 'Runs of an event through the pipeline, by CRM and outcome.',
    labelNames: ['crm', 'outcome'] as const,
    registers,
  });
  const retries = new Counter({
    name: 'outsync_sync_retries_total',
    help: 'Attempts that ended in a retry (a failure with attempts left), by CRM.',
    labelNames: ['crm'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'outsync_sync_latency_seconds',
    help: 'Seconds from receipt to the CRM write, for events synced (fully or partially), by CRM.',
    labelNames: ['crm'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const held = new Counter({
    name: 'outsync_events_held_total',
    help: 'Events held by a category filter (each event once), by CRM.',
    labelNames: ['crm'] as const,
    registers,
  });
  const released = new Counter({
    name: 'outsync_events_released_total',
    help: 'Held events that went on to the CRM, by CRM and trigger (category, rejudged, owner).',
    labelNames: ['crm', 'trigger'] as const,
    registers,
  });
  const forwards = new Counter({
    name: 'outsync_forward_attempts_total',
    help: 'Attempts to forward an event to an additional endpoint, by result.',
    labelNames: ['result'] as const,
    registers,
  });
  const outbound = new Counter({
    name: 'outsync_outbound_requests_total',
    help: 'HTTP attempts to CRMs and platforms (each retry counts), by system and status class.',
    labelNames: ['system', 'status'] as const,
    registers,
  });
  const outboundSeconds = new Histogram({
    name: 'outsync_outbound_request_duration_seconds',
    help: 'Seconds per HTTP attempt to CRMs and platforms, by system.',
    labelNames: ['system'] as const,
    buckets: CALL_BUCKETS,
    registers,
  });
  const blockListRuns = new Counter({
    name: 'outsync_block_list_runs_total',
    help: 'Block-list runs, by result.',
    labelNames: ['result'] as const,
    registers,
  });
  const blockListSeconds = new Histogram({
    name: 'outsync_block_list_run_duration_seconds',
    help: 'Seconds per block-list run that ran, by result.',
    labelNames: ['result'] as const,
    buckets: RUN_BUCKETS,
    registers,
  });
  const blockListValues = new Counter({
    name: 'outsync_block_list_values_written_total',
    help: 'Values block-list runs wrote to the platforms.',
    registers,
  });

  let readQueueDepth: (() => Promise<QueueDepth>) | undefined;
  new Gauge({
    name: 'outsync_queue_depth',
    help: 'Events waiting, read from MongoDB at scrape time: due (to run now or running), scheduled (waiting for a retry), held.',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      if (!readQueueDepth) return;
      const depth = await withTimeout(readQueueDepth(), QUEUE_DEPTH_TIMEOUT_MS).catch(
        () => undefined,
      );
      // The database not answering leaves the series out (absent() alerts see it) rather than
      // failing the whole scrape.
      if (!depth) return;
      for (const status of ['due', 'scheduled', 'held'] as const)
        this.set({ status }, depth[status]);
    },
  });

  // Zero series for the label values the alerts and dashboards divide by, so a rate exists
  // before the first event.
  for (const crm of CRMS) {
    attempts.inc({ crm, outcome: 'synced' }, 0);
    retries.inc({ crm }, 0);
  }

  const metrics: Metrics = {
    eventReceived(platform, result) {
      received.inc({ platform: platformLabel(platform), result });
    },
    eventSettled({ crm, outcome, receivedAt, syncedAt, firstHold }) {
      const labels: LabelValues<'crm'> = { crm: crmLabel(crm) };
      attempts.inc({ ...labels, outcome });
      if (outcome === 'retrying') retries.inc(labels);
      if (outcome === 'held' && firstHold) held.inc(labels);
      if (syncedAt)
        latency.observe(labels, Math.max(0, syncedAt.getTime() - receivedAt.getTime()) / 1000);
    },
    eventReleased(crm, trigger) {
      released.inc({ crm: crmLabel(crm), trigger });
    },
    forwardAttempt(result) {
      forwards.inc({ result });
    },
    outboundCall(system, status, seconds) {
      const label = SYSTEMS.has(system) ? system : 'other';
      outbound.inc({ system: label, status: statusLabel(status) });
      outboundSeconds.observe({ system: label }, seconds);
    },
    blockListRun({ result, seconds, valuesWritten }) {
      blockListRuns.inc({ result });
      if (result === 'synced' || result === 'failed') blockListSeconds.observe({ result }, seconds);
      if (valuesWritten > 0) blockListValues.inc(valuesWritten);
    },
    queueDepthFrom(read) {
      readQueueDepth = read;
    },
  };
  return { metrics, registry };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
