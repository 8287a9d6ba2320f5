import type { CanonicalEvent } from '@outsync/contracts/sync';
import { storedPayload, type ForwardState, type WebhookEventDoc } from './event-record';
import { forwardBody, forwardDeliveryId, forwardEvent, FORWARD_MAX_ATTEMPTS } from './forward';
import type { WebhookContext } from './ports';
import type { PipelineRun } from './run';

/** Delivers the event to each additional endpoint that wants its type and has not taken it yet. */
export async function forwardDeliveries(
  run: PipelineRun,
  doc: WebhookEventDoc,
  context: WebhookContext,
  event: CanonicalEvent,
): Promise<ForwardState[]> {
  const { deps } = run;
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
