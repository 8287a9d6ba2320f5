import { isConnectorError, type ConnectorErrorCode } from '../connectors/http';

/**
 * What kind of failure an event's error is, stored with it so the history can say it in plain
 * words and name what helps (features/webhook-events/webhook-log-explanation.ts; issue 31 item 3).
 * A connector's own codes, and the pipeline's:
 * - `record_refused`: the CRM refused one record of a batch (a value, a validation rule);
 * - `settings`: the webhook's settings keep it from being written (no lookup value, a lookup
 *   field the CRM lacks);
 * - `not_connected`: the webhook's profile has no usable CRM connection;
 * - `circuit_open`: the account's CRM kept failing, so the event waits for a probe;
 * - `contention`: another worker (or, in Salesforce, anything holding the row's lock) was
 *   writing the same record at the same moment;
 * - `endpoint`: an additional webhook endpoint did not take it;
 * - `internal`: OutSync itself failed (anything not from a connector).
 */
export type FailureCode =
  | ConnectorErrorCode
  | 'record_refused'
  | 'settings'
  | 'not_connected'
  | 'circuit_open'
  | 'contention'
  | 'endpoint'
  | 'internal';

/** The failure code of a thrown error: the connector's own, else OutSync's internal. */
export function failureCodeOf(error: unknown): FailureCode {
  return isConnectorError(error) ? error.code : 'internal';
}
