import type { ReportDefinition, SalesforceStore, SfRecord } from './salesforce-store.ts';

/** The Reports API returns at most the first 2,000 detail rows. */
const MAX_ROWS = 2000;

export function reportList(store: SalesforceStore, version: string): unknown[] {
  return store.reports.map((report) => ({
    id: report.id,
    name: report.name,
    url: `/services/data/${version}/analytics/reports/${report.id}`,
    describeUrl: `/services/data/${version}/analytics/reports/${report.id}/describe`,
    instancesUrl: `/services/data/${version}/analytics/reports/${report.id}/instances`,
  }));
}

function metadata(report: ReportDefinition): Record<string, unknown> {
  return {
    id: report.id,
    name: report.name,
    developerName: report.name.replace(/\W+/g, '_'),
    reportFormat: 'TABULAR',
    reportType: { type: `${report.objectName}List`, label: `${report.objectName}s` },
    detailColumns: report.columns.map((column) => column.apiName),
    reportFilters: [],
    aggregates: ['RowCount'],
  };
}

function extendedMetadata(report: ReportDefinition): Record<string, unknown> {
  return {
    detailColumnInfo: Object.fromEntries(
      report.columns.map((column) => [
        column.apiName,
        {
          label: column.label,
          dataType: column.dataType,
          entityColumnName: `${report.objectName}.${column.field}`,
        },
      ]),
    ),
    aggregateColumnInfo: {
      RowCount: {
        label: 'Record Count',
        dataType: 'int',
        acrossGroupingContext: null,
        downGroupingContext: null,
      },
    },
  };
}

export function reportDescribe(report: ReportDefinition): Record<string, unknown> {
  return {
    reportMetadata: metadata(report),
    reportExtendedMetadata: extendedMetadata(report),
    reportTypeMetadata: { categories: [] },
  };
}

/** Runs a tabular report against live org data: rows in `factMap["T!T"].rows[].dataCells[]`. */
export function runReport(
  store: SalesforceStore,
  report: ReportDefinition,
  includeDetails: boolean,
): Record<string, unknown> {
  const matches = store.all(report.objectName).filter(report.where);
  const rows = matches.slice(0, MAX_ROWS).map((record) => ({
    dataCells: report.columns.map((column) => cell(store, record, column.field)),
  }));
  return {
    attributes: {
      type: 'Report',
      reportId: report.id,
      reportName: report.name,
      describeUrl: `/services/data/v60.0/analytics/reports/${report.id}/describe`,
      instancesUrl: `/services/data/v60.0/analytics/reports/${report.id}/instances`,
    },
    allData: matches.length <= MAX_ROWS,
    hasDetailRows: includeDetails,
    factMap: {
      'T!T': {
        rows: includeDetails ? rows : [],
        aggregates: [{ label: String(matches.length), value: matches.length }],
      },
    },
    groupingsAcross: { groupings: [] },
    groupingsDown: { groupings: [] },
    reportMetadata: metadata(report),
    reportExtendedMetadata: extendedMetadata(report),
  };
}

function cell(
  store: SalesforceStore,
  record: SfRecord,
  field: string,
): { label: string; value: string | number | boolean | null } {
  const [head, tail] = field.split('.');
  if (tail) {
    const id = record[`${head ?? ''}Id`];
    const related = typeof id === 'string' ? store.find(id) : undefined;
    const value = related?.record[tail] ?? null;
    return { label: value === null ? '-' : String(value), value };
  }
  const value = record[field] ?? null;
  return { label: value === null ? '-' : String(value), value };
}
