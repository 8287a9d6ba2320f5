import type { LiveWebhookEvent } from '@outsync/contracts/webhooks/live-events';

/** The most rows the view keeps: the newest received. */
export const LIVE_ROWS_KEPT = 200;

/** What the view shows, and what waits while it is paused. */
export type LiveRows = {
  /** Newest received first. */
  rows: LiveWebhookEvent[];
  /** Changes heard while paused, applied on resume. */
  waiting: LiveWebhookEvent[];
  /** Events first heard of while paused (not status changes of rows already shown). */
  arrivedWhilePaused: number;
  /** The viewer paused the view to read it: changes wait. */
  paused: boolean;
};

export const emptyLiveRows: LiveRows = {
  rows: [],
  waiting: [],
  arrivedWhilePaused: 0,
  paused: false,
};

function byNewestReceived(a: LiveWebhookEvent, b: LiveWebhookEvent): number {
  return b.receivedAt.localeCompare(a.receivedAt) || b.id.localeCompare(a.id);
}

/**
 * A row replaced by a later state of the same event; an earlier state (a replay after a
 * reconnect, or the service's overlap) never undoes a later one.
 */
function merge(rows: LiveWebhookEvent[], events: LiveWebhookEvent[]): LiveWebhookEvent[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const event of events) {
    const known = byId.get(event.id);
    if (!known || known.updatedAt <= event.updatedAt) byId.set(event.id, event);
  }
  return [...byId.values()].sort(byNewestReceived).slice(0, LIVE_ROWS_KEPT);
}

/** A change heard on the stream: shown at once, or kept and counted while paused. */
export function heard(state: LiveRows, event: LiveWebhookEvent): LiveRows {
  if (!state.paused) return { ...state, rows: merge(state.rows, [event]) };
  const isNew =
    !state.rows.some((row) => row.id === event.id) &&
    !state.waiting.some((row) => row.id === event.id);
  return {
    ...state,
    waiting: [...state.waiting, event],
    arrivedWhilePaused: state.arrivedWhilePaused + (isNew ? 1 : 0),
  };
}

/** Pause: the rows stay as they are; what arrives from now on waits and is counted. */
export function paused(state: LiveRows): LiveRows {
  return { ...state, paused: true };
}

/** Resume: what waited is shown, the count starts again. */
export function resumed(state: LiveRows): LiveRows {
  return {
    rows: merge(state.rows, state.waiting),
    waiting: [],
    arrivedWhilePaused: 0,
    paused: false,
  };
}
