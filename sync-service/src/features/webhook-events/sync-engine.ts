import { switchesOf } from '@outsync/contracts/webhooks';
import type { Config } from '../../config';
import {
  createSyncPipeline,
  type CircuitAlerts,
  type EndpointLookup,
  type HoldStore,
  type PlatformCategoryLookup,
  type SyncPipeline,
  type WebhookContext,
} from '../../pipeline';
import type { CrmWriter } from '../../pipeline/write/crm-writer';
import type { Logger } from '../../platform/logger';
import type { Metrics } from '../../platform/metrics';
import type { SafeFetch } from '../../platform/safe-fetch';
import type { CrmConnections, ProfileDoc } from '../profiles';
import type { WebhookDoc } from '../webhooks';
import { createCrmWriters } from './crm-writers';
import { createCircuitStore } from './circuit-store';
import { createCreateClaims } from './create-claims-store';
import type { CrmCreateClaimModel } from './crm-create-claim.model';
import type { CrmCircuitModel } from './crm-circuit.model';
import { createEventStore } from './event-store';
import type { WebhookDeliveryModel, WebhookEventModel } from './webhook-event.model';

export type SyncEngineDeps = {
  models: {
    events: WebhookEventModel;
    dedup: WebhookDeliveryModel;
    circuits: CrmCircuitModel;
    createClaims: CrmCreateClaimModel;
  };
  holds: HoldStore;
  /** Told when a CRM account's circuit opens. */
  alerts: CircuitAlerts;
  /** The webhook an event came in on; null when it was deleted. */
  webhookById(webhookId: string): Promise<WebhookDoc | null>;
  findProfile(profileId: string): Promise<ProfileDoc | null>;
  /** The webhook owner's plan; null when the user is gone. */
  ownerOf(userId: string): Promise<{ isPaidTier: boolean } | null>;
  connections: CrmConnections;
  platformCategory: PlatformCategoryLookup;
  endpoint: EndpointLookup;
  config: Pick<Config, 'sync'>;
  safeFetch: SafeFetch;
  logger: Logger;
  now: () => Date;
  /** Queues a run of events (an Agenda job) at a time. */
  schedule(eventIds: string[], at: Date): Promise<void>;
  /** Counts each run's outcomes (issue 33). */
  metrics?: Metrics;
};

/**
 * The sync pipeline over the features' data: the stored events, the webhooks, their profiles'
 * CRM connections, the owners' plans, the category holds and the additional endpoints. Built
 * once per process by the composition root: the API runs test events inline and queues
 * retries, workers run the jobs.
 */
export function createSyncEngine(deps: SyncEngineDeps): SyncPipeline {
  const writers = createCrmWriters({
    connections: deps.connections,
    events: deps.models.events,
    createClaims: createCreateClaims(deps.models.createClaims),
  });

  async function loadContext(webhookId: string): Promise<WebhookContext | null> {
    const webhook = await deps.webhookById(webhookId);
    if (!webhook) return null;
    const [profile, owner] = await Promise.all([
      deps.findProfile(webhook.userProfileId.toString()),
      deps.ownerOf(webhook.userId.toString()),
    ]);
    return webhookContextOf(webhookId, webhook, profile, owner, writers.writerFor(profile));
  }

  return createSyncPipeline({
    events: createEventStore(deps.models),
    holds: deps.holds,
    circuits: createCircuitStore(deps.models.circuits),
    alerts: deps.alerts,
    loadContext,
    platformCategory: deps.platformCategory,
    endpoint: deps.endpoint,
    fetch: deps.safeFetch,
    schedule: deps.schedule,
    now: deps.now,
    logger: deps.logger,
    maxAttempts: deps.config.sync.maxAttempts,
    retryScheduleMs: deps.config.sync.retryScheduleMs,
    leaseMs: deps.config.sync.leaseMs,
    maxBatch: deps.config.sync.maxBatch,
    metrics: deps.metrics,
  });
}

/**
 * What the pipeline knows of a webhook, its profile and its owner's plan, with the writer of its
 * CRM account: for the real runs and the dry-run preview's plan (event-planner.ts) alike.
 */
export function webhookContextOf(
  webhookId: string,
  webhook: WebhookDoc,
  profile: ProfileDoc | null,
  owner: { isPaidTier: boolean } | null,
  { writer, problem }: { writer: CrmWriter | null; problem: string | null },
): WebhookContext {
  return {
    webhookId,
    crm: profile?.crm ?? 'HUBSPOT',
    accountKey: webhook.userProfileId.toString(),
    ownerIsPaidTier: owner?.isPaidTier ?? false,
    profileCanWebhook: profile?.canWebhook ?? false,
    profileCanForward: profile?.canUserAccount ?? false,
    // A webhook stored before a switch existed is written with that switch's default.
    settings: { ...webhook, ...switchesOf(webhook) },
    smartleadBaseCategories: webhook.smartleadBaseCategories,
    apiKeyId: webhook.apiKeyId?.toString() ?? null,
    endpoints: webhook.additionalEndpoints.map((endpoint) => ({
      userAccountId: endpoint.userAccountId.toString(),
      eventTypes: endpoint.eventTypes,
    })),
    writer,
    writerProblem: problem,
  };
}
