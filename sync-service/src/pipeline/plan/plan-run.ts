import { randomUUID } from 'node:crypto';
import type { SyncStatus } from '@outsync/contracts/sync';
import type { WebhookPreview } from '@outsync/contracts/webhooks';
import type { Logger } from '../../platform/logger';
import type { ForwardState, SyncSteps, WebhookEventDoc } from '../event-record';
import type {
  CircuitStore,
  EndpointLookup,
  EventOutcome,
  EventStore,
  HoldStore,
  PlatformCategoryLookup,
  WebhookContext,
} from '../ports';
import type { PipelineRun, SyncPipelineDeps } from '../run';
import { triage } from '../triage';
import { writeAndFinish } from '../write-step';
import type { PlanRecorder } from './plan-recorder';

/** What a plan-mode run reads through (never writes): the real ports' reads. */
export type PlanDeps = {
  now(): Date;
  logger: Logger;
  maxAttempts: number;
  leaseMs: number;
  platformCategory: PlatformCategoryLookup;
  endpoint: EndpointLookup;
  circuits: Pick<CircuitStore, 'get'>;
  holds: Pick<HoldStore, 'leadCategory'>;
  /** Whether a delivery identity is registered already (the dedupe key, read only). */
  deliveryRegistered(key: string): Promise<boolean>;
};

export type EventPlan = Omit<WebhookPreview, 'payload' | 'event'>;

/**
 * Runs the real pipeline — triage (gate, dedupe, category filter), the CRM writer, the forwards,
 * settle — over one event that is not stored, in plan mode: every port that would store
 * something (the event store, holds, circuits, jobs, alerts, metrics) records instead, the
 * context's writer sends its writes to a recording client (`recorder`), and forwards go to a
 * fetch that posts nothing. Reads go where the real run's go. The plan is what the real run of
 * the same event would do, because it is the same code.
 */
export async function planEvent(
  deps: PlanDeps,
  input: { doc: WebhookEventDoc; context: WebhookContext; recorder: PlanRecorder },
): Promise<EventPlan> {
  const { doc, context, recorder } = input;
  const eventId = doc._id.toString();
  let steps: SyncSteps = { ...doc.steps };
  let outcome: EventOutcome = { status: 'received', reason: null };
  const forwards: ForwardState[] = [];

  const events: EventStore = {
    claim: async () => [],
    claimWaiting: async () => [],
    renewLeases: async () => undefined,
    async stepsHeldBy(ids) {
      return new Map(ids.includes(eventId) ? [[eventId, { ...steps }]] : []);
    },
    async recordSteps(id, recorded) {
      if (id === eventId) steps = { ...steps, ...recorded };
    },
    async recordForwards(id, states) {
      if (id === eventId) forwards.splice(0, forwards.length, ...states);
    },
    async finish(id, _owner, settled) {
      if (id === eventId) outcome = settled;
    },
    // The lead's held events stay held: a plan releases nothing.
    releaseHeld: async () => [],
    requeue: async () => false,
    resumeAccount: async () => [],
    async registerDelivery(key) {
      return !(await deps.deliveryRegistered(key));
    },
  };
  const holds: HoldStore = {
    hold: async () => undefined,
    markSent: async () => undefined,
    leadCategory: (webhookId, leadKey, options) =>
      deps.holds.leadCategory(webhookId, leadKey, options),
    rememberLeadCategory: async () => undefined,
  };
  const circuits: CircuitStore = {
    get: (accountKey) => deps.circuits.get(accountKey),
    recordFailure: (accountKey) => deps.circuits.get(accountKey),
    // A due probe would be this event's write: the plan shows that write.
    claimProbe: async () => true,
    recordSuccess: async () => null,
  };
  const pipelineDeps: SyncPipelineDeps = {
    events,
    holds,
    circuits,
    alerts: { opened: async () => undefined, recovered: async () => undefined },
    loadContext: async () => context,
    platformCategory: deps.platformCategory,
    endpoint: deps.endpoint,
    // The endpoint would get the event: nothing is posted, the plan answers as it would.
    fetch: async () => new Response(null, { status: 200 }),
    schedule: async () => undefined,
    now: deps.now,
    logger: deps.logger,
    maxAttempts: deps.maxAttempts,
    leaseMs: deps.leaseMs,
  };
  const run: PipelineRun = {
    deps: pipelineDeps,
    token: randomUUID(),
    log: deps.logger.child({ component: 'plan' }),
  };
  const ready = await triage(run, [doc]);
  await writeAndFinish(run, ready);

  recorder.forwards.push(
    ...forwards.map((state) => ({ url: state.url, sent: state.ok, reason: state.reason })),
  );
  return {
    status: outcome.status as SyncStatus,
    reason: outcome.reason ?? null,
    warnings: (outcome.errors ?? [])
      .filter((error) => error.step !== 'forward')
      .map((error) => error.message),
    lookups: recorder.lookups,
    writes: recorder.writes,
    forwards: recorder.forwards,
  };
}
