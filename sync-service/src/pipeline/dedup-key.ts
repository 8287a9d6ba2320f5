import { createHash } from 'node:crypto';
import type { CanonicalEvent } from '@outsync/contracts/sync';

/** How long a delivery identity is remembered. */
export const DEDUP_TTL_MS = {
  /** The platform's own event id: it does not recur, so a late retry is still caught. */
  platformId: 30 * 24 * 60 * 60_000,
  /** A hash of the event: the same content may legitimately recur later (a second open). */
  hash: 24 * 60 * 60_000,
} as const;

/**
 * The identity of a delivery (issue 11 "Receive"): the platform's own event id where it has
 * one, else a hash of the canonical event (type, time, lead, campaign, message). The raw
 * payload is not hashed: a platform's retry may differ in fields that do not matter
 * (delivery timestamps, attempt counters).
 */
export function dedupKeyOf(event: CanonicalEvent): { key: string; ttlMs: number } {
  if (event.platformEventId)
    return { key: `id:${event.platform}:${event.platformEventId}`, ttlMs: DEDUP_TTL_MS.platformId };
  const identity = [
    event.platform,
    event.type,
    event.occurredAt,
    event.lead.email,
    event.lead.profileUrl,
    event.campaign.id,
    event.subject,
    event.bodyText,
    event.link,
    event.category?.id ?? null,
    event.category?.name ?? null,
  ];
  const hash = createHash('sha256').update(JSON.stringify(identity)).digest('base64url');
  return { key: `h:${hash}`, ttlMs: DEDUP_TTL_MS.hash };
}
