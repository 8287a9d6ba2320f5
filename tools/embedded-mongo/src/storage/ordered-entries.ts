/**
 * A sorted list kept in chunks (at most CHUNK_MAX items each), so an insert or a removal costs
 * a binary search and a splice of one chunk rather than of the whole list: an index's entries
 * in key order, for prefix lookups and index-ordered reads.
 */
const CHUNK_MAX = 1024;

/** A place in the list: a chunk and an offset in it (offset may equal the chunk's length). */
export interface Position {
  chunk: number;
  offset: number;
}

export class OrderedEntries<T> {
  private chunks: T[][] = [];
  private readonly compare: (a: T, b: T) => number;

  /** `sorted` must already be in `compare` order. */
  constructor(compare: (a: T, b: T) => number, sorted: T[] = []) {
    this.compare = compare;
    for (let i = 0; i < sorted.length; i += CHUNK_MAX / 2)
      this.chunks.push(sorted.slice(i, i + CHUNK_MAX / 2));
  }

  get size(): number {
    let total = 0;
    for (const chunk of this.chunks) total += chunk.length;
    return total;
  }

  insert(item: T): void {
    if (this.chunks.length === 0) {
      this.chunks.push([item]);
      return;
    }
    const at = this.firstWhere((entry) => this.compare(entry, item) >= 0);
    const chunkIndex = Math.min(at.chunk, this.chunks.length - 1);
    const chunk = this.chunks[chunkIndex] as T[];
    chunk.splice(at.chunk === chunkIndex ? at.offset : chunk.length, 0, item);
    if (chunk.length > CHUNK_MAX)
      this.chunks.splice(chunkIndex, 1, chunk.slice(0, CHUNK_MAX / 2), chunk.slice(CHUNK_MAX / 2));
  }

  /** Removes the item comparing equal to `item`; false when there is none. */
  delete(item: T): boolean {
    const at = this.firstWhere((entry) => this.compare(entry, item) >= 0);
    const chunk = this.chunks[at.chunk];
    if (!chunk || at.offset >= chunk.length) return false;
    if (this.compare(chunk[at.offset] as T, item) !== 0) return false;
    chunk.splice(at.offset, 1);
    if (chunk.length === 0) this.chunks.splice(at.chunk, 1);
    return true;
  }

  /**
   * The first position whose item satisfies `atOrAfter` (which must be false for a leading
   * part of the list and true for the rest); the end when none does.
   */
  firstWhere(atOrAfter: (item: T) => boolean): Position {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid] as T[];
      if (atOrAfter(chunk[chunk.length - 1] as T)) hi = mid;
      else lo = mid + 1;
    }
    if (lo === this.chunks.length) return { chunk: lo, offset: 0 };
    const chunk = this.chunks[lo] as T[];
    let first = 0;
    let last = chunk.length - 1;
    while (first < last) {
      const mid = (first + last) >>> 1;
      if (atOrAfter(chunk[mid] as T)) last = mid;
      else first = mid + 1;
    }
    return { chunk: lo, offset: first };
  }

  /** How many items lie from `from` (included) to `to` (excluded). */
  countBetween(from: Position, to: Position): number {
    if (from.chunk === to.chunk) return Math.max(0, to.offset - from.offset);
    if (from.chunk > to.chunk) return 0;
    let total = (this.chunks[from.chunk]?.length ?? 0) - from.offset + to.offset;
    for (let i = from.chunk + 1; i < to.chunk; i += 1) total += this.chunks[i]?.length ?? 0;
    return total;
  }

  /** The items from `from` (included) to `to` (excluded), forward or backward. */
  *between(from: Position, to: Position, backward: boolean): Generator<T> {
    if (!backward) {
      for (let c = from.chunk; c <= to.chunk && c < this.chunks.length; c += 1) {
        const chunk = this.chunks[c] as T[];
        const end = c === to.chunk ? to.offset : chunk.length;
        for (let i = c === from.chunk ? from.offset : 0; i < end; i += 1) yield chunk[i] as T;
      }
      return;
    }
    for (let c = Math.min(to.chunk, this.chunks.length - 1); c >= from.chunk; c -= 1) {
      const chunk = this.chunks[c] as T[];
      const end = c === to.chunk ? to.offset : chunk.length;
      const start = c === from.chunk ? from.offset : 0;
      for (let i = end - 1; i >= start; i -= 1) yield chunk[i] as T;
    }
  }
}
