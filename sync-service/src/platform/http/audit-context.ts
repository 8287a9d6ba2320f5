import { AsyncLocalStorage } from 'node:async_hooks';

// The audit log records whose account a change touched. Only the code that checks ownership
// knows it, deep inside a service that never sees the request; it says so here, and the audit
// trail (features/audit) reads it once the call has succeeded.

/** What the services of one audited call said about it. */
export type AuditMarks = {
  /** Owners of what the call changed (user ids), in the order named. */
  accounts: string[];
  /** What was changed, as the service names it ("Webhook …"); the last one named wins. */
  target?: string;
};

const current = new AsyncLocalStorage<AuditMarks>();

/** Runs `work` as one audited call and returns what its services marked. */
export async function collectAuditMarks<T>(
  work: () => Promise<T>,
): Promise<{ result: T; marks: AuditMarks }> {
  const marks: AuditMarks = { accounts: [] };
  const result = await current.run(marks, work);
  return { result, marks };
}

/**
 * Says the running call acts on `ownerId`'s account (and on `target`, when given). A no-op
 * outside an audited call (jobs, reads), so ownership checks can call it unconditionally.
 */
export function markActedOn(ownerId: { toString(): string }, target?: string): void {
  const marks = current.getStore();
  if (!marks) return;
  const id = ownerId.toString();
  if (!marks.accounts.includes(id)) marks.accounts.push(id);
  if (target !== undefined) marks.target = target;
}

/** Names what the running call changed, without naming an account (a no-op outside one). */
export function markTarget(target: string): void {
  const marks = current.getStore();
  if (marks) marks.target = target;
}
