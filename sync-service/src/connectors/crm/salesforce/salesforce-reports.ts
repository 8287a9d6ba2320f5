import { z } from 'zod';
import type { SalesforceContext } from './salesforce-context';

// The Analytics (Reports) API: the list and a report's describe. Reading rows is in
// salesforce-report-rows.ts.

/** A report as the Analytics API lists it. */
export type SalesforceReport = { id: string; name: string };

/** What a report's describe says about its rows: the format and the detail columns' API names. */
export type SalesforceReportDescribe = {
  id: string;
  name: string;
  /** `TABULAR`, `SUMMARY`, `MATRIX` or `MULTI_BLOCK`. */
  format: string;
  /** Detail columns by API name (`EMAIL`, `ACCOUNT.NAME`), in the order of a row's cells. */
  detailColumns: string[];
  /** `reportType.type`: `ContactList`, `LeadList`…; null when the describe leaves it out. */
  reportType: string | null;
  /** The filters saved with the report, as a run takes them back. */
  reportFilters: SalesforceReportFilter[];
  /** The saved filter logic (`(1 OR 2) AND 3`); null when the filters are simply ANDed. */
  reportBooleanFilter: string | null;
};

/** A report filter: `{column: 'EMAIL', operator: 'notEqual', value: ''}`. */
export type SalesforceReportFilter = { column: string; operator: string; value: string };

const ReportListSchema = z.array(z.looseObject({ id: z.string(), name: z.string() }));

const ReportFilterSchema = z.looseObject({
  column: z.string(),
  operator: z.string(),
  value: z.string().nullish(),
});

const ReportDescribeSchema = z.looseObject({
  reportMetadata: z.looseObject({
    id: z.string(),
    name: z.string(),
    reportFormat: z.string(),
    reportType: z.looseObject({ type: z.string() }).nullish(),
    detailColumns: z.array(z.string()).default([]),
    reportFilters: z.array(ReportFilterSchema).nullish(),
    reportBooleanFilter: z.string().nullish(),
  }),
  // Every column of the report type, by API name, per section. Only the data types are read (to
  // find the id column); a section in any other shape is ignored rather than failing the describe.
  reportTypeMetadata: z
    .looseObject({
      categories: z
        .array(
          z.looseObject({
            columns: z
              .record(z.string(), z.looseObject({ dataType: z.string().nullish() }))
              .optional()
              .catch(undefined),
          }),
        )
        .nullish(),
    })
    .nullish(),
});

/**
 * `GET /analytics/reports`: the reports the connected user viewed most recently (Salesforce
 * lists at most 200 there).
 */
export async function listReports({
  http,
  dataPath,
}: SalesforceContext): Promise<SalesforceReport[]> {
  const reports = await http.request({
    operation: 'listReports',
    method: 'GET',
    path: `${dataPath}/analytics/reports`,
    schema: ReportListSchema,
  });
  return reports.map((report) => ({ id: report.id, name: report.name }));
}

/** `GET /analytics/reports/{id}/describe`; a report that does not exist is `not_found`. */
export async function describeReport(
  context: SalesforceContext,
  reportId: string,
): Promise<SalesforceReportDescribe> {
  return (await readReportDescribe(context, reportId, 'describeReport')).report;
}

/** The report's describe, and the report type's columns whose data type is `id`. */
export async function readReportDescribe(
  { http, dataPath }: SalesforceContext,
  reportId: string,
  operation: string,
): Promise<{ report: SalesforceReportDescribe; idColumns: string[] }> {
  const answer = await http.request({
    operation,
    method: 'GET',
    path: `${dataPath}/analytics/reports/${encodeURIComponent(reportId)}/describe`,
    schema: ReportDescribeSchema,
  });
  const metadata = answer.reportMetadata;
  const report: SalesforceReportDescribe = {
    id: metadata.id,
    name: metadata.name,
    format: metadata.reportFormat,
    detailColumns: metadata.detailColumns,
    reportType: metadata.reportType?.type ?? null,
    reportFilters: (metadata.reportFilters ?? []).map((filter) => ({
      column: filter.column,
      operator: filter.operator,
      value: filter.value ?? '',
    })),
    reportBooleanFilter: metadata.reportBooleanFilter?.trim() || null,
  };
  const idColumns = (answer.reportTypeMetadata?.categories ?? []).flatMap((category) =>
    Object.entries(category.columns ?? {}).flatMap(([name, column]) =>
      column.dataType?.toLowerCase() === 'id' ? [name] : [],
    ),
  );
  return { report, idColumns };
}
