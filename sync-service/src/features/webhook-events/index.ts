export { crmCircuitModel } from './crm-circuit.model';
export { crmCreateClaimModel } from './crm-create-claim.model';
export { createSyncDispatcher, type SyncDispatcher } from './dispatcher';
export { createEventStore } from './event-store';
export { failedEventsSince } from './failed-events';
export { createHeldEvents, type HeldEvents } from './held-events';
export { queueDepthOf } from './queue-depth';
export { receiverRouter, receiverTestRouter } from './receiver.routes';
export { createReceiverService, receivedEventDoc, type ReceivedWebhook } from './receiver.service';
export { defineSweepEventsJob, startSweep } from './sweep-events.job';
export { createSyncAlerts, registerSyncAlertsRoutes, type AlertAccount } from './sync-alerts';
export { createEventPlanner, type EventPlanner } from './event-planner';
export { createSyncEngine } from './sync-engine';
export { defineSyncEventsJob, scheduleSyncEvents } from './sync-events.job';
export {
  STORED_TEXT_FIELDS,
  webhookDeliveryModel,
  webhookEventModel,
  type WebhookEventModel,
} from './webhook-event.model';
export { createWebhookLogsReads } from './webhook-logs.reads';
export { registerWebhookLogsRoutes } from './webhook-logs.routes';
export { createWebhookLogsService } from './webhook-logs.service';
export { createWebhookLive, type WebhookLive } from './webhook-live';
export { registerWebhookLiveRoutes } from './webhook-live.routes';
