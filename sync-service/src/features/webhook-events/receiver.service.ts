import { platformFacts, type CrmKind, type Platform } from '@outsync/contracts';
import type { NormalizeResult } from '@outsync/contracts/sync';
import { Types } from 'mongoose';
import { HttpError, notFound } from '../../platform/http/http-error';
import { coalescedInserts } from '../../platform/coalesced-inserts';
import type { Logger } from '../../platform/logger';
import type { Metrics, ReceiveResult } from '../../platform/metrics';
import type { SyncDispatcher } from './dispatcher';
import { normalizeEvent } from '../../pipeline/normalize';
import { readText } from '../../pipeline/normalize/normalize-helpers';
import type { SyncPipeline } from '../../pipeline';
import type { PayloadSummary, WebhookEventDoc, WebhookEventModel } from './webhook-event.model';
import type { WebhooksService } from '../webhooks';

/** How long a code's webhook is remembered: a deleted webhook may take events this long more. */
const WEBHOOK_CACHE_MS = 10_000;
/** Past this, a test's pipeline run is reported as still running. */
export const TEST_RUN_LIMIT_MS = 30_000;

export const receiverMessages = {
  unknownCode: 'No webhook has this address. Copy the URL again from OutSync’s Webhooks screen.',
  notStored: 'The event could not be stored; try again shortly.',
  testTimedOut:
    'The test event is still being synced after 30 s; its result will appear in History > Webhooks.',
} as const;

export type ReceivedWebhook = {
  id: string;
  userId: Types.ObjectId;
  userProfileId: Types.ObjectId;
  userEmail: string;
  crm: CrmKind;
  hubId: string;
  webhookUrl: string;
  platform: Platform | null;
};

export type TestResult = { success: boolean; errors: unknown };

/** A delivery: its body parsed, the same body as text, and the path it was posted to. */
export type ReceivedEvent = { payload: unknown; text: string; path: string };

export type ReceiverServiceDeps = {
  events: WebhookEventModel;
  webhooks: Pick<WebhooksService, 'webhookForCode'>;
  /** The owner's e-mail and the CRM of the webhook's profile, as the logs keep them. */
  describe(webhook: {
    userId: string;
    userProfileId: string;
  }): Promise<{ userEmail: string; crm: CrmKind }>;
  dispatcher: SyncDispatcher;
  pipeline: SyncPipeline;
  now: () => Date;
  retentionDays: number;
  logger: Logger;
  /** Counts the deliveries by platform and result (issue 33). */
  metrics?: Metrics;
};

export type ReceiverService = ReturnType<typeof createReceiverService>;

/**
 * `POST /webhooks/{code}` and `/webhooks/test/{code}` (issue 11 "Receive"): the event is
 * normalised and stored before the platform gets its answer, so a 2xx means it will be synced or
 * its failure shown. A live event is then queued with the other events of its CRM account; a
 * test event runs through the whole pipeline before the answer.
 */
export function createReceiverService(deps: ReceiverServiceDeps) {
  const insertEvent = coalescedInserts<WebhookEventDoc>(deps.events.collection);
  const cache = new Map<string, { webhook: ReceivedWebhook | null; until: number }>();

  async function webhookFor(code: string): Promise<ReceivedWebhook> {
    const now = deps.now().getTime();
    const cached = cache.get(code);
    if (cached && cached.until > now) {
      if (!cached.webhook) throw notFound(receiverMessages.unknownCode);
      return cached.webhook;
    }
    const doc = await deps.webhooks.webhookForCode(code);
    const owner =
      doc &&
      (await deps.describe({
        userId: doc.userId.toString(),
        userProfileId: doc.userProfileId.toString(),
      }));
    const webhook: ReceivedWebhook | null = doc &&
      owner && {
        id: doc._id.toString(),
        userId: doc.userId,
        userProfileId: doc.userProfileId,
        ...owner,
        hubId: doc.hubId,
        webhookUrl: doc.webhookUrl,
        platform: doc.emailService,
      };
    if (cache.size > 10_000) cache.clear();
    cache.set(code, { webhook, until: now + WEBHOOK_CACHE_MS });
    if (!webhook) throw notFound(receiverMessages.unknownCode);
    return webhook;
  }

  async function store(
    webhook: ReceivedWebhook,
    input: ReceivedEvent & { test: boolean },
  ): Promise<WebhookEventDoc> {
    const receivedAt = deps.now();
    const doc = receivedEventDoc(webhook, input, receivedAt, deps.retentionDays);
    try {
      await insertEvent(doc);
    } catch (error) {
      deps.logger.error({ err: error, webhookId: webhook.id }, 'could not store a webhook event');
      throw new HttpError(503, 'not_stored', receiverMessages.notStored, undefined, {
        'Retry-After': '5',
      });
    }
    return doc;
  }

  return {
    /** A live event: stored, queued; answers its id. */
    async receive(code: string, received: ReceivedEvent): Promise<{ id: string; status: string }> {
      let platform: Platform | null = null;
      try {
        const webhook = await webhookFor(code);
        platform = webhook.platform;
        const doc = await store(webhook, { ...received, test: false });
        if (doc.status === 'received')
          deps.dispatcher.enqueue(webhook.userProfileId.toString(), doc._id.toString());
        deps.metrics?.eventReceived(
          doc.platform ?? platform,
          doc.status === 'received' ? 'accepted' : 'unsupported',
        );
        return { id: doc._id.toString(), status: doc.status };
      } catch (error) {
        deps.metrics?.eventReceived(platform, refusalOf(error));
        throw error;
      }
    },

    /** A live delivery refused before its webhook was looked up (its body). */
    refused(result: 'invalid_body' | 'too_large'): void {
      deps.metrics?.eventReceived(null, result);
    },

    /** A test event: stored and synced now; `{success, errors}` when done (spec 01 §7). */
    async test(code: string, received: ReceivedEvent): Promise<TestResult> {
      const webhook = await webhookFor(code);
      const doc = await store(webhook, { ...received, test: true });
      if (doc.status !== 'received') return { success: false, errors: { message: doc.reason } };
      const run = deps.pipeline.processEvents([doc._id.toString()]);
      const timedOut = await Promise.race([
        run.then(() => false),
        new Promise<true>((resolve) => setTimeout(() => resolve(true), TEST_RUN_LIMIT_MS).unref()),
      ]);
      if (timedOut) return { success: false, errors: { message: receiverMessages.testTimedOut } };
      const done = await deps.events.findById(doc._id).lean<WebhookEventDoc>();
      return testResultOf(done);
    },
  };
}

/**
 * The stored form of a delivery: normalised, queued as `received` (or `unsupported` with the
 * normaliser's reason). The receiver stores each delivery so; the backfill (issue 34, item 3)
 * stores each past event the same way, its `path` saying where it came from.
 */
export function receivedEventDoc(
  webhook: ReceivedWebhook,
  input: ReceivedEvent & { test: boolean },
  receivedAt: Date,
  retentionDays: number,
): WebhookEventDoc {
  const result = normalizeEvent({
    platform: webhook.platform,
    payload: input.payload,
    receivedAt,
  });
  const doc: WebhookEventDoc = {
    _id: new Types.ObjectId(),
    webhookId: new Types.ObjectId(webhook.id),
    userId: webhook.userId,
    userProfileId: webhook.userProfileId,
    userEmail: webhook.userEmail,
    crm: webhook.crm,
    hubId: webhook.hubId,
    webhookUrl: webhook.webhookUrl,
    test: input.test,
    path: input.path,
    payloadJson: storedPayloadText(input),
    platform: result.kind === 'event' ? result.event.platform : webhook.platform,
    rawEventType: result.kind === 'event' ? result.event.rawEventType : result.rawEventType,
    eventType: result.kind === 'event' ? result.event.type : null,
    summary: summaryOf(result, input.payload),
    leadKey: result.kind === 'event' ? leadKeyOf(result.event) : null,
    leadEmail: result.kind === 'event' ? result.event.lead.email : null,
    campaignId: result.kind === 'event' ? result.event.campaign.id : null,
    platformLeadId: result.kind === 'event' ? result.event.lead.platformLeadId : null,
    eventJson: result.kind === 'event' ? JSON.stringify(result.event) : null,
    status: result.kind === 'event' ? 'received' : 'unsupported',
    reason: result.kind === 'event' ? null : result.message,
    errors:
      result.kind === 'event'
        ? []
        : [{ step: 'normalize', message: result.message, at: receivedAt }],
    steps: {},
    attempts: [],
    attemptCount: 0,
    nextAttemptAt: result.kind === 'event' ? receivedAt : null,
    lease: null,
    receivedAt,
    syncedAt: null,
    updatedAt: receivedAt,
    expiresAt: new Date(receivedAt.getTime() + retentionDays * 24 * 60 * 60_000),
  };
  return doc;
}

/** Why a live delivery was not stored, as the metrics count it. */
function refusalOf(error: unknown): ReceiveResult {
  if (!(error instanceof HttpError)) return 'error';
  if (error.status === 404) return 'unknown_webhook';
  return error.status === 503 ? 'not_stored' : 'error';
}

/** What the Send Test Webhook dialog shows: success, or the errors as the log keeps them. */
function testResultOf(doc: WebhookEventDoc | null): TestResult {
  if (!doc)
    return { success: false, errors: { message: 'The test event was not found after its sync.' } };
  if (doc.status === 'synced') return { success: true, errors: [] };
  const errors = doc.errors.map((error) => ({ step: error.step, message: error.message }));
  if (errors.length > 0) return { success: false, errors };
  return { success: false, errors: { message: doc.reason ?? `The test event was ${doc.status}.` } };
}

/**
 * The lead an event is about, for holds, batching and counters: the e-mail for the sequencers;
 * the profile URL for the social tool, which every one of its events carries while the e-mail
 * comes and goes (one HeyReach lead must not split under two keys).
 */
export function leadKeyOf(event: {
  platform: Platform;
  lead: { email: string | null; profileUrl: string | null };
}): string | null {
  const { email, profileUrl } = event.lead;
  const url = profileUrl?.toLowerCase() ?? null;
  return platformFacts[event.platform].kind === 'social-tool' ? (url ?? email) : (email ?? url);
}

/** The history table's payload column (spec 02 §3): subject, to e-mail, from e-mail, event type. */
export function summaryOf(result: NormalizeResult, payload: unknown): PayloadSummary {
  if (result.kind === 'event') {
    const { event } = result;
    const inbound = event.type === 'EMAIL_REPLY' || event.type === 'REPLY_RECEIVED';
    const lead = event.lead.email ?? event.lead.profileUrl;
    const sender = event.sender.email ?? event.sender.profileUrl;
    return {
      subject: event.subject,
      to_email: inbound ? sender : lead,
      from_email: inbound ? lead : sender,
      event_type: event.rawEventType,
    };
  }
  return {
    subject: readText(payload, 'subject', 'email_subject'),
    to_email: readText(payload, 'to_email', 'lead_email'),
    from_email: readText(payload, 'from_email', 'email_account'),
    event_type: result.rawEventType,
  };
}

/** The payload's text as kept: the body as received, unless it carries a secret to drop. */
function storedPayloadText({ payload, text }: ReceivedEvent): string {
  const kept = withoutSecrets(payload);
  return kept === payload ? text : JSON.stringify(kept);
}

/**
 * The payload as it is kept and forwarded: without the secret Smartlead echoes in every event
 * (`secret_key`), which would otherwise show in the history and reach additional endpoints.
 */
export function withoutSecrets(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || !('secret_key' in payload)) return payload;
  const { secret_key: _secret, ...rest } = payload as Record<string, unknown>;
  return rest;
}
