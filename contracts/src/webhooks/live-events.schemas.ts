import * as z from '@outsync/contracts/zod';
// A subpath of its own (only the live view's lazy chunk loads it); the status enum is small.
import { SyncStatusSchema } from '../sync/sync-status';

// The live view of a webhook (issue 34, item 1): what its server-sent events carry. A stream,
// not a JSON answer, so these schemas describe each message's `data`, parsed by the module.

/** The SSE `event:` names of the live stream. */
export const LIVE_STREAM_EVENTS = {
  /** An event of the webhook was received, or its status changed: `data` is a LiveWebhookEvent. */
  log: 'log',
  /** The stream is open (and caught up after a reconnect): `data` is a LiveStreamReady. */
  ready: 'ready',
} as const;

/**
 * A stream id that names a moment rather than an event (`{epoch ms}.`; an event's id is
 * `{epoch ms}.{log id}`): sent as Last-Event-ID, it asks for what changed since then. The
 * service's `ready` carries one; a view whose stream never opened sends the one of the moment it
 * opened, so what arrived during the outage is replayed once the service is back.
 */
export function liveStreamIdAt(epochMs: number): string {
  return `${Math.floor(epochMs)}.`;
}

/** How often the stream sends a comment line, so proxies do not close an idle connection. */
export const LIVE_STREAM_HEARTBEAT_MS = 15_000;

/** One event of the webhook as the live view shows it: enough for a row, no payload. */
export const LiveWebhookEventSchema = z.object({
  /** The webhook log's id: a later message with the same id replaces the row (held → synced). */
  id: z.string(),
  webhookId: z.string(),
  eventType: z.string().nullable(),
  /** The lead, as the webhook logs list shows it (the payload's to_email). */
  leadEmail: z.string().nullable(),
  subject: z.string().nullable(),
  status: SyncStatusSchema,
  /** Why it is held, not synced or failed, in the words of the webhook logs. */
  reason: z.string().nullable(),
  test: z.boolean(),
  receivedAt: z.string().describe('When it was received (ISO time).'),
  /** When its status last changed: the stream's order. */
  updatedAt: z.string().describe('When its status last changed (ISO time).'),
});
export type LiveWebhookEvent = z.infer<typeof LiveWebhookEventSchema>;

/** The `ready` message: the stream is caught up. */
export const LiveStreamReadySchema = z.object({
  /** Messages replayed after a reconnect's Last-Event-ID (0 on a first connection). */
  replayed: z.number().int().min(0),
});
export type LiveStreamReady = z.infer<typeof LiveStreamReadySchema>;
