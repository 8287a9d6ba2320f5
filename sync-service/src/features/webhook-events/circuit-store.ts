import type { AccountCircuit, CircuitStore } from '../../pipeline';
import type { CrmCircuitDoc, CrmCircuitModel } from './crm-circuit.model';

function circuitOf(doc: CrmCircuitDoc | null): AccountCircuit {
  if (!doc) return { state: 'closed', failures: 0 };
  if (doc.openedAt && doc.nextProbeAt)
    return {
      state: 'open',
      since: doc.firstFailureAt,
      nextProbeAt: doc.nextProbeAt,
      reason: doc.lastReason,
    };
  return { state: 'closed', failures: doc.failures };
}

/** The pipeline's CircuitStore over the `crmCircuits` collection (shared by every worker). */
export function createCircuitStore(circuits: CrmCircuitModel): CircuitStore {
  return {
    async get(accountKey) {
      return circuitOf(await circuits.findById(accountKey).lean<CrmCircuitDoc>());
    },

    async recordFailure(accountKey, { reason, now, threshold, probeMs }) {
      const counted = await circuits
        .findOneAndUpdate(
          { _id: accountKey },
          {
            $inc: { failures: 1 },
            $set: { lastReason: reason },
            $setOnInsert: { firstFailureAt: now, openedAt: null, nextProbeAt: null },
          },
          { upsert: true, returnDocument: 'after' },
        )
        .lean<CrmCircuitDoc>();
      if (!counted || counted.openedAt || counted.failures < threshold) return circuitOf(counted);
      // Only the run that reaches the threshold first opens it.
      const opened = await circuits
        .findOneAndUpdate(
          { _id: accountKey, openedAt: null },
          { $set: { openedAt: now, nextProbeAt: new Date(now.getTime() + probeMs) } },
          { returnDocument: 'after' },
        )
        .lean<CrmCircuitDoc>();
      if (opened) return { ...circuitOf(opened), justOpened: true };
      return circuitOf(await circuits.findById(accountKey).lean<CrmCircuitDoc>());
    },

    async claimProbe(accountKey, now, probeMs) {
      const claimed = await circuits.updateOne(
        { _id: accountKey, openedAt: { $ne: null }, nextProbeAt: { $lte: now } },
        { $set: { nextProbeAt: new Date(now.getTime() + probeMs) } },
      );
      return claimed.modifiedCount > 0;
    },

    async recordSuccess(accountKey) {
      const removed = await circuits.findOneAndDelete({ _id: accountKey }).lean<CrmCircuitDoc>();
      return removed?.openedAt ? removed.firstFailureAt : null;
    },
  };
}
