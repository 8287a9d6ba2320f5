// Drives the sandbox's Salesforce simulation only through the official client, jsforce (3.10.16,
// the last release that loads on Node 20), the way a CRM sync does: OAuth on the login domain,
// data on the `instance_url` the token answer names.
import { Connection, OAuth2 } from 'jsforce';
import {
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_CLIENT_SECRET,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SALESFORCE_DEMO_LOGIN_PATH,
} from '../../src/demo-constants.ts';
import { startTestSandbox, type TestSandbox } from '../sandbox-client.ts';

/** The API version the product's connector uses (sync-service SALESFORCE_API_VERSION). */
export const API_VERSION = '62.0';
/** Any http(s) redirect is accepted by the demo connected app. */
export const REDIRECT_URI = 'http://127.0.0.1:9/oauth/salesforce';

export interface SalesforceConformance {
  sandbox: TestSandbox;
  /** The demo org's login domain (login.salesforce.com's stand-in). */
  loginUrl: string;
  /** The demo org's instance (the token answer's `instance_url`). */
  instanceUrl: string;
  /** A connection on the demo instance with the demo org's never-expiring session. */
  connection(): Connection;
  /** jsforce's OAuth2 client for the demo connected app on the demo login domain. */
  oauth2(): OAuth2;
}

export async function startSalesforceConformance(): Promise<SalesforceConformance> {
  const sandbox = await startTestSandbox();
  const loginUrl = `${sandbox.url}${SALESFORCE_DEMO_LOGIN_PATH}`;
  const instanceUrl = `${sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}`;
  const oauth2 = () =>
    new OAuth2({
      loginUrl,
      clientId: SALESFORCE_DEMO_CLIENT_ID,
      clientSecret: SALESFORCE_DEMO_CLIENT_SECRET,
      redirectUri: REDIRECT_URI,
    });
  return {
    sandbox,
    loginUrl,
    instanceUrl,
    oauth2,
    connection: () =>
      new Connection({
        instanceUrl,
        accessToken: SALESFORCE_DEMO_ACCESS_TOKEN,
        version: API_VERSION,
      }),
  };
}

/**
 * Creates a Text External ID field through the Tooling API and grants it read and edit with a
 * permission set assigned to the session's user, as an admin (or the product's set-up) does;
 * until then the field is invisible.
 */
export async function addExternalIdField(
  connection: Connection,
  objectName: string,
  fieldName: string,
  { unique = true }: { unique?: boolean } = {},
): Promise<void> {
  await connection.tooling.sobject('CustomField').create({
    FullName: `${objectName}.${fieldName}`,
    Metadata: { label: fieldName, type: 'Text', length: 80, externalId: true, unique },
  });
  const permissionSet = await connection
    .sobject('PermissionSet')
    .create({ Name: `Grant_${fieldName.replace(/__c$/, '')}`, Label: `Grant ${fieldName}` });
  if (!permissionSet.success) throw new Error('the permission set was not created');
  await connection.sobject('FieldPermissions').create({
    ParentId: permissionSet.id,
    SobjectType: objectName,
    Field: `${objectName}.${fieldName}`,
    PermissionsRead: true,
    PermissionsEdit: true,
  });
  const { user_id: userId } = await connection.identity();
  await connection
    .sobject('PermissionSetAssignment')
    .create({ AssigneeId: userId, PermissionSetId: permissionSet.id });
}

/**
 * What Salesforce answered to a refused call: jsforce throws an HttpApiError whose `data` is the
 * single `{message, errorCode, fields?}` of the answer's error array.
 */
export async function refusalOf(call: () => PromiseLike<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return (error as { data?: unknown }).data ?? error;
  }
  throw new Error('the call was accepted');
}
