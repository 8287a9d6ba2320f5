import type { WebhookLogExplanation } from '@outsync/contracts/history';
import { NOT_SYNCED_REASONS } from '@outsync/contracts/sync';
import {
  CONNECTOR_ERROR_CODES,
  SYSTEM_NAMES,
  type ConnectorErrorCode,
} from '../../connectors/http';
import type { FailureCode, SyncError, WebhookEventDoc } from '../../pipeline';

// Issue 31 item 3: one mapping from what went wrong to words a user reads. The pipeline keeps
// the kind of each failure with its message (pipeline/failure-code.ts); this turns an event's
// status, errors and schedule into its state, what happened, what OutSync does next and what
// the user can do. The messages themselves stay, as the technical detail.

export type ExplainedEvent = Pick<
  WebhookEventDoc,
  'crm' | 'status' | 'reason' | 'errors' | 'attempts' | 'attemptCount' | 'nextAttemptAt' | 'test'
>;

type Action = NonNullable<WebhookLogExplanation['action']>;

/** A failure in words: what happened, and what helps (when the user can do something). */
type FailureWords = { summary: string; action: Action | null };

const LABELS: Record<WebhookLogExplanation['state'], string> = {
  queued: 'Queued',
  retrying: 'Retrying',
  waiting: 'Waiting',
  synced: 'Synced',
  partially_synced: 'Partially synced',
  failed: 'Failed',
  held: 'Held',
  not_synced: 'Not synced',
  duplicate: 'Duplicate',
  unsupported: 'Unsupported',
};

/** The words of each kind of failure; `system` is the system that failed ("HubSpot"). */
export function failureWords(
  code: FailureCode | null,
  system: string,
  error: SyncError,
): FailureWords {
  const reconnect: Action = {
    kind: 'reconnect',
    text: `Reconnect ${system} on its accounts screen; the waiting events are then written.`,
  };
  const checkSettings: Action = {
    kind: 'check_settings',
    text: "Check the webhook's settings and the fields they write, then Retry.",
  };
  switch (code) {
    case 'unauthorized':
      return {
        summary: `${system} refused OutSync's access: the connection expired or was revoked.`,
        action: reconnect,
      };
    case 'missing_scopes': {
      const scopes = scopesIn(error.message);
      const named = scopes.length > 0 ? scopes.join(', ') : null;
      return {
        summary: `${system} refused: the connection lacks a permission OutSync needs${named ? ` (${named})` : ''}.`,
        action: {
          kind: 'grant_scopes',
          text: `Grant ${named ? `the scope ${named}` : 'the missing permission'}: reconnect ${system} and approve every permission it asks for.`,
        },
      };
    }
    case 'forbidden':
      return {
        summary: `${system} refused: the connected user is not allowed to do this.`,
        action: {
          kind: 'check_settings',
          text: `Give the connected ${system} user this permission, then Retry.`,
        },
      };
    case 'not_found':
      return {
        summary: `A record OutSync needed is no longer in ${system} (deleted or merged).`,
        action: null,
      };
    case 'rate_limited':
      return { summary: `${system}'s rate limit was reached.`, action: null };
    case 'invalid_request':
      return { summary: `${system} refused the request OutSync sent.`, action: checkSettings };
    case 'record_refused':
      return { summary: `${system} refused this event's data.`, action: checkSettings };
    case 'unavailable':
      return { summary: `${system} was unavailable.`, action: null };
    case 'timeout':
      return { summary: `${system} did not answer in time.`, action: null };
    case 'network':
      return { summary: `OutSync could not reach ${system}.`, action: null };
    case 'unexpected':
      return { summary: `${system} answered in a way OutSync did not expect.`, action: null };
    case 'settings':
      return {
        summary: sentence(error.message),
        action: { kind: 'check_settings', text: "Change the webhook's settings, then Retry." },
      };
    case 'not_connected':
      return {
        summary: `${system} is not connected for this webhook's profile.`,
        action: {
          kind: 'reconnect',
          text: `Connect ${system} again on its accounts screen, then Retry.`,
        },
      };
    case 'circuit_open': {
      // The message names the failure that opened the circuit: a refused token is the user's to
      // mend, an outage is not.
      const cause = legacyCode(error.message);
      return {
        summary: `${system} has kept failing for this account, so its events wait instead of failing.`,
        action: cause === 'unauthorized' || cause === 'missing_scopes' ? reconnect : null,
      };
    }
    case 'contention':
      return {
        summary: 'Another process was writing the same record at that moment.',
        action: null,
      };
    case 'endpoint':
      return {
        summary: `An additional webhook endpoint did not take it (${endpointOf(error.message)}).`,
        action: {
          kind: 'check_endpoint',
          text: 'Check that the endpoint answers with a 2xx status, then Retry.',
        },
      };
    case 'internal':
      return { summary: 'OutSync could not finish writing it.', action: null };
    case null:
      return { summary: `It could not be written to ${system}.`, action: null };
  }
}

/** An event's state, in words (issue 31 item 3). */
export function explainWebhookLog(
  doc: ExplainedEvent,
  policy: { maxAttempts: number },
): WebhookLogExplanation {
  const crm = doc.crm === 'SALESFORCE' ? 'Salesforce' : 'HubSpot';
  const errors = Array.isArray(doc.errors) ? doc.errors : [];
  // The CRM's failure comes first; an endpoint's is the event's story only when the CRM's part
  // went through.
  const primary = errors.find((error) => error.step !== 'forward') ?? errors[0] ?? null;
  const words = primary ? wordsOf(primary, crm) : null;
  const detail =
    errors.length > 0 ? errors.map((error) => `${error.step}: ${error.message}`).join('\n') : null;
  const explained = (
    state: WebhookLogExplanation['state'],
    parts: Partial<Omit<WebhookLogExplanation, 'state' | 'label'>>,
  ): WebhookLogExplanation => ({
    state,
    label: LABELS[state],
    summary: null,
    next: null,
    action: null,
    detail: null,
    ...parts,
  });

  switch (doc.status) {
    case 'synced':
      return explained('synced', { summary: `Written to ${crm}.` });
    case 'partially_synced':
      return explained('partially_synced', {
        summary: partialSummary(crm, errors, words),
        action: words?.action ?? { kind: 'retry', text: 'Retry writes what is missing.' },
        detail,
      });
    case 'failed':
      return explained('failed', {
        summary: words?.summary ?? `It could not be written to ${crm}.`,
        action: words?.action ?? {
          kind: 'retry',
          text: 'Retry sends it again.',
        },
        detail,
      });
    case 'held':
      return explained('held', {
        summary: doc.reason,
        action: {
          kind: 'release',
          text: 'Release writes it to the CRM now.',
        },
      });
    case 'not_synced': {
      const freePlan = doc.reason === NOT_SYNCED_REASONS.freePlan;
      return explained('not_synced', {
        // The stored reason's second sentence is the action's own line: not said twice.
        summary: freePlan ? 'Not synced: free plan.' : doc.reason,
        action: freePlan
          ? { kind: 'upgrade', text: 'Upgrade to sync live events into your CRM.' }
          : null,
        detail,
      });
    }
    case 'duplicate':
    case 'unsupported':
      return explained(doc.status, { summary: doc.reason });
    case 'received':
      break;
  }

  const last = Array.isArray(doc.attempts) ? doc.attempts.at(-1) : undefined;
  const due = doc.nextAttemptAt ? new Date(doc.nextAttemptAt).toISOString() : null;
  if (!last || errors.length === 0)
    return explained('queued', {
      summary: `Received; it is written to ${crm} in its turn.`,
      next: due && doc.attemptCount > 0 ? { attempt: null, of: null, at: due } : null,
    });
  // A rate limit or an open circuit sent it back: it waits without spending an attempt.
  const summary =
    primary?.step === 'forward'
      ? `Written to ${crm}; ${lowerFirst(words?.summary ?? '')}`
      : words?.summary;
  if (last.outcome === 'waiting')
    return explained('waiting', {
      summary: summary ?? null,
      next: due ? { attempt: null, of: null, at: due } : null,
      action: userAction(words?.action ?? null),
      detail,
    });
  const of = doc.test ? 1 : policy.maxAttempts;
  return explained('retrying', {
    summary: summary ?? null,
    next: due ? { attempt: Math.min(doc.attemptCount + 1, of), of, at: due } : null,
    // While OutSync retries on its own, only what the user must mend is offered.
    action: userAction(words?.action ?? null),
    detail,
  });
}

/** Actions that need the user while automatic attempts go on; a "Retry" does not. */
function userAction(action: Action | null): Action | null {
  return action && (action.kind === 'reconnect' || action.kind === 'grant_scopes') ? action : null;
}

function wordsOf(error: SyncError, crm: string): FailureWords {
  const code = error.code ?? (error.step === 'forward' ? 'endpoint' : legacyCode(error.message));
  return failureWords(code, systemOf(error.message, crm), error);
}

/** A partially synced event: written, with the CRM's warning or an endpoint's failure. */
function partialSummary(crm: string, errors: SyncError[], words: FailureWords | null): string {
  const first = errors[0];
  if (!first) return `Written to ${crm}, not all of it.`;
  if (first.step === 'forward' || first.code === 'endpoint')
    return `Written to ${crm}; ${lowerFirst(words?.summary ?? 'an endpoint did not take it.')}`;
  // A written event's warning is already in words: what was left out and how to fix it.
  if (first.code === undefined && first.step === 'crm')
    return `Written to ${crm}, with a warning: ${first.message}`;
  return `Written to ${crm} in part. ${words?.summary ?? sentence(first.message)}`;
}

/**
 * The kind of a failure stored without one (logs older than the field, a circuit's reason):
 * read from the connector's message, which names its code ("failed: 503 unavailable").
 */
function legacyCode(message: string): FailureCode | null {
  const named = /failed: \d{3} ([a-z_]+)/.exec(message)?.[1];
  if (named && (CONNECTOR_ERROR_CODES as readonly string[]).includes(named))
    return named as ConnectorErrorCode;
  if (/refused \(401\)/.test(message)) return 'unauthorized';
  if (/ timed out\b/.test(message)) return 'timeout';
  if (/could not reach the server/.test(message)) return 'network';
  if (/^(HubSpot refused it|Salesforce refused the)/.test(message)) return 'record_refused';
  if (/ has failed for this account since /.test(message)) return 'circuit_open';
  return null;
}

/** The system a connector's message names first ("Smartlead category lookup …"), else the CRM. */
function systemOf(message: string, crm: string): string {
  return Object.values(SYSTEM_NAMES).find((name) => message.startsWith(`${name} `)) ?? crm;
}

/** HubSpot names the scopes a call lacks (`crm.objects.contacts.write`). */
function scopesIn(message: string): string[] {
  return [...new Set(message.match(/\b[a-z][a-z-]*(?:\.[a-z][a-z_-]*){2,}\b/g) ?? [])];
}

/** An endpoint error's message begins with its URL. */
function endpointOf(message: string): string {
  return /^(https?:\/\/\S+?):/.exec(message)?.[1] ?? 'see the detail';
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
