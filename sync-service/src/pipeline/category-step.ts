import type { CanonicalEvent } from '@outsync/contracts/sync';
import { categoryFromEvent, decideCategory, type KnownCategory } from './decisions/category-filter';
import type { WebhookEventDoc } from './event-record';
import type { WebhookContext } from './ports';
import { leaseFor, type PipelineRun } from './run';
import { finish } from './settle';

/** A platform's answer about a lead's category is asked again after an hour. */
export const PLATFORM_CATEGORY_TTL_MS = 60 * 60_000;

/**
 * A held event is judged again every hour (the sweep queues it: the platform may know its lead's
 * category by now) and ends `not_synced` once it has been held for 30 days.
 */
export const HOLD_REJUDGE_MS = 60 * 60_000;
export const HOLD_EXPIRY_MS = 30 * 24 * 60 * 60_000;

/**
 * Whether the webhook's category filter lets the event through: the lead's category from the
 * event itself, else what is known of the lead, else the platform's answer (each remembered).
 */
export async function categoryDecision(
  run: PipelineRun,
  doc: WebhookEventDoc,
  context: WebhookContext,
  event: CanonicalEvent,
) {
  const approved = context.smartleadBaseCategories;
  if (!approved || approved.length === 0)
    return decideCategory({ approved, current: { kind: 'unknown' } });
  const current = await currentCategory(run, doc, context, event);
  return decideCategory({ approved, current });
}

async function currentCategory(
  run: PipelineRun,
  doc: WebhookEventDoc,
  context: WebhookContext,
  event: CanonicalEvent,
): Promise<KnownCategory> {
  const { deps } = run;
  const leadKey = doc.leadKey ?? '';
  const remember = (known: KnownCategory, source: 'event' | 'platform') =>
    deps.holds.rememberLeadCategory({
      webhookId: doc.webhookId.toString(),
      leadKey,
      category:
        known.kind === 'category'
          ? { id: known.id, name: known.name, ...(known.tags ? { tags: [...known.tags] } : {}) }
          : null,
      asOf: new Date(event.occurredAt),
      source,
      at: deps.now(),
    });
  const fromEvent = categoryFromEvent(event);
  if (fromEvent) {
    await remember(fromEvent, 'event');
    return fromEvent;
  }
  const known = await deps.holds.leadCategory(doc.webhookId.toString(), leadKey, {
    platformAnswersSince: new Date(deps.now().getTime() - PLATFORM_CATEGORY_TTL_MS),
  });
  if (known !== undefined) return known ? { kind: 'category', ...known } : { kind: 'none' };
  if (!context.apiKeyId) return { kind: 'unknown' };
  const fromPlatform = await deps.platformCategory({ apiKeyId: context.apiKeyId, event });
  if (fromPlatform.kind !== 'unknown') await remember(fromPlatform, 'platform');
  return fromPlatform;
}

/**
 * Holds the event back until its lead reaches an approved category (a history record too); one
 * held for 30 days ends `not_synced`, saying why.
 */
export async function holdEvent(
  run: PipelineRun,
  doc: WebhookEventDoc,
  started: Date,
  context: WebhookContext,
  categoryName: string | null,
) {
  const approvedNames = (context.smartleadBaseCategories ?? [])
    .map((category) => category.name)
    .join(', ');
  if (started.getTime() - doc.receivedAt.getTime() >= HOLD_EXPIRY_MS) {
    await finish(run, doc, started, {
      status: 'not_synced',
      reason: `Not synced: held for 30 days without its lead reaching an approved category (${approvedNames}); its category is ${categoryName ?? 'not known'}.`,
    });
    return;
  }
  await run.deps.holds.hold({
    doc,
    smartleadBaseCategories: context.smartleadBaseCategories ?? [],
    categoryName,
    at: started,
  });
  await finish(run, doc, started, {
    status: 'held',
    reason: `Held until the lead reaches an approved category (${approvedNames}); its category is ${categoryName ?? 'not known yet'}.`,
  });
}

/** The lead's held events, claimed for this run in their original order, their holds sent. */
export async function releaseHeld(
  run: PipelineRun,
  doc: WebhookEventDoc,
): Promise<WebhookEventDoc[]> {
  const { deps } = run;
  const now = deps.now();
  const released = await deps.events.releaseHeld(
    { webhookId: doc.webhookId.toString(), leadKey: doc.leadKey },
    leaseFor(run, now),
    now,
  );
  await deps.holds.markSent(
    released.map((event) => event._id.toString()),
    now,
  );
  return released;
}
