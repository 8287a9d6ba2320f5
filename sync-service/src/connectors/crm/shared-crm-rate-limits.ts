import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { ConnectorError, rollingWindowWait } from '../http';
import {
  describeBudget,
  HUBSPOT_DEFAULT_INTERVAL_MS,
  HUBSPOT_DEFAULT_MAX,
  HUBSPOT_SEARCH_WINDOW_MS,
  hubspotBudget,
  hubspotBusy,
  hubspotLimitOf,
  isHubspotSearch,
  limitSettings,
  salesforceOverBudget,
  salesforceUsageOf,
  type CrmRateLimitOptions,
  type CrmRateLimits,
  type RequestGate,
  type SalesforceUsage,
} from './crm-rate-limits';
import { isDuplicateKey } from '../../platform/db';

// The CRM budgets of every process of the service in one place (issue 33): each HubSpot portal's
// rolling windows and each Salesforce org's observed daily usage live in one MongoDB document per
// account, so N worker processes (and the API's dashboard calls) stay under the account's limit
// together, with no per-process share to set, and a process that dies holds nothing back.
//
// HubSpot: the document keeps the times of the calls granted in the current window (at most the
// budget: 171 numbers on a 190-per-10-s portal), and each call is granted by one atomic
// findOneAndUpdate with an update pipeline that drops the times older than the window, counts
// what is left and appends the call's time if it fits. One round trip per call and no lease:
// tokens leased ahead in batches would each stay counted until their lease ran out as well as
// the window (a rolling window cannot tell when a leased token was spent), which costs the
// lease's length of every window at the limit, and the round trip is bounded by the CRM's own
// limit (at most ~17 a second per portal) and small beside the CRM call it guards.
//
// Clocks: call times are the processes' own (NTP-synchronised hosts differ by milliseconds; the
// share left below 100 % absorbs that and calls in flight).

const COLLECTION = 'crmBudgets';
/** A document outlives its last call by this much, so a portal's learned tier survives pauses. */
const KEEP_MS = 24 * 60 * 60 * 1000;
/** After MongoDB fails to answer, a call is refused for this long (retryable). */
const STORE_DOWN_RETRY_SECONDS = 5;

type HubspotBudgetDoc = {
  _id: string;
  /** Times (ms) of the calls granted in the portal's window. */
  calls: number[];
  /** Times (ms) of the searches granted in the last second. */
  searches: number[];
  /** The portal's limit as its answers last said (X-HubSpot-RateLimit-Max / -Interval-Milliseconds). */
  max?: number;
  intervalMs?: number;
  /** The id of the last call granted, so the process that asked knows it was its own. */
  grant?: string;
  expiresAt: Date;
};

type SalesforceBudgetDoc = {
  _id: string;
  /** The org's daily API usage as the newest answer (Sforce-Limit-Info) any process saw said. */
  used?: number;
  max?: number;
  /** When that answer came (ms). */
  observedAt?: number;
  /** Every process refuses calls until then (ms). */
  pausedUntil?: number;
  /** When the usage was cleared by a pause: answers seen before then are stale. */
  clearedAt?: number;
  expiresAt: Date;
};

// Declared for its TTL index only; the limiter writes through the driver (update pipelines).
const CrmBudgetSchema = new Schema(
  { _id: { type: String, required: true }, expiresAt: { type: Date, required: true, expires: 0 } },
  { versionKey: false, collection: COLLECTION, strict: false },
);

export type SharedCrmRateLimitOptions = CrmRateLimitOptions & {
  /** The service's MongoDB connection: its `crmBudgets` collection holds the budgets. */
  connection: Connection;
  /**
   * How long a process goes on with a Salesforce org's shared usage before reading it again:
   * the daily budget moves slowly, so a few seconds' delay costs nothing measurable.
   */
  salesforceRefreshMs?: number;
};

export type SharedCrmRateLimits = CrmRateLimits & {
  /** Resolves once the Salesforce usage this process observed is stored (tests, a clean stop). */
  settled(): Promise<void>;
};

/** The CRM budgets of every process on this database, behind the same interface as one process's. */
export function createSharedCrmRateLimits(options: SharedCrmRateLimitOptions): SharedCrmRateLimits {
  const settings = limitSettings(options);
  const { now, sleep, maxWaitMs } = settings;
  const salesforceRefreshMs = options.salesforceRefreshMs ?? 5000;
  // Registering the model builds its TTL index (autoIndex), as every model's indexes are built;
  // once per connection, however many registries share it.
  if (!options.connection.models.CrmBudget) options.connection.model('CrmBudget', CrmBudgetSchema);
  const hubspotBudgets = options.connection.collection<HubspotBudgetDoc>(COLLECTION);
  const salesforceBudgets = options.connection.collection<SalesforceBudgetDoc>(COLLECTION);
  // Grant ids: unique per registry, cheap per call.
  const registryId = randomUUID();
  let grants = 0;
  const writes = new Set<Promise<void>>();

  const hubspotGates = new Map<string, RequestGate>();
  const salesforceGates = new Map<string, RequestGate>();

  /**
   * One atomic attempt to grant a call at `at`: drops what left the windows, then appends the
   * call if both budgets it counts against have room. Answers the document after the update.
   */
  async function grantHubspotCall(
    id: string,
    request: { at: number; search: boolean; grant: string; observed: HubspotLimit | undefined },
  ): Promise<HubspotBudgetDoc> {
    const { at, search, grant, observed } = request;
    const windowMs = { $ifNull: ['$intervalMs', HUBSPOT_DEFAULT_INTERVAL_MS] };
    const since = (field: string, window: unknown) => ({
      $filter: {
        input: { $ifNull: [`$${field}`, []] },
        as: 'at',
        cond: { $gt: ['$$at', { $subtract: [at, window] }] },
      },
    });
    const budget = {
      $max: [
        1,
        {
          $floor: {
            $multiply: [{ $ifNull: ['$max', HUBSPOT_DEFAULT_MAX] }, settings.hubspotShare],
          },
        },
      ],
    };
    const fits = {
      $and: [
        { $lt: [{ $size: '$calls' }, budget] },
        search ? { $lt: [{ $size: '$searches' }, settings.searchBudget] } : true,
      ],
    };
    const appendIfGranted = (field: string) => ({
      $cond: ['$granted', { $concatArrays: [`$${field}`, [at]] }, `$${field}`],
    });
    const pipeline = [
      // What this process's answers said about the portal's tier, for every process.
      ...(observed ? [{ $set: { max: observed.max, intervalMs: observed.intervalMs } }] : []),
      {
        $set: {
          calls: since('calls', windowMs),
          searches: since('searches', HUBSPOT_SEARCH_WINDOW_MS),
        },
      },
      { $set: { granted: fits } },
      {
        $set: {
          calls: appendIfGranted('calls'),
          searches: search ? appendIfGranted('searches') : '$searches',
          grant: { $cond: ['$granted', grant, '$grant'] },
          expiresAt: new Date(at + KEEP_MS),
        },
      },
      { $unset: 'granted' },
    ];
    const update = () =>
      hubspotBudgets.findOneAndUpdate({ _id: id }, pipeline, {
        upsert: true,
        returnDocument: 'after',
      });
    // Two first calls of a portal may race to insert its document; the second then finds it.
    const doc = await update().catch((error: unknown) => {
      if (isDuplicateKey(error)) return update();
      throw error;
    });
    if (!doc) throw new Error(`the budget document ${id} was not written`);
    return doc;
  }

  function hubspotGate(portalId: string): RequestGate {
    const id = `hubspot:${portalId}`;
    /** The tier as the portal's document last said; what the refusals name. */
    let known: HubspotLimit = { max: HUBSPOT_DEFAULT_MAX, intervalMs: HUBSPOT_DEFAULT_INTERVAL_MS };
    /** A tier this process's answers showed that the document does not hold yet. */
    let observed: HubspotLimit | undefined;

    return {
      async throttle(request) {
        const search = isHubspotSearch(request.url);
        for (;;) {
          const at = now();
          const grant = `${registryId}:${(grants += 1)}`;
          const sent = observed;
          const doc = await grantHubspotCall(id, { at, search, grant, observed: sent }).catch(
            (error: unknown) => {
              throw storeDown('hubspot', error);
            },
          );
          if (observed === sent) observed = undefined;
          known = {
            max: doc.max ?? HUBSPOT_DEFAULT_MAX,
            intervalMs: doc.intervalMs ?? HUBSPOT_DEFAULT_INTERVAL_MS,
          };
          if (doc.grant === grant) return;

          const callBudget = hubspotBudget(known.max, settings.hubspotShare);
          const callsWait = rollingWindowWait(doc.calls, callBudget, known.intervalMs, at);
          const searchesWait = search
            ? rollingWindowWait(doc.searches, settings.searchBudget, HUBSPOT_SEARCH_WINDOW_MS, at)
            : 0;
          const wait = Math.max(callsWait, searchesWait, 1);
          if (wait > maxWaitMs)
            throw searchesWait >= callsWait
              ? hubspotBusy(
                  'searches',
                  describeBudget(settings.searchBudget, HUBSPOT_SEARCH_WINDOW_MS),
                  wait,
                )
              : hubspotBusy('calls', describeBudget(callBudget, known.intervalMs), wait);
          await sleep(wait);
        }
      },
      observe(response) {
        const limit = hubspotLimitOf(response);
        // Sent with the next call's grant: no round trip of its own.
        if (limit && (limit.max !== known.max || limit.intervalMs !== known.intervalMs))
          observed = limit;
      },
    };
  }

  function salesforceGate(orgId: string): RequestGate {
    const id = `salesforce:${orgId}`;
    let usage: (SalesforceUsage & { at: number }) | null = null;
    let pausedUntil = 0;
    let readAt = Number.NEGATIVE_INFINITY;
    /** The newest usage observed and not yet stored, and whether a write is under way. */
    let unstored: (SalesforceUsage & { at: number }) | null = null;
    let storing = false;

    /** Takes in what the other processes saw: the newer usage, the later pause. */
    async function read(at: number): Promise<void> {
      const doc = await salesforceBudgets.findOne({ _id: id });
      readAt = at;
      if (!doc) return;
      pausedUntil = Math.max(pausedUntil, doc.pausedUntil ?? 0);
      if (usage && doc.clearedAt !== undefined && usage.at <= doc.clearedAt) usage = null;
      if (
        doc.used !== undefined &&
        doc.max !== undefined &&
        doc.observedAt !== undefined &&
        (!usage || doc.observedAt > usage.at)
      )
        usage = { used: doc.used, max: doc.max, at: doc.observedAt };
    }

    /** Every process refuses until `at + pause`; the usage is read anew after it. */
    async function pause(at: number): Promise<void> {
      const paused = {
        $set: { pausedUntil: at + settings.pauseMs, clearedAt: at, expiresAt: keepUntil(at) },
        $unset: { used: '', max: '', observedAt: '' },
      } as const;
      // Another process that paused first keeps its pause (its insert then answers E11000).
      await salesforceBudgets
        .updateOne({ _id: id, pausedUntil: { $not: { $gt: at } } }, paused, { upsert: true })
        .catch(ignoreDuplicateKey);
    }

    /** Stores the newest usage unless a newer one, or a pause since, is there already. */
    function store(): void {
      if (storing || !unstored) return;
      const observed = unstored;
      unstored = null;
      storing = true;
      const write = salesforceBudgets
        .updateOne(
          {
            _id: id,
            observedAt: { $not: { $gte: observed.at } },
            clearedAt: { $not: { $gte: observed.at } },
          },
          {
            $set: {
              used: observed.used,
              max: observed.max,
              observedAt: observed.at,
              expiresAt: keepUntil(observed.at),
            },
          },
          { upsert: true },
        )
        .then(
          () => undefined,
          (error: unknown) => {
            // Newer already stored (E11000 from the upsert), or MongoDB is away: the next
            // answer carries the usage again.
            if (!isDuplicateKey(error)) unstored ??= observed;
          },
        )
        .finally(() => {
          storing = false;
          writes.delete(write);
          store();
        });
      writes.add(write);
    }

    return {
      async throttle() {
        const at = now();
        if (at - readAt >= salesforceRefreshMs)
          await read(at).catch((error: unknown) => {
            throw storeDown('salesforce', error);
          });
        if (at < pausedUntil)
          throw salesforceOverBudget(usage, settings.dailyShare, pausedUntil - at);
        if (usage && usage.used >= usage.max * settings.dailyShare) {
          const refusal = salesforceOverBudget(usage, settings.dailyShare, settings.pauseMs);
          pausedUntil = at + settings.pauseMs;
          usage = null;
          await pause(at).catch(() => undefined);
          throw refusal;
        }
      },
      observe(response) {
        const observed = salesforceUsageOf(response);
        if (!observed) return;
        usage = { ...observed, at: now() };
        unstored = usage;
        store();
      },
    };
  }

  return {
    hubspot(portalId) {
      let gate = hubspotGates.get(portalId);
      if (!gate) hubspotGates.set(portalId, (gate = hubspotGate(portalId)));
      return gate;
    },
    salesforce(orgId) {
      let gate = salesforceGates.get(orgId);
      if (!gate) salesforceGates.set(orgId, (gate = salesforceGate(orgId)));
      return gate;
    },
    async settled() {
      while (writes.size > 0) await Promise.all(writes);
    },
  };
}

type HubspotLimit = { max: number; intervalMs: number };

function keepUntil(at: number): Date {
  return new Date(at + KEEP_MS);
}

/**
 * MongoDB did not answer: the call is refused as rate limited (retryable, spending no attempt of
 * the event's), as a budget wait would be, rather than sent uncounted.
 */
function storeDown(system: 'hubspot' | 'salesforce', error: unknown): ConnectorError {
  const account = system === 'hubspot' ? 'HubSpot: this portal’s' : 'Salesforce: this org’s';
  const detail = error instanceof Error ? error.message : String(error);
  return new ConnectorError({
    system,
    operation: 'throttle',
    code: 'rate_limited',
    retryAfterSeconds: STORE_DOWN_RETRY_SECONDS,
    message: `${account} request budget could not be read from MongoDB (${detail}); OutSync tries again in ${STORE_DOWN_RETRY_SECONDS} s.`,
  });
}

function ignoreDuplicateKey(error: unknown): void {
  if (!isDuplicateKey(error)) throw error;
}
