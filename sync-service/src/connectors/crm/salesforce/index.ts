export {
  buildAuthorizeUrl,
  exchangeCode,
  getIdentity,
  refreshAccessToken,
  revokeToken,
  salesforceDomainUrl,
  type SalesforceAuthorizeRequest,
  type SalesforceIdentity,
  type SalesforceRefreshedToken,
  type SalesforceTokens,
} from './salesforce-oauth';
export { querySoql, soqlString } from './salesforce-soql';
export {
  SALESFORCE_API_VERSION,
  createSalesforceClient,
  type CreateCustomFieldsRequest,
  type CreateCustomFieldsResult,
  type SalesforceClient,
  type SalesforceClientOptions,
  type SalesforceCustomField,
  type SalesforceCustomFieldType,
  type SalesforceFieldDescribe,
  type SalesforceFieldSummary,
  type SalesforceObjectDescribe,
  type SalesforcePermissionSet,
  type SalesforcePicklistValue,
  type SalesforceRecord,
  type SalesforceReport,
  type SalesforceReportDescribe,
  type SalesforceTaskType,
  type SalesforceUser,
} from './salesforce-client';
export {
  SALESFORCE_COLLECTION_SIZE,
  SALESFORCE_QUERY_URL_MAX,
  SalesforceBatchInterruptedError,
  createSalesforceObjectsApi,
} from './salesforce-objects';
export type {
  SalesforceApiUsage,
  SalesforceFields,
  SalesforceFindRequest,
  SalesforceObjectsApi,
  SalesforcePersonObject,
  SalesforceRecordError,
  SalesforceRow,
  SalesforceSaveResult,
} from './salesforce-objects.types';
