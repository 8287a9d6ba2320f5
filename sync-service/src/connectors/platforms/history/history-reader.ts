import { createHash } from 'node:crypto';
import type { ActivityEventType, Platform } from '@outsync/contracts';
import { z } from 'zod';

// What every platform's history reader shares (issue 34, item 3: backfill). A reader walks a
// platform's history API over a date range and some campaigns, page by page, and turns each
// record into the raw payload the platform's webhook would have posted for it, so the
// pipeline's normalizers read a backfilled event exactly like a delivered one
// (docs/decisions.md, "Backfill: what each platform's history API allows").

/** A campaign to read, by the platform's id; the name goes into the payloads as webhooks carry it. */
export type HistoryCampaign = { id: string; name?: string | null };

export type HistoryReadRequest = {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  /** Read in this order; the cursor counts on it staying the same between runs. */
  campaigns: readonly HistoryCampaign[];
  /** The `cursor` of the last page processed: the read goes on after it. */
  cursor?: string | null;
};

/** One past event as its webhook would have carried it. */
export type BackfillEvent = {
  /** The webhook-shaped raw payload: what `normalizeEvent` takes. */
  payload: Record<string, unknown>;
  /** The event's own time (ISO 8601), as the normalizer will read it from the payload. */
  occurredAt: string;
  /** The history record it came from (`<kind>:<id>`), for logs and tests. */
  sourceId: string;
};

export type HistoryProgress = {
  /** 0-based position of the campaign being read. */
  campaign: number;
  campaigns: number;
  /** Within the campaign: how many of `total` units (leads, e-mails, conversations) are read. */
  done: number;
  /** Null where the API gives no total (Instantly's e-mails). */
  total: number | null;
};

export type HistoryPage = {
  events: BackfillEvent[];
  /**
   * Where to resume after this page (store it once the page's events are safely queued); null
   * after the last page.
   */
  cursor: string | null;
  progress: HistoryProgress;
};

export type HistoryReader = {
  readonly platform: Platform;
  /** Pages in order; one API page (and what it takes to complete it) per yielded page. */
  read(request: HistoryReadRequest): AsyncGenerator<HistoryPage, void, undefined>;
};

/**
 * What a platform's history can give back, for the import screen to say (issue 34: "where a
 * platform's API offers no history, the screen says so").
 */
export type HistorySupport = {
  /** Canonical event types rebuilt with their own time. */
  rebuilds: readonly ActivityEventType[];
  /** Canonical event types the API cannot give back with a time of their own. */
  notAvailable: readonly ActivityEventType[];
};

export const HISTORY_SUPPORT: Readonly<Record<Platform, HistorySupport>> = {
  smartlead: {
    rebuilds: ['EMAIL_SENT', 'EMAIL_REPLY'],
    notAvailable: [
      'EMAIL_OPEN',
      'EMAIL_LINK_CLICK',
      'EMAIL_BOUNCE',
      'LEAD_UNSUBSCRIBED',
      'LEAD_CATEGORY_UPDATED',
    ],
  },
  instantly: {
    rebuilds: ['EMAIL_SENT', 'EMAIL_REPLY'],
    notAvailable: [
      'EMAIL_OPEN',
      'EMAIL_LINK_CLICK',
      'EMAIL_BOUNCE',
      'LEAD_UNSUBSCRIBED',
      'LEAD_CATEGORY_UPDATED',
    ],
  },
  bison: {
    rebuilds: ['EMAIL_SENT', 'EMAIL_REPLY', 'EMAIL_BOUNCE'],
    notAvailable: ['EMAIL_OPEN', 'LEAD_UNSUBSCRIBED', 'LEAD_CATEGORY_UPDATED'],
  },
  heyreach: {
    rebuilds: ['MESSAGE_SENT', 'REPLY_RECEIVED'],
    notAvailable: [
      'CONNECTION_REQUEST_SENT',
      'CONNECTION_REQUEST_ACCEPTED',
      'FOLLOW_SENT',
      'LIKED_POST',
      'VIEWED_PROFILE',
      'LEAD_CATEGORY_UPDATED',
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Cursors

/** Where a read stands: the campaign (by position) and the platform's own place within it. */
export type CursorPosition<Place> = { campaign: number; place: Place };

const CURSOR_VERSION = 1;

const CursorSchema = z.object({
  v: z.literal(CURSOR_VERSION),
  /** Fingerprint of the request the cursor belongs to. */
  r: z.string(),
  c: z.number().int().nonnegative(),
  p: z.union([z.number().int().nonnegative(), z.string().min(1), z.null()]),
});

/**
 * A cursor is opaque text a job stores as it is. It names the request it belongs to, so a
 * cursor resumed with another range or other campaigns is refused rather than skipping events.
 */
export function encodeCursor(
  request: HistoryReadRequest,
  position: CursorPosition<number | string | null>,
): string {
  return JSON.stringify({
    v: CURSOR_VERSION,
    r: fingerprint(request),
    c: position.campaign,
    p: position.place,
  });
}

/** The position to start from: the beginning without a cursor. Throws RangeError on a foreign one. */
export function decodeCursor(request: HistoryReadRequest): CursorPosition<number | string | null> {
  if (request.cursor === undefined || request.cursor === null) return { campaign: 0, place: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.cursor);
  } catch {
    throw new RangeError('The backfill cursor is not one a history reader wrote.');
  }
  const cursor = CursorSchema.safeParse(parsed);
  if (!cursor.success)
    throw new RangeError('The backfill cursor is not one a history reader wrote.');
  if (cursor.data.r !== fingerprint(request)) {
    throw new RangeError('The backfill cursor belongs to another date range or other campaigns.');
  }
  if (cursor.data.c >= Math.max(1, request.campaigns.length)) {
    throw new RangeError('The backfill cursor points past the last campaign.');
  }
  return { campaign: cursor.data.c, place: cursor.data.p };
}

function fingerprint(request: HistoryReadRequest): string {
  const identity = [
    request.from.toISOString(),
    request.to.toISOString(),
    request.campaigns.map((c) => c.id),
  ];
  return createHash('sha256').update(JSON.stringify(identity)).digest('base64url').slice(0, 16);
}

/** Refuses what no platform could read: an empty or backwards range, no campaigns. */
export function checkRequest(request: HistoryReadRequest): void {
  if (Number.isNaN(request.from.getTime()) || Number.isNaN(request.to.getTime())) {
    throw new RangeError('A backfill range needs valid dates.');
  }
  if (request.from.getTime() >= request.to.getTime()) {
    throw new RangeError('A backfill range must start before it ends.');
  }
  if (request.campaigns.length === 0)
    throw new RangeError('A backfill reads at least one campaign.');
}

/**
 * The read loop every reader shares: campaign after campaign from the cursor's, each read by
 * `readCampaign` from its place, each page's cursor pointing at the next page (or the next
 * campaign's first, or null at the very end).
 */
export async function* readCampaigns<Place extends number | string>(
  request: HistoryReadRequest,
  readCampaign: (
    campaign: HistoryCampaign,
    place: Place | null,
  ) => AsyncGenerator<{
    events: BackfillEvent[];
    next: Place | null;
    done: number;
    total: number | null;
  }>,
  placeOf: (stored: number | string | null) => Place | null,
): AsyncGenerator<HistoryPage, void, undefined> {
  checkRequest(request);
  const start = decodeCursor(request);
  const campaigns = request.campaigns.length;
  for (let index = start.campaign; index < campaigns; index++) {
    const campaign = request.campaigns[index] as HistoryCampaign;
    const place = index === start.campaign ? placeOf(start.place) : null;
    for await (const page of readCampaign(campaign, place)) {
      const cursor =
        page.next !== null
          ? encodeCursor(request, { campaign: index, place: page.next })
          : index + 1 < campaigns
            ? encodeCursor(request, { campaign: index + 1, place: null })
            : null;
      yield {
        events: page.events,
        cursor,
        progress: { campaign: index, campaigns, done: page.done, total: page.total },
      };
    }
  }
}

/** Whether an ISO time falls in the request's half-open range. */
export function inRange(request: Pick<HistoryReadRequest, 'from' | 'to'>, time: string): boolean {
  const at = Date.parse(time);
  return !Number.isNaN(at) && at >= request.from.getTime() && at < request.to.getTime();
}

/** A platform's time as ISO 8601 UTC (as the normalizers read it); the text itself when unreadable. */
export function isoTime(text: string): string {
  const at = Date.parse(text);
  return Number.isNaN(at) ? text : new Date(at).toISOString();
}

/** Ids the platforms send as numbers or strings, as text. */
export const IdSchema = z.union([z.number().int(), z.string().min(1)]).transform(String);
