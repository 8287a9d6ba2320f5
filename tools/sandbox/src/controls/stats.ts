import type { SandboxSystem } from '../demo-constants.ts';

export interface SystemStats {
  requests: number;
  rateLimited: number;
  faults: number;
  byRoute: Record<string, number>;
}

/** Request counters per system and route, so benchmarks can count CRM calls per event. */
export class StatsCounter {
  private systems = new Map<SandboxSystem, SystemStats>();
  private startedAt = new Date().toISOString();

  reset(): void {
    this.systems.clear();
    this.startedAt = new Date().toISOString();
  }

  record(system: SandboxSystem, route: string, outcome: 'ok' | 'rateLimited' | 'fault'): void {
    let stats = this.systems.get(system);
    if (!stats) {
      stats = { requests: 0, rateLimited: 0, faults: 0, byRoute: {} };
      this.systems.set(system, stats);
    }
    stats.requests++;
    if (outcome === 'rateLimited') stats.rateLimited++;
    if (outcome === 'fault') stats.faults++;
    stats.byRoute[route] = (stats.byRoute[route] ?? 0) + 1;
  }

  snapshot(): {
    since: string;
    total: number;
    rateLimited: number;
    systems: Record<string, SystemStats>;
  } {
    const systems = Object.fromEntries(this.systems);
    const all = [...this.systems.values()];
    return {
      since: this.startedAt,
      total: all.reduce((sum, stats) => sum + stats.requests, 0),
      rateLimited: all.reduce((sum, stats) => sum + stats.rateLimited, 0),
      systems: structuredClone(systems),
    };
  }
}
