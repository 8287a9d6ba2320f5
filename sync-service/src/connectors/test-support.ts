// Helpers for the connectors' nock tests.
import nock from 'nock';
import { ConnectorError } from './http';

/** The ConnectorError a call rejects with; throws (failing the test) when it resolves or throws another error. */
export async function failureOf(promise: Promise<unknown>): Promise<ConnectorError> {
  const error: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof ConnectorError)) throw error;
  return error;
}

/** Every string an error could be printed or logged as. */
export function printedForms(error: ConnectorError): string[] {
  return [error.message, String(error), JSON.stringify(error), error.stack ?? ''];
}

/** For afterEach: fails the test when an interceptor was not used (nock.isDone()), then clears them. */
export function assertNockDone(): void {
  const done = nock.isDone();
  const pending = nock.pendingMocks();
  nock.cleanAll();
  if (!done) throw new Error(`Expected requests were not made: ${pending.join(', ')}`);
}
