import type { CanonicalEvent } from '@outsync/contracts/sync';
import { categoryFromEvent, decideCategory, type KnownCategory } from './decisions/category-filter';
import type { WebhookEventDoc } from './event-record';
import type { WebhookContext } from './ports';
import { leaseFor, type PipelineRun } from './run';
import { finish } from './settle';

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
      category: known.kind === 'category' ? { id: known.id, name: known.name } : null,
      asOf: new Date(event.occurredAt),
      source,
    });
  const fromEvent = categoryFromEvent(event);
  if (fromEvent) {
    await remember(fromEvent, 'event');
    return fromEvent;
  }
  const known = await deps.holds.leadCategory(doc.webhookId.toString(), leadKey);
  if (known !== undefined) return known ? { kind: 'category', ...known } : { kind: 'none' };
  if (!context.apiKeyId) return { kind: 'unknown' };
  const fromPlatform = await deps.platformCategory({ apiKeyId: context.apiKeyId, event });
  if (fromPlatform.kind !== 'unknown') await remember(fromPlatform, 'platform');
  return fromPlatform;
}

/** Holds the event back until its lead reaches an approved category (a history record too). */
export async function holdEvent(
  run: PipelineRun,
  doc: WebhookEventDoc,
  started: Date,
  context: WebhookContext,
  categoryName: string | null,
) {
  await run.deps.holds.hold({
    doc,
    smartleadBaseCategories: context.smartleadBaseCategories ?? [],
    categoryName,
    at: started,
  });
  const approved = (context.smartleadBaseCategories ?? [])
    .map((category) => category.name)
    .join(', ');
  await finish(run, doc, started, {
    status: 'held',
    reason: `Held until the lead reaches an approved category (${approved}); its category is ${categoryName ?? 'not known yet'}.`,
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
