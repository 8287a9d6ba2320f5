import { randomUUID } from 'node:crypto';
import type { CanonicalEvent, SyncStatus } from '@outsync/contracts/sync';
import type { Logger } from '../platform/logger';
import { retryDelayMs } from './backoff';
import { categoryFromEvent, decideCategory, type KnownCategory } from './decisions/category-filter';
import { gateEvent } from './decisions/gate';
import { dedupKeyOf } from './dedup-key';
import {
  storedEvent,
  storedPayload,
  type ForwardState,
  type SyncAttempt,
  type SyncError,
  type WebhookEventDoc,
  type SyncSteps,
} from './event-record';
import {
  forwardBody,
  forwardDeliveryId,
  forwardEvent,
  FORWARD_MAX_ATTEMPTS,
  type EndpointFetch,
} from './forward';
import type {
  EndpointLookup,
  EventOutcome,
  EventStore,
  HoldStore,
  Lease,
  PlatformCategoryLookup,
  WebhookContext,
} from './ports';
import type { WriteItem, WriteOutcome } from './write/crm-writer';

export type SyncPipelineDeps = {
  events: EventStore;
  holds: HoldStore;
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

  function leaseFor(token: string, from: Date): Lease {
    return { owner: token, until: new Date(from.getTime() + deps.leaseMs) };
  }

  async function claim(ids: readonly string[], token: string): Promise<WebhookEventDoc[]> {
    const now = deps.now();
    const lease = leaseFor(token, now);
    const claimed = await deps.events.claim(ids, lease, now);
    const room = (deps.maxBatch ?? 1) - claimed.length;
    if (claimed.length === 0 || room <= 0) return claimed;
    // The accounts' other due events join the batch (a backlog grows batches, not jobs).
    const waiting = await deps.events.claimWaiting({
      accounts: [...new Set(claimed.map((doc) => doc.userProfileId.toString()))],
      except: ids,
      room,
      lease,
      now,
    });
    return [...claimed, ...waiting].sort(
      (a, b) =>
        a.receivedAt.getTime() - b.receivedAt.getTime() ||
        a._id.toString().localeCompare(b._id.toString()),
    );
  }

  async function processEvents(eventIds: readonly string[]): Promise<string[]> {
    if (eventIds.length === 0) return [];
    const token = randomUUID();
    const claimed = await claim(eventIds, token);
    if (claimed.length === 0) return [];
    const contexts = new Map<string, Promise<WebhookContext | null>>();
    const contextOf = (doc: WebhookEventDoc) => {
      const key = doc.webhookId.toString();
      let context = contexts.get(key);
      if (!context) {
        context = deps.loadContext(key);
        contexts.set(key, context);
      }
      return context;
    };

    const ready: Array<{ doc: WebhookEventDoc; context: WebhookContext; event: CanonicalEvent }> =
      [];
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
    await deps.events.renewLeases(
      ready.map(({ doc }) => doc._id.toString()),
      leaseFor(token, deps.now()),
    );
    await writeAndFinish(ready, token);
    return claimed.map((doc) => doc._id.toString());
  }

  async function isDuplicate(doc: WebhookEventDoc, event: CanonicalEvent): Promise<boolean> {
    const { key, ttlMs } = dedupKeyOf(event);
    const registered = await deps.events.registerDelivery(
      `${doc.webhookId.toString()}:${key}`,
      doc._id.toString(),
      new Date(deps.now().getTime() + ttlMs),
    );
    return !registered;
  }

  async function categoryDecision(
    doc: WebhookEventDoc,
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
      const known = await deps.holds.leadCategory(doc.webhookId.toString(), leadKey);
      if (known !== undefined) {
        current = known ? { kind: 'category', ...known } : { kind: 'none' };
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
    webhookId: { toString(): string },
    leadKey: string,
    known: KnownCategory,
    asOf: Date,
    source: 'event' | 'platform',
  ) {
    await deps.holds.rememberLeadCategory({
      webhookId: webhookId.toString(),
      leadKey,
      category: known.kind === 'category' ? { id: known.id, name: known.name } : null,
      asOf,
      source,
    });
  }

  async function hold(
    doc: WebhookEventDoc,
    token: string,
    started: Date,
    context: WebhookContext,
    categoryName: string | null,
  ) {
    await deps.holds.hold({
      doc,
      approvedCategories: context.approvedCategories ?? [],
      categoryName,
      at: started,
    });
    const approved = (context.approvedCategories ?? []).map((category) => category.name).join(', ');
    await finish(doc, token, started, {
      status: 'held',
      reason: `Held until the lead reaches an approved category (${approved}); its category is ${categoryName ?? 'not known yet'}.`,
    });
  }

  /** The lead's held events, claimed for this run in their original order, their holds sent. */
  async function release(doc: WebhookEventDoc, token: string): Promise<WebhookEventDoc[]> {
    const now = deps.now();
    const released = await deps.events.releaseHeld(
      { webhookId: doc.webhookId.toString(), leadKey: doc.leadKey },
      leaseFor(token, now),
      now,
    );
    await deps.holds.markSent(
      released.map((event) => event._id.toString()),
      now,
    );
    return released;
  }

  async function writeAndFinish(
    ready: Array<{ doc: WebhookEventDoc; context: WebhookContext; event: CanonicalEvent }>,
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
    entries: Array<{ doc: WebhookEventDoc; context: WebhookContext; event: CanonicalEvent }>,
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
    const record = (eventId: string, steps: Partial<SyncSteps>) =>
      deps.events.recordSteps(eventId, steps);
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
    const ids = items.map((item) => item.id);
    await deps.events.renewLeases(ids, leaseFor(token, deps.now()));
    const stepsOf = await deps.events.stepsHeldBy(ids, token);
    return items.flatMap((item) => {
      const steps = stepsOf.get(item.id);
      return steps ? [{ ...item, steps: { ...steps } }] : [];
    });
  }

  /** Delivers the event to each additional endpoint that wants its type and has not taken it yet. */
  async function forward(
    doc: WebhookEventDoc,
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
    await deps.events.recordForwards(doc._id.toString(), states);
    return states;
  }

  async function settle(
    doc: WebhookEventDoc,
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
    doc: WebhookEventDoc,
    token: string,
    started: Date,
    result: EventOutcome & {
      attemptOutcome?: SyncAttempt['outcome'];
      attemptMessage?: string | null;
    },
  ) {
    const { attemptOutcome, attemptMessage, ...outcome } = result;
    // A duplicate or an unsupported payload is not an attempt at the CRM.
    const counts = result.status !== 'duplicate' && result.status !== 'unsupported';
    const now = deps.now();
    const attempt: SyncAttempt = {
      at: started,
      durationMs: now.getTime() - started.getTime(),
      outcome: attemptOutcome ?? attemptOutcomeOf(result.status),
      message: attemptMessage ?? result.reason ?? result.errors?.[0]?.message ?? null,
    };
    await deps.events.finish(doc._id.toString(), token, outcome, counts ? attempt : null, now);
  }

  return {
    processEvents,
    async retry(eventId) {
      const now = deps.now();
      if (!(await deps.events.requeue(eventId, now))) return false;
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
