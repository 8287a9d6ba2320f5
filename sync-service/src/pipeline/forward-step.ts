import type { CanonicalEvent } from '@outsync/contracts/sync';
import { storedPayload, type ForwardState, type WebhookEventDoc } from './event-record';
import {
  forwardBackoffMs,
  forwardBody,
  forwardDeliveryId,
  forwardEvent,
  FORWARD_MAX_ATTEMPTS,
  type ForwardOutcome,
} from './forward';
import type { WebhookContext } from './ports';
import type { PipelineRun } from './run';

/**
 * An endpoint's delivery state with its own schedule (issue 29 "Forwarding on its own
 * schedule"): when the endpoint is tried next, by forwardBackoffMs and its `Retry-After`.
 */
export type ForwardDelivery = ForwardState & {
  /** Null once it is delivered, given up, or not to be tried (the reason says why). */
  nextAttemptAt: Date | null;
};

/** Why an endpoint of a profile without the "Additional Webhooks" flag gets nothing. */
export const FORWARD_NOT_ALLOWED =
  'Not forwarded: this profile is not allowed to forward to additional endpoints (Additional Webhooks, canUserAccount). An administrator can turn it on in Users.';

/**
 * When the endpoint is tried next: null once it took the event or will not be tried again. A
 * state recorded before forwards kept their own time is retried at the event's next run while
 * it has attempts left.
 */
export function forwardDueAt(state: ForwardState): Date | null {
  if (state.ok) return null;
  if ('nextAttemptAt' in state)
    return state.nextAttemptAt instanceof Date ? state.nextAttemptAt : null;
  return state.attempts < FORWARD_MAX_ATTEMPTS ? state.at : null;
}

/**
 * Delivers the event to each additional endpoint that wants its type, when that endpoint's own
 * time has come: the first attempt at once, a retry at its scheduled time (1 s, 4 s, 16 s,
 * 1 min, 5 min, 15 min, 1 h, jittered, or the endpoint's longer `Retry-After` up to 1 h), eight
 * attempts in all. An endpoint that took it, or that is given up, is not called again; an event
 * re-queued by Retry in the history gives each endpoint that did not take it a new round.
 * The profile's "Additional Webhooks" flag is checked here, at send time.
 */
export async function forwardDeliveries(
  run: PipelineRun,
  doc: WebhookEventDoc,
  context: WebhookContext,
  event: CanonicalEvent,
): Promise<ForwardDelivery[]> {
  const { deps } = run;
  const previous = doc.steps.forwards ?? [];
  // Back with endpoints recorded and none of them waiting: Retry in the history re-queued it
  // (in the pipeline's own course an event comes back only while an endpoint or the CRM waits).
  const requeued = !previous.some((state) => forwardDueAt(state) !== null);
  const now = deps.now();
  const states: ForwardDelivery[] = [];
  for (const target of context.endpoints.filter((endpoint) =>
    endpoint.eventTypes.includes(event.type),
  )) {
    const before = previous.find((state) => state.userAccountId === target.userAccountId);
    const due = before ? forwardDueAt(before) : now;
    const waits = due !== null && due > now;
    if (before && (before.ok || waits || (due === null && !requeued))) {
      states.push({ ...before, nextAttemptAt: due });
      continue;
    }
    // A state with a time is the round under way; any other (none, given up) starts one.
    const attempts = (before && due !== null ? before.attempts : 0) + 1;
    const endpoint = await deps.endpoint(target.userAccountId);
    const notCalled = (url: string, reason: string): ForwardDelivery => ({
      userAccountId: target.userAccountId,
      url,
      ok: false,
      attempts: attempts - 1,
      status: null,
      reason,
      at: now,
      nextAttemptAt: null,
    });
    if (!endpoint) {
      states.push(notCalled(before?.url ?? '', 'The endpoint was deleted.'));
      continue;
    }
    if (!context.profileCanForward) {
      states.push(notCalled(endpoint.url, FORWARD_NOT_ALLOWED));
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
        sentAt: now,
        attempt: attempts,
      }),
    });
    const after = afterAttempt(outcome, attempts, now, doc.test);
    states.push({
      userAccountId: target.userAccountId,
      url: endpoint.url,
      ok: outcome.ok,
      attempts,
      status: outcome.status ?? null,
      ...after,
      at: now,
    });
    deps.metrics?.forwardAttempt(
      outcome.ok ? 'delivered' : after.nextAttemptAt ? 'will_retry' : 'gave_up',
    );
  }
  // No endpoint wants the event, now or before: nothing to record (one round trip less).
  if (states.length > 0 || previous.length > 0)
    await deps.events.recordForwards(doc._id.toString(), states);
  return states;
}

/** The state's reason and next time after an attempt: retried on schedule, or why not. */
function afterAttempt(
  outcome: ForwardOutcome,
  attempts: number,
  at: Date,
  test: boolean,
): Pick<ForwardDelivery, 'reason' | 'nextAttemptAt'> {
  if (outcome.ok) return { reason: null, nextAttemptAt: null };
  if (!outcome.retryable)
    return {
      reason: `${outcome.reason} Not retried: the same request would be refused again.`,
      nextAttemptAt: null,
    };
  if (test)
    return {
      reason: `${outcome.reason} Not retried: a test event is sent once.`,
      nextAttemptAt: null,
    };
  if (attempts >= FORWARD_MAX_ATTEMPTS)
    return {
      reason: `${outcome.reason} Given up after ${FORWARD_MAX_ATTEMPTS} attempts.`,
      nextAttemptAt: null,
    };
  const waitMs = forwardBackoffMs(attempts, outcome.retryAfterSeconds);
  return { reason: outcome.reason, nextAttemptAt: new Date(at.getTime() + waitMs) };
}
