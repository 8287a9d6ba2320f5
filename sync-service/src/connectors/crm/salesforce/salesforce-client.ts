import { z } from 'zod';
import {
  ConnectorError,
  createHttpClient,
  isConnectorError,
  type ClientTuning,
  type HttpClient,
  type TokenAuth,
} from '../../http';
import { createSalesforceObjectsApi } from './salesforce-objects';
import { querySoql, soqlString } from './salesforce-soql';
import type { SalesforceObjectsApi } from './salesforce-objects.types';

/** The REST API version we speak; the sandbox answers 58.0–62.0. */
export const SALESFORCE_API_VERSION = '62.0';

export type SalesforceClientOptions = ClientTuning & {
  /** The `instance_url` of the token answer, never the login domain. */
  instanceUrl: string;
  /** `62.0` (a leading `v` is accepted). */
  apiVersion: string;
  auth: TokenAuth;
};

export type SalesforceRecord = Record<string, unknown>;

export type SalesforceUser = {
  id: string;
  name: string;
  email: string;
  firstName: string;
  lastName: string;
};

export type SalesforcePicklistValue = { value: string; label: string; active: boolean };

export type SalesforceFieldDescribe = {
  name: string;
  label: string;
  type: string;
  custom: boolean;
  picklistValues: SalesforcePicklistValue[];
  /** The field's help text, the closest describe has to a description. */
  inlineHelpText: string | null;
};

export type SalesforceObjectDescribe = {
  name: string;
  label: string;
  fields: SalesforceFieldDescribe[];
};

/** A field as the property pickers list it (contracts' CrmProperty). */
export type SalesforceFieldSummary = { name: string; label: string; description: string };

export type SalesforcePermissionSet = { Id: string; Name: string; Label: string };

export type SalesforceTaskType = { value: string; label: string };

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

/** One report row: each chosen column's cell value as text, null when the cell is empty. */
export type SalesforceReportRow<Column extends string = string> = Record<Column, string | null>;

export type SalesforceReportRowsOptions = {
  /** Called after each page with the number of rows read so far (progress for the caller). */
  onPage?: (rowsSoFar: number) => void | Promise<void>;
};

export type SalesforceCustomFieldType =
  | 'Text'
  | 'TextArea'
  | 'LongTextArea'
  | 'Number'
  | 'Checkbox'
  | 'Date'
  | 'DateTime'
  | 'Url'
  | 'Email'
  | 'Phone';

export type SalesforceCustomField = {
  /** The field's API name, `OSLastReplyAt__c`; it is created on each object as `Object.Name`. */
  fullName: string;
  label: string;
  type: SalesforceCustomFieldType;
  /** Text 255 and LongTextArea 32768 by default. */
  length?: number;
  /** Number only; 18 and 0 by default. */
  precision?: number;
  scale?: number;
  /** LongTextArea only; 3 by default. */
  visibleLines?: number;
  description?: string;
  inlineHelpText?: string;
  externalId?: boolean;
};

export type CreateCustomFieldsRequest = {
  objects: readonly string[];
  fields: readonly SalesforceCustomField[];
  /** The permission set (not profile-owned) that gets read and edit on every field. */
  permissionSetId: string;
  /**
   * The integration user (the connection's own): the set is assigned to them, since a field is
   * visible to the API only through a permission set its user holds.
   */
  assigneeId?: string;
};

/** Qualified names (`Contact.OSLastReplyAt__c`) by what happened to them. */
export type CreateCustomFieldsResult = {
  created: string[];
  existing: string[];
  permissionsCreated: string[];
  permissionsUpdated: string[];
  /** True when the permission set was assigned to the integration user by this call. */
  assigned: boolean;
};

export type SalesforceClient = {
  /** Every row of a SOQL query, following `nextRecordsUrl`; rows are checked with `record`. */
  query<Row = SalesforceRecord>(soql: string, record?: z.ZodType<Row>): Promise<Row[]>;
  /** Active standard users: the possible record owners. */
  listUsers(): Promise<SalesforceUser[]>;
  describe(sobject: string): Promise<SalesforceObjectDescribe>;
  listFields(objectType: 'Contact' | 'Lead'): Promise<SalesforceFieldSummary[]>;
  listPermissionSets(): Promise<SalesforcePermissionSet[]>;
  /** Active values of the Task `Type` picklist; none when the field is hidden or absent. */
  listTaskTypes(): Promise<SalesforceTaskType[]>;
  hasTaskType(value: string): Promise<boolean>;
  /** Creates what is missing and grants read and edit; repeating it changes nothing more. */
  createCustomFields(request: CreateCustomFieldsRequest): Promise<CreateCustomFieldsResult>;
  /**
   * `GET /analytics/reports`: the reports the connected user viewed most recently (Salesforce
   * lists at most 200 there).
   */
  listReports(): Promise<SalesforceReport[]>;
  /** `GET /analytics/reports/{id}/describe`; a report that does not exist is `not_found`. */
  describeReport(reportId: string): Promise<SalesforceReportDescribe>;
  /**
   * Every row of a tabular report, the chosen detail columns only, past the Reports API's
   * 2,000-row cap (paged by record id; see `runReportRows` below for the protocol).
   */
  runReportRows<Column extends string>(
    reportId: string,
    columns: readonly Column[],
    options?: SalesforceReportRowsOptions,
  ): Promise<Array<SalesforceReportRow<Column>>>;
} & SalesforceObjectsApi;

/** sObject Collections take at most 200 records a call. */
const COLLECTION_MAX = 200;
/** Field names per FieldPermissions query, to keep the GET URL short. */
const QUERY_IN_MAX = 100;
const TOOLING_CONCURRENCY = 4;
/** What the Tooling API answers for a field that exists already. */
const DUPLICATE_FIELD_CODES = new Set(['DUPLICATE_DEVELOPER_NAME', 'DUPLICATE_VALUE']);
const CUSTOM_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*__c$/;

const DescribeSchema = z.looseObject({
  name: z.string(),
  label: z.string(),
  fields: z.array(
    z.looseObject({
      name: z.string(),
      label: z.string(),
      type: z.string(),
      custom: z.boolean(),
      inlineHelpText: z.string().nullish(),
      picklistValues: z
        .array(
          z.looseObject({ value: z.string(), label: z.string().nullish(), active: z.boolean() }),
        )
        .default([]),
    }),
  ),
});

const UserRowSchema = z.looseObject({
  Id: z.string(),
  Name: z.string(),
  Email: z.string().nullish(),
  FirstName: z.string().nullish(),
  LastName: z.string().nullish(),
});

const PermissionSetRowSchema = z.looseObject({
  Id: z.string(),
  Name: z.string(),
  Label: z.string(),
});

const FieldPermissionRowSchema = z.looseObject({
  Id: z.string(),
  Field: z.string(),
  PermissionsRead: z.boolean(),
  PermissionsEdit: z.boolean(),
});

const SaveResultSchema = z.looseObject({ success: z.literal(true) });

const IdRowSchema = z.looseObject({ Id: z.string() });

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

const CollectionResultsSchema = z.array(
  z.looseObject({
    id: z.string().nullish(),
    success: z.boolean(),
    errors: z
      .array(z.looseObject({ statusCode: z.string().optional(), message: z.string().optional() }))
      .default([]),
  }),
);

/** The REST API of one connected org, at its instance URL. */
export function createSalesforceClient(options: SalesforceClientOptions): SalesforceClient {
  const { instanceUrl, apiVersion, ...tuning } = options;
  const http: HttpClient = createHttpClient({
    ...tuning,
    system: 'salesforce',
    baseUrl: instanceUrl,
  });
  const dataPath = `/services/data/v${apiVersion.replace(/^v/i, '')}`;

  function query<Row = SalesforceRecord>(
    soql: string,
    record?: z.ZodType<Row>,
    operation = 'query',
  ): Promise<Row[]> {
    return querySoql(http, dataPath, soql, record, operation);
  }

  async function describe(sobject: string): Promise<SalesforceObjectDescribe> {
    const answer = await http.request({
      operation: 'describe',
      method: 'GET',
      path: `${dataPath}/sobjects/${encodeURIComponent(sobject)}/describe`,
      schema: DescribeSchema,
    });
    return {
      name: answer.name,
      label: answer.label,
      fields: answer.fields.map((field) => ({
        name: field.name,
        label: field.label,
        type: field.type,
        custom: field.custom,
        inlineHelpText: field.inlineHelpText ?? null,
        picklistValues: field.picklistValues.map((option) => ({
          value: option.value,
          label: option.label ?? option.value,
          active: option.active,
        })),
      })),
    };
  }

  async function listTaskTypes(): Promise<SalesforceTaskType[]> {
    const task = await describe('Task');
    const type = task.fields.find((field) => field.name === 'Type');
    return (type?.picklistValues ?? [])
      .filter((option) => option.active)
      .map((option) => ({ value: option.value, label: option.label }));
  }

  async function createField(
    objectName: string,
    field: SalesforceCustomField,
  ): Promise<'created' | 'existing'> {
    try {
      await http.request({
        operation: 'createCustomFields',
        method: 'POST',
        path: `${dataPath}/tooling/sobjects/CustomField`,
        json: { FullName: `${objectName}.${field.fullName}`, Metadata: fieldMetadata(field) },
        schema: SaveResultSchema,
      });
      return 'created';
    } catch (error) {
      if (
        isConnectorError(error) &&
        error.status === 400 &&
        DUPLICATE_FIELD_CODES.has(error.vendorCode ?? '')
      ) {
        return 'existing';
      }
      throw error;
    }
  }

  async function grantFieldPermissions(
    permissionSetId: string,
    qualifiedNames: readonly string[],
  ): Promise<{ created: string[]; updated: string[] }> {
    const existing = new Map<string, z.output<typeof FieldPermissionRowSchema>>();
    for (const names of chunks(qualifiedNames, QUERY_IN_MAX)) {
      const rows = await query(
        `SELECT Id, Field, PermissionsRead, PermissionsEdit FROM FieldPermissions WHERE ParentId = ${soqlString(permissionSetId)} AND Field IN (${names.map(soqlString).join(', ')})`,
        FieldPermissionRowSchema,
        'createCustomFields',
      );
      for (const row of rows) existing.set(row.Field.toLowerCase(), row);
    }
    const toCreate = qualifiedNames.filter((name) => !existing.has(name.toLowerCase()));
    const toUpdate = qualifiedNames.flatMap((name) => {
      const row = existing.get(name.toLowerCase());
      return row && !(row.PermissionsRead && row.PermissionsEdit) ? [{ name, id: row.Id }] : [];
    });
    for (const names of chunks(toCreate, COLLECTION_MAX)) {
      await saveCollection(
        'POST',
        names,
        names.map((name) => ({
          attributes: { type: 'FieldPermissions' },
          ParentId: permissionSetId,
          SobjectType: name.split('.')[0],
          Field: name,
          PermissionsRead: true,
          PermissionsEdit: true,
        })),
      );
    }
    for (const rows of chunks(toUpdate, COLLECTION_MAX)) {
      await saveCollection(
        'PATCH',
        rows.map((row) => row.name),
        rows.map((row) => ({
          attributes: { type: 'FieldPermissions' },
          Id: row.id,
          PermissionsRead: true,
          PermissionsEdit: true,
        })),
      );
    }
    return { created: toCreate, updated: toUpdate.map((row) => row.name) };
  }

  /** Gives the user the permission set unless they hold it; answers whether it was given now. */
  async function assignPermissionSet(permissionSetId: string, assigneeId: string) {
    const held = await query(
      `SELECT Id FROM PermissionSetAssignment WHERE AssigneeId = ${soqlString(assigneeId)} AND PermissionSetId = ${soqlString(permissionSetId)}`,
      IdRowSchema,
      'createCustomFields',
    );
    if (held.length > 0) return false;
    try {
      await http.request({
        operation: 'createCustomFields',
        method: 'POST',
        path: `${dataPath}/sobjects/PermissionSetAssignment`,
        json: { AssigneeId: assigneeId, PermissionSetId: permissionSetId },
        schema: SaveResultSchema,
      });
      return true;
    } catch (error) {
      // Assigned meanwhile (another Create Fields at the same time): the user holds it.
      if (isConnectorError(error) && error.vendorCode === 'DUPLICATE_VALUE') return false;
      throw error;
    }
  }

  /** sObject Collections without allOrNone; any failed record fails the call, naming it. */
  async function saveCollection(
    method: 'POST' | 'PATCH',
    names: readonly string[],
    records: readonly Record<string, unknown>[],
  ): Promise<void> {
    const results = await http.request({
      operation: 'createCustomFields',
      method,
      path: `${dataPath}/composite/sobjects`,
      json: { allOrNone: false, records },
      schema: CollectionResultsSchema,
    });
    const failures = results.flatMap((result, index) =>
      result.success
        ? []
        : [
            `${names[index] ?? `record ${index}`}: ${result.errors
              .map((error) => `${error.statusCode ?? 'ERROR'} ${error.message ?? ''}`.trim())
              .join('; ')}`,
          ],
    );
    if (failures.length > 0) {
      throw new ConnectorError({
        system: 'salesforce',
        operation: 'createCustomFields',
        code: 'invalid_request',
        message: `Salesforce createCustomFields could not grant field permissions: ${failures.slice(0, 3).join(' | ')}${failures.length > 3 ? ` (and ${failures.length - 3} more)` : ''}`,
      });
    }
  }

  async function readReportDescribe(
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
  async function runReportRows<Column extends string>(
    reportId: string,
    columns: readonly Column[],
    options: SalesforceReportRowsOptions = {},
  ): Promise<Array<SalesforceReportRow<Column>>> {
    const { report, idColumns } = await readReportDescribe(reportId, 'runReportRows');
    const idColumn = pagingColumnOf(report, idColumns);
    const detailColumns: string[] = [...columns];
    if (!detailColumns.includes(idColumn)) detailColumns.push(idColumn);
    const rows: Array<SalesforceReportRow<Column>> = [];
    const seen = new Set<string>();
    let lastId: string | undefined;
    for (;;) {
      const idFilter =
        lastId === undefined ? [] : [{ column: idColumn, operator: 'greaterThan', value: lastId }];
      const run = await http.request({
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

  return {
    query: (soql, record) => query(soql, record),

    async listUsers() {
      const rows = await query(
        "SELECT Id, Name, Email, FirstName, LastName FROM User WHERE IsActive = true AND UserType = 'Standard' ORDER BY Name",
        UserRowSchema,
        'listUsers',
      );
      return rows.map((row) => ({
        id: row.Id,
        name: row.Name,
        email: row.Email ?? '',
        firstName: row.FirstName ?? '',
        lastName: row.LastName ?? '',
      }));
    },

    describe,

    async listFields(objectType) {
      const described = await describe(objectType);
      return described.fields.map((field) => ({
        name: field.name,
        label: field.label,
        description: field.inlineHelpText ?? '',
      }));
    },

    async listPermissionSets() {
      const rows = await query(
        'SELECT Id, Name, Label FROM PermissionSet WHERE IsOwnedByProfile = false ORDER BY Label',
        PermissionSetRowSchema,
        'listPermissionSets',
      );
      return rows.map((row) => ({ Id: row.Id, Name: row.Name, Label: row.Label }));
    },

    async listReports() {
      const reports = await http.request({
        operation: 'listReports',
        method: 'GET',
        path: `${dataPath}/analytics/reports`,
        schema: ReportListSchema,
      });
      return reports.map((report) => ({ id: report.id, name: report.name }));
    },

    async describeReport(reportId) {
      return (await readReportDescribe(reportId, 'describeReport')).report;
    },

    runReportRows,

    listTaskTypes,

    async hasTaskType(value) {
      const types = await listTaskTypes();
      return types.some((type) => type.value === value);
    },

    async createCustomFields(request) {
      const invalid = request.fields.find((field) => !CUSTOM_FIELD_NAME.test(field.fullName));
      if (invalid) {
        throw new ConnectorError({
          system: 'salesforce',
          operation: 'createCustomFields',
          code: 'invalid_request',
          message: `Salesforce createCustomFields: "${invalid.fullName}" is not a custom field API name (Name__c)`,
        });
      }
      const targets = request.objects.flatMap((objectName) =>
        request.fields.map((field) => ({
          objectName,
          field,
          name: `${objectName}.${field.fullName}`,
        })),
      );
      const outcomes = await mapWithConcurrency(targets, TOOLING_CONCURRENCY, (target) =>
        createField(target.objectName, target.field),
      );
      const names = targets.map((target) => target.name);
      const permissions = await grantFieldPermissions(request.permissionSetId, names);
      const assigned = request.assigneeId
        ? await assignPermissionSet(request.permissionSetId, request.assigneeId)
        : false;
      return {
        assigned,
        created: names.filter((_name, index) => outcomes[index] === 'created'),
        existing: names.filter((_name, index) => outcomes[index] === 'existing'),
        permissionsCreated: permissions.created,
        permissionsUpdated: permissions.updated,
      };
    },

    ...createSalesforceObjectsApi(http, dataPath),
  };
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

/** The Tooling API's `Metadata`, with what each type requires filled in. */
function fieldMetadata(field: SalesforceCustomField): Record<string, unknown> {
  const common = {
    label: field.label,
    type: field.type,
    ...(field.description !== undefined ? { description: field.description } : {}),
    ...(field.inlineHelpText !== undefined ? { inlineHelpText: field.inlineHelpText } : {}),
    ...(field.externalId !== undefined ? { externalId: field.externalId } : {}),
  };
  switch (field.type) {
    case 'Text':
      return { ...common, length: field.length ?? 255 };
    case 'LongTextArea':
      return { ...common, length: field.length ?? 32768, visibleLines: field.visibleLines ?? 3 };
    case 'Number':
      return { ...common, precision: field.precision ?? 18, scale: field.scale ?? 0 };
    case 'Checkbox':
      return { ...common, defaultValue: 'false' };
    default:
      return common;
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

/**
 * `work` over every item, at most `limit` at a time, results in input order. After a failure no
 * new item starts, and the first failure is the answer.
 */
async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  async function worker(): Promise<void> {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
  return results;
}
