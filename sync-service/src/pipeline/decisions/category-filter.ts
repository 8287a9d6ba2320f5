import type { ActivityEventType, Platform } from '@outsync/contracts';
import type { WebhookCategory } from '@outsync/contracts/webhooks';

/** What the pipeline knows of a lead's current category. */
export type KnownCategory =
  /**
   * The lead has this category. A HeyReach lead's categories are its tags: `tags` holds all
   * of them (the category is the one its last update added), and any approved one lets it pass.
   */
  | { kind: 'category'; id: string | null; name: string | null; tags?: readonly string[] }
  /** The lead has no category (the platform says so, or its last change cleared it). */
  | { kind: 'none' }
  /** Nothing says: no category event seen and no platform lookup possible. */
  | { kind: 'unknown' };

export type CategoryDecision =
  | { kind: 'pass'; reason: 'all events' | 'approved category' }
  | { kind: 'hold'; categoryName: string | null };

/**
 * Approved events 'filtered' (a webhook with categories): an event passes only while its
 * lead is in one of the webhook's categories (issue 11 "Gate and hold"). 'all' (no
 * categories) passes everything. A lead whose category is unknown is held: releasing later is
 * safe, writing a lead the customer did not approve into their CRM cannot be undone.
 */
export function decideCategory(input: {
  approved: readonly WebhookCategory[] | null;
  current: KnownCategory;
}): CategoryDecision {
  const approved = input.approved ?? [];
  if (approved.length === 0) return { kind: 'pass', reason: 'all events' };
  const current = input.current;
  if (current.kind !== 'category') return { kind: 'hold', categoryName: null };
  const tags = current.tags ?? [];
  const isApproved = (category: WebhookCategory) =>
    sameCategory(category, current) ||
    tags.some((tag) => sameCategory(category, { id: null, name: tag }));
  if (approved.some(isApproved)) return { kind: 'pass', reason: 'approved category' };
  return {
    kind: 'hold',
    categoryName: current.name ?? current.id ?? (tags.length > 0 ? tags.join(', ') : null),
  };
}

/**
 * Ids match exactly; names match ignoring case and spacing, because a category's id is not
 * always the same thing on both sides (an Instantly label seen by name in a payload, a bison
 * category by its fixed id).
 */
export function sameCategory(
  approved: WebhookCategory,
  current: { id: string | null; name: string | null },
): boolean {
  // An approved category always has an id; a current one without an id never equals it.
  if (approved.id === current.id) return true;
  return current.name !== null && normalName(approved.name) === normalName(current.name);
}

function normalName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The category an event itself says the lead is in after it: a category change's new
 * category. Other events say nothing (null), even when they carry a category field, because
 * a reply's category is the platform's guess at the time of the reply, not a change. A
 * HeyReach tag update says all the lead's tags after it (`tags`): the lead has a category
 * while it has any tag, whichever was added or taken off.
 */
export function categoryFromEvent(event: {
  type: ActivityEventType;
  platform: Platform;
  category: { id: string | null; name: string | null } | null;
  tags: readonly string[];
}): KnownCategory | null {
  if (event.type !== 'LEAD_CATEGORY_UPDATED') return null;
  const category = event.category;
  const named = category !== null && (category.id !== null || category.name !== null);
  if (event.platform === 'heyreach') {
    if (!named && event.tags.length === 0) return { kind: 'none' };
    return {
      kind: 'category',
      id: named ? category.id : null,
      name: named ? category.name : null,
      tags: [...event.tags],
    };
  }
  if (!named) return { kind: 'none' };
  return { kind: 'category', id: category.id, name: category.name };
}
