import type { SyncStatus } from '@outsync/contracts/sync';
import type { EventStore, Lease, WebhookEventDoc } from '../../pipeline';
import type { WebhookDeliveryModel, WebhookEventModel } from './webhook-event.model';

const PENDING: SyncStatus = 'received';
/** An attempt log longer than this keeps its latest entries. */
const ATTEMPTS_KEPT = 20;

/** Due (no time set, or its time has come) and held by no run (no lease, or it ran out). */
function dueAndFree(now: Date) {
  return {
    $and: [
      { $or: [{ nextAttemptAt: null }, { nextAttemptAt: { $lte: now } }] },
      { $or: [{ lease: null }, { 'lease.until': { $lte: now } }] },
    ],
  };
}

const oldestFirst = { receivedAt: 1, _id: 1 } as const;

/** The pipeline's EventStore over the webhook log collection (and the delivery identities). */
export function createEventStore(models: {
  events: WebhookEventModel;
  dedup: WebhookDeliveryModel;
}): EventStore {
  const { events, dedup } = models;
  const heldBy = (ids: readonly string[], owner: string) =>
    events.find({ _id: { $in: ids }, 'lease.owner': owner });

  return {
    async claim(ids, lease, now) {
      await events.updateMany(
        { _id: { $in: ids }, status: PENDING, ...dueAndFree(now) },
        { $set: { lease } },
      );
      return heldBy(ids, lease.owner).sort(oldestFirst).lean<WebhookEventDoc[]>();
    },

    async claimWaiting({ accounts, except, room, lease, now }) {
      const waiting = {
        status: PENDING,
        test: false,
        userProfileId: { $in: accounts },
        nextAttemptAt: { $lte: now },
        $or: [{ lease: null }, { 'lease.until': { $lte: now } }],
      };
      const found = await events
        .find({ ...waiting, _id: { $nin: except } }, { _id: 1 })
        .sort({ nextAttemptAt: 1 })
        .limit(room)
        .lean();
      if (found.length === 0) return [];
      const more = found.map((doc) => doc._id.toString());
      await events.updateMany({ ...waiting, _id: { $in: more } }, { $set: { lease } });
      return heldBy(more, lease.owner).lean<WebhookEventDoc[]>();
    },

    async renewLeases(ids, lease: Lease) {
      await events.updateMany(
        { _id: { $in: ids }, 'lease.owner': lease.owner },
        { $set: { 'lease.until': lease.until } },
      );
    },

    async stepsHeldBy(ids, owner) {
      const held = await heldBy(ids, owner)
        .select({ steps: 1 })
        .lean<Array<Pick<WebhookEventDoc, '_id' | 'steps'>>>();
      return new Map(held.map((doc) => [doc._id.toString(), doc.steps]));
    },

    async recordSteps(eventId, steps) {
      // A step given as undefined is withdrawn (a refused create's start), not stored as null.
      const entries = Object.entries(steps).map(([name, value]) => [`steps.${name}`, value]);
      const set = Object.fromEntries(entries.filter(([, value]) => value !== undefined));
      const unset = Object.fromEntries(
        entries.filter(([, value]) => value === undefined).map(([path]) => [path, 1]),
      );
      await events.updateOne(
        { _id: eventId },
        {
          ...(Object.keys(set).length > 0 ? { $set: set } : {}),
          ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
        },
      );
    },

    async recordForwards(eventId, states) {
      await events.updateOne({ _id: eventId }, { $set: { 'steps.forwards': states } });
    },

    async finish(eventId, owner, outcome, attempt, at) {
      await events.updateOne(
        { _id: eventId, 'lease.owner': owner },
        {
          $set: {
            status: outcome.status,
            reason: outcome.reason ?? null,
            errors: outcome.errors ?? [],
            nextAttemptAt: outcome.nextAttemptAt ?? null,
            lease: null,
            updatedAt: at,
            ...(outcome.syncedAt !== undefined ? { syncedAt: outcome.syncedAt } : {}),
          },
          ...(attempt
            ? {
                $inc: { attemptCount: attempt.outcome === 'waiting' ? 0 : 1 },
                $push: { attempts: { $each: [attempt], $slice: -ATTEMPTS_KEPT } },
              }
            : {}),
        },
      );
    },

    async releaseHeld({ webhookId, leadKey }, lease, now) {
      const held = await events
        .find({ webhookId, leadKey, status: 'held' }, { _id: 1 })
        .sort(oldestFirst)
        .lean();
      if (held.length === 0) return [];
      const ids = held.map((event) => event._id.toString());
      await events.updateMany(
        { _id: { $in: ids }, status: 'held' },
        { $set: { status: PENDING, reason: null, nextAttemptAt: now, lease, updatedAt: now } },
      );
      // Only those this run took (another run may have released some meanwhile).
      return heldBy(ids, lease.owner).sort(oldestFirst).lean<WebhookEventDoc[]>();
    },

    async requeue(eventId, now) {
      const answer = await events.updateOne(
        { _id: eventId, status: { $in: ['failed', 'partially_synced'] } },
        {
          $set: {
            status: PENDING,
            nextAttemptAt: now,
            attemptCount: 0,
            reason: null,
            updatedAt: now,
          },
          // Retry tries the CRM again too.
          $unset: { 'steps.crmOutcome': '' },
        },
      );
      return answer.modifiedCount > 0;
    },

    async resumeAccount(accountKey, now) {
      const later = {
        userProfileId: accountKey,
        status: PENDING,
        test: { $ne: true },
        nextAttemptAt: { $gt: now },
      };
      const waiting = await events.find(later, { _id: 1 }).sort(oldestFirst).lean();
      if (waiting.length === 0) return [];
      const ids = waiting.map((doc) => doc._id);
      await events.updateMany(
        { ...later, _id: { $in: ids } },
        { $set: { nextAttemptAt: now, updatedAt: now } },
      );
      return ids.map(String);
    },

    async registerDelivery(key, eventId, expiresAt) {
      try {
        await dedup.create({ _id: key, eventId, expiresAt });
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 11000) throw error;
        // Our own earlier attempt registered it: not a duplicate.
        const seen = await dedup.findById(key).lean();
        return seen === null || seen.eventId.toString() === eventId;
      }
    },
  };
}
