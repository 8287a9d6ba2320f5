import { ConnectorError } from '../http';

// Per-account request budgets (issue 12 "Batching across events"): the sync slows down before
// the CRM starts refusing, instead of collecting 429s. One registry per process, shared by every
// client of an account (dashboard and sync), plugged into the HTTP client's throttle and observer.

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
   * The share of HubSpot's per-10-s limit OutSync's calls use: the rest is headroom for calls
   * this process cannot count (another worker process, a retry already in flight).
   */
  hubspotShare?: number;
  /** HubSpot's search endpoints allow about 5 a second per account; we keep to this many. */
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
const HUBSPOT_DEFAULT_MAX = 100;
const HUBSPOT_DEFAULT_INTERVAL_MS = 10_000;
const SEARCH_PATH = /\/search(?:\?|$)/;
const LIMIT_INFO = /api-usage=(\d+)\/(\d+)/;

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
    return `${this.limit} per ${this.windowMs / 1000} s`;
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
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const hubspotShare = options.hubspotShare ?? 0.9;
  const searchesPerSecond = options.hubspotSearchesPerSecond ?? 4;
  const dailyShare = options.salesforceDailyShare ?? 0.9;
  const pauseMs = (options.salesforcePauseSeconds ?? 900) * 1000;
  const maxWaitMs = options.maxWaitMs ?? 2000;

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
    const budget = (max: number) => Math.floor(max * hubspotShare);
    const calls = new RollingWindow(budget(HUBSPOT_DEFAULT_MAX), HUBSPOT_DEFAULT_INTERVAL_MS);
    const searches = new RollingWindow(searchesPerSecond, 1000);
    return {
      async throttle(request) {
        if (SEARCH_PATH.test(new URL(request.url).pathname))
          await take(searches, (wait) => hubspotBusy('searches', searches, wait));
        await take(calls, (wait) => hubspotBusy('calls', calls, wait));
      },
      observe(response) {
        // The portal's tier shows in its answers (100 or 190 per 10 s, more with a pack).
        const max = Number(response.headers.get('x-hubspot-ratelimit-max'));
        const interval = Number(response.headers.get('x-hubspot-ratelimit-interval-milliseconds'));
        if (max > 0 && interval > 0) calls.resize(budget(max), interval);
      },
    };
  }

  function salesforceGate(): RequestGate {
    let usage: { used: number; max: number } | null = null;
    let pausedUntil = 0;
    return {
      throttle() {
        const at = now();
        if (at < pausedUntil) return Promise.reject(overBudget(usage, pausedUntil - at));
        if (usage && usage.used >= usage.max * dailyShare) {
          const refusal = overBudget(usage, pauseMs);
          pausedUntil = at + pauseMs;
          // The first call after the pause reads the usage again (it may have rolled off).
          usage = null;
          return Promise.reject(refusal);
        }
        return Promise.resolve();
      },
      observe(response) {
        const match = LIMIT_INFO.exec(response.headers.get('sforce-limit-info') ?? '');
        if (match) usage = { used: Number(match[1]), max: Number(match[2]) };
      },
    };
  }

  function hubspotBusy(what: 'calls' | 'searches', window: RollingWindow, waitMs: number) {
    return new ConnectorError({
      system: 'hubspot',
      operation: 'throttle',
      code: 'rate_limited',
      retryAfterSeconds: Math.ceil(waitMs / 1000),
      message: `HubSpot: this portal’s ${what} budget (${window.describe()}) is used; OutSync tries again in ${Math.ceil(waitMs / 1000)} s rather than collect HubSpot’s 429s.`,
    });
  }

  function overBudget(usage: { used: number; max: number } | null, waitMs: number) {
    const share = Math.round(dailyShare * 100);
    return new ConnectorError({
      system: 'salesforce',
      operation: 'throttle',
      code: 'rate_limited',
      retryAfterSeconds: Math.ceil(waitMs / 1000),
      message:
        `Salesforce: ${share} % of the org’s daily API requests are used` +
        (usage
          ? ` (${usage.used.toLocaleString('en')} of ${usage.max.toLocaleString('en')})`
          : '') +
        '; OutSync waits so your other integrations keep the rest.',
    });
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
