import type { SyncStatus } from '@outsync/contracts/sync';
import { budgetWaitMs, retryDelayMs } from './backoff';
import type { ForwardState, SyncAttempt, SyncError, WebhookEventDoc } from './event-record';
import { FORWARD_MAX_ATTEMPTS } from './forward';
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
    }));
  const forwardsPending = forwards.some(
    (state) => !state.ok && state.attempts < FORWARD_MAX_ATTEMPTS,
  );
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
      errors: [{ step: 'crm', message: outcome.message, at: now }],
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
      errors: [{ step: outcome.step, message: outcome.message, at: now }, ...forwardErrors],
    });
    return due;
  }
  if (outcome.kind === 'retry' || forwardsPending) {
    const message = outcome.kind === 'retry' ? outcome.message : (forwardErrors[0]?.message ?? '');
    if (attempt < maxAttempts) {
      const retryAfterMs = outcome.kind === 'retry' ? outcome.retryAfterMs : undefined;
      const due = new Date(
        now.getTime() + retryDelayMs(attempt, retryAfterMs, deps.retryScheduleMs),
      );
      await finish(run, doc, started, {
        status: PENDING,
        nextAttemptAt: due,
        reason: `Attempt ${attempt} of ${maxAttempts} failed; next attempt at ${clockTime(due)}.`,
        attemptOutcome: 'retrying',
        attemptMessage: message,
        errors:
          outcome.kind === 'retry'
            ? [{ step: outcome.step, message, at: now }, ...forwardErrors]
            : forwardErrors,
      });
      return due;
    }
  }
  if (outcome.kind === 'skipped') {
    await finish(run, doc, started, {
      status: 'not_synced',
      reason: outcome.message,
      errors: forwardErrors,
    });
    return null;
  }
  const crmErrors: SyncError[] =
    outcome.kind === 'written'
      ? (outcome.warnings ?? []).map((message) => ({ step: 'crm', message, at: now }))
      : [{ step: outcome.step, message: outcome.message, at: now }];
  const errors = [...crmErrors, ...forwardErrors];
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
