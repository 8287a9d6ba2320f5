import type { SyncStatus } from '@outsync/contracts/sync';
import { budgetWaitMs, retryDelayMs } from './backoff';
import type { ForwardState, SyncAttempt, SyncError, WebhookEventDoc } from './event-record';
import { FORWARD_MAX_ATTEMPTS } from './forward';
import { forwardDueAt } from './forward-step';
import type { EventOutcome } from './ports';
import { clockTime, type ParkedOutcome } from './circuit';
import { PENDING, type PipelineRun } from './run';
import type { WriteOutcome } from './write/crm-writer';

/**
 * Ends the event's attempt by its outcome and its forwards: synced (or partially), not synced,
 * failed, or pending again with its next attempt's time, which it answers.
 */
export async function settle(
  run: PipelineRun,
  doc: WebhookEventDoc,
  started: Date,
  outcome: WriteOutcome | ParkedOutcome,
  forwards: ForwardState[],
): Promise<Date | null> {
  const { deps } = run;
  const now = deps.now();
  const attempt = doc.attemptCount + 1;
  const forwardErrors: SyncError[] = forwards
    .filter((state) => !state.ok)
    .map((state) => ({
      step: 'forward',
      message: `${state.url}: ${state.reason ?? 'not delivered'}`,
      at: now,
      code: 'endpoint' as const,
    }));
  // Endpoints waiting for their own next attempt (forwards kept their own schedule); one whose
  // time has passed was not tried this run (the CRM write came first) and does not count.
  const forwardRetries = pendingForwards(forwards, now);
  const forwardDue = forwardRetries[0]?.due ?? null;
  const maxAttempts = doc.test ? 1 : deps.maxAttempts;

  if (outcome.kind === 'parked') {
    // Its account's circuit is open: it waits for the probe to find the CRM answering again.
    const due = new Date(outcome.until.getTime() + Math.round(Math.random() * 1_000));
    await finish(run, doc, started, {
      status: PENDING,
      nextAttemptAt: due,
      reason: outcome.message,
      attemptOutcome: 'waiting',
      attemptMessage: outcome.message,
      errors: [{ step: 'crm', message: outcome.message, at: now, code: 'circuit_open' }],
    });
    return due;
  }
  if (outcome.kind === 'retry' && outcome.rateLimited && !doc.test) {
    // A rate limit is not a failure of the event: it waits its turn without spending an attempt.
    const due = new Date(now.getTime() + budgetWaitMs(outcome.retryAfterMs));
    await finish(run, doc, started, {
      status: PENDING,
      nextAttemptAt: due,
      reason: `Waiting for the CRM's rate limit; next try at ${clockTime(due)} (no attempt spent).`,
      attemptOutcome: 'waiting',
      attemptMessage: outcome.message,
      errors: [crmErrorOf(outcome, now), ...forwardErrors],
    });
    return due;
  }
  if (outcome.kind === 'retry' && attempt < maxAttempts) {
    const crmDue = new Date(
      now.getTime() + retryDelayMs(attempt, outcome.retryAfterMs, deps.retryScheduleMs),
    );
    // The CRM and an endpoint both to be tried again: the earlier time wins.
    const due = forwardDue && forwardDue < crmDue ? forwardDue : crmDue;
    await finish(run, doc, started, {
      status: PENDING,
      nextAttemptAt: due,
      reason: `Attempt ${attempt} of ${maxAttempts} failed; next attempt at ${clockTime(due)}.`,
      attemptOutcome: 'retrying',
      attemptMessage: outcome.message,
      errors: [crmErrorOf(outcome, now), ...forwardErrors],
    });
    return due;
  }
  if (outcome.kind !== 'retry' && forwardDue) {
    // The CRM's part is done; an endpoint is tried again at its own time, not the CRM's. A run
    // that only retried endpoints spends none of the CRM's attempts.
    const forwardRetryOnly = (doc.steps.forwards ?? []).some(
      (state) => forwardDueAt(state) !== null,
    );
    await deps.events.recordSteps(doc._id.toString(), { crmOutcome: outcome });
    await finish(run, doc, started, {
      status: PENDING,
      nextAttemptAt: forwardDue,
      reason: `${crmDone(doc, outcome)} ${forwardRetries.map(({ text }) => text).join(' ')}`,
      attemptOutcome: forwardRetryOnly ? 'waiting' : 'retrying',
      attemptMessage: forwardRetries[0]?.message ?? null,
      errors: [...(outcome.kind === 'skipped' ? [] : crmErrorsOf(outcome, now)), ...forwardErrors],
    });
    return forwardDue;
  }
  if (outcome.kind === 'skipped') {
    await finish(run, doc, started, {
      status: 'not_synced',
      reason: outcome.message,
      errors: forwardErrors,
    });
    return null;
  }
  const errors = [...crmErrorsOf(outcome, now), ...forwardErrors];
  const status: SyncStatus =
    outcome.kind === 'written' ? (errors.length > 0 ? 'partially_synced' : 'synced') : 'failed';
  const retriesSpent = outcome.kind === 'retry' && attempt > 1;
  await finish(run, doc, started, {
    status,
    errors,
    syncedAt: outcome.kind === 'written' ? now : null,
    ...(retriesSpent
      ? {
          reason: `Failed after ${attempt} attempts; not retried automatically (Retry tries again).`,
        }
      : {}),
  });
  return null;
}

/** The CRM's warnings (written) or its failure, as the event's errors. */
function crmErrorsOf(outcome: Exclude<WriteOutcome, { kind: 'skipped' }>, at: Date): SyncError[] {
  return outcome.kind === 'written'
    ? (outcome.warnings ?? []).map((message) => ({ step: 'crm', message, at }))
    : [crmErrorOf(outcome, at)];
}

/** A failed or retried CRM write as the event's error, with its kind when the writer named it. */
function crmErrorOf(
  outcome: Extract<WriteOutcome, { kind: 'retry' | 'failed' }>,
  at: Date,
): SyncError {
  return {
    step: outcome.step,
    message: outcome.message,
    at,
    ...(outcome.code ? { code: outcome.code } : {}),
  };
}

/**
 * The endpoints to be tried again later, the first due first, each with its sentence: "Forwarding
 * to https://…: attempt 1 of 8 failed; next attempt at 2026-11-29 10:00:01 UTC."
 */
function pendingForwards(forwards: ForwardState[], now: Date) {
  return forwards
    .flatMap((state) => {
      const due = forwardDueAt(state);
      return due && due > now ? [{ state, due }] : [];
    })
    .sort((a, b) => a.due.getTime() - b.due.getTime())
    .map(({ state, due }) => ({
      due,
      message: `${state.url}: ${state.reason ?? 'not delivered'}`,
      text:
        `Forwarding to ${state.url}: attempt ${state.attempts} of ${FORWARD_MAX_ATTEMPTS} ` +
        `failed; next attempt at ${clockTime(due)}.`,
    }));
}

/** What became of the CRM write, for the reason of an event whose endpoints are retried. */
function crmDone(doc: WebhookEventDoc, outcome: Exclude<WriteOutcome, { kind: 'retry' }>) {
  const crm = doc.crm === 'SALESFORCE' ? 'Salesforce' : 'HubSpot';
  switch (outcome.kind) {
    case 'written':
      return `Written to ${crm}.`;
    case 'skipped':
      return sentence(outcome.message);
    case 'failed':
      return sentence(`Not written to ${crm}: ${outcome.message}`);
  }
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Records the run's outcome on the event and lets it go; an attempt at the CRM is counted. */
export async function finish(
  run: PipelineRun,
  doc: WebhookEventDoc,
  started: Date,
  result: EventOutcome & {
    attemptOutcome?: SyncAttempt['outcome'];
    attemptMessage?: string | null;
  },
) {
  const { attemptOutcome, attemptMessage, ...outcome } = result;
  // A duplicate or an unsupported payload is not an attempt at the CRM. (A wait for a rate
  // limit is recorded, but the store does not count it: see EventStore.finish.)
  const counts = result.status !== 'duplicate' && result.status !== 'unsupported';
  const now = run.deps.now();
  const attempt: SyncAttempt = {
    at: started,
    durationMs: now.getTime() - started.getTime(),
    outcome: attemptOutcome ?? attemptOutcomeOf(result.status),
    message: attemptMessage ?? result.reason ?? result.errors?.[0]?.message ?? null,
  };
  await run.deps.events.finish(
    doc._id.toString(),
    run.token,
    outcome,
    counts ? attempt : null,
    now,
  );
  run.deps.metrics?.eventSettled({
    crm: doc.crm,
    outcome:
      result.status === 'duplicate' || result.status === 'unsupported'
        ? result.status
        : attempt.outcome,
    receivedAt: doc.receivedAt,
    syncedAt: outcome.syncedAt,
    firstHold: !doc.attempts.some((earlier) => earlier.outcome === 'held'),
  });
}

function attemptOutcomeOf(status: SyncStatus): SyncAttempt['outcome'] {
  switch (status) {
    case 'synced':
    case 'partially_synced':
    case 'failed':
    case 'held':
    case 'not_synced':
      return status;
    default:
      return 'failed';
  }
}
