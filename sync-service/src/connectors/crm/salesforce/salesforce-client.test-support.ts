// Shared set-up of the salesforce-client.*.test.ts files: the org, its session, SOQL rows,
// describe fields, the runReportRows answers and the nock hooks.
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

export function client(tokens: TokenAuth = auth()) {
  return createSalesforceClient({ instanceUrl: `${INSTANCE}/`, apiVersion: 'v62.0', auth: tokens });
}

export function row(type: string, fields: Record<string, unknown>) {
  return {
    attributes: { type, url: `${DATA}/sobjects/${type}/${String(fields.Id)}` },
    ...fields,
  };
}

export function picklistField(name: string, values: Array<[string, boolean]>) {
  return {
    name,
    label: name,
    type: 'picklist',
    custom: false,
    inlineHelpText: null,
    length: 255,
    createable: true,
    picklistValues: values.map(([value, active]) => ({
      value,
      label: value,
      active,
      defaultValue: false,
      validFor: null,
    })),
  };
}

/** The nock hooks each split test file runs (one definition for every connector test). */
export { useNockHooks as installNockHooks } from '../../test-support';

/** The report the reports and runReportRows tests read. */
export const REPORT_ID = '00O5e000001AbCdEAF';

// What Salesforce answers runReportRows: the report's describe and its runs.

export function describeAnswer(
  metadata: Record<string, unknown> = {},
  categories: unknown[] = [],
): Record<string, unknown> {
  return {
    reportMetadata: {
      id: REPORT_ID,
      name: 'Do Not Contact - Contacts',
      developerName: 'Do_Not_Contact_Contacts',
      reportFormat: 'TABULAR',
      reportType: { type: 'ContactList', label: 'Contacts & Accounts' },
      detailColumns: ['FIRST_NAME', 'EMAIL', 'ACCOUNT.WEBSITE'],
      reportFilters: [],
      reportBooleanFilter: null,
      aggregates: ['RowCount'],
      ...metadata,
    },
    reportExtendedMetadata: { detailColumnInfo: {} },
    reportTypeMetadata: { categories },
  };
}

/** A run's answer; a cell is `[value, label]`, or a bare value shown as its own label. */
export function runAnswer(detailColumns: string[], rows: unknown[][], allData: boolean) {
  return {
    attributes: { type: 'Report', reportId: REPORT_ID, reportName: 'Do Not Contact - Contacts' },
    allData,
    hasDetailRows: true,
    factMap: {
      'T!T': {
        rows: rows.map((cells) => ({
          dataCells: cells.map((cell) =>
            Array.isArray(cell)
              ? { value: cell[0] as unknown, label: cell[1] as unknown }
              : { value: cell, label: cell === null ? '-' : String(cell) },
          ),
        })),
        aggregates: [{ label: String(rows.length), value: rows.length }],
      },
    },
    groupingsAcross: { groupings: [] },
    groupingsDown: { groupings: [] },
    reportMetadata: {
      id: REPORT_ID,
      name: 'Do Not Contact - Contacts',
      reportFormat: 'TABULAR',
      reportType: { type: 'ContactList', label: 'Contacts & Accounts' },
      detailColumns,
    },
  };
}

export function sortedBy(column: string) {
  return [{ sortColumn: column, sortOrder: 'Asc' }];
}
