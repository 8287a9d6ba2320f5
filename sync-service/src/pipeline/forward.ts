import { STATUS_CODES } from 'node:http';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import { parseRetryAfter } from '../connectors/http/vendor-errors';
import { SIGNATURE_HEADER, signBody, type EndpointFetch } from './endpoint-check';
import { UnsafeUrlError } from '../platform/safe-fetch';

export type { EndpointFetch };

// Forwarding an event to a customer's additional endpoint (issue 11 "Forward"). The body, the
// headers and the retry schedule are a public contract: docs/forwarding.md describes them, and
// a change to the body's shape raises FORWARD_BODY_VERSION.

export const FORWARD_EVENT_TYPE = 'outsync.event';
export const FORWARD_BODY_VERSION = 1;
/** The same for every attempt of one event to one endpoint, so the receiver can deduplicate. */
export const DELIVERY_HEADER = 'X-OutSync-Delivery';
/** Unix seconds of the attempt; the signed `sentAt` in the body holds the same instant. */
export const TIMESTAMP_HEADER = 'X-OutSync-Timestamp';
export const FORWARD_USER_AGENT = 'OutSync-Webhooks/1.0';
export const FORWARD_TIMEOUT_MS = 10_000;
/** The first attempt and seven retries, the last about 1 h 21 min after the first (forwardBackoffMs). */
export const FORWARD_MAX_ATTEMPTS = 8;

/** What an endpoint receives: documented in docs/forwarding.md. */
export type ForwardBody = {
  version: typeof FORWARD_BODY_VERSION;
  type: typeof FORWARD_EVENT_TYPE;
  /** OutSync's id of the received event; the same for every attempt and every endpoint. */
  id: string;
  webhookId: string;
  platform: CanonicalEvent['platform'];
  eventType: CanonicalEvent['type'];
  occurredAt: string;
  receivedAt: string;
  /** When this attempt was sent; signed, so a receiver can refuse old replays. */
  sentAt: string;
  /** 1 for the first attempt. */
  attempt: number;
  event: CanonicalEvent;
  /** The platform's payload exactly as it was posted to OutSync. */
  payload: unknown;
};

export type ForwardOutcome =
  | { ok: true; status: number; durationMs: number }
  | {
      ok: false;
      retryable: boolean;
      status?: number;
      /** A sentence for the log. */
      reason: string;
      durationMs: number;
      retryAfterSeconds?: number;
    };

/** The JSON body of one attempt. Keys keep this order, so the documented example matches. */
export function forwardBody(input: {
  event: CanonicalEvent;
  raw: unknown;
  eventId: string;
  webhookId: string;
  receivedAt: Date;
  /** This attempt's instant; pass the same to forwardEvent. Now by default. */
  sentAt?: Date;
  attempt: number;
}): string {
  const body: ForwardBody = {
    version: FORWARD_BODY_VERSION,
    type: FORWARD_EVENT_TYPE,
    id: input.eventId,
    webhookId: input.webhookId,
    platform: input.event.platform,
    eventType: input.event.type,
    occurredAt: input.event.occurredAt,
    receivedAt: input.receivedAt.toISOString(),
    sentAt: (input.sentAt ?? new Date()).toISOString(),
    attempt: input.attempt,
    event: input.event,
    payload: input.raw ?? null,
  };
  return JSON.stringify(body);
}

/** One delivery id per event and endpoint: what `X-OutSync-Delivery` carries on every attempt. */
export function forwardDeliveryId(eventId: string, endpointId: string): string {
  return `${eventId}-${endpointId}`;
}

/**
 * POSTs the body, signed as the endpoint check signs (`sha256=` HMAC of the exact body), and says
 * how it went. Never throws: every failure is an outcome the log can show. Redirects are not
 * followed (the address saved is the one events go to).
 */
export async function forwardEvent(options: {
  url: string;
  secret: string;
  body: string;
  fetch: EndpointFetch;
  deliveryId: string;
  timeoutMs?: number;
  /** The attempt's instant for `X-OutSync-Timestamp`; pass the `sentAt` given to forwardBody. */
  sentAt?: Date;
}): Promise<ForwardOutcome> {
  const timeoutMs = options.timeoutMs ?? FORWARD_TIMEOUT_MS;
  const sentAt = options.sentAt ?? new Date();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let response: Response;
  try {
    response = await options.fetch(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': FORWARD_USER_AGENT,
        [SIGNATURE_HEADER]: signBody(options.secret, options.body),
        [DELIVERY_HEADER]: options.deliveryId,
        [TIMESTAMP_HEADER]: String(Math.floor(sentAt.getTime() / 1000)),
      },
      body: options.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { ok: false, durationMs: elapsed(), ...fetchFailure(error, timeoutMs) };
  }
  // What the endpoint says does not matter, only its status; let the connection go.
  await response.body?.cancel().catch(() => undefined);
  return { ...judgeStatus(response), durationMs: elapsed() };
}

/**
 * The wait before the attempt after `attempt` (1-based): 1 s, 4 s, 16 s, 1 min, 5 min, 15 min,
 * then 1 h, each times a random factor in [0.8, 1.2) so endpoints that failed together are not
 * retried together. A `Retry-After` longer than that is honoured, up to 1 h.
 */
export function forwardBackoffMs(
  attempt: number,
  retryAfterSeconds?: number,
  random: () => number = Math.random,
): number {
  const step = Math.min(Math.max(Math.trunc(attempt), 1), BACKOFF_MS.length) - 1;
  const jittered = Math.round((BACKOFF_MS[step] ?? MAX_BACKOFF_MS) * (0.8 + 0.4 * random()));
  const asked = retryAfterSeconds === undefined ? 0 : retryAfterSeconds * 1000;
  return Math.min(Math.max(jittered, asked), MAX_BACKOFF_MS);
}

const MAX_BACKOFF_MS = 3_600_000;
const BACKOFF_MS = [1_000, 4_000, 16_000, 60_000, 300_000, 900_000, MAX_BACKOFF_MS] as const;

/** 408 Request Timeout, 425 Too Early, 429 and 5xx: the endpoint may take the same body later. */
function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

type Judgement =
  { ok: true; status: number } | Omit<Extract<ForwardOutcome, { ok: false }>, 'durationMs'>;

function judgeStatus(response: Response): Judgement {
  const status = response.status;
  if (status >= 200 && status < 300) return { ok: true, status };
  if (status >= 300 && status < 400) {
    return {
      ok: false,
      retryable: false,
      status,
      reason: `The endpoint answered with a redirect (${status}); OutSync does not follow redirects, so save the address it redirects to.`,
    };
  }
  const reason = `The endpoint answered ${statusLine(response)}.`;
  if (!isRetryableStatus(status)) return { ok: false, retryable: false, status, reason };
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  return {
    ok: false,
    retryable: true,
    status,
    reason,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
}

/** `500 Internal Server Error`: the server's reason phrase, or the standard one (HTTP/2 has none). */
function statusLine(response: Response): string {
  const text = response.statusText || STATUS_CODES[response.status];
  return text ? `${response.status} ${text}` : String(response.status);
}

function fetchFailure(error: unknown, timeoutMs: number): { retryable: boolean; reason: string } {
  if (error instanceof UnsafeUrlError) {
    // The address will not become acceptable by waiting.
    return { retryable: false, reason: `The endpoint was not called: ${error.message}` };
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return {
      retryable: true,
      reason: `The endpoint did not answer within ${duration(timeoutMs)}.`,
    };
  }
  return {
    retryable: true,
    reason: `The endpoint could not be reached (${networkDetail(error)}).`,
  };
}

function duration(ms: number): string {
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The system error code where there is one (ECONNREFUSED, ENOTFOUND), else the message. */
function networkDetail(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const code = (error as { code?: unknown } | null)?.code ?? cause?.code;
  if (typeof code === 'string') return code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
