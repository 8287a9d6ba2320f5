import { randomUUID } from 'node:crypto';
import type { ActivityEventType, CrmKind } from '@outsync/contracts';
import type { CanonicalEvent, SyncStatus } from '@outsync/contracts/sync';
import type { WebhookCategory } from '@outsync/contracts/webhooks';
import { Types } from 'mongoose';
import type { Logger } from '../platform/logger';
import { retryDelayMs } from './backoff';
import type { CategoryHoldModel, LeadCategoryStateModel } from './category-hold.model';
import { categoryFromEvent, decideCategory, type KnownCategory } from './decisions/category-filter';
import { gateEvent } from './decisions/gate';
import { dedupKeyOf } from './dedup-key';
import {
  forwardBody,
  forwardDeliveryId,
  forwardEvent,
  FORWARD_MAX_ATTEMPTS,
  type EndpointFetch,
} from './forward';
import {
  storedEvent,
  storedPayload,
  type ForwardState,
  type SyncAttempt,
  type SyncDedupModel,
  type SyncError,
  type SyncEventDoc,
  type SyncEventModel,
  type SyncSteps,
} from './sync-event.model';
import type { CrmWriter, WriteItem, WriteOutcome, WriterSettings } from './write/crm-writer';

/** What the pipeline needs to know about the webhook an event came in on. */
export type WebhookContext = {
  webhookId: string;
  crm: CrmKind;
  /** The CRM account the writer batches by: profile id. */
  accountKey: string;
  ownerIsPaidTier: boolean;
  profileCanWebhook: boolean;
  settings: WriterSettings;
  approvedCategories: WebhookCategory[] | null;
  apiKeyId: string | null;
  endpoints: Array<{ userAccountId: string; eventTypes: ActivityEventType[] }>;
  /** The writer for the webhook's CRM account; null when the profile cannot be written. */
  writer: CrmWriter | null;
  /** Why `writer` is null, in words for the log. */
  writerProblem: string | null;
};

export type SyncPipelineDeps = {
  events: SyncEventModel;
  dedup: SyncDedupModel;
  holds: CategoryHoldModel;
  leadStates: LeadCategoryStateModel;
  /** Null when the webhook is gone. */
  loadContext(webhookId: string): Promise<WebhookContext | null>;
  /** The lead's category as the platform knows it (Smartlead, Instantly); unknown elsewhere. */
  platformCategory(input: { apiKeyId: string; event: CanonicalEvent }): Promise<KnownCategory>;
  /** An additional endpoint's address and signing secret; null when it is gone. */
  endpoint(userAccountId: string): Promise<{ url: string; secret: string } | null>;
  fetch: EndpointFetch;
  /** Queues a run of `eventIds` at `at` (an Agenda job). */
  schedule(eventIds: string[], at: Date): Promise<void>;
  now(): Date;
  logger: Logger;
  /** Attempts before an event is failed. */
  maxAttempts: number;
  /** How long a run holds its events before another worker may take them. */
  leaseMs: number;
  /**
   * A run takes, besides its job's events, the other due events of the same CRM accounts that
   * no run holds, up to this many in all: under a backlog, batches grow instead of jobs waiting
   * in line with a few events each (their own jobs then find nothing left to do). 1: never.
   */
  maxBatch?: number;
};

export type SyncPipeline = {
  /** Runs the events that are due and not held by another run; answers the ids it ran. */
  processEvents(eventIds: readonly string[]): Promise<string[]>;
  /** Puts a failed (or partially synced) event back in the queue, keeping its completed steps. */
  retry(eventId: string): Promise<boolean>;
};

const PENDING: SyncStatus = 'received';

export function createSyncPipeline(deps: SyncPipelineDeps): SyncPipeline {
  const log = deps.logger.child({ component: 'sync' });

  async function claim(ids: readonly string[], token: string): Promise<SyncEventDoc[]> {
    const now = deps.now();
    await deps.events.updateMany(
      {
        _id: { $in: ids },
        status: PENDING,
        $and: [
          { $or: [{ nextAttemptAt: null }, { nextAttemptAt: { $lte: now } }] },
          { $or: [{ lease: null }, { 'lease.until': { $lte: now } }] },
        ],
      },
      { $set: { lease: { owner: token, until: new Date(now.getTime() + deps.leaseMs) } } },
    );
    const claimed = await deps.events
      .find({ _id: { $in: ids }, 'lease.owner': token })
      .sort({ receivedAt: 1, _id: 1 })
      .lean<SyncEventDoc[]>();
    const room = (deps.maxBatch ?? 1) - claimed.length;
    if (claimed.length === 0 || room <= 0) return claimed;
    return [...claimed, ...(await claimWaiting(claimed, ids, room, token))].sort(
      (a, b) =>
        a.receivedAt.getTime() - b.receivedAt.getTime() ||
        a._id.toString().localeCompare(b._id.toString()),
    );
  }

  /** The accounts' other due, unheld live events, oldest first, up to `room`. */
  async function claimWaiting(
    claimed: SyncEventDoc[],
    ids: readonly string[],
    room: number,
    token: string,
  ): Promise<SyncEventDoc[]> {
    const now = deps.now();
    const waiting = {
      status: PENDING,
      test: false,
      userProfileId: { $in: [...new Set(claimed.map((doc) => doc.userProfileId.toString()))] },
      nextAttemptAt: { $lte: now },
      $or: [{ lease: null }, { 'lease.until': { $lte: now } }],
    };
    const found = await deps.events
      .find({ ...waiting, _id: { $nin: ids } }, { _id: 1 })
      .sort({ nextAttemptAt: 1 })
      .limit(room)
      .lean();
    if (found.length === 0) return [];
    const more = found.map((doc) => doc._id);
    await deps.events.updateMany(
      { ...waiting, _id: { $in: more } },
      { $set: { lease: { owner: token, until: new Date(now.getTime() + deps.leaseMs) } } },
    );
    return deps.events.find({ _id: { $in: more }, 'lease.owner': token }).lean<SyncEventDoc[]>();
  }

  async function processEvents(eventIds: readonly string[]): Promise<string[]> {
    if (eventIds.length === 0) return [];
    const token = randomUUID();
    const claimed = await claim(eventIds, token);
    if (claimed.length === 0) return [];
    const contexts = new Map<string, Promise<WebhookContext | null>>();
    const contextOf = (doc: SyncEventDoc) => {
      const key = doc.webhookId.toString();
      let context = contexts.get(key);
      if (!context) {
        context = deps.loadContext(key);
        contexts.set(key, context);
      }
      return context;
    };

    const ready: Array<{ doc: SyncEventDoc; context: WebhookContext; event: CanonicalEvent }> = [];
    const queue = [...claimed];
    /** Events whose category was approved already this run (re-queued behind released ones). */
    const passed = new Set<string>();
    for (let index = 0; index < queue.length; index += 1) {
      const doc = queue[index];
      if (!doc) continue;
      const started = deps.now();
      const context = await contextOf(doc);
      const event = storedEvent(doc);
      if (!context) {
        await finish(doc, token, started, {
          status: 'failed',
          reason: 'The webhook was deleted before the event was synced.',
          errors: [
            {
              step: 'webhook',
              message: 'The webhook was deleted before the event was synced.',
              at: started,
            },
          ],
        });
        continue;
      }
      if (!event) {
        await finish(doc, token, started, { status: 'unsupported', reason: doc.reason });
        continue;
      }
      const gate = gateEvent({
        test: doc.test,
        ownerIsPaidTier: context.ownerIsPaidTier,
        profileCanWebhook: context.profileCanWebhook,
      });
      if (gate.kind === 'not_synced') {
        await finish(doc, token, started, { status: 'not_synced', reason: gate.reason });
        continue;
      }
      if (!doc.test && (await isDuplicate(doc, event))) {
        await finish(doc, token, started, {
          status: 'duplicate',
          reason: 'The platform delivered this event before; it was synced once.',
        });
        continue;
      }
      if (!doc.test && !passed.has(doc._id.toString())) {
        const decision = await categoryDecision(doc, context, event);
        if (decision.kind === 'hold') {
          await hold(doc, token, started, context, decision.categoryName);
          continue;
        }
        if (decision.reason === 'approved category') {
          // The lead reached an approved category: its held events go first, in their order.
          const released = await release(doc, token);
          if (released.length > 0) {
            for (const event of [doc, ...released]) passed.add(event._id.toString());
            queue.splice(index + 1, 0, ...released, doc);
            continue;
          }
        }
      }
      ready.push({ doc, context, event });
    }

    // The checks above may have taken a while (platform lookups): the CRM write gets a full lease.
    const renewedAt = deps.now();
    await deps.events.updateMany(
      { _id: { $in: ready.map(({ doc }) => doc._id) }, 'lease.owner': token },
      { $set: { 'lease.until': new Date(renewedAt.getTime() + deps.leaseMs) } },
    );
    await writeAndFinish(ready, token);
    return claimed.map((doc) => doc._id.toString());
  }

  async function isDuplicate(doc: SyncEventDoc, event: CanonicalEvent): Promise<boolean> {
    const { key, ttlMs } = dedupKeyOf(event);
    const id = `${doc.webhookId.toString()}:${key}`;
    try {
      await deps.dedup.create({
        _id: id,
        eventId: doc._id,
        expiresAt: new Date(deps.now().getTime() + ttlMs),
      });
      return false;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 11000) throw error;
      // Our own earlier attempt registered it: not a duplicate.
      const seen = await deps.dedup.findById(id).lean();
      return seen !== null && !seen.eventId.equals(doc._id);
    }
  }

  async function categoryDecision(
    doc: SyncEventDoc,
    context: WebhookContext,
    event: CanonicalEvent,
  ) {
    const approved = context.approvedCategories;
    if (!approved || approved.length === 0)
      return decideCategory({ approved, current: { kind: 'unknown' } });
    const leadKey = doc.leadKey ?? '';
    const fromEvent = categoryFromEvent(event);
    let current: KnownCategory;
    if (fromEvent) {
      current = fromEvent;
      await rememberCategory(
        doc.webhookId,
        leadKey,
        fromEvent,
        new Date(event.occurredAt),
        'event',
      );
    } else {
      const state = await deps.leadStates.findOne({ webhookId: doc.webhookId, leadKey }).lean();
      if (state) {
        current = state.category ? { kind: 'category', ...state.category } : { kind: 'none' };
      } else if (context.apiKeyId) {
        current = await deps.platformCategory({ apiKeyId: context.apiKeyId, event });
        if (current.kind !== 'unknown')
          await rememberCategory(
            doc.webhookId,
            leadKey,
            current,
            new Date(event.occurredAt),
            'platform',
          );
      } else {
        current = { kind: 'unknown' };
      }
    }
    return decideCategory({ approved, current });
  }

  async function rememberCategory(
    webhookId: Types.ObjectId,
    leadKey: string,
    known: KnownCategory,
    asOf: Date,
    source: 'event' | 'platform',
  ) {
    const category = known.kind === 'category' ? { id: known.id, name: known.name } : null;
    // An older event never overwrites what a newer one said (out-of-order delivery).
    await deps.leadStates
      .updateOne(
        { webhookId, leadKey, asOf: { $lte: asOf } },
        { $set: { category, asOf, source } },
        { upsert: true },
      )
      .catch((error: unknown) => {
        // The upsert collides with a newer state of the same lead: keep the newer one.
        if ((error as { code?: unknown }).code !== 11000) throw error;
      });
  }

  async function hold(
    doc: SyncEventDoc,
    token: string,
    started: Date,
    context: WebhookContext,
    categoryName: string | null,
  ) {
    await deps.holds.updateOne(
      { eventId: doc._id },
      {
        $setOnInsert: {
          eventId: doc._id,
          webhookId: doc.webhookId,
          userId: doc.userId,
          webhook_url: doc.webhookUrl,
          webhook_event: doc.eventType ?? doc.rawEventType ?? '',
          campaign_id: doc.campaignId,
          lead_id: doc.platformLeadId ?? doc.leadKey,
          leadKey: doc.leadKey ?? '',
          smartlead_base_categories: context.approvedCategories ?? [],
          category_name: categoryName,
          dto: doc.summary,
          created_at: started,
          sent_at: null,
          expiresAt: doc.expiresAt,
        },
      },
      { upsert: true },
    );
    const approved = (context.approvedCategories ?? []).map((category) => category.name).join(', ');
    await finish(doc, token, started, {
      status: 'held',
      reason: `Held until the lead reaches an approved category (${approved}); its category is ${categoryName ?? 'not known yet'}.`,
    });
  }

  /** The lead's held events, claimed for this run in their original order, their holds sent. */
  async function release(doc: SyncEventDoc, token: string): Promise<SyncEventDoc[]> {
    const held = await deps.events
      .find({ webhookId: doc.webhookId, leadKey: doc.leadKey, status: 'held' })
      .sort({ receivedAt: 1, _id: 1 })
      .lean<SyncEventDoc[]>();
    if (held.length === 0) return [];
    const now = deps.now();
    const lease = { owner: token, until: new Date(now.getTime() + deps.leaseMs) };
    const ids = held.map((event) => event._id);
    await deps.events.updateMany(
      { _id: { $in: ids }, status: 'held' },
      { $set: { status: PENDING, reason: null, nextAttemptAt: now, lease, updatedAt: now } },
    );
    await deps.holds.updateMany(
      { eventId: { $in: ids }, sent_at: null },
      { $set: { sent_at: now } },
    );
    // Only those this run took (another run may have released some meanwhile).
    return deps.events
      .find({ _id: { $in: ids }, 'lease.owner': token })
      .sort({ receivedAt: 1, _id: 1 })
      .lean<SyncEventDoc[]>();
  }

  async function writeAndFinish(
    ready: Array<{ doc: SyncEventDoc; context: WebhookContext; event: CanonicalEvent }>,
    token: string,
  ) {
    const started = deps.now();
    const byAccount = new Map<string, typeof ready>();
    for (const entry of ready) {
      const key = entry.context.accountKey;
      byAccount.set(key, [...(byAccount.get(key) ?? []), entry]);
    }
    await Promise.all(
      [...byAccount.values()].map(async (entries) => {
        const context = entries[0]?.context;
        const outcomes = await writeAccount(entries, context, token);
        const retries = await Promise.all(
          entries.map(async ({ doc, context: own, event }) => {
            const outcome = outcomes.get(doc._id.toString()) ?? {
              kind: 'retry' as const,
              step: 'crm',
              message: 'The CRM write did not finish.',
            };
            const forwards =
              outcome.kind === 'retry'
                ? (doc.steps.forwards ?? [])
                : await forward(doc, own, event);
            const due = await settle(doc, token, started, outcome, forwards);
            return due ? { id: doc._id.toString(), due } : null;
          }),
        );
        await scheduleRetries(retries.filter((retry) => retry !== null));
      }),
    );
  }

  /**
   * One job for the account's events that will be tried again, at the latest of their times,
   * so a batch that met a rate limit or an outage is retried as a batch, not event by event.
   */
  async function scheduleRetries(retries: Array<{ id: string; due: Date }>) {
    if (retries.length === 0) return;
    const due = new Date(Math.max(...retries.map((retry) => retry.due.getTime())));
    const ids = retries.map((retry) => retry.id);
    await deps.schedule(ids, due).catch((error: unknown) => {
      // The sweep picks up due events that no job was queued for.
      log.warn({ err: error, events: ids.length }, 'could not queue the retry');
    });
  }

  async function writeAccount(
    entries: Array<{ doc: SyncEventDoc; context: WebhookContext; event: CanonicalEvent }>,
    context: WebhookContext | undefined,
    token: string,
  ): Promise<Map<string, WriteOutcome>> {
    const writer = context?.writer;
    if (!writer) {
      const message = context?.writerProblem ?? 'The CRM account cannot be written.';
      return new Map(
        entries.map(({ doc }) => [doc._id.toString(), { kind: 'failed', step: 'crm', message }]),
      );
    }
    const items: WriteItem[] = entries.map(({ doc, context: own, event }) => ({
      id: doc._id.toString(),
      event,
      settings: own.settings,
      steps: { ...doc.steps },
      leadKey: doc.leadKey,
    }));
    const record = async (eventId: string, steps: Partial<SyncSteps>) => {
      const set = Object.fromEntries(
        Object.entries(steps).map(([name, value]) => [`steps.${name}`, value]),
      );
      await deps.events.updateOne({ _id: eventId }, { $set: set });
    };
    return writer.write(items, record, (waiting) => stillHeld(waiting, token));
  }

  /**
   * When the account's turn comes: the events this run still holds, each given a full lease again
   * and with its steps as they are now. The lease is renewed before it is read, so an event
   * another run took once its lease ran out (its write waited behind the account's earlier ones)
   * is left to that run and never written twice.
   */
  async function stillHeld<Item extends Pick<WriteItem, 'id' | 'steps'>>(
    items: readonly Item[],
    token: string,
  ): Promise<Item[]> {
    const ids = items.map((item) => new Types.ObjectId(item.id));
    await deps.events.updateMany(
      { _id: { $in: ids }, 'lease.owner': token },
      { $set: { 'lease.until': new Date(deps.now().getTime() + deps.leaseMs) } },
    );
    const held = await deps.events
      .find({ _id: { $in: ids }, 'lease.owner': token }, { steps: 1 })
      .lean<Array<Pick<SyncEventDoc, '_id' | 'steps'>>>();
    const stepsOf = new Map(held.map((doc) => [doc._id.toString(), doc.steps]));
    return items.flatMap((item) => {
      const steps = stepsOf.get(item.id);
      return steps ? [{ ...item, steps: { ...steps } }] : [];
    });
  }

  /** Delivers the event to each additional endpoint that wants its type and has not taken it yet. */
  async function forward(
    doc: SyncEventDoc,
    context: WebhookContext,
    event: CanonicalEvent,
  ): Promise<ForwardState[]> {
    const previous = doc.steps.forwards ?? [];
    const states: ForwardState[] = [];
    for (const target of context.endpoints.filter((endpoint) =>
      endpoint.eventTypes.includes(event.type),
    )) {
      const before = previous.find((state) => state.userAccountId === target.userAccountId);
      if (before?.ok || (before && before.attempts >= FORWARD_MAX_ATTEMPTS)) {
        states.push(before);
        continue;
      }
      const endpoint = await deps.endpoint(target.userAccountId);
      const attempts = (before?.attempts ?? 0) + 1;
      const at = deps.now();
      if (!endpoint) {
        states.push({
          userAccountId: target.userAccountId,
          url: '',
          ok: false,
          attempts: FORWARD_MAX_ATTEMPTS,
          status: null,
          reason: 'The endpoint was deleted.',
          at,
        });
        continue;
      }
      const outcome = await forwardEvent({
        url: endpoint.url,
        secret: endpoint.secret,
        fetch: deps.fetch,
        deliveryId: forwardDeliveryId(doc._id.toString(), target.userAccountId),
        body: forwardBody({
          event,
          raw: storedPayload(doc),
          eventId: doc._id.toString(),
          webhookId: doc.webhookId.toString(),
          receivedAt: doc.receivedAt,
          sentAt: at,
          attempt: attempts,
        }),
      });
      states.push({
        userAccountId: target.userAccountId,
        url: endpoint.url,
        ok: outcome.ok,
        // A refusal that retrying cannot fix uses up the attempts at once.
        attempts: outcome.ok || outcome.retryable ? attempts : FORWARD_MAX_ATTEMPTS,
        status: outcome.status ?? null,
        reason: outcome.ok ? null : outcome.reason,
        at,
      });
    }
    await deps.events.updateOne({ _id: doc._id }, { $set: { 'steps.forwards': states } });
    return states;
  }

  async function settle(
    doc: SyncEventDoc,
    token: string,
    started: Date,
    outcome: WriteOutcome,
    forwards: ForwardState[],
  ): Promise<Date | null> {
    const now = deps.now();
    const attempt = doc.attemptCount + 1;
    const forwardErrors: SyncError[] = forwards
      .filter((state) => !state.ok)
      .map((state) => ({
        step: 'forward',
        message: `${state.url}: ${state.reason ?? 'not delivered'}`,
        at: now,
      }));
    const forwardsPending = forwards.some(
      (state) => !state.ok && state.attempts < FORWARD_MAX_ATTEMPTS,
    );
    const maxAttempts = doc.test ? 1 : deps.maxAttempts;

    if (outcome.kind === 'retry' || forwardsPending) {
      const message =
        outcome.kind === 'retry' ? outcome.message : (forwardErrors[0]?.message ?? '');
      if (attempt < maxAttempts) {
        const retryAfterMs = outcome.kind === 'retry' ? outcome.retryAfterMs : undefined;
        const due = new Date(now.getTime() + retryDelayMs(attempt, retryAfterMs));
        await finish(doc, token, started, {
          status: PENDING,
          nextAttemptAt: due,
          attemptOutcome: 'retrying',
          attemptMessage: message,
          errors:
            outcome.kind === 'retry'
              ? [{ step: outcome.step, message, at: now }, ...forwardErrors]
              : forwardErrors,
        });
        return due;
      }
    }
    if (outcome.kind === 'skipped') {
      await finish(doc, token, started, {
        status: 'not_synced',
        reason: outcome.message,
        errors: forwardErrors,
      });
      return null;
    }
    const crmErrors: SyncError[] =
      outcome.kind === 'written'
        ? (outcome.warnings ?? []).map((message) => ({ step: 'crm', message, at: now }))
        : [{ step: outcome.step, message: outcome.message, at: now }];
    const errors = [...crmErrors, ...forwardErrors];
    const status: SyncStatus =
      outcome.kind === 'written' ? (errors.length > 0 ? 'partially_synced' : 'synced') : 'failed';
    await finish(doc, token, started, {
      status,
      errors,
      syncedAt: outcome.kind === 'written' ? now : null,
    });
    return null;
  }

  async function finish(
    doc: SyncEventDoc,
    token: string,
    started: Date,
    result: {
      status: SyncStatus;
      reason?: string | null;
      errors?: SyncError[];
      nextAttemptAt?: Date | null;
      syncedAt?: Date | null;
      attemptOutcome?: SyncAttempt['outcome'];
      attemptMessage?: string | null;
    },
  ) {
    const now = deps.now();
    const counts = result.status !== 'duplicate' && result.status !== 'unsupported';
    const attempt: SyncAttempt = {
      at: started,
      durationMs: now.getTime() - started.getTime(),
      outcome: result.attemptOutcome ?? attemptOutcomeOf(result.status),
      message: result.attemptMessage ?? result.reason ?? result.errors?.[0]?.message ?? null,
    };
    await deps.events.updateOne(
      { _id: doc._id, 'lease.owner': token },
      {
        $set: {
          status: result.status,
          reason: result.reason ?? null,
          errors: result.errors ?? [],
          nextAttemptAt: result.nextAttemptAt ?? null,
          lease: null,
          updatedAt: now,
          ...(result.syncedAt !== undefined ? { syncedAt: result.syncedAt } : {}),
        },
        ...(counts
          ? { $inc: { attemptCount: 1 }, $push: { attempts: { $each: [attempt], $slice: -20 } } }
          : {}),
      },
    );
  }

  return {
    processEvents,
    async retry(eventId) {
      const now = deps.now();
      const answer = await deps.events.updateOne(
        { _id: eventId, status: { $in: ['failed', 'partially_synced'] } },
        {
          $set: {
            status: PENDING,
            nextAttemptAt: now,
            attemptCount: 0,
            reason: null,
            updatedAt: now,
          },
        },
      );
      if (answer.modifiedCount === 0) return false;
      await deps.schedule([eventId], now);
      return true;
    },
  };
}

function attemptOutcomeOf(status: SyncStatus): SyncAttempt['outcome'] {
  switch (status) {
    case 'synced':
    case 'partially_synced':
    case 'failed':
    case 'held':
    case 'not_synced':
      return status;
    default:
      return 'failed';
  }
}

export type { SyncSteps };
