/**
 * A seeded pseudo-random source (mulberry32), so a simulated run with the same seed produces
 * the same ids, fault choices and order: tests can assert exact counts.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** True with probability `share` (0–1). */
  chance(share: number): boolean {
    return share > 0 && this.next() < share;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  /** A version-4 shaped UUID from this source. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(16).toString(16));
    hex[12] = '4';
    hex[16] = ((this.int(4) + 8) as number).toString(16);
    const text = hex.join('');
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
  }

  /** Shuffles each consecutive window of `size` items in place (Fisher–Yates per window). */
  shuffleWindows<T>(items: T[], size: number): void {
    for (let start = 0; start < items.length; start += size) {
      const end = Math.min(items.length, start + size);
      for (let index = end - 1; index > start; index--) {
        const other = start + this.int(index - start + 1);
        const swap = items[index] as T;
        items[index] = items[other] as T;
        items[other] = swap;
      }
    }
  }
}
