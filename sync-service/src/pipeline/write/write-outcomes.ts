import type { FailureCode } from '../failure-code';
import type { WriteOutcome } from './crm-writer';
import { batchFailureOutcome } from './lead-groups';

/**
 * The outcomes of one `write` call, settled event by event as its steps go. An event's first
 * outcome stands: a later step never turns a failure into something else.
 */
export type StepOutcomes = {
  /** `code`: what kind of failure, for the history's plain words (failure-code.ts). */
  fail(ids: Iterable<string>, step: string, message: string, code?: FailureCode): void;
  retry(ids: Iterable<string>, step: string, message: string, code?: FailureCode): void;
  /** Deliberately not written, by the webhook's settings. */
  skip(ids: Iterable<string>, message: string): void;
  /**
   * A warning the event's `written` outcome carries (what was left out and how to fix it). A
   * second one is joined to the first: an event carries one warning.
   */
  warn(id: string, message: string): void;
  /** Not settled yet: the next step still works on it. */
  isOpen(item: { id: string }): boolean;
};

/** What the writer's entry does with them besides: the batch-wide ends. */
export type WriteOutcomes = StepOutcomes & {
  /** A step threw: every open item takes the whole-batch outcome of that step. */
  failBatch(items: readonly { id: string }[], error: unknown, step: string): void;
  /** Every item still open was written: the outcomes of the whole call. */
  finish(items: readonly { id: string }[]): Map<string, WriteOutcome>;
};

export function createWriteOutcomes(): WriteOutcomes {
  const outcomes = new Map<string, WriteOutcome>();
  const warnings = new Map<string, string>();
  const settle = (ids: Iterable<string>, outcome: WriteOutcome) => {
    for (const id of ids) if (!outcomes.has(id)) outcomes.set(id, outcome);
  };
  const isOpen = (item: { id: string }) => !outcomes.has(item.id);
  return {
    fail: (ids, step, message, code) =>
      settle(ids, { kind: 'failed', step, message, ...(code ? { code } : {}) }),
    retry: (ids, step, message, code) =>
      settle(ids, { kind: 'retry', step, message, ...(code ? { code } : {}) }),
    skip: (ids, message) => settle(ids, { kind: 'skipped', message }),
    warn(id, message) {
      const earlier = warnings.get(id);
      warnings.set(id, earlier && earlier !== message ? `${earlier} ${message}` : message);
    },
    isOpen,
    failBatch(items, error, step) {
      for (const item of items.filter(isOpen))
        outcomes.set(item.id, batchFailureOutcome(error, step));
    },
    finish(items) {
      for (const item of items.filter(isOpen)) {
        const warning = warnings.get(item.id);
        outcomes.set(
          item.id,
          warning ? { kind: 'written', warnings: [warning] } : { kind: 'written' },
        );
      }
      return outcomes;
    },
  };
}

/** One step of a write (its name is the step an outcome names) and the work it does. */
export type WriteStep = readonly [name: string, run: () => Promise<void>];

/**
 * Runs a batch's steps in order. A step that throws (a rate limit, an outage) ends the batch:
 * the items it left open take the outcome of that step; what earlier steps settled stands.
 */
export async function runSteps(
  items: readonly { id: string }[],
  outcomes: WriteOutcomes,
  steps: readonly WriteStep[],
): Promise<void> {
  let current = '';
  try {
    for (const [name, run] of steps) {
      current = name;
      await run();
    }
  } catch (error) {
    outcomes.failBatch(items, error, current);
  }
}
