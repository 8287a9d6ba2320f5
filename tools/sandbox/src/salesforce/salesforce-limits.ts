import { randomBytes } from 'node:crypto';

/**
 * An org's daily API budget (external-apis.md §2.4): 100,000 requests plus an add-on per user
 * licence (1,000 on Enterprise). Real orgs count over a rolling 24 hours; the sandbox counts per
 * UTC day, which is the same for any test.
 */
export const BASE_DAILY_API_REQUESTS = 100_000;
export const API_REQUESTS_PER_LICENCE = 1_000;
export const DEFAULT_LICENCES = 10;

const DAY_MS = 86_400_000;

export function dailyApiLimit(licences = DEFAULT_LICENCES): number {
  return BASE_DAILY_API_REQUESTS + Math.max(0, licences) * API_REQUESTS_PER_LICENCE;
}

export interface ApiUsage {
  used: number;
  max: number;
  remaining: number;
}

/** Counts the REST calls of one org against its daily maximum. */
export class ApiBudget {
  private used = 0;
  private day = dayOf(Date.now());

  constructor(private max: number) {}

  /** Takes one call from today's budget; false (and not counted) once it is spent. */
  take(now = Date.now()): boolean {
    this.rollOver(now);
    if (this.used >= this.max) return false;
    this.used++;
    return true;
  }

  usage(now = Date.now()): ApiUsage {
    this.rollOver(now);
    return { used: this.used, max: this.max, remaining: Math.max(0, this.max - this.used) };
  }

  /** For tests: leaves `remaining` calls today (0 makes the next call fail). */
  setRemaining(remaining: number): void {
    this.rollOver(Date.now());
    this.used = Math.max(0, this.max - Math.max(0, Math.floor(remaining)));
  }

  setMax(max: number): void {
    this.max = Math.max(0, Math.floor(max));
  }

  private rollOver(now: number): void {
    const today = dayOf(now);
    if (today === this.day) return;
    this.day = today;
    this.used = 0;
  }
}

function dayOf(now: number): number {
  return Math.floor(now / DAY_MS);
}

/** Every REST answer carries the org's usage: `Sforce-Limit-Info: api-usage=18/15000`. */
export const LIMIT_INFO_HEADER = 'Sforce-Limit-Info';

export function limitInfo(usage: ApiUsage): string {
  return `api-usage=${usage.used}/${usage.max}`;
}

/** What Salesforce answers (403) once the org's daily budget is spent. */
export const REQUEST_LIMIT_EXCEEDED = [
  { message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' },
];

/**
 * Composite runs its subrequests through the sandbox itself; they carry this header with a
 * per-process secret so they are not charged again (a composite call counts as one).
 */
export const SUBREQUEST_HEADER = 'x-sandbox-composite-subrequest';
export const SUBREQUEST_SECRET = randomBytes(16).toString('hex');
