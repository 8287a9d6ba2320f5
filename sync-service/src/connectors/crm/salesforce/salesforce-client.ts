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

const ReportDescribeSchema = z.looseObject({
  reportMetadata: z.looseObject({
    id: z.string(),
    name: z.string(),
    reportFormat: z.string(),
    detailColumns: z.array(z.string()).default([]),
  }),
});

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
      const answer = await http.request({
        operation: 'describeReport',
        method: 'GET',
        path: `${dataPath}/analytics/reports/${encodeURIComponent(reportId)}/describe`,
        schema: ReportDescribeSchema,
      });
      const { id, name, reportFormat, detailColumns } = answer.reportMetadata;
      return { id, name, format: reportFormat, detailColumns };
    },

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
