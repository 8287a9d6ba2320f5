// Helpers for the connectors' nock and sandbox tests.
import { SALESFORCE_DEMO_ACCESS_TOKEN, SALESFORCE_DEMO_INSTANCE_PATH } from '@outsync/sandbox';
import nock from 'nock';
import { createSalesforceClient, type SalesforceClient } from './crm/salesforce/salesforce-client';
import { ConnectorError, type TokenAuth } from './http';

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

/**
 * The nock hooks a connector or writer test file runs once at its top: no real network in the
 * file, every interceptor a test declares is used (then cleared), nock let go of afterwards.
 */
export function useNockHooks(): void {
  beforeAll(() => nock.disableNetConnect());
  afterEach(assertNockDone);
  afterAll(() => {
    nock.enableNetConnect();
    nock.restore();
  });
}

/**
 * A Salesforce client on the sandbox's demo org, whose static session never expires (a refresh
 * would be a bug): what the connector's sandbox tests call through.
 */
export function demoSalesforceClient(sandboxUrl: string): SalesforceClient {
  const staticSession: TokenAuth = {
    kind: 'bearer',
    getAccessToken: () => Promise.resolve(SALESFORCE_DEMO_ACCESS_TOKEN),
    refresh: () => Promise.reject(new Error('the static session is never refreshed')),
  };
  return createSalesforceClient({
    instanceUrl: `${sandboxUrl}${SALESFORCE_DEMO_INSTANCE_PATH}`,
    apiVersion: '62.0',
    auth: staticSession,
  });
}
