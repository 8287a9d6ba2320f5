import type { z } from 'zod';
import { createHttpClient, type ClientTuning, type TokenAuth } from '../../http';
import type { SalesforceContext } from './salesforce-context';
import {
  createCustomFields,
  type CreateCustomFieldsRequest,
  type CreateCustomFieldsResult,
} from './salesforce-custom-fields';
import {
  describeSObject,
  listFields,
  listPermissionSets,
  listTaskTypes,
  listUsers,
  type SalesforceFieldSummary,
  type SalesforceObjectDescribe,
  type SalesforcePermissionSet,
  type SalesforceTaskType,
  type SalesforceUser,
} from './salesforce-metadata';
import { createSalesforceObjectsApi } from './salesforce-objects';
import type { SalesforceObjectsApi } from './salesforce-objects.types';
import {
  runReportRows,
  type SalesforceReportRow,
  type SalesforceReportRowsOptions,
} from './salesforce-report-rows';
import {
  describeReport,
  listReports,
  type SalesforceReport,
  type SalesforceReportDescribe,
} from './salesforce-reports';
import { querySoql } from './salesforce-soql';

// The client's parts live beside it, one file per area of the REST API; their types stay
// importable from here, as they always were.
export type {
  CreateCustomFieldsRequest,
  CreateCustomFieldsResult,
  SalesforceCustomField,
  SalesforceCustomFieldType,
} from './salesforce-custom-fields';
export type {
  SalesforceFieldDescribe,
  SalesforceFieldSummary,
  SalesforceObjectDescribe,
  SalesforcePermissionSet,
  SalesforcePicklistValue,
  SalesforceTaskType,
  SalesforceUser,
} from './salesforce-metadata';
export type { SalesforceReportRow, SalesforceReportRowsOptions } from './salesforce-report-rows';
export type {
  SalesforceReport,
  SalesforceReportDescribe,
  SalesforceReportFilter,
} from './salesforce-reports';

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
   * 2,000-row cap (paged by record id; see `runReportRows` in salesforce-report-rows.ts for the
   * protocol).
   */
  runReportRows<Column extends string>(
    reportId: string,
    columns: readonly Column[],
    options?: SalesforceReportRowsOptions,
  ): Promise<Array<SalesforceReportRow<Column>>>;
} & SalesforceObjectsApi;

/** The REST API of one connected org, at its instance URL. */
export function createSalesforceClient(options: SalesforceClientOptions): SalesforceClient {
  const { instanceUrl, apiVersion, ...tuning } = options;
  const http = createHttpClient({ ...tuning, system: 'salesforce', baseUrl: instanceUrl });
  const context: SalesforceContext = {
    http,
    dataPath: `/services/data/v${apiVersion.replace(/^v/i, '')}`,
  };
  const describe = (sobject: string) => describeSObject(context, sobject);
  const taskTypes = () => listTaskTypes(context);

  return {
    query: (soql, record) => querySoql(http, context.dataPath, soql, record),
    listUsers: () => listUsers(context),
    describe,
    listFields: (objectType) => listFields(context, objectType),
    listPermissionSets: () => listPermissionSets(context),
    listReports: () => listReports(context),
    describeReport: (reportId) => describeReport(context, reportId),
    runReportRows: (reportId, columns, rowsOptions) =>
      runReportRows(context, reportId, columns, rowsOptions),
    listTaskTypes: taskTypes,
    async hasTaskType(value) {
      const types = await taskTypes();
      return types.some((type) => type.value === value);
    },
    createCustomFields: (request) => createCustomFields(context, request),
    ...createSalesforceObjectsApi(http, context.dataPath),
  };
}
