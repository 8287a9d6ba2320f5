import { asArray, asString, isObject, type JsonObject } from '../core/http.ts';
import type {
  ReportColumn,
  ReportDefinition,
  ReportFilter,
  SalesforceStore,
  SfRecord,
  SfValue,
} from './salesforce-store.ts';

/** The Reports API returns at most the first 2,000 detail rows (external-apis.md §2.3). */
const MAX_ROWS = 2000;
/** A run takes up to 20 field filters (Reports API limits). */
const MAX_FILTERS = 20;

/** A run the Reports API refuses: 400 `[{errorCode: 'BAD_REQUEST', message}]`. */
export class ReportRequestError extends Error {}

interface ReportType {
  type: string;
  label: string;
  category: string;
  columns: ReportColumn[];
}

const column = (apiName: string, label: string, field: string, dataType: string): ReportColumn => ({
  apiName,
  label,
  field,
  dataType,
});

const PERSON_COLUMNS = [
  column('FIRST_NAME', 'First Name', 'FirstName', 'string'),
  column('LAST_NAME', 'Last Name', 'LastName', 'string'),
  column('EMAIL', 'Email', 'Email', 'email'),
  column('TITLE', 'Title', 'Title', 'string'),
  column('EMAIL_OPT_OUT', 'Email Opt Out', 'HasOptedOutOfEmail', 'boolean'),
  column('CREATED_DATE', 'Created Date', 'CreatedDate', 'datetime'),
];

/**
 * The report types' available columns (describe's `reportTypeMetadata.categories`). Each
 * object's id is a column `<OBJECT>_ID` of dataType `id`, as in Salesforce's standard report
 * types, so a caller can add it to `detailColumns`, sort by it and filter on it.
 */
const REPORT_TYPES: Record<string, ReportType> = {
  Contact: {
    type: 'ContactList',
    label: 'Contacts & Accounts',
    category: 'Contact Information',
    columns: [
      column('CONTACT_ID', 'Contact ID', 'Id', 'id'),
      ...PERSON_COLUMNS,
      column('LEAD_SOURCE', 'Lead Source', 'LeadSource', 'picklist'),
      column('ACCOUNT.NAME', 'Account Name', 'Account.Name', 'string'),
    ],
  },
  Lead: {
    type: 'LeadList',
    label: 'Leads',
    category: 'Lead Information',
    columns: [
      column('LEAD_ID', 'Lead ID', 'Id', 'id'),
      ...PERSON_COLUMNS,
      column('COMPANY', 'Company', 'Company', 'string'),
      column('STATUS', 'Lead Status', 'Status', 'picklist'),
    ],
  },
  Account: {
    type: 'AccountList',
    label: 'Accounts',
    category: 'Account Information',
    columns: [
      column('ACCOUNT_ID', 'Account ID', 'Id', 'id'),
      column('ACCOUNT.NAME', 'Account Name', 'Name', 'string'),
      column('URL', 'Website', 'Website', 'url'),
      column('TYPE', 'Type', 'Type', 'picklist'),
      column('INDUSTRY', 'Industry', 'Industry', 'picklist'),
      column('CREATED_DATE', 'Created Date', 'CreatedDate', 'datetime'),
    ],
  },
};

const COMPARISONS = ['lessThan', 'greaterThan', 'lessOrEqual', 'greaterOrEqual'];
const TEXT_OPERATORS = [
  'equals',
  'notEqual',
  ...COMPARISONS,
  'contains',
  'notContain',
  'startsWith',
];
const NUMERIC_TYPES = new Set(['int', 'double', 'currency', 'percent']);

/** The operators a filter on a column of this data type takes (describe's operator map). */
function operatorsFor(dataType: string): string[] {
  if (dataType === 'boolean') return ['equals', 'notEqual'];
  if (NUMERIC_TYPES.has(dataType) || dataType === 'date' || dataType === 'datetime')
    return ['equals', 'notEqual', ...COMPARISONS];
  return TEXT_OPERATORS;
}

function reportTypeOf(report: ReportDefinition): ReportType {
  return (
    REPORT_TYPES[report.objectName] ?? {
      type: `${report.objectName}List`,
      label: `${report.objectName}s`,
      category: `${report.objectName} Information`,
      columns: [column(`${report.objectName.toUpperCase()}_ID`, 'Record ID', 'Id', 'id')],
    }
  );
}

/** Every column a run of the report may name: its type's columns and its own detail columns. */
function availableColumns(report: ReportDefinition): Map<string, ReportColumn> {
  const columns = new Map(reportTypeOf(report).columns.map((entry) => [entry.apiName, entry]));
  for (const entry of report.columns)
    if (!columns.has(entry.apiName)) columns.set(entry.apiName, entry);
  return columns;
}

export function reportList(store: SalesforceStore, version: string): unknown[] {
  return store.reports.map((report) => ({
    id: report.id,
    name: report.name,
    url: `/services/data/${version}/analytics/reports/${report.id}`,
    describeUrl: `/services/data/${version}/analytics/reports/${report.id}/describe`,
    instancesUrl: `/services/data/${version}/analytics/reports/${report.id}/instances`,
  }));
}

/** What one run uses: the report's saved metadata, or what the POST body gave instead. */
interface RunMetadata {
  detailColumns: ReportColumn[];
  reportFilters: ReportFilter[];
  reportBooleanFilter: string | null;
  sortBy: Array<{ sortColumn: string; sortOrder: 'Asc' | 'Desc' }>;
}

function savedMetadata(report: ReportDefinition): RunMetadata {
  return {
    detailColumns: report.columns,
    reportFilters: report.reportFilters ?? [],
    reportBooleanFilter: report.reportBooleanFilter ?? null,
    sortBy: [],
  };
}

function metadata(report: ReportDefinition, run: RunMetadata): Record<string, unknown> {
  const reportType = reportTypeOf(report);
  return {
    id: report.id,
    name: report.name,
    developerName: report.name.replace(/\W+/g, '_'),
    reportFormat: 'TABULAR',
    reportType: { type: reportType.type, label: reportType.label },
    detailColumns: run.detailColumns.map((entry) => entry.apiName),
    reportFilters: run.reportFilters.map((filter) => ({ ...filter, isRunPageEditable: true })),
    reportBooleanFilter: run.reportBooleanFilter,
    sortBy: run.sortBy,
    aggregates: ['RowCount'],
  };
}

function extendedMetadata(report: ReportDefinition, run: RunMetadata): Record<string, unknown> {
  return {
    detailColumnInfo: Object.fromEntries(
      run.detailColumns.map((entry) => [
        entry.apiName,
        {
          label: entry.label,
          dataType: entry.dataType,
          entityColumnName: `${report.objectName}.${entry.field}`,
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

/** The report type's columns, by category, and which filter operators each data type takes. */
function reportTypeMetadata(report: ReportDefinition): Record<string, unknown> {
  const columns = [...availableColumns(report).values()];
  const dataTypes = [...new Set(columns.map((entry) => entry.dataType))];
  return {
    categories: [
      {
        label: reportTypeOf(report).category,
        columns: Object.fromEntries(
          columns.map((entry) => [
            entry.apiName,
            { label: entry.label, dataType: entry.dataType, filterable: true, filterValues: [] },
          ]),
        ),
      },
    ],
    dataTypeFilterOperatorMap: Object.fromEntries(
      dataTypes.map((dataType) => [
        dataType,
        operatorsFor(dataType).map((name) => ({ name, label: name })),
      ]),
    ),
  };
}

export function reportDescribe(report: ReportDefinition): Record<string, unknown> {
  const run = savedMetadata(report);
  return {
    reportMetadata: metadata(report, run),
    reportExtendedMetadata: extendedMetadata(report, run),
    reportTypeMetadata: reportTypeMetadata(report),
  };
}

/**
 * Runs a tabular report against live org data: rows in `factMap["T!T"].rows[].dataCells[]`.
 * A POST body's `reportMetadata` changes this run only: `detailColumns`, `reportFilters` (which
 * replace the saved ones, as Salesforce runs the metadata it is given), `reportBooleanFilter`
 * and `sortBy`. The report's standard filter always applies. Unknown columns, operators or
 * filter logic throw ReportRequestError.
 */
export function runReport(
  store: SalesforceStore,
  report: ReportDefinition,
  includeDetails: boolean,
  body: JsonObject = {},
): Record<string, unknown> {
  const run = runMetadata(report, body);
  const columns = availableColumns(report);
  const passes = filterLogic(store, run, columns);
  const matches = store
    .all(report.objectName)
    .filter((record) => (!report.where || report.where(record)) && passes(record));
  sortRows(store, matches, run, columns);
  const rows = matches.slice(0, MAX_ROWS).map((record) => ({
    dataCells: run.detailColumns.map((entry) => cell(store, record, entry.field)),
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
    reportMetadata: metadata(report, run),
    reportExtendedMetadata: extendedMetadata(report, run),
  };
}

function runMetadata(report: ReportDefinition, body: JsonObject): RunMetadata {
  const saved = savedMetadata(report);
  const posted = isObject(body.reportMetadata) ? body.reportMetadata : undefined;
  if (!posted) return saved;
  const columns = availableColumns(report);
  const known = (apiName: string, role: string): ReportColumn => {
    const found = columns.get(apiName);
    if (!found)
      throw new ReportRequestError(
        `The ${role} column ${apiName || '(empty)'} is not valid for this report type.`,
      );
    return found;
  };
  const filtersPosted = 'reportFilters' in posted;
  return {
    detailColumns:
      'detailColumns' in posted
        ? asArray(posted.detailColumns).map((name) => known(asString(name) ?? '', 'detail'))
        : saved.detailColumns,
    reportFilters: filtersPosted
      ? asArray(posted.reportFilters).map((filter) => parseFilter(filter, known))
      : saved.reportFilters,
    reportBooleanFilter:
      'reportBooleanFilter' in posted
        ? (asString(posted.reportBooleanFilter) ?? null)
        : filtersPosted
          ? null
          : saved.reportBooleanFilter,
    sortBy: asArray(posted.sortBy).map((entry) => {
      const sortColumn = isObject(entry) ? (asString(entry.sortColumn) ?? '') : '';
      known(sortColumn, 'sort');
      const sortOrder = isObject(entry) ? asString(entry.sortOrder) : undefined;
      if (sortOrder !== 'Asc' && sortOrder !== 'Desc')
        throw new ReportRequestError(
          `sortOrder must be Asc or Desc, not ${sortOrder ?? '(empty)'}.`,
        );
      return { sortColumn, sortOrder };
    }),
  };
}

function parseFilter(
  value: unknown,
  known: (apiName: string, role: string) => ReportColumn,
): ReportFilter {
  if (!isObject(value)) throw new ReportRequestError('Each report filter must be an object.');
  const columnName = asString(value.column) ?? '';
  const { dataType } = known(columnName, 'filter');
  const operator = asString(value.operator) ?? '';
  if (!operatorsFor(dataType).includes(operator))
    throw new ReportRequestError(
      `The filter operator ${operator || '(empty)'} is not valid for the column ${columnName} (${dataType}).`,
    );
  return { column: columnName, operator, value: asString(value.value) ?? '' };
}

/** The run's filters combined by its filter logic (all of them, AND, when it has none). */
function filterLogic(
  store: SalesforceStore,
  run: RunMetadata,
  columns: Map<string, ReportColumn>,
): (record: SfRecord) => boolean {
  if (run.reportFilters.length > MAX_FILTERS)
    throw new ReportRequestError(`A report run takes at most ${MAX_FILTERS} filters.`);
  const tests = run.reportFilters.map((filter) => {
    const entry = columns.get(filter.column);
    if (!entry) throw new ReportRequestError(`The filter column ${filter.column} is not valid.`);
    const test = filterTest(entry.dataType, filter.operator, filter.value);
    const read = valueOf(store, entry.field);
    return (record: SfRecord) => test(read(record));
  });
  if (run.reportBooleanFilter === null || run.reportBooleanFilter.trim() === '')
    return (record) => tests.every((test) => test(record));
  return parseBooleanFilter(run.reportBooleanFilter, tests);
}

/**
 * One filter as Salesforce applies it: text without case, numbers as numbers, checkboxes as
 * true/false, ids and dates as strings (so `greaterThan` an id pages through ids in order).
 * `equals`, `notEqual`, `contains`, `notContain` and `startsWith` take several values
 * separated by commas (any of them; none of them for the negative ones).
 */
function filterTest(dataType: string, operator: string, raw: string): (value: SfValue) => boolean {
  if (dataType === 'boolean') {
    const wanted = /^(true|1)$/i.test(raw.trim());
    return operator === 'equals'
      ? (value) => (value === true) === wanted
      : (value) => (value === true) !== wanted;
  }
  const numeric = NUMERIC_TYPES.has(dataType);
  const exact = dataType === 'id';
  const normal = (value: string): string | number =>
    numeric ? Number(value) : exact ? value : value.toLowerCase();
  const present = (value: SfValue): value is string | number | boolean =>
    value !== null && value !== '';
  const values = ['equals', 'notEqual', 'contains', 'notContain', 'startsWith'].includes(operator)
    ? raw.split(',').map((part) => part.trim())
    : [raw.trim()];
  const wanted = values.map(normal);
  const first = wanted[0] ?? '';
  switch (operator) {
    case 'equals':
      return (value) =>
        present(value) ? wanted.includes(normal(String(value))) : values.includes('');
    case 'notEqual':
      return (value) =>
        present(value) ? !wanted.includes(normal(String(value))) : !values.includes('');
    case 'contains':
    case 'notContain': {
      const any = (value: SfValue) =>
        present(value) &&
        wanted.some((part) => String(normal(String(value))).includes(String(part)));
      return operator === 'contains' ? any : (value) => !any(value);
    }
    case 'startsWith':
      return (value) =>
        present(value) &&
        wanted.some((part) => String(normal(String(value))).startsWith(String(part)));
    default:
      return (value) => {
        if (!present(value)) return false;
        const left = normal(String(value));
        if (operator === 'lessThan') return left < first;
        if (operator === 'greaterThan') return left > first;
        if (operator === 'lessOrEqual') return left <= first;
        return left >= first;
      };
  }
}

/**
 * Filter logic such as `1 AND (2 OR NOT 3)`: numbers name the filters by position (from 1),
 * with AND, OR, NOT and parentheses; anything else is refused.
 */
function parseBooleanFilter(
  logic: string,
  tests: Array<(record: SfRecord) => boolean>,
): (record: SfRecord) => boolean {
  const tokens = logic.toUpperCase().match(/\d+|AND|OR|NOT|\(|\)|\S+/g) ?? [];
  let position = 0;
  const refuse = (): never => {
    throw new ReportRequestError(`The filter logic "${logic}" is not valid.`);
  };
  type Node = (record: SfRecord) => boolean;
  const primary = (): Node => {
    const token = tokens[position++];
    if (token === 'NOT') {
      const inner = primary();
      return (record) => !inner(record);
    }
    if (token === '(') {
      const inner = disjunction();
      if (tokens[position++] !== ')') refuse();
      return inner;
    }
    if (token !== undefined && /^\d+$/.test(token)) {
      const test = tests[Number(token) - 1];
      if (!test) refuse();
      return test ?? refuse();
    }
    return refuse();
  };
  const conjunction = (): Node => {
    let left = primary();
    while (tokens[position] === 'AND') {
      position++;
      const right = primary();
      const previous = left;
      left = (record) => previous(record) && right(record);
    }
    return left;
  };
  const disjunction = (): Node => {
    let left = conjunction();
    while (tokens[position] === 'OR') {
      position++;
      const right = conjunction();
      const previous = left;
      left = (record) => previous(record) || right(record);
    }
    return left;
  };
  const root = disjunction();
  if (position !== tokens.length) refuse();
  return root;
}

/** Sorts in place by the run's `sortBy` (stable, so ties keep the org's order). */
function sortRows(
  store: SalesforceStore,
  records: SfRecord[],
  run: RunMetadata,
  columns: Map<string, ReportColumn>,
): void {
  if (run.sortBy.length === 0) return;
  const keys = run.sortBy.map(({ sortColumn, sortOrder }) => {
    const entry = columns.get(sortColumn);
    const numeric = entry !== undefined && NUMERIC_TYPES.has(entry.dataType);
    const exact = entry?.dataType === 'id';
    const read = entry ? valueOf(store, entry.field) : () => null;
    return {
      direction: sortOrder === 'Desc' ? -1 : 1,
      value: (record: SfRecord): string | number => {
        const value = read(record);
        if (value === null) return numeric ? Number.NEGATIVE_INFINITY : '';
        return numeric ? Number(value) : exact ? String(value) : String(value).toLowerCase();
      },
    };
  });
  const decorated = records.map((record) => ({
    record,
    values: keys.map((key) => key.value(record)),
  }));
  decorated.sort((left, right) => {
    for (let index = 0; index < keys.length; index++) {
      const a = left.values[index] ?? '';
      const b = right.values[index] ?? '';
      if (a < b) return -(keys[index]?.direction ?? 1);
      if (a > b) return keys[index]?.direction ?? 1;
    }
    return 0;
  });
  decorated.forEach((entry, index) => (records[index] = entry.record));
}

function cell(
  store: SalesforceStore,
  record: SfRecord,
  field: string,
): { label: string; value: SfValue } {
  const value = valueOf(store, field)(record);
  return { label: value === null ? '-' : String(value), value };
}

/**
 * How to read a column's field from a record: the record's own field, or one hop through a
 * lookup (`Account.Name` follows `AccountId`). Made once per column, not once per record, as a
 * run over 100,000 records reads it 100,000 times.
 */
function valueOf(store: SalesforceStore, field: string): (record: SfRecord) => SfValue {
  const [head, tail] = field.split('.');
  if (!tail) return (record) => record[field] ?? null;
  const lookup = `${head ?? ''}Id`;
  return (record) => {
    const id = record[lookup];
    const related = typeof id === 'string' ? store.find(id) : undefined;
    return related?.record[tail] ?? null;
  };
}
