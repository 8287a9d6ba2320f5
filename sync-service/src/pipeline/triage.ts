import { gateEvent } from './decisions/gate';
import { dedupKeyOf } from './dedup-key';
import { storedEvent, type WebhookEventDoc } from './event-record';
import { categoryDecision, holdEvent, releaseHeld } from './category-step';
import type { PipelineMetrics, WebhookContext } from './ports';
import type { PipelineRun, ReadyEvent } from './run';
import { finish } from './settle';

const webhookDeleted = 'The webhook was deleted before the event was synced.';

/**
 * The checks before the CRM, event by event in order: the webhook still there, a supported
 * payload, the plan and profile gate, a first delivery, the category filter. Events that stop
 * here are settled; a lead that reaches an approved category brings its held events along,
 * ahead of it. Answers the events that go on to the CRM.
 */
export async function triage(run: PipelineRun, claimed: WebhookEventDoc[]): Promise<ReadyEvent[]> {
  const contextOf = contextsOfRun(run);
  const ready: ReadyEvent[] = [];
  const queue = [...claimed];
  /** Events whose category was approved already this run (re-queued behind released ones). */
  const passed = new Set<string>();
  for (let index = 0; index < queue.length; index += 1) {
    const doc = queue[index];
    if (!doc) continue;
    const started = run.deps.now();
    const context = await contextOf(doc);
    const entry = await checkEvent(run, doc, context, started);
    if (!entry) continue;
    if (!doc.test && !doc.steps.releasedAt && !passed.has(doc._id.toString())) {
      const decision = await categoryDecision(run, doc, entry.context, entry.event);
      if (decision.kind === 'hold') {
        await holdEvent(run, doc, started, entry.context, decision.categoryName);
        continue;
      }
      // Held before and judged again (its webhook's filter changed): its hold is over.
      if (doc.attempts.some((attempt) => attempt.outcome === 'held'))
        await run.deps.holds.markSent([doc._id.toString()], started);
      if (decision.reason === 'approved category') {
        // The lead reached an approved category: its held events go first, in their order.
        const released = await releaseHeld(run, doc);
        if (released.length > 0) {
          for (const event of [doc, ...released]) passed.add(event._id.toString());
          queue.splice(index + 1, 0, ...released, doc);
          continue;
        }
      }
    }
    // Released by its owner: its hold is over.
    if (doc.steps.releasedAt && doc.attempts.some((attempt) => attempt.outcome === 'held'))
      await run.deps.holds.markSent([doc._id.toString()], started);
    // Straight from a hold to the CRM: counted once (issue 33).
    if (doc.attempts.at(-1)?.outcome === 'held')
      run.deps.metrics?.eventReleased(doc.crm, releaseTrigger(doc, passed));
    ready.push(entry);
  }
  return ready;
}

/** Each webhook's context loaded once per run. */
function contextsOfRun(run: PipelineRun) {
  const contexts = new Map<string, Promise<WebhookContext | null>>();
  return (doc: WebhookEventDoc) => {
    const key = doc.webhookId.toString();
    let context = contexts.get(key);
    if (!context) {
      context = run.deps.loadContext(key);
      contexts.set(key, context);
    }
    return context;
  };
}

/** The event with its context, or null once it is settled (gone, unsupported, gated, repeated). */
async function checkEvent(
  run: PipelineRun,
  doc: WebhookEventDoc,
  context: WebhookContext | null,
  started: Date,
): Promise<ReadyEvent | null> {
  const event = storedEvent(doc);
  if (!context) {
    await finish(run, doc, started, {
      status: 'failed',
      reason: webhookDeleted,
      errors: [{ step: 'webhook', message: webhookDeleted, at: started }],
    });
    return null;
  }
  if (!event) {
    await finish(run, doc, started, { status: 'unsupported', reason: doc.reason });
    return null;
  }
  const gate = gateEvent({
    test: doc.test,
    ownerIsPaidTier: context.ownerIsPaidTier,
    profileCanWebhook: context.profileCanWebhook,
  });
  if (gate.kind === 'not_synced') {
    await finish(run, doc, started, { status: 'not_synced', reason: gate.reason });
    return null;
  }
  if (!doc.test && (await isDuplicate(run, doc, event))) {
    await finish(run, doc, started, {
      status: 'duplicate',
      reason: 'The platform delivered this event before; it was synced once.',
    });
    return null;
  }
  return { doc, context, event };
}

async function isDuplicate(
  run: PipelineRun,
  doc: WebhookEventDoc,
  event: ReadyEvent['event'],
): Promise<boolean> {
  const { key, ttlMs } = dedupKeyOf(event);
  const registered = await run.deps.events.registerDelivery(
    `${doc.webhookId.toString()}:${key}`,
    doc._id.toString(),
    new Date(run.deps.now().getTime() + ttlMs),
  );
  return !registered;
}

/** Why a held event goes on: its owner released it, its lead's category, or judged again. */
function releaseTrigger(
  doc: WebhookEventDoc,
  passed: ReadonlySet<string>,
): Parameters<PipelineMetrics['eventReleased']>[1] {
  if (doc.steps.releasedAt) return 'owner';
  return passed.has(doc._id.toString()) ? 'category' : 'rejudged';
}
