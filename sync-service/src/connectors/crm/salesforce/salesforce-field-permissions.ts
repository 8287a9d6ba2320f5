import { z } from 'zod';
import { ConnectorError, isConnectorError } from '../../http';
import type { SalesforceContext } from './salesforce-context';
import { querySoql, soqlString } from './salesforce-soql';

// The permissions half of 'Create Fields': read and edit on each field through a permission
// set, and that set assigned to the integration user.

/** sObject Collections take at most 200 records a call. */
const COLLECTION_MAX = 200;
/** Field names per FieldPermissions query, to keep the GET URL short. */
const QUERY_IN_MAX = 100;

const FieldPermissionRowSchema = z.looseObject({
  Id: z.string(),
  Field: z.string(),
  PermissionsRead: z.boolean(),
  PermissionsEdit: z.boolean(),
});

export const SaveResultSchema = z.looseObject({ success: z.literal(true) });

const IdRowSchema = z.looseObject({ Id: z.string() });

const OwnedRowSchema = z.looseObject({ IsOwnedByProfile: z.boolean().nullish() });

const CollectionResultsSchema = z.array(
  z.looseObject({
    id: z.string().nullish(),
    success: z.boolean(),
    errors: z
      .array(z.looseObject({ statusCode: z.string().optional(), message: z.string().optional() }))
      .default([]),
  }),
);

/** Read and edit on every field for the permission set: missing rows created, partial ones raised. */
export async function grantFieldPermissions(
  context: SalesforceContext,
  permissionSetId: string,
  qualifiedNames: readonly string[],
): Promise<{ created: string[]; updated: string[] }> {
  const existing = await fieldPermissionsOf(context, permissionSetId, qualifiedNames);
  const toCreate = qualifiedNames.filter((name) => !existing.has(name.toLowerCase()));
  const toUpdate = qualifiedNames.flatMap((name) => {
    const row = existing.get(name.toLowerCase());
    return row && !(row.PermissionsRead && row.PermissionsEdit) ? [{ name, id: row.Id }] : [];
  });
  for (const names of chunks(toCreate, COLLECTION_MAX)) {
    await saveCollection(
      context,
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
      context,
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

/** The set's FieldPermissions rows for these fields, by lower-cased qualified name. */
async function fieldPermissionsOf(
  { http, dataPath }: SalesforceContext,
  permissionSetId: string,
  qualifiedNames: readonly string[],
): Promise<Map<string, z.output<typeof FieldPermissionRowSchema>>> {
  const existing = new Map<string, z.output<typeof FieldPermissionRowSchema>>();
  for (const names of chunks(qualifiedNames, QUERY_IN_MAX)) {
    const rows = await querySoql(
      http,
      dataPath,
      `SELECT Id, Field, PermissionsRead, PermissionsEdit FROM FieldPermissions WHERE ParentId = ${soqlString(permissionSetId)} AND Field IN (${names.map(soqlString).join(', ')})`,
      FieldPermissionRowSchema,
      'createCustomFields',
    );
    for (const row of rows) existing.set(row.Field.toLowerCase(), row);
  }
  return existing;
}

/**
 * Gives the user the permission set unless they hold it; answers whether it was given now. A
 * set a profile owns is never assigned: its permissions are the profile's, held by the profile's
 * users (Salesforce assigns it only through the profile).
 */
export async function assignPermissionSet(
  { http, dataPath }: SalesforceContext,
  permissionSetId: string,
  assigneeId: string,
): Promise<boolean> {
  const [set] = await querySoql(
    http,
    dataPath,
    `SELECT IsOwnedByProfile FROM PermissionSet WHERE Id = ${soqlString(permissionSetId)}`,
    OwnedRowSchema,
    'createCustomFields',
  );
  if (set?.IsOwnedByProfile === true) return false;
  const held = await querySoql(
    http,
    dataPath,
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
  { http, dataPath }: SalesforceContext,
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

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}
