import { SANDBOX_SYSTEMS, isSandboxSystem, type SandboxSystem } from '../demo-constants.ts';
import { asNumber, isObject } from '../core/http.ts';
import { RollingWindow } from '../core/rolling-window.ts';

/**
 * What `POST /_faults` can set per system. `rateLimit` is requests per rolling
 * `rateWindowMs`, counted per credential (HubSpot portal, platform key or workspace).
 */
export interface FaultSettings {
  errorRate: number;
  /** Injected errors only on requests whose path contains this (null: every request). */
  errorPath: string | null;
  /**
   * The injected error comes after the system applied the request (the write happened, the
   * answer is lost): a client sees a failure for what was done.
   */
  errorAfterApply: boolean;
  rateLimit: number | null;
  rateWindowMs: number;
  latencyMs: number;
  /**
   * HubSpot only: CRM search requests per second per access token, a limit of its own beside
   * the portal's rolling window (null elsewhere or when off).
   */
  searchRateLimit: number | null;
  /**
   * A second, longer window counted on the same credential beside `rateLimit` (Instantly's
   * 6,000 requests a minute next to its 100 a second); a request needs room in both.
   */
  sustainedRateLimit: number | null;
  sustainedWindowMs: number;
}

/** HubSpot's separate CRM search limit: 4 requests per second per token (external-apis.md §1.2). */
export const HUBSPOT_SEARCH_RATE_LIMIT = { limit: 4, windowMs: 1_000 };

export interface RateLimitDefault {
  limit: number | null;
  windowMs: number;
  /** The vendor's longer window, when it documents one beside the burst limit. */
  sustained?: { limit: number; windowMs: number };
}

export const RATE_LIMIT_WINDOW_MS = 10_000;

/** HubSpot's Professional/Enterprise burst limit. */
export const DEFAULT_HUBSPOT_RATE_LIMIT = 190;

/**
 * Rate limits on by default, per vendor (tools/sandbox README and external-apis.md). Each is
 * the vendor's documented rate, so a burst exceeds it while `/_seed` and `/_reset` empty the
 * windows between tests.
 * - HubSpot: 190 per rolling 10 s per portal (Professional/Enterprise).
 * - Smartlead: 10 requests per 2 s per key, the help-center figure (§3.1 [S1]); the newer
 *   guide's tiers (10/s burst, 60/min) conflict with it, and this one is the stricter burst.
 * - Instantly: 100 requests/second and 6,000/minute, workspace-wide across keys (§4.1).
 * - HeyReach: 300 requests/minute per key (third-party figure, §6.1).
 * - bison: none (no limit is documented, §5.1); `/_faults` can set one, answered with
 *   Laravel's throttle 429.
 * - Salesforce: none by default (its limit is a daily org budget); set one to test 403
 *   REQUEST_LIMIT_EXCEEDED.
 */
export const DEFAULT_RATE_LIMITS: Record<SandboxSystem, RateLimitDefault> = {
  hubspot: { limit: DEFAULT_HUBSPOT_RATE_LIMIT, windowMs: 10_000 },
  salesforce: { limit: null, windowMs: 10_000 },
  smartlead: { limit: 10, windowMs: 2_000 },
  instantly: { limit: 100, windowMs: 1_000, sustained: { limit: 6_000, windowMs: 60_000 } },
  bison: { limit: null, windowMs: 60_000 },
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
        return [
          system,
          {
            limit,
            windowMs: base.windowMs,
            ...(limit !== null && base.sustained ? { sustained: base.sustained } : {}),
          },
        ];
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
      const { limit, windowMs, sustained } = this.defaults[system];
      this.settings.set(system, {
        errorRate: 0,
        errorPath: null,
        errorAfterApply: false,
        rateLimit: limit,
        rateWindowMs: windowMs,
        latencyMs: 0,
        searchRateLimit: system === 'hubspot' ? this.searchDefault : null,
        sustainedRateLimit: sustained?.limit ?? null,
        sustainedWindowMs: sustained?.windowMs ?? 60_000,
      });
    }
  }

  get(system: SandboxSystem): FaultSettings {
    return (
      this.settings.get(system) ?? {
        errorRate: 0,
        errorPath: null,
        errorAfterApply: false,
        rateLimit: null,
        rateWindowMs: RATE_LIMIT_WINDOW_MS,
        latencyMs: 0,
        searchRateLimit: null,
        sustainedRateLimit: null,
        sustainedWindowMs: 60_000,
      }
    );
  }

  all(): Record<string, FaultSettings> {
    return Object.fromEntries(this.settings);
  }

  /**
   * Merges a `POST /_faults` body; fields left out keep their value. `system: "*"` applies
   * the same change to every system (e.g. `{system: "*", rateLimit: 0}` turns limits off).
   * `searchRateLimit` sets HubSpot's search limit and `sustainedRateLimit`/`sustainedWindowMs`
   * the longer window; switching `rateLimit` off switches both off too.
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
        errorPath:
          'errorPath' in input
            ? typeof input.errorPath === 'string' && input.errorPath !== ''
              ? input.errorPath
              : null
            : current.errorPath,
        errorAfterApply:
          'errorAfterApply' in input ? input.errorAfterApply === true : current.errorAfterApply,
        rateLimit: 'rateLimit' in input ? parseLimit(input.rateLimit) : current.rateLimit,
        rateWindowMs:
          'rateWindowMs' in input
            ? Math.max(100, asNumber(input.rateWindowMs, current.rateWindowMs))
            : current.rateWindowMs,
        latencyMs:
          'latencyMs' in input ? Math.max(0, asNumber(input.latencyMs, 0)) : current.latencyMs,
        searchRateLimit: nextSearchLimit(system, input, current),
        sustainedRateLimit: nextSustainedLimit(input, current),
        sustainedWindowMs:
          'sustainedWindowMs' in input
            ? Math.max(100, asNumber(input.sustainedWindowMs, current.sustainedWindowMs))
            : current.sustainedWindowMs,
      };
      this.settings.set(system, next);
      if (next.rateLimit !== current.rateLimit || next.rateWindowMs !== current.rateWindowMs)
        this.dropWindows(system);
      if (
        next.sustainedRateLimit !== current.sustainedRateLimit ||
        next.sustainedWindowMs !== current.sustainedWindowMs
      )
        this.dropWindows(`sustained-${system}`);
      if (next.searchRateLimit !== current.searchRateLimit) this.dropWindows(`search-${system}`);
      last = next;
    }
    return last ?? this.get('hubspot');
  }

  /**
   * Takes one request from the credential's budget; answers whether it may proceed. With a
   * sustained window too, the request needs room in both and counts in both; the answer
   * describes the window that refused it (or the burst window when it passes).
   */
  admit(system: SandboxSystem, key: string, now = Date.now()): Admission {
    const settings = this.get(system);
    const { rateLimit: limit, rateWindowMs: windowMs } = settings;
    if (limit === null)
      return { allowed: true, limit, remaining: Number.POSITIVE_INFINITY, windowMs, resetAt: now };
    const burst = this.window(`${system}:${key}`, windowMs);
    const sustainedLimit = settings.sustainedRateLimit;
    const sustained =
      sustainedLimit === null
        ? undefined
        : this.window(`sustained-${system}:${key}`, settings.sustainedWindowMs);
    const describe = (window: RollingWindow, max: number, allowed: boolean): Admission => ({
      allowed,
      limit: max,
      remaining: window.remaining(max, now),
      windowMs: window.windowMs,
      resetAt: window.resetAt(now),
    });
    if (burst.count(now) >= limit) return describe(burst, limit, false);
    if (sustained && sustainedLimit !== null && sustained.count(now) >= sustainedLimit)
      return describe(sustained, sustainedLimit, false);
    burst.tryHit(limit, now);
    if (sustained && sustainedLimit !== null) sustained.tryHit(sustainedLimit, now);
    return describe(burst, limit, true);
  }

  private window(key: string, windowMs: number): RollingWindow {
    let window = this.windows.get(key);
    if (!window) {
      window = new RollingWindow(windowMs);
      this.windows.set(key, window);
    }
    return window;
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

  /** Whether to answer this request with an injected error: `before` or `after` applying it. */
  shouldFail(system: SandboxSystem, path: string): 'before' | 'after' | null {
    const { errorRate, errorPath, errorAfterApply } = this.get(system);
    if (errorRate <= 0 || (errorPath !== null && !path.includes(errorPath))) return null;
    if (Math.random() >= errorRate) return null;
    return errorAfterApply ? 'after' : 'before';
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

/** The longer window follows `rateLimit` off, as the search limit does. */
function nextSustainedLimit(input: Record<string, unknown>, current: FaultSettings): number | null {
  if ('sustainedRateLimit' in input) return parseLimit(input.sustainedRateLimit);
  if ('rateLimit' in input && parseLimit(input.rateLimit) === null) return null;
  return current.sustainedRateLimit;
}

function clampRate(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** null, 0 or a negative number switch the limit off. */
function parseLimit(value: unknown): number | null {
  const limit = asNumber(value, 0);
  return limit > 0 ? Math.floor(limit) : null;
}
