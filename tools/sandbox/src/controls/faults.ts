import { SANDBOX_SYSTEMS, isSandboxSystem, type SandboxSystem } from '../demo-constants.ts';
import { asNumber, isObject } from '../core/http.ts';
import { RollingWindow } from '../core/rolling-window.ts';

/**
 * What `POST /_faults` can set per system. `rateLimit` is requests per rolling
 * `rateWindowMs`, counted per credential (HubSpot portal, platform key or workspace).
 */
export interface FaultSettings {
  errorRate: number;
  rateLimit: number | null;
  rateWindowMs: number;
  latencyMs: number;
  /**
   * HubSpot only: CRM search requests per second per access token, a limit of its own beside
   * the portal's rolling window (null elsewhere or when off).
   */
  searchRateLimit: number | null;
}

/** HubSpot's separate CRM search limit: 4 requests per second per token (external-apis.md §1.2). */
export const HUBSPOT_SEARCH_RATE_LIMIT = { limit: 4, windowMs: 1_000 };

export interface RateLimitDefault {
  limit: number | null;
  windowMs: number;
}

export const RATE_LIMIT_WINDOW_MS = 10_000;

/** HubSpot's Professional/Enterprise burst limit. */
export const DEFAULT_HUBSPOT_RATE_LIMIT = 190;

/**
 * Rate limits on by default, per vendor (tools/sandbox README and external-apis.md). Each is
 * the vendor's documented rate over a window no longer than a test, so a test's ordinary
 * calls stay under it (and `/_seed`, `/_reset` empty the windows) while a burst exceeds it.
 * - HubSpot: 190 per rolling 10 s per portal (Professional/Enterprise).
 * - Smartlead: its guide's 10 requests/second burst, counted over 10 s (100 per 10 s per key).
 * - Instantly: 100 requests/second, workspace-wide across keys.
 * - HeyReach: 300 requests/minute per key (third-party figure).
 * - bison: undocumented; 300/minute per token with Laravel's throttle answer (our choice).
 * - Salesforce: none by default (its limit is a daily org budget); set one to test 403
 *   REQUEST_LIMIT_EXCEEDED.
 */
export const DEFAULT_RATE_LIMITS: Record<SandboxSystem, RateLimitDefault> = {
  hubspot: { limit: DEFAULT_HUBSPOT_RATE_LIMIT, windowMs: 10_000 },
  salesforce: { limit: null, windowMs: 10_000 },
  smartlead: { limit: 100, windowMs: 10_000 },
  instantly: { limit: 100, windowMs: 1_000 },
  bison: { limit: 300, windowMs: 60_000 },
  heyreach: { limit: 300, windowMs: 60_000 },
};

export interface Admission {
  allowed: boolean;
  limit: number | null;
  remaining: number;
  windowMs: number;
  /** Epoch ms when the window frees a slot again. */
  resetAt: number;
}

/** HubSpot reports a daily budget to private apps; the sandbox counts but never enforces it. */
export const HUBSPOT_DAILY_LIMIT = 1_000_000;

export class FaultRegistry {
  private settings = new Map<SandboxSystem, FaultSettings>();
  private windows = new Map<string, RollingWindow>();
  private daily = new Map<string, { day: number; count: number }>();
  private readonly defaults: Record<SandboxSystem, RateLimitDefault>;
  private readonly searchDefault: number | null;

  constructor(
    options: {
      /** Overrides HubSpot's default (null switches it off). */
      hubspotRateLimit?: number | null;
      /** false switches every default rate limit off. */
      rateLimits?: boolean;
    } = {},
  ) {
    this.defaults = Object.fromEntries(
      SANDBOX_SYSTEMS.map((system) => {
        const base = DEFAULT_RATE_LIMITS[system];
        const limit =
          options.rateLimits === false
            ? null
            : system === 'hubspot' && options.hubspotRateLimit !== undefined
              ? options.hubspotRateLimit
              : base.limit;
        return [system, { limit, windowMs: base.windowMs }];
      }),
    ) as Record<SandboxSystem, RateLimitDefault>;
    this.searchDefault = options.rateLimits === false ? null : HUBSPOT_SEARCH_RATE_LIMIT.limit;
    this.reset();
  }

  reset(): void {
    this.settings.clear();
    this.windows.clear();
    this.daily.clear();
    for (const system of SANDBOX_SYSTEMS) {
      const { limit, windowMs } = this.defaults[system];
      this.settings.set(system, {
        errorRate: 0,
        rateLimit: limit,
        rateWindowMs: windowMs,
        latencyMs: 0,
        searchRateLimit: system === 'hubspot' ? this.searchDefault : null,
      });
    }
  }

  get(system: SandboxSystem): FaultSettings {
    return (
      this.settings.get(system) ?? {
        errorRate: 0,
        rateLimit: null,
        rateWindowMs: RATE_LIMIT_WINDOW_MS,
        latencyMs: 0,
        searchRateLimit: null,
      }
    );
  }

  all(): Record<string, FaultSettings> {
    return Object.fromEntries(this.settings);
  }

  /**
   * Merges a `POST /_faults` body; fields left out keep their value. `system: "*"` applies
   * the same change to every system (e.g. `{system: "*", rateLimit: 0}` turns limits off).
   * `searchRateLimit` sets HubSpot's search limit; switching `rateLimit` off switches it off too.
   */
  apply(input: unknown): FaultSettings {
    if (!isObject(input) || (input.system !== '*' && !isSandboxSystem(input.system))) {
      throw new Error(
        'system must be one of hubspot, salesforce, smartlead, instantly, bison, heyreach or *',
      );
    }
    const systems = input.system === '*' ? [...SANDBOX_SYSTEMS] : [input.system as SandboxSystem];
    let last: FaultSettings | undefined;
    for (const system of systems) {
      const current = this.get(system);
      const next: FaultSettings = {
        errorRate:
          'errorRate' in input ? clampRate(asNumber(input.errorRate, 0)) : current.errorRate,
        rateLimit: 'rateLimit' in input ? parseLimit(input.rateLimit) : current.rateLimit,
        rateWindowMs:
          'rateWindowMs' in input
            ? Math.max(100, asNumber(input.rateWindowMs, current.rateWindowMs))
            : current.rateWindowMs,
        latencyMs:
          'latencyMs' in input ? Math.max(0, asNumber(input.latencyMs, 0)) : current.latencyMs,
        searchRateLimit: nextSearchLimit(system, input, current),
      };
      this.settings.set(system, next);
      if (next.rateLimit !== current.rateLimit || next.rateWindowMs !== current.rateWindowMs)
        this.dropWindows(system);
      if (next.searchRateLimit !== current.searchRateLimit) this.dropWindows(`search-${system}`);
      last = next;
    }
    return last ?? this.get('hubspot');
  }

  /** Takes one request from the credential's budget; answers whether it may proceed. */
  admit(system: SandboxSystem, key: string, now = Date.now()): Admission {
    const { rateLimit: limit, rateWindowMs: windowMs } = this.get(system);
    if (limit === null)
      return { allowed: true, limit, remaining: Number.POSITIVE_INFINITY, windowMs, resetAt: now };
    const windowKey = `${system}:${key}`;
    let window = this.windows.get(windowKey);
    if (!window) {
      window = new RollingWindow(windowMs);
      this.windows.set(windowKey, window);
    }
    const allowed = window.tryHit(limit, now);
    return {
      allowed,
      limit,
      remaining: window.remaining(limit, now),
      windowMs,
      resetAt: window.resetAt(now),
    };
  }

  /** Takes one HubSpot search from the token's per-second search budget. */
  admitSearch(token: string, now = Date.now()): Admission {
    const limit = this.get('hubspot').searchRateLimit;
    const windowMs = HUBSPOT_SEARCH_RATE_LIMIT.windowMs;
    if (limit === null)
      return { allowed: true, limit, remaining: Number.POSITIVE_INFINITY, windowMs, resetAt: now };
    const windowKey = `search-hubspot:${token}`;
    let window = this.windows.get(windowKey);
    if (!window) {
      window = new RollingWindow(windowMs);
      this.windows.set(windowKey, window);
    }
    const allowed = window.tryHit(limit, now);
    return {
      allowed,
      limit,
      remaining: window.remaining(limit, now),
      windowMs,
      resetAt: window.resetAt(now),
    };
  }

  /** Counts one call against a credential's daily budget; answers what is left today. */
  countDaily(key: string, limit: number, now = Date.now()): number {
    const day = Math.floor(now / 86_400_000);
    const entry = this.daily.get(key);
    const count = entry?.day === day ? entry.count + 1 : 1;
    this.daily.set(key, { day, count });
    return Math.max(0, limit - count);
  }

  shouldFail(system: SandboxSystem): boolean {
    const { errorRate } = this.get(system);
    return errorRate > 0 && Math.random() < errorRate;
  }

  private dropWindows(system: string): void {
    for (const key of this.windows.keys())
      if (key.startsWith(`${system}:`)) this.windows.delete(key);
  }
}

function nextSearchLimit(
  system: SandboxSystem,
  input: Record<string, unknown>,
  current: FaultSettings,
): number | null {
  if (system !== 'hubspot') return null;
  if ('searchRateLimit' in input) return parseLimit(input.searchRateLimit);
  if ('rateLimit' in input && parseLimit(input.rateLimit) === null) return null;
  return current.searchRateLimit;
}

function clampRate(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** null, 0 or a negative number switch the limit off. */
function parseLimit(value: unknown): number | null {
  const limit = asNumber(value, 0);
  return limit > 0 ? Math.floor(limit) : null;
}
