import { z } from 'zod';
import { ConnectorError } from '../../http';
import type { SalesforceContext } from './salesforce-context';
import { readReportDescribe, type SalesforceReportDescribe } from './salesforce-reports';

/** One report row: each chosen column's cell value as text, null when the cell is empty. */
export type SalesforceReportRow<Column extends string = string> = Record<Column, string | null>;

export type SalesforceReportRowsOptions = {
  /** Called after each page with the number of rows read so far (progress for the caller). */
  onPage?: (rowsSoFar: number) => void | Promise<void>;
};

const ReportCellSchema = z.looseObject({ label: z.string().nullish(), value: z.unknown() });

const ReportRunSchema = z.looseObject({
  allData: z.boolean(),
  factMap: z.record(
    z.string(),
    z.looseObject({
      rows: z.array(z.looseObject({ dataCells: z.array(ReportCellSchema) })).nullish(),
    }),
  ),
  reportMetadata: z.looseObject({ detailColumns: z.array(z.string()).nullish() }).nullish(),
});

/** The only format whose detail rows come as one list (`factMap['T!T']`). */
const TABULAR = 'TABULAR';

/**
 * The Reports API answers at most the first 2,000 detail rows of a run (`allData: false` says
 * there were more). To read them all, every run sorts by the report's record id and asks only
 * for the rows past the last id read:
 * 1. describe the report: it must be tabular; its own filters (and their logic) are kept;
 * 2. the id column: `<OBJECT>_ID` from the report type (`ContactList` → `CONTACT_ID`), or, when
 *    the describe lists the report type's columns, one whose dataType is `id`;
 * 3. `POST /analytics/reports/{id}?includeDetails=true` with `{reportMetadata: {detailColumns:
 *    [...columns, idColumn], sortBy: [{sortColumn: idColumn, sortOrder: 'Asc'}], reportFilters:
 *    [...own filters, {column: idColumn, operator: 'greaterThan', value: lastId}]}}`, the id
 *    filter left out of the first run;
 * 4. read `factMap['T!T'].rows[].dataCells[]` (in the order of the answer's `detailColumns`)
 *    and run again until `allData` is true. A run that adds no new row while `allData` is still
 *    false fails as `unexpected` rather than asking for ever.
 */
export async function runReportRows<Column extends string>(
  context: SalesforceContext,
  reportId: string,
  columns: readonly Column[],
  options: SalesforceReportRowsOptions = {},
): Promise<Array<SalesforceReportRow<Column>>> {
  const { report, idColumns } = await readReportDescribe(context, reportId, 'runReportRows');
  const idColumn = pagingColumnOf(report, idColumns);
  const detailColumns: string[] = [...columns];
  if (!detailColumns.includes(idColumn)) detailColumns.push(idColumn);
  const rows: Array<SalesforceReportRow<Column>> = [];
  const seen = new Set<string>();
  let lastId: string | undefined;
  for (;;) {
    const run = await runReportPage(context, reportId, report, {
      detailColumns,
      idColumn,
      lastId,
    });
    let added = 0;
    for (const row of readRows(report, run, detailColumns, idColumn, columns)) {
      lastId = row.id;
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row.cells);
      added++;
    }
    await options.onPage?.(rows.length);
    if (run.allData) return rows;
    if (added === 0) {
      throw reportError(
        `Salesforce report "${report.name}" stopped adding rows after ${rows.length} while saying more remain (allData false).`,
      );
    }
  }
}

/** One run of the report, sorted by `idColumn`, past `lastId` when one was read already. */
function runReportPage(
  { http, dataPath }: SalesforceContext,
  reportId: string,
  report: SalesforceReportDescribe,
  page: { detailColumns: string[]; idColumn: string; lastId: string | undefined },
): Promise<z.output<typeof ReportRunSchema>> {
  const { detailColumns, idColumn, lastId } = page;
  const idFilter =
    lastId === undefined ? [] : [{ column: idColumn, operator: 'greaterThan', value: lastId }];
  return http.request({
    operation: 'runReportRows',
    method: 'POST',
    path: `${dataPath}/analytics/reports/${encodeURIComponent(reportId)}`,
    query: { includeDetails: true },
    json: {
      reportMetadata: {
        detailColumns,
        sortBy: [{ sortColumn: idColumn, sortOrder: 'Asc' }],
        reportFilters: [...report.reportFilters, ...idFilter],
        ...filterLogic(report, idFilter.length > 0),
      },
    },
    // A run only reads.
    idempotent: true,
    schema: ReportRunSchema,
  });
}

function reportError(message: string): ConnectorError {
  return new ConnectorError({
    system: 'salesforce',
    operation: 'runReportRows',
    code: 'unexpected',
    message,
  });
}

/**
 * The column a report is paged by: `<OBJECT>_ID` from the report type (`LeadList` → `LEAD_ID`)
 * when the describe's id-typed columns include it or list none; otherwise the first id-typed
 * column (a custom report type names its own). Only a tabular report pages this way.
 */
function pagingColumnOf(report: SalesforceReportDescribe, idColumns: string[]): string {
  if (report.format.toUpperCase() !== TABULAR) {
    throw reportError(
      `Salesforce report "${report.name}" is a ${report.format} report; it must be tabular (Format: Tabular) for its rows to be read.`,
    );
  }
  const object = report.reportType?.replace(/List$/, '').trim();
  const fromType = object ? `${object.toUpperCase()}_ID` : undefined;
  const column =
    fromType !== undefined && (idColumns.length === 0 || idColumns.includes(fromType))
      ? fromType
      : idColumns[0];
  if (column === undefined) {
    throw reportError(
      `Salesforce report "${report.name}" has no record id column to read it by (no report type).`,
    );
  }
  return column;
}

/**
 * The report's own filter logic, kept. With the id filter added it becomes `(<logic>) AND <n>`
 * (n: the id filter's position, 1-based): Salesforce refuses a filter its logic leaves out.
 */
function filterLogic(
  report: SalesforceReportDescribe,
  withIdFilter: boolean,
): { reportBooleanFilter?: string } {
  const logic = report.reportBooleanFilter;
  if (logic === null) return {};
  if (!withIdFilter) return { reportBooleanFilter: logic };
  return { reportBooleanFilter: `(${logic}) AND ${report.reportFilters.length + 1}` };
}

/** A run's detail rows: each row's record id and its chosen columns' cells. */
function readRows<Column extends string>(
  report: SalesforceReportDescribe,
  run: z.output<typeof ReportRunSchema>,
  requested: readonly string[],
  idColumn: string,
  columns: readonly Column[],
): Array<{ id: string; cells: SalesforceReportRow<Column> }> {
  const order = run.reportMetadata?.detailColumns ?? requested;
  const indexOf = (column: string): number => {
    const index = order.indexOf(column);
    if (index < 0) {
      throw reportError(`Salesforce report "${report.name}" answered without column ${column}.`);
    }
    return index;
  };
  const idIndex = indexOf(idColumn);
  const indexes = columns.map((column) => [column, indexOf(column)] as const);
  return (run.factMap['T!T']?.rows ?? []).map((row) => {
    const id = cellText(row.dataCells[idIndex]);
    if (id === null) {
      throw reportError(
        `Salesforce report "${report.name}" answered a row without its ${idColumn}.`,
      );
    }
    const cells = {} as SalesforceReportRow<Column>;
    for (const [column, index] of indexes) cells[column] = cellText(row.dataCells[index]);
    return { id, cells };
  });
}

/**
 * A cell's value as text: strings as they are, numbers and booleans spelled out, a compound
 * value (currency) by its label; null for an empty cell (`-` is how reports show one).
 */
function cellText(cell: z.output<typeof ReportCellSchema> | undefined): string | null {
  if (cell === undefined) return null;
  const { value, label } = cell;
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : value === null || value === undefined
          ? null
          : (label ?? null);
  const trimmed = text?.trim() ?? '';
  return trimmed === '' || trimmed === '-' ? null : text;
}
