import { createHash } from 'node:crypto';
import type { Platform } from '@outsync/contracts';
import { Schema, type Connection } from 'mongoose';
import { ConnectorError, SYSTEM_NAMES, rollingWindowWait } from '../http';
import { isDuplicateKey } from '../../platform/db';

// The platforms' own rate limits, kept by the backfill's history reads (issue 34, item 3: "within
// the platform's rate limits"). A backfill reads hundreds of pages with the customer's key; without
// pacing, Instantly's `/emails` answers the 21st call of a minute with a 429 (and no Retry-After),
// and the backfill would stand paused for a minute at a time. Each budget is a rolling window per
// platform key, kept in MongoDB like the CRM budgets (connectors/crm/shared-crm-rate-limits.ts),
// so two backfills with one key, in two worker processes, stay under the key's limit together.
//
// The limits are the platforms' documented ones (docs/decisions.md, "Backfill: what each
// platform's history API allows"), of which OutSync uses `share`: the rest is left to the
// customer's own calls with the same key and to OutSync's category look-ups. bison documents
// none; its 429s (with Retry-After) still pause the backfill as before.

/** One limit of a platform: `limit` calls per `windowMs`, for the calls whose path matches. */
export type PlatformReadRule = {
  /** Names the budget in its document and in the refusal. */
  name: string;
  /** Only these calls count (all of the key's calls when left out). */
  path?: RegExp;
  limit: number;
  windowMs: number;
};

export const PLATFORM_READ_RULES: Readonly<Record<Platform, readonly PlatformReadRule[]>> = {
  // "10 requests per 2 seconds" per key (Smartlead's help center).
  smartlead: [{ name: 'requests', limit: 10, windowMs: 2_000 }],
  // `/api/v2/emails` allows 20 calls a minute (its OpenAPI description); the workspace's 100/s
  // and 6,000/min are out of reach of one reader's sequential calls.
  instantly: [{ name: 'emails', path: /\/emails(?:[/?]|$)/, limit: 20, windowMs: 60_000 }],
  bison: [],
  // 300 a minute per key (third-party figure, the best known).
  heyreach: [{ name: 'requests', limit: 300, windowMs: 60_000 }],
};

/** What the HTTP client calls before each attempt (its `throttle` hook). */
export type PlatformReadThrottle = (request: { method: string; url: string }) => Promise<void>;

export type PlatformReadBudgets = {
  /** The throttle of one key's reads on `platform` (the key itself is never stored). */
  throttle(platform: Platform, apiKey: string): PlatformReadThrottle;
};

export type PlatformReadBudgetOptions = {
  /** Its `platformBudgets` collection holds the windows. */
  connection: Connection;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The share of each limit OutSync's reads use. */
  share?: number;
  /**
   * A call that would wait longer than this is refused as rate limited, with the wait as its
   * retry-after: the backfill then pauses and frees its worker instead of sleeping.
   */
  maxWaitMs?: number;
  rules?: Readonly<Record<Platform, readonly PlatformReadRule[]>>;
};

const COLLECTION = 'platformBudgets';
/** A window's document outlives its last call by this much. */
const KEEP_MS = 60 * 60 * 1000;
const STORE_DOWN_RETRY_SECONDS = 5;

type BudgetDoc = { _id: string; calls: number[]; grant?: string; expiresAt: Date };

// Declared for its TTL index only; the budgets write through the driver (update pipelines).
const PlatformBudgetSchema = new Schema(
  { _id: { type: String, required: true }, expiresAt: { type: Date, required: true, expires: 0 } },
  { versionKey: false, collection: COLLECTION, strict: false },
);

/** The calls a rule allows OutSync per window: its share of the limit, at least one. */
export function readBudget(rule: PlatformReadRule, share: number): number {
  return Math.max(1, Math.floor(rule.limit * share));
}

export function createPlatformReadBudgets(options: PlatformReadBudgetOptions): PlatformReadBudgets {
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const share = options.share ?? 0.9;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const rules = options.rules ?? PLATFORM_READ_RULES;
  if (!options.connection.models.PlatformBudget)
    options.connection.model('PlatformBudget', PlatformBudgetSchema);
  const budgets = options.connection.collection<BudgetDoc>(COLLECTION);
  let grants = 0;
  const registryId = createHash('sha256').update(`${process.pid}:${Math.random()}`).digest('hex');

  /** One atomic attempt: drops the calls that left the window, appends this one if it fits. */
  async function grantCall(
    id: string,
    budget: number,
    windowMs: number,
    at: number,
    grant: string,
  ) {
    const pipeline = [
      {
        $set: {
          calls: {
            $filter: {
              input: { $ifNull: ['$calls', []] },
              as: 'at',
              cond: { $gt: ['$$at', at - windowMs] },
            },
          },
        },
      },
      { $set: { granted: { $lt: [{ $size: '$calls' }, budget] } } },
      {
        $set: {
          calls: { $cond: ['$granted', { $concatArrays: ['$calls', [at]] }, '$calls'] },
          grant: { $cond: ['$granted', grant, '$grant'] },
          expiresAt: new Date(at + windowMs + KEEP_MS),
        },
      },
      { $unset: 'granted' },
    ];
    const update = () =>
      budgets.findOneAndUpdate({ _id: id }, pipeline, { upsert: true, returnDocument: 'after' });
    // Two first calls of a key may race to insert its document; the second then finds it.
    const doc = await update().catch((error: unknown) => {
      if (isDuplicateKey(error)) return update();
      throw error;
    });
    if (!doc) throw new Error(`the budget document ${id} was not written`);
    return doc;
  }

  return {
    throttle(platform, apiKey) {
      // A digest of the key names its budget: the same key saved twice shares one.
      const keyId = createHash('sha256').update(`${platform}:${apiKey}`).digest('hex').slice(0, 32);
      const platformRules = rules[platform];
      return async (request) => {
        const path = new URL(request.url).pathname;
        for (const rule of platformRules) {
          if (rule.path && !rule.path.test(path)) continue;
          const id = `${platform}:${keyId}:${rule.name}`;
          const budget = readBudget(rule, share);
          for (;;) {
            const at = now();
            const grant = `${registryId}:${(grants += 1)}`;
            const doc = await grantCall(id, budget, rule.windowMs, at, grant).catch(
              (error: unknown) => {
                throw storeDown(platform, error);
              },
            );
            if (doc.grant === grant) break;
            const wait = Math.max(1, rollingWindowWait(doc.calls, budget, rule.windowMs, at));
            if (wait > maxWaitMs) throw budgetUsed(platform, rule, budget, wait);
            await sleep(wait);
          }
        }
      };
    },
  };
}

function budgetUsed(
  platform: Platform,
  rule: PlatformReadRule,
  budget: number,
  waitMs: number,
): ConnectorError {
  const seconds = Math.ceil(waitMs / 1000);
  return new ConnectorError({
    system: platform,
    operation: 'throttle',
    code: 'rate_limited',
    retryAfterSeconds: seconds,
    message: `${SYSTEM_NAMES[platform]}: this key’s ${rule.name} budget (${budget} per ${rule.windowMs / 1000} s) is used; OutSync reads on in ${seconds} s.`,
  });
}

/** MongoDB did not answer: refused as rate limited (the backfill pauses), not sent uncounted. */
function storeDown(platform: Platform, error: unknown): ConnectorError {
  const detail = error instanceof Error ? error.message : String(error);
  return new ConnectorError({
    system: platform,
    operation: 'throttle',
    code: 'rate_limited',
    retryAfterSeconds: STORE_DOWN_RETRY_SECONDS,
    message: `${SYSTEM_NAMES[platform]}: this key’s request budget could not be read from MongoDB (${detail}); OutSync tries again in ${STORE_DOWN_RETRY_SECONDS} s.`,
  });
}
