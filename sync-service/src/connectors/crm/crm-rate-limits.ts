import { ConnectorError } from '../http';

// Per-account request budgets (issue 12 "Batching across events"): the sync slows down before
// the CRM starts refusing, instead of collecting 429s. One registry per process, shared by every
// client of an account (dashboard and sync), plugged into the HTTP client's throttle and observer.
// This file's registry counts this process's calls only; shared-crm-rate-limits.ts keeps the
// same budgets in MongoDB for every process of the service (issue 33), and is what runs.

/** What an HTTP client of one CRM account calls before each attempt and after each response. */
export type RequestGate = {
  throttle(request: { method: string; url: string }): Promise<void>;
  observe(response: Response): void;
};

export type CrmRateLimits = {
  /** HubSpot: a rolling 10-second window per portal, and the search endpoints' own per second. */
  hubspot(portalId: string): RequestGate;
  /** Salesforce: the org's daily API budget, read from `Sforce-Limit-Info` on every answer. */
  salesforce(orgId: string): RequestGate;
};

export type CrmRateLimitOptions = {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * The share of HubSpot's per-10-s limit OutSync's calls use (all processes together when the
   * budget is shared): the rest is headroom for the portal's other apps and calls in flight.
   */
  hubspotShare?: number;
  /**
   * HubSpot's limit on its search endpoints per second and account: 4 (its changelog; newer
   * docs say 5). The budget keeps `hubspotShare` of it, rounded down, as of the 10-s limit:
   * calls granted together reach HubSpot with different delays, and a budget equal to the
   * limit turns that jitter into 429s.
   */
  hubspotSearchesPerSecond?: number;
  /**
   * A call that would wait longer than this for the budget is refused at once as rate limited
   * (retryable, with the wait as its retry-after): the pipeline then puts the batch back and
   * frees its worker, instead of holding events (and their leases) asleep.
   */
  maxWaitMs?: number;
  /** Past this share of the org's daily API requests used, the sync waits. */
  salesforceDailyShare?: number;
  /** How long it then waits before trying (and reading the usage) again. */
  salesforcePauseSeconds?: number;
};

/** Free and Starter portals' limit (reference §1.6), until the portal's own headers say more. */
export const HUBSPOT_DEFAULT_MAX = 100;
export const HUBSPOT_DEFAULT_INTERVAL_MS = 10_000;
/** HubSpot counts searches per rolling second. */
export const HUBSPOT_SEARCH_WINDOW_MS = 1000;
const SEARCH_PATH = /\/search(?:\?|$)/;
const LIMIT_INFO = /api-usage=(\d+)\/(\d+)/;

/** The options with their defaults, as both implementations (this process's, shared) use them. */
export function limitSettings(options: CrmRateLimitOptions) {
  const hubspotShare = options.hubspotShare ?? 0.9;
  return {
    now: options.now ?? Date.now,
    sleep:
      options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
    hubspotShare,
    /** Searches a second: HubSpot's 4 at 90 % is 3. */
    searchBudget: hubspotBudget(options.hubspotSearchesPerSecond ?? 4, hubspotShare),
    dailyShare: options.salesforceDailyShare ?? 0.9,
    pauseMs: (options.salesforcePauseSeconds ?? 900) * 1000,
    maxWaitMs: options.maxWaitMs ?? 2000,
  };
}

/** The calls a portal's budget allows per window: a share of HubSpot's limit, at least one. */
export function hubspotBudget(max: number, share: number): number {
  return Math.max(1, Math.floor(max * share));
}

/** `1 per 10 s`: a budget as the refusals name it. */
export function describeBudget(limit: number, windowMs: number): string {
  return `${limit} per ${windowMs / 1000} s`;
}

/** Whether HubSpot counts this call against the search endpoints' own per-second limit. */
export function isHubspotSearch(url: string): boolean {
  return SEARCH_PATH.test(new URL(url).pathname);
}

/** The portal's limit as its answers carry it (100 or 190 per 10 s, more with a pack). */
export function hubspotLimitOf(response: Response): { max: number; intervalMs: number } | null {
  const max = Number(response.headers.get('x-hubspot-ratelimit-max'));
  const intervalMs = Number(response.headers.get('x-hubspot-ratelimit-interval-milliseconds'));
  return max > 0 && intervalMs > 0 ? { max, intervalMs } : null;
}

export type SalesforceUsage = { used: number; max: number };

/** The org's daily API usage from `Sforce-Limit-Info: api-usage=used/max`. */
export function salesforceUsageOf(response: Response): SalesforceUsage | null {
  const match = LIMIT_INFO.exec(response.headers.get('sforce-limit-info') ?? '');
  return match ? { used: Number(match[1]), max: Number(match[2]) } : null;
}

/** A call refused because a portal's budget is used for longer than the call may wait. */
export function hubspotBusy(
  what: 'calls' | 'searches',
  budget: string,
  waitMs: number,
): ConnectorError {
  return new ConnectorError({
    system: 'hubspot',
    operation: 'throttle',
    code: 'rate_limited',
    retryAfterSeconds: Math.ceil(waitMs / 1000),
    message: `HubSpot: this portal’s ${what} budget (${budget}) is used; OutSync tries again in ${Math.ceil(waitMs / 1000)} s rather than collect HubSpot’s 429s.`,
  });
}

/** A call refused while the org's daily API requests are past OutSync's share. */
export function salesforceOverBudget(
  usage: SalesforceUsage | null,
  dailyShare: number,
  waitMs: number,
): ConnectorError {
  const share = Math.round(dailyShare * 100);
  return new ConnectorError({
    system: 'salesforce',
    operation: 'throttle',
    code: 'rate_limited',
    retryAfterSeconds: Math.ceil(waitMs / 1000),
    message:
      `Salesforce: ${share} % of the org’s daily API requests are used` +
      (usage ? ` (${usage.used.toLocaleString('en')} of ${usage.max.toLocaleString('en')})` : '') +
      '; OutSync waits so your other integrations keep the rest.',
  });
}

/**
 * At most `limit` calls in any `windowMs`: the times of the calls in the window, oldest first.
 * `take` answers 0 and counts the call when it fits, else how long until it would.
 */
export class RollingWindow {
  private readonly calls: number[] = [];

  constructor(
    private limit: number,
    private windowMs: number,
  ) {}

  resize(limit: number, windowMs: number): void {
    this.limit = Math.max(1, limit);
    this.windowMs = windowMs;
  }

  describe(): string {
    return describeBudget(this.limit, this.windowMs);
  }

  take(now: number): number {
    while (this.calls.length > 0 && (this.calls[0] ?? 0) <= now - this.windowMs) this.calls.shift();
    if (this.calls.length < this.limit) {
      this.calls.push(now);
      return 0;
    }
    return (this.calls[0] ?? now) + this.windowMs - now;
  }
}

export function createCrmRateLimits(options: CrmRateLimitOptions = {}): CrmRateLimits {
  const { now, sleep, hubspotShare, searchBudget, dailyShare, pauseMs, maxWaitMs } =
    limitSettings(options);

  const hubspotGates = new Map<string, RequestGate>();
  const salesforceGates = new Map<string, RequestGate>();

  async function take(window: RollingWindow, refuse: (waitMs: number) => Error): Promise<void> {
    for (;;) {
      const wait = window.take(now());
      if (wait === 0) return;
      if (wait > maxWaitMs) throw refuse(wait);
      await sleep(wait);
    }
  }

  function hubspotGate(): RequestGate {
    const calls = new RollingWindow(
      hubspotBudget(HUBSPOT_DEFAULT_MAX, hubspotShare),
      HUBSPOT_DEFAULT_INTERVAL_MS,
    );
    const searches = new RollingWindow(searchBudget, HUBSPOT_SEARCH_WINDOW_MS);
    return {
      async throttle(request) {
        if (isHubspotSearch(request.url))
          await take(searches, (wait) => hubspotBusy('searches', searches.describe(), wait));
        await take(calls, (wait) => hubspotBusy('calls', calls.describe(), wait));
      },
      observe(response) {
        const limit = hubspotLimitOf(response);
        if (limit) calls.resize(hubspotBudget(limit.max, hubspotShare), limit.intervalMs);
      },
    };
  }

  function salesforceGate(): RequestGate {
    let usage: SalesforceUsage | null = null;
    let pausedUntil = 0;
    return {
      throttle() {
        const at = now();
        if (at < pausedUntil)
          return Promise.reject(salesforceOverBudget(usage, dailyShare, pausedUntil - at));
        if (usage && usage.used >= usage.max * dailyShare) {
          const refusal = salesforceOverBudget(usage, dailyShare, pauseMs);
          pausedUntil = at + pauseMs;
          // The first call after the pause reads the usage again (it may have rolled off).
          usage = null;
          return Promise.reject(refusal);
        }
        return Promise.resolve();
      },
      observe(response) {
        usage = salesforceUsageOf(response) ?? usage;
      },
    };
  }

  return {
    hubspot(portalId) {
      let gate = hubspotGates.get(portalId);
      if (!gate) hubspotGates.set(portalId, (gate = hubspotGate()));
      return gate;
    },
    salesforce(orgId) {
      let gate = salesforceGates.get(orgId);
      if (!gate) salesforceGates.set(orgId, (gate = salesforceGate()));
      return gate;
    },
  };
}
