import { isSandboxSystem, type SandboxSystem } from '../demo-constants.ts';
import { asNumber, isObject } from '../core/http.ts';
import { RollingWindow } from '../core/rolling-window.ts';

/** What `POST /_faults` can set per system. `rateLimit` is requests per rolling 10 seconds. */
export interface FaultSettings {
  errorRate: number;
  rateLimit: number | null;
  latencyMs: number;
}

export const RATE_LIMIT_WINDOW_MS = 10_000;

/** HubSpot's Professional/Enterprise burst limit; the other systems are unlimited by default. */
export const DEFAULT_HUBSPOT_RATE_LIMIT = 190;

export class FaultRegistry {
  private settings = new Map<SandboxSystem, FaultSettings>();
  private windows = new Map<string, RollingWindow>();

  constructor(private readonly defaultHubspotRateLimit: number | null) {
    this.reset();
  }

  reset(): void {
    this.settings.clear();
    this.windows.clear();
    this.settings.set('hubspot', {
      errorRate: 0,
      rateLimit: this.defaultHubspotRateLimit,
      latencyMs: 0,
    });
  }

  get(system: SandboxSystem): FaultSettings {
    return this.settings.get(system) ?? { errorRate: 0, rateLimit: null, latencyMs: 0 };
  }

  all(): Record<string, FaultSettings> {
    return Object.fromEntries(this.settings);
  }

  /** Merges a `POST /_faults` body; fields left out keep their value. */
  apply(input: unknown): FaultSettings {
    if (!isObject(input) || !isSandboxSystem(input.system)) {
      throw new Error(
        'system must be one of hubspot, salesforce, smartlead, instantly, bison, heyreach',
      );
    }
    const current = this.get(input.system);
    const next: FaultSettings = {
      errorRate: 'errorRate' in input ? clampRate(asNumber(input.errorRate, 0)) : current.errorRate,
      rateLimit: 'rateLimit' in input ? parseLimit(input.rateLimit) : current.rateLimit,
      latencyMs:
        'latencyMs' in input ? Math.max(0, asNumber(input.latencyMs, 0)) : current.latencyMs,
    };
    this.settings.set(input.system, next);
    return next;
  }

  /** Takes one request from the system's budget; answers whether it may proceed. */
  admit(
    system: SandboxSystem,
    key: string,
  ): { allowed: boolean; limit: number | null; remaining: number } {
    const limit = this.get(system).rateLimit;
    if (limit === null) return { allowed: true, limit, remaining: Number.POSITIVE_INFINITY };
    const windowKey = `${system}:${key}`;
    let window = this.windows.get(windowKey);
    if (!window) {
      window = new RollingWindow(RATE_LIMIT_WINDOW_MS);
      this.windows.set(windowKey, window);
    }
    const allowed = window.tryHit(limit);
    return { allowed, limit, remaining: window.remaining(limit) };
  }

  shouldFail(system: SandboxSystem): boolean {
    const { errorRate } = this.get(system);
    return errorRate > 0 && Math.random() < errorRate;
  }
}

function clampRate(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** null, 0 or a negative number switch the limit off. */
function parseLimit(value: unknown): number | null {
  const limit = asNumber(value, 0);
  return limit > 0 ? Math.floor(limit) : null;
}
