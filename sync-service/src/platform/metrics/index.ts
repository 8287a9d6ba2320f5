export {
  createMetrics,
  noopMetrics,
  type AttemptOutcome,
  type BlockListRunResult,
  type ForwardResult,
  type Metrics,
  type QueueDepth,
  type ReceiveResult,
  type ReleaseTrigger,
  type ServiceMetrics,
} from './metrics';
export { meteredFetch, type MeteredFetch, type OutboundCall } from './metered-fetch';
export {
  startMetricsServer,
  type MetricsServer,
  type MetricsServerOptions,
} from './metrics-server';
