/**
 * Counts hits in a rolling window with one bucket per tenth of the window: O(1) per hit and
 * a fixed memory cost, which keeps rate limiting off the hot path at thousands of requests/s.
 */
export class RollingWindow {
  private readonly slots = 10;
  private readonly counts = new Array<number>(this.slots).fill(0);
  private readonly starts = new Array<number>(this.slots).fill(0);
  private readonly slotMs: number;

  constructor(readonly windowMs: number) {
    this.slotMs = windowMs / this.slots;
  }

  /** Records a hit when the window has room; answers false (no hit recorded) when full. */
  tryHit(limit: number, now = Date.now()): boolean {
    if (this.count(now) >= limit) return false;
    const slotStart = Math.floor(now / this.slotMs) * this.slotMs;
    const index = Math.floor(slotStart / this.slotMs) % this.slots;
    if (this.starts[index] !== slotStart) {
      this.starts[index] = slotStart;
      this.counts[index] = 0;
    }
    this.counts[index] = (this.counts[index] ?? 0) + 1;
    return true;
  }

  count(now = Date.now()): number {
    let total = 0;
    for (let index = 0; index < this.slots; index++) {
      if (now - (this.starts[index] ?? 0) < this.windowMs) total += this.counts[index] ?? 0;
    }
    return total;
  }

  remaining(limit: number, now = Date.now()): number {
    return Math.max(0, limit - this.count(now));
  }

  /** When the oldest hit still counted leaves the window (now when the window is empty). */
  resetAt(now = Date.now()): number {
    let oldest = Number.POSITIVE_INFINITY;
    for (let index = 0; index < this.slots; index++) {
      const start = this.starts[index] ?? 0;
      if ((this.counts[index] ?? 0) > 0 && now - start < this.windowMs)
        oldest = Math.min(oldest, start);
    }
    return Number.isFinite(oldest) ? oldest + this.windowMs : now;
  }
}
