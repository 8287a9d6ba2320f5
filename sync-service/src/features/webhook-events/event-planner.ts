import { ErrorCodes, platformDisplayName, testEventTypes, type Platform } from '@outsync/contracts';
import type {
  WebhookPreview,
  WebhookPreviewLogSample,
  WebhookPreviewSample,
} from '@outsync/contracts/webhooks';
import { buildTestPayload, defaultTestInputs } from '@outsync/contracts/webhooks/test-payloads';
import { Types } from 'mongoose';
import type { Config } from '../../config';
import {
  storedEvent,
  storedPayload,
  type EndpointLookup,
  type HoldStore,
  type PlatformCategoryLookup,
  type WebhookEventDoc,
} from '../../pipeline';
import { normalizeEvent } from '../../pipeline/normalize';
import { createPlanRecorder } from '../../pipeline/plan/plan-recorder';
import { planEvent } from '../../pipeline/plan/plan-run';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { Logger } from '../../platform/logger';
import type { CrmConnections, ProfileDoc } from '../profiles';
import type { WebhookDoc } from '../webhooks';
import { createCircuitStore } from './circuit-store';
import type { CrmCircuitModel } from './crm-circuit.model';
import { planWriterFor } from './plan-writers';
import { leadKeyOf, summaryOf } from './receiver.service';
import { webhookContextOf } from './sync-engine';
import type { WebhookDeliveryModel, WebhookEventModel } from './webhook-event.model';

export type EventPlannerDeps = {
  models: { events: WebhookEventModel; dedup: WebhookDeliveryModel; circuits: CrmCircuitModel };
  holds: HoldStore;
  connections: CrmConnections;
  platformCategory: PlatformCategoryLookup;
  endpoint: EndpointLookup;
  /** The webhook owner's plan; null when the user is gone. */
  ownerOf(userId: string): Promise<{ isPaidTier: boolean } | null>;
  config: Pick<Config, 'sync'>;
  logger: Logger;
  now: () => Date;
};

export type EventPlanner = ReturnType<typeof createEventPlanner>;

const SAMPLES = 10;
const unknownEvent = 'No such event of this webhook.';

/**
 * The dry-run preview's engine (issue 34, item 2): a sample event of an unsaved webhook run
 * through the real pipeline in plan mode (pipeline/plan). Nothing is stored: the event is built
 * as the receiver builds it but never inserted, and every port that would write records instead.
 */
export function createEventPlanner(deps: EventPlannerDeps) {
  const circuits = createCircuitStore(deps.models.circuits);

  /** The sample's raw payload: a Send Test Webhook template, or one the webhook received. */
  async function samplePayload(
    webhook: WebhookDoc,
    sample: WebhookPreviewSample,
    existing: boolean,
  ): Promise<unknown> {
    if (sample.kind === 'log') {
      const doc = existing
        ? await deps.models.events
            .findOne(
              { _id: sample.eventId, webhookId: webhook._id },
              { payloadJson: 1, payload: 1 },
            )
            .lean<Pick<WebhookEventDoc, 'payloadJson' | 'payload'>>()
        : null;
      if (!doc) throw notFound(unknownEvent);
      return storedPayload(doc);
    }
    const platform: Platform = sample.platform ?? webhook.emailService;
    const offered: readonly string[] = testEventTypes[platform];
    if (!offered.includes(sample.eventType))
      throw new HttpError(
        400,
        ErrorCodes.validationError,
        `${sample.eventType} is not one of the ${platformDisplayName(platform)} test events.`,
      );
    return buildTestPayload(
      platform,
      sample.eventType as (typeof testEventTypes)[typeof platform][number],
      defaultTestInputs(),
      deps.now(),
    );
  }

  return {
    /**
     * What the sample would do with the unsaved webhook: `existing` when the webhook is stored
     * (its dedupe keys, its leads' categories and its logs are read), else it is a new one.
     */
    async preview(input: {
      webhook: WebhookDoc;
      profile: ProfileDoc;
      existing: boolean;
      sample: WebhookPreviewSample;
    }): Promise<WebhookPreview> {
      const { webhook, profile, existing } = input;
      const payload = await samplePayload(webhook, input.sample, existing);
      const doc = unstoredEvent(webhook, profile, payload, deps.now());
      const recorder = createPlanRecorder(profile.crm);
      const owner = await deps.ownerOf(webhook.userId.toString());
      const context = webhookContextOf(
        webhook._id.toString(),
        webhook,
        profile,
        owner,
        planWriterFor(
          { connections: deps.connections, events: deps.models.events },
          profile,
          recorder,
        ),
      );
      const plan = await planEvent(
        {
          now: deps.now,
          logger: deps.logger,
          maxAttempts: deps.config.sync.maxAttempts,
          leaseMs: deps.config.sync.leaseMs,
          platformCategory: deps.platformCategory,
          endpoint: deps.endpoint,
          circuits,
          // A new webhook has no leads known and nothing delivered yet.
          holds: {
            leadCategory: async (...args) =>
              existing ? deps.holds.leadCategory(...args) : undefined,
          },
          deliveryRegistered: async (key) =>
            existing && (await deps.models.dedup.exists({ _id: key })) !== null,
        },
        { doc, context, recorder },
      );
      return { payload, event: normalizedOf(doc), ...plan };
    },

    /** The webhook's most recent payloads, newest first, as preview samples. */
    async recentSamples(webhookId: Types.ObjectId): Promise<WebhookPreviewLogSample[]> {
      const rows = await deps.models.events
        .find(
          { webhookId, eventType: { $ne: null } },
          { _id: 1, eventType: 1, leadKey: 1, receivedAt: 1 },
        )
        .sort({ receivedAt: -1, _id: -1 })
        .limit(SAMPLES)
        .lean<Array<Pick<WebhookEventDoc, '_id' | 'eventType' | 'leadKey' | 'receivedAt'>>>();
      return rows.map((row) => ({
        eventId: row._id.toString(),
        eventType: row.eventType,
        leadKey: row.leadKey,
        receivedAt: row.receivedAt.toISOString(),
      }));
    },
  };
}

/** The canonical event the preview names (platform, type, lead, time). */
function normalizedOf(doc: WebhookEventDoc): WebhookPreview['event'] {
  const event = storedEvent(doc);
  return event
    ? {
        platform: event.platform,
        type: event.type,
        rawEventType: event.rawEventType,
        leadEmail: event.lead.email,
        leadProfileUrl: event.lead.profileUrl,
        occurredAt: event.occurredAt,
      }
    : null;
}

/**
 * The event as the receiver would store it on receipt (receiver.service.ts `store`), a live
 * event (not a Send Test Webhook one: the preview shows what the platform's own deliveries do),
 * kept in memory only.
 */
function unstoredEvent(
  webhook: WebhookDoc,
  profile: ProfileDoc,
  payload: unknown,
  receivedAt: Date,
): WebhookEventDoc {
  const result = normalizeEvent({ platform: webhook.emailService, payload, receivedAt });
  const event = result.kind === 'event' ? result.event : null;
  return {
    _id: new Types.ObjectId(),
    webhookId: webhook._id,
    userId: webhook.userId,
    userProfileId: webhook.userProfileId,
    userEmail: '',
    crm: profile.crm,
    hubId: webhook.hubId,
    webhookUrl: '',
    test: false,
    path: '',
    payloadJson: JSON.stringify(payload),
    platform: event ? event.platform : webhook.emailService,
    rawEventType: event ? event.rawEventType : result.kind === 'event' ? null : result.rawEventType,
    eventType: event ? event.type : null,
    summary: summaryOf(result, payload),
    leadKey: event ? leadKeyOf(event) : null,
    leadEmail: event ? event.lead.email : null,
    campaignId: event ? event.campaign.id : null,
    platformLeadId: event ? event.lead.platformLeadId : null,
    eventJson: event ? JSON.stringify(event) : null,
    status: event ? 'received' : 'unsupported',
    reason: result.kind === 'event' ? null : result.message,
    errors: [],
    steps: {},
    attempts: [],
    attemptCount: 0,
    nextAttemptAt: receivedAt,
    lease: null,
    receivedAt,
    syncedAt: null,
    updatedAt: receivedAt,
    expiresAt: receivedAt,
  };
}
