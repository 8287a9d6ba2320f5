import { createHash } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { isDuplicateKey } from './db';

/** At most `limit` hits per `windowSeconds` for one key. */
export type RateLimitRule = {
  /** Names the counter family, e.g. `send-code:email`. */
  name: string;
  limit: number;
  windowSeconds: number;
};

export type RateLimitResult =
  { allowed: true } | { allowed: false; retryAfterSeconds: number; rule: RateLimitRule };

export type RateLimiter = {
  /** Counts one hit against `rule` for `key` and says whether it is within the limit. */
  hit(rule: RateLimitRule, key: string): Promise<RateLimitResult>;
};

type CounterDoc = { _id: string; count: number; expiresAt: Date };

const CounterSchema = new Schema<CounterDoc>(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    // MongoDB deletes a window's counter once the window is over.
    expiresAt: { type: Date, required: true, expires: 0 },
  },
  { versionKey: false, collection: 'rate_limits' },
);

/**
 * Fixed-window counters in MongoDB, so every API process shares them: one document per rule,
 * key and window, incremented atomically with an upsert and removed by a TTL index. Windows
 * are aligned to the epoch (`floor(now / window)`), so a burst that straddles a boundary can
 * reach twice the limit within one window's length; the per-window limit always holds.
 * Keys are stored as SHA-256 digests: the collection holds no e-mail or IP addresses.
 */
export function createRateLimiter(deps: { connection: Connection; now: () => Date }): RateLimiter {
  const Counter = deps.connection.model<CounterDoc>('RateLimitCounter', CounterSchema);

  return {
    async hit(rule, key) {
      const nowMs = deps.now().getTime();
      const windowMs = rule.windowSeconds * 1000;
      const windowEnd = (Math.floor(nowMs / windowMs) + 1) * windowMs;
      const id = `${rule.name}:${digest(key)}:${windowEnd}`;
      const count = await increment(id, new Date(windowEnd));
      if (count <= rule.limit) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - nowMs) / 1000)),
        rule,
      };
    },
  };

  async function increment(id: string, expiresAt: Date): Promise<number> {
    const update = { $inc: { count: 1 }, $setOnInsert: { expiresAt } };
    const options = { upsert: true, returnDocument: 'after' as const, lean: true } as const;
    try {
      const doc = await Counter.findOneAndUpdate({ _id: id }, update, options);
      return doc?.count ?? 1;
    } catch (error) {
      // Two first hits raced to insert the same window; the second one now finds it.
      if (!isDuplicateKey(error)) throw error;
      const doc = await Counter.findOneAndUpdate({ _id: id }, update, options);
      return doc?.count ?? 1;
    }
  }
}

function digest(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
