import type { WriteItem, WriteOutcome } from './write/crm-writer';
import type { WebhookContext } from './ports';
import { passCircuit, recordCircuit, type ParkedOutcome } from './circuit';
import { forwardDeliveries } from './forward-step';
import { leaseFor, type PipelineRun, type ReadyEvent } from './run';
import { settle } from './settle';

/**
 * Writes the ready events account by account (accounts in parallel, each account's events as
 * one batch), forwards what was written, settles every event and queues the retries.
 */
export async function writeAndFinish(run: PipelineRun, ready: ReadyEvent[]): Promise<void> {
  const started = run.deps.now();
  const byAccount = new Map<string, ReadyEvent[]>();
  for (const entry of ready) {
    const key = entry.context.accountKey;
    byAccount.set(key, [...(byAccount.get(key) ?? []), entry]);
  }
  await Promise.all(
    [...byAccount.values()].map(async (entries) => {
      // Events whose CRM part is over and only endpoints wait: settled with it, neither the
      // writer nor the account's circuit involved.
      const crmDone = entries.filter(({ doc }) => doc.steps.crmOutcome);
      const toWrite = entries.filter(({ doc }) => !doc.steps.crmOutcome);
      const outcomes = new Map<string, WriteOutcome | ParkedOutcome>(
        crmDone.flatMap(({ doc }) =>
          doc.steps.crmOutcome ? [[doc._id.toString(), doc.steps.crmOutcome] as const] : [],
        ),
      );
      const gate = await passCircuit(run, toWrite);
      if (gate.write.length > 0)
        for (const [id, outcome] of await writeAccount(run, gate.write, toWrite[0]?.context))
          outcomes.set(id, outcome);
      const reopened = await recordCircuit(run, gate, outcomes);
      const parked = toWrite.filter(({ doc }) => gate.parked.has(doc._id.toString()));
      if (reopened && parked.length > 0) {
        // The probe found the CRM answering: what this run parked goes now, in order.
        const more = await writeAccount(run, parked, toWrite[0]?.context);
        for (const [id, outcome] of more) outcomes.set(id, outcome);
      } else for (const [id, outcome] of gate.parked) outcomes.set(id, outcome);
      const retries = await Promise.all(
        entries.map(async ({ doc, context, event }) => {
          const outcome = outcomes.get(doc._id.toString()) ?? {
            kind: 'retry' as const,
            step: 'crm',
            message: 'The CRM write did not finish.',
            code: 'internal' as const,
          };
          const forwards =
            outcome.kind === 'retry' || outcome.kind === 'parked'
              ? (doc.steps.forwards ?? [])
              : await forwardDeliveries(run, doc, context, event);
          const due = await settle(run, doc, started, outcome, forwards);
          return due ? { id: doc._id.toString(), due } : null;
        }),
      );
      await scheduleRetries(
        run,
        retries.filter((retry) => retry !== null),
      );
    }),
  );
}

/**
 * Jobs for the account's events that will be tried again: one per ten-second window of their
 * times, at the window's latest, so a batch that met a rate limit or an outage is retried as a
 * batch, while an endpoint's 1 s retry does not wait behind the CRM's 10 minutes.
 */
async function scheduleRetries(run: PipelineRun, retries: Array<{ id: string; due: Date }>) {
  const windows = new Map<number, Array<{ id: string; due: Date }>>();
  for (const retry of retries) {
    const window = Math.floor(retry.due.getTime() / RETRY_WINDOW_MS);
    windows.set(window, [...(windows.get(window) ?? []), retry]);
  }
  for (const batch of windows.values()) {
    const due = new Date(Math.max(...batch.map((retry) => retry.due.getTime())));
    const ids = batch.map((retry) => retry.id);
    await run.deps.schedule(ids, due).catch((error: unknown) => {
      // The sweep picks up due events that no job was queued for.
      run.log.warn({ err: error, events: ids.length }, 'could not queue the retry');
    });
  }
}

const RETRY_WINDOW_MS = 10_000;

async function writeAccount(
  run: PipelineRun,
  entries: ReadyEvent[],
  context: WebhookContext | undefined,
): Promise<Map<string, WriteOutcome>> {
  const writer = context?.writer;
  if (!writer) {
    const message = context?.writerProblem ?? 'The CRM account cannot be written.';
    return new Map(
      entries.map(({ doc }) => [
        doc._id.toString(),
        { kind: 'failed', step: 'crm', message, code: 'not_connected' },
      ]),
    );
  }
  const items: WriteItem[] = entries.map(({ doc, context: own, event }) => ({
    id: doc._id.toString(),
    event,
    settings: own.settings,
    steps: { ...doc.steps },
    leadKey: doc.leadKey,
  }));
  return writer.write(
    items,
    (eventId, steps) => run.deps.events.recordSteps(eventId, steps),
    (waiting) => stillHeld(run, waiting),
  );
}

/**
 * When the account's turn comes: the events this run still holds, each given a full lease again
 * and with its steps as they are now. The lease is renewed before it is read, so an event
 * another run took once its lease ran out (its write waited behind the account's earlier ones)
 * is left to that run and never written twice.
 */
async function stillHeld<Item extends Pick<WriteItem, 'id' | 'steps'>>(
  run: PipelineRun,
  items: readonly Item[],
): Promise<Item[]> {
  const ids = items.map((item) => item.id);
  await run.deps.events.renewLeases(ids, leaseFor(run, run.deps.now()));
  const stepsOf = await run.deps.events.stepsHeldBy(ids, run.token);
  return items.flatMap((item) => {
    const steps = stepsOf.get(item.id);
    return steps ? [{ ...item, steps: { ...steps } }] : [];
  });
}
