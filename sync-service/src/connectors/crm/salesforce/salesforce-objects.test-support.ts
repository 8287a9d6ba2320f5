// Shared set-up of the salesforce-objects.*.test.ts files: the org, its session, SOQL rows and
// pages, saved results and the nock hooks.
import type { TokenAuth } from '../../http';
import { createSalesforceClient } from './salesforce-client';

// Data calls go to the org's instance URL, which differs from the login domain.
export const INSTANCE = 'https://acme.my.salesforce.com';
export const DATA = '/services/data/v62.0';

export function auth(): TokenAuth & { refreshes: number } {
  let current = 'session-1';
  const value = {
    kind: 'bearer' as const,
    refreshes: 0,
    getAccessToken: () => Promise.resolve(current),
    refresh: () => {
      value.refreshes++;
      current = 'session-2';
      return Promise.resolve(current);
    },
  };
  return value;
}

export function client({
  tokens = auth(),
  retries,
}: { tokens?: TokenAuth; retries?: number } = {}) {
  return createSalesforceClient({
    instanceUrl: INSTANCE,
    apiVersion: '62.0',
    auth: tokens,
    retries,
  });
}

/** A row as SOQL answers it, `attributes` included. */
export function row(type: string, fields: { Id: string } & Record<string, unknown>) {
  return { attributes: { type, url: `${DATA}/sobjects/${type}/${fields.Id}` }, ...fields };
}

export function page(records: unknown[], nextRecordsUrl?: string) {
  return nextRecordsUrl === undefined
    ? { totalSize: records.length, done: true, records }
    : { totalSize: records.length + 1, done: false, nextRecordsUrl, records };
}

export const saved = (id: string) => ({ id, success: true, errors: [] });

export const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => from + index);

/** The nock hooks each split test file runs (one definition for every connector test). */
export { useNockHooks as installNockHooks } from '../../test-support';
