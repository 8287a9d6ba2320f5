/** Retries of a sync attempt: 2 s, 4 s, 8 s … doubling, capped at 10 minutes, ±20 % jitter. */
export const SYNC_BACKOFF = { firstMs: 2_000, maxMs: 10 * 60_000, jitter: 0.2 } as const;

/**
 * The wait before attempt `attempt + 1` (attempt 1 failed → the first retry). A `Retry-After`
 * the CRM sent is honoured when it is longer; jitter spreads retries of a burst so they do not
 * all hit the CRM in the same second.
 */
export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(
    SYNC_BACKOFF.maxMs,
    SYNC_BACKOFF.firstMs * 2 ** Math.max(0, attempt - 1),
  );
  const jittered = exponential * (1 - SYNC_BACKOFF.jitter + 2 * SYNC_BACKOFF.jitter * random());
  return Math.round(Math.max(jittered, retryAfterMs ?? 0));
}
