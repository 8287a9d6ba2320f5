import { ConnectorError, isConnectorError } from '../../http';
import type { SalesforceContext } from './salesforce-context';
import {
  assignPermissionSet,
  grantFieldPermissions,
  SaveResultSchema,
} from './salesforce-field-permissions';

// 'Create Fields': custom fields through the Tooling API, then the permissions that make them
// visible to the integration user.

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

const TOOLING_CONCURRENCY = 4;
/** What the Tooling API answers for a field that exists already. */
const DUPLICATE_FIELD_CODES = new Set(['DUPLICATE_DEVELOPER_NAME', 'DUPLICATE_VALUE']);
const CUSTOM_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*__c$/;

/** Creates what is missing and grants read and edit; repeating it changes nothing more. */
export async function createCustomFields(
  context: SalesforceContext,
  request: CreateCustomFieldsRequest,
): Promise<CreateCustomFieldsResult> {
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
    createField(context, target.objectName, target.field),
  );
  const names = targets.map((target) => target.name);
  const permissions = await grantFieldPermissions(context, request.permissionSetId, names);
  const assigned = request.assigneeId
    ? await assignPermissionSet(context, request.permissionSetId, request.assigneeId)
    : false;
  return {
    assigned,
    created: names.filter((_name, index) => outcomes[index] === 'created'),
    existing: names.filter((_name, index) => outcomes[index] === 'existing'),
    permissionsCreated: permissions.created,
    permissionsUpdated: permissions.updated,
  };
}

async function createField(
  { http, dataPath }: SalesforceContext,
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
