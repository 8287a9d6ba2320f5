import { asNumber, isObject } from '../core/http.ts';
import { stripOptionalBlocks, type SimulatedPlatform } from './campaign-payloads.ts';
import type { PlannedEvent } from './event-plan.ts';
import type { Random } from './random.ts';

// Posting a run's events to their webhook URLs, with the delivery faults a real platform
// shows on request: the same event twice, a redelivery after a first attempt the platform took
// for failed, arrival out of order, and payloads missing optional blocks.

const MAX_IN_FLIGHT = 64;
const REQUEST_TIMEOUT_MS = 15_000;
/** Window an out-of-order run shuffles within when `outOfOrder: true`. */
const DEFAULT_SHUFFLE_WINDOW = 5;

export interface DeliveryFaults {
  /** Share (0–1) of events delivered twice, the same body back to back. */
  duplicates: number;
  /** Share (0–1) of events sent again, same body, after a first attempt taken as failed. */
  retries: number;
  /** Window size events are shuffled within; 0 keeps the order. */
  outOfOrder: number;
  /** Share (0–1) of events whose optional blocks are removed. */
  missingOptionalBlocks: number;
  /** Wait before a retry. */
  retryDelayMs: number;
}

export const NO_FAULTS: DeliveryFaults = {
  duplicates: 0,
  retries: 0,
  outOfOrder: 0,
  missingOptionalBlocks: 0,
  retryDelayMs: 0,
};

/** The `faults` body field; shares are clamped to 0–1, `outOfOrder` true or a window size. */
export function parseDeliveryFaults(value: unknown): DeliveryFaults {
  if (!isObject(value)) return NO_FAULTS;
  const share = (raw: unknown) => Math.min(1, Math.max(0, asNumber(raw, 0)));
  const window =
    value.outOfOrder === true
      ? DEFAULT_SHUFFLE_WINDOW
      : Math.max(0, Math.floor(asNumber(value.outOfOrder, 0)));
  return {
    duplicates: share(value.duplicates),
    retries: share(value.retries),
    outOfOrder: window > 1 ? window : 0,
    missingOptionalBlocks: share(value.missingOptionalBlocks),
    retryDelayMs: Math.min(10_000, Math.max(0, asNumber(value.retryDelayMs, 100))),
  };
}

/** One event ready to go out, with the faults chosen for it. */
export interface OutgoingEvent extends PlannedEvent {
  targets: string[];
  duplicate: boolean;
  retry: boolean;
  strippedBlocks: string[];
}

export interface DeliveryCounts {
  sent: number;
  accepted: number;
  rejected: number;
  failed: number;
  statusCounts: Record<string, number>;
  faults: {
    duplicates: number;
    retries: number;
    outOfOrder: number;
    missingOptionalBlocks: number;
  };
}

/** Chooses each event's faults and the order they go out in; answers how many moved. */
export function applyFaults(
  platform: SimulatedPlatform,
  events: Array<PlannedEvent & { targets: string[] }>,
  faults: DeliveryFaults,
  random: Random,
): { outgoing: OutgoingEvent[]; reordered: number } {
  const outgoing = events.map((event) => ({
    ...event,
    duplicate: random.chance(faults.duplicates),
    retry: random.chance(faults.retries),
    strippedBlocks: random.chance(faults.missingOptionalBlocks)
      ? stripOptionalBlocks(platform, event.payload)
      : [],
  }));
  if (faults.outOfOrder > 0) random.shuffleWindows(outgoing, faults.outOfOrder);
  const reordered = outgoing.filter((event, position) => event.index !== position).length;
  return { outgoing, reordered };
}

export interface DeliveryResult {
  url: string;
  status: number | null;
  body: unknown;
}

/**
 * Sends the events, paced at `ratePerSecond` events per second (0 = as fast as possible, at
 * most 64 requests in flight). Each event goes to each of its targets; a duplicate is sent
 * again as soon as the first answer arrives, a retry after `retryDelayMs`.
 */
export async function deliverAll(options: {
  events: OutgoingEvent[];
  ratePerSecond: number;
  headers: Record<string, string>;
  retryDelayMs: number;
  counts: DeliveryCounts;
}): Promise<void> {
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  for (const [position, event] of options.events.entries()) {
    if (options.ratePerSecond > 0)
      await waitUntil(started + (position * 1000) / options.ratePerSecond);
    for (const url of event.targets) {
      while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
      const delivery = deliverEvent(event, url, options).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }
  }
  await Promise.all(inFlight);
}

async function deliverEvent(
  event: OutgoingEvent,
  url: string,
  options: { headers: Record<string, string>; retryDelayMs: number; counts: DeliveryCounts },
): Promise<void> {
  const body = JSON.stringify(event.payload);
  await post(url, body, options.headers, options.counts);
  if (event.duplicate) {
    options.counts.faults.duplicates++;
    await post(url, body, options.headers, options.counts);
  }
  if (event.retry) {
    options.counts.faults.retries++;
    await delay(options.retryDelayMs);
    await post(url, body, options.headers, options.counts);
  }
}

/** One POST; answers the receiver's status and body (null status when it could not be reached). */
export async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  counts: DeliveryCounts,
): Promise<DeliveryResult> {
  counts.sent++;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    counts.statusCounts[response.status] = (counts.statusCounts[response.status] ?? 0) + 1;
    if (response.ok) counts.accepted++;
    else counts.rejected++;
    return { url, status: response.status, body: parseBody(text) };
  } catch (error) {
    counts.failed++;
    return { url, status: null, body: error instanceof Error ? error.message : String(error) };
  }
}

export function emptyCounts(): DeliveryCounts {
  return {
    sent: 0,
    accepted: 0,
    rejected: 0,
    failed: 0,
    statusCounts: {},
    faults: { duplicates: 0, retries: 0, outOfOrder: 0, missingOptionalBlocks: 0 },
  };
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function waitUntil(time: number): Promise<void> {
  return delay(time - Date.now());
}

function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
