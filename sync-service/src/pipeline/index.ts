// The event pipeline's public face: the stored event's record, the ports the features
// implement, and the pipeline itself. Its inner modules (normalize, decisions, write, forward)
// are imported by path where a feature or the composition root needs one.
export {
  storedEvent,
  storedPayload,
  type ForwardState,
  type PayloadSummary,
  type SyncAttempt,
  type SyncError,
  type WebhookEventDoc,
  type SyncSteps,
} from './event-record';
export type {
  AccountCircuit,
  CircuitAlerts,
  CircuitStore,
  EndpointLookup,
  EventOutcome,
  EventStore,
  HoldStore,
  LeadCategory,
  Lease,
  PipelineMetrics,
  PlatformCategoryLookup,
  WebhookContext,
} from './ports';
export type { FailureCode } from './failure-code';
export { createSyncPipeline, type SyncPipeline, type SyncPipelineDeps } from './pipeline';
export { HOLD_EXPIRY_MS, HOLD_REJUDGE_MS, PLATFORM_CATEGORY_TTL_MS } from './category-step';
