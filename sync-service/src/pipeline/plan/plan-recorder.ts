import type { CrmKind } from '@outsync/contracts';
import type { PlannedForward, PlannedLookup, PlannedWrite } from '@outsync/contracts/webhooks';

/** The prefix of the ids the plan gives the records a real run would create. */
export const PLANNED_ID_PREFIX = 'planned-';

/**
 * What a plan-mode run did instead of writing: the CRM reads that found (or did not find) a
 * record, the writes it would have sent, the forwards it would have posted. The recording
 * decorators (recording-hubspot.ts, recording-salesforce.ts) fill it; the plan reads it.
 */
export type PlanRecorder = {
  readonly crm: CrmKind;
  readonly lookups: PlannedLookup[];
  readonly writes: PlannedWrite[];
  readonly forwards: PlannedForward[];
  /** A synthetic id for a record the run would create, so later steps can reference it. */
  newId(object: string): string;
  isPlanned(id: string): boolean;
};

export function createPlanRecorder(crm: CrmKind): PlanRecorder {
  let next = 0;
  return {
    crm,
    lookups: [],
    writes: [],
    forwards: [],
    newId(object) {
      next += 1;
      return `${PLANNED_ID_PREFIX}${object.toLowerCase()}-${next}`;
    },
    isPlanned: (id) => id.startsWith(PLANNED_ID_PREFIX),
  };
}
