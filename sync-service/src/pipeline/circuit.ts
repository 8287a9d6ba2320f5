import type { CrmKind } from '@outsync/contracts';
import type { PipelineRun, ReadyEvent } from './run';
import type { WriteOutcome } from './write/crm-writer';

/**
 * A CRM account's circuit (issue 29 "A retry schedule that outlives outages"): after three
 * consecutive batches the CRM failed as a whole (5xx, timeouts, a token it refuses), the
 * account's events stop spending attempts and wait; every 30 s one event goes as a probe, and
 * when the CRM answers it, the circuit closes and every waiting event of the account is due
 * at once, in order.
 */
export const CRM_CIRCUIT = { threshold: 3, probeMs: 30_000 } as const;

/** An event held back while its account's circuit is open: no attempt is spent. */
export type ParkedOutcome = { kind: 'parked'; until: Date; message: string };

export type CircuitGate = {
  accountKey: string;
  crm: CrmKind;
  /** What goes to the CRM now: everything while closed; test events and the probe while open. */
  write: ReadyEvent[];
  /** The probe, when this run sends one. */
  probeId: string | null;
  /** The circuit had counted failures (or was open) when the batch began. */
  wasFailing: boolean;
  parked: Map<string, ParkedOutcome>;
};

const CRM_NAMES: Record<CrmKind, string> = { HUBSPOT: 'HubSpot', SALESFORCE: 'Salesforce' };

/** Lets an account's events through, or parks them while its circuit is open. */
export async function passCircuit(run: PipelineRun, entries: ReadyEvent[]): Promise<CircuitGate> {
  const context = entries[0]?.context;
  const accountKey = context?.accountKey ?? '';
  const crm = context?.crm ?? 'HUBSPOT';
  const closed = (failures: number): CircuitGate => ({
    accountKey,
    crm,
    write: entries,
    probeId: null,
    wasFailing: failures > 0,
    parked: new Map(),
  });
  if (!context?.writer) return closed(0);
  const circuit = await run.deps.circuits.get(accountKey);
  if (circuit.state === 'closed') return closed(circuit.failures);

  // Send Test Webhook answers at once, circuit or not.
  const tests = entries.filter(({ doc }) => doc.test);
  const live = entries.filter(({ doc }) => !doc.test);
  const now = run.deps.now();
  const probing =
    live.length > 0 &&
    now >= circuit.nextProbeAt &&
    (await run.deps.circuits.claimProbe(accountKey, now, CRM_CIRCUIT.probeMs));
  const [probe, ...rest] = live;
  const until = probing ? new Date(now.getTime() + CRM_CIRCUIT.probeMs) : circuit.nextProbeAt;
  const outcome = parkedOutcome(crm, circuit.since, circuit.reason, until);
  const parked = new Map<string, ParkedOutcome>();
  for (const { doc } of probing ? rest : live) parked.set(doc._id.toString(), outcome);
  return {
    accountKey,
    crm,
    write: probing && probe ? [...tests, probe] : tests,
    probeId: probing && probe ? probe.doc._id.toString() : null,
    wasFailing: true,
    parked,
  };
}

/**
 * Counts the batch's result on the account's circuit: a batch the CRM failed as a whole is a
 * failure (three in a row open the circuit); anything it answered closes it, and then the
 * account's other waiting events are due now. A failed probe waits for the next one, unspent.
 * True when this batch closed an open circuit (the run may write what it parked).
 */
export async function recordCircuit(
  run: PipelineRun,
  gate: CircuitGate,
  outcomes: Map<string, WriteOutcome | ParkedOutcome>,
): Promise<boolean> {
  const live = gate.write.filter(({ doc }) => !doc.test);
  const results = live.map(({ doc }) => outcomes.get(doc._id.toString()));
  if (results.length === 0 || results.some((outcome) => outcome === undefined)) return false;
  const now = run.deps.now();
  const down = results.every((outcome) => outcome?.kind === 'retry' && !outcome.rateLimited);
  if (down) {
    const first = results[0];
    const reason = first?.kind === 'retry' ? first.message : 'the CRM failed';
    const circuit = await run.deps.circuits.recordFailure(gate.accountKey, {
      reason,
      now,
      threshold: CRM_CIRCUIT.threshold,
      probeMs: CRM_CIRCUIT.probeMs,
    });
    if (circuit.state !== 'open') return false;
    if (gate.probeId) {
      const until = new Date(now.getTime() + CRM_CIRCUIT.probeMs);
      outcomes.set(gate.probeId, parkedOutcome(gate.crm, circuit.since, reason, until));
    } else if (circuit.justOpened) {
      run.log.warn({ account: gate.accountKey, reason }, 'CRM account circuit opened');
      await run.deps.alerts
        .opened({ accountKey: gate.accountKey, since: circuit.since, reason })
        .catch((error: unknown) => run.log.error({ err: error }, 'could not raise the alert'));
    }
    return false;
  }
  // Only a circuit that counted failures is written to: a healthy account's batches cost no
  // extra database call.
  if (!gate.wasFailing) return false;
  if (results.every((outcome) => outcome?.kind === 'retry' && outcome.rateLimited)) return false;
  const since = await run.deps.circuits.recordSuccess(gate.accountKey);
  if (!since) return false;
  const resumed = await run.deps.events.resumeAccount(gate.accountKey, now);
  run.log.info({ account: gate.accountKey, resumed: resumed.length }, 'CRM account circuit closed');
  if (resumed.length > 0)
    await run.deps.schedule(resumed, now).catch((error: unknown) => {
      // The sweep picks up due events that no job was queued for.
      run.log.warn({ err: error, events: resumed.length }, 'could not queue the resumed events');
    });
  await run.deps.alerts
    .recovered({ accountKey: gate.accountKey, since, resumed: resumed.length })
    .catch((error: unknown) => run.log.error({ err: error }, 'could not raise the recovery'));
  return true;
}

function parkedOutcome(crm: CrmKind, since: Date, reason: string, until: Date): ParkedOutcome {
  return {
    kind: 'parked',
    until,
    message:
      `${CRM_NAMES[crm]} has failed for this account since ${clockTime(since)} (${reason}). ` +
      `OutSync tries it again at ${clockTime(until)} and resumes these events as soon as it ` +
      'answers (no attempt spent).',
  };
}

/** A time as an event's reason shows it: `2026-11-29 14:02:05 UTC`. */
export function clockTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
