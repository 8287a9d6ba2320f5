/**
 * The waits between a failed attempt and the next (issue 29 "A retry schedule that outlives
 * outages"): 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 12 h — nine attempts over about 33
 * hours, so a weekend's expired token or a day-long CRM outage ends with the events synced, not
 * failed. Only real failures spend an attempt; waiting for a rate budget does not (see
 * `budgetWaitMs`).
 */
export const SYNC_RETRY_SCHEDULE_MS: readonly number[] = [
  10_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  12 * 3_600_000,
];

/** ±20 %: the retries of a burst spread out instead of hitting the CRM in the same second. */
export const SYNC_RETRY_JITTER = 0.2;

/**
 * The wait before attempt `attempt + 1` (attempt 1 failed → the first retry): the schedule's
 * entry for that attempt (its last entry past its end), jittered. A `Retry-After` the CRM sent
 * is honoured when it is longer.
 */
export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | undefined,
  schedule: readonly number[] = SYNC_RETRY_SCHEDULE_MS,
  random: () => number = Math.random,
): number {
  const index = Math.min(Math.max(0, attempt - 1), schedule.length - 1);
  const planned = schedule[index] ?? 0;
  const jittered = planned * (1 - SYNC_RETRY_JITTER + 2 * SYNC_RETRY_JITTER * random());
  return Math.round(Math.max(jittered, retryAfterMs ?? 0));
}

/**
 * The wait of an event that a rate limit sent back (OutSync's own budget, or the CRM's 429):
 * what the limit asked for, at least a second, plus up to 20 % so that a burst's events do not
 * all come back at the same instant. No attempt is spent on it.
 */
export function budgetWaitMs(askedMs: number | undefined, random: () => number = Math.random) {
  const base = Math.max(1_000, askedMs ?? 10_000);
  return Math.round(base * (1 + SYNC_RETRY_JITTER * random()));
}
