import type { CanonicalEvent } from '@outsync/contracts/sync';
import type { Types } from 'mongoose';
import { dedupKeyOf } from '../../pipeline/dedup-key';
import { storedEvent, type WebhookEventDoc } from '../../pipeline';

/**
 * How far apart a HeyReach message's webhook time and its history time may be and still be the
 * same message: the webhook's `timestamp` may be when it was sent out rather than the message's
 * `createdAt` (docs/decisions.md, "Backfill: what each platform's history API allows").
 */
export const HEYREACH_MATCH_TOLERANCE_MS = 10 * 60_000;

/** What the page's check reads of the webhook's stored events and delivery registry. */
export type StoredEventsLookup = {
  /** The canonical events stored for the webhook (not tests) about these leads. */
  eventsOfLeads(webhookId: Types.ObjectId, leadKeys: string[]): Promise<CanonicalEvent[]>;
  /** Of these delivery ids (`{webhookId}:{key}`), those the registry holds. */
  registered(ids: string[]): Promise<Set<string>>;
};

/**
 * The docs of a page that are new for the webhook. Already there: the same dedupe key among
 * the webhook's stored events (the registry forgets ids after 30 days, hashes after a day) or
 * in the registry (a delivery whose log was removed); for HeyReach, whose webhooks carry an id
 * its history lacks, the same message by content: type, lead profile, text, time within the
 * tolerance. A repeat within the page counts once.
 */
export async function newEventsOf(
  webhookId: Types.ObjectId,
  docs: readonly WebhookEventDoc[],
  lookup: StoredEventsLookup,
): Promise<{ fresh: WebhookEventDoc[]; skipped: number }> {
  const candidates = docs.flatMap((doc) => {
    const event = storedEvent(doc);
    return event ? [{ doc, event, key: dedupKeyOf(event).key }] : [];
  });
  const leadKeys = [
    ...new Set(candidates.flatMap(({ doc }) => (doc.leadKey ? [doc.leadKey] : []))),
  ];
  const stored = leadKeys.length > 0 ? await lookup.eventsOfLeads(webhookId, leadKeys) : [];
  const storedKeys = new Set(stored.map((event) => dedupKeyOf(event).key));
  const registered = await lookup.registered(
    candidates.map(({ key }) => `${webhookId.toString()}:${key}`),
  );
  const seen = new Set<string>();
  const fresh: WebhookEventDoc[] = [];
  for (const { doc, event, key } of candidates) {
    const known =
      seen.has(key) ||
      storedKeys.has(key) ||
      registered.has(`${webhookId.toString()}:${key}`) ||
      (event.platform === 'heyreach' && stored.some((other) => sameMessage(event, other)));
    seen.add(key);
    if (!known) fresh.push(doc);
  }
  return { fresh, skipped: candidates.length - fresh.length };
}

/** The same LinkedIn message by content (HeyReach's history has no id its webhooks carry). */
export function sameMessage(a: CanonicalEvent, b: CanonicalEvent): boolean {
  if (a.type !== b.type || a.platform !== b.platform) return false;
  const urlA = a.lead.profileUrl?.toLowerCase() ?? null;
  const urlB = b.lead.profileUrl?.toLowerCase() ?? null;
  if (urlA === null || urlA !== urlB) return false;
  if ((a.bodyText ?? '').trim() !== (b.bodyText ?? '').trim()) return false;
  const apart = Math.abs(Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
  return Number.isFinite(apart) && apart <= HEYREACH_MATCH_TOLERANCE_MS;
}
