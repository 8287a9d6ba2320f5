import { NOT_SYNCED_REASONS } from '@outsync/contracts/sync';

export type GateInput = {
  /** Sent through the Send Test Webhook dialog. */
  test: boolean;
  /** The webhook owner's plan (spec 01 §4 "Plan"). */
  ownerIsPaidTier: boolean;
  /** The profile's canWebhook flag (spec 02 §4 "User permission flags"). */
  profileCanWebhook: boolean;
};

export type GateDecision = { kind: 'sync' } | { kind: 'not_synced'; reason: string };

/**
 * Whether an event may be written at all (issue 11 "Gate and hold"). On the free plan live
 * events are logged and not written, but a test event still runs, so a customer can see the
 * sync work before paying. A profile without canWebhook never syncs, test or not: the flag is
 * an administrator's decision about that CRM account.
 */
export function gateEvent(input: GateInput): GateDecision {
  if (!input.profileCanWebhook)
    return { kind: 'not_synced', reason: NOT_SYNCED_REASONS.noWebhookPermission };
  if (!input.test && !input.ownerIsPaidTier)
    return { kind: 'not_synced', reason: NOT_SYNCED_REASONS.freePlan };
  return { kind: 'sync' };
}
