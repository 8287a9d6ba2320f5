import { SALESFORCE_DEMO_ACCESS_TOKEN, SALESFORCE_DEMO_INSTANCE_PATH } from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const auth = { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` };
const API = `${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v60.0`;
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

function soql(query: string, tooling = false) {
  return sandbox.request(
    'GET',
    `${API}${tooling ? '/tooling' : ''}/query?q=${encodeURIComponent(query)}`,
    { headers: auth },
  );
}
async function firstId(query: string): Promise<string> {
  return String(at((await soql(query)).body, 'records', 0, 'Id'));
}
function post(object: string, body: unknown) {
  return sandbox.request('POST', `${API}/sobjects/${object}`, { headers: auth, body });
}
interface Field {
  name: string;
  type: string;
  createable: boolean;
  updateable: boolean;
  referenceTo: string[];
  picklistValues: Array<{ value: string }>;
}
async function describe_(object: string): Promise<Field[]> {
  const response = await sandbox.request('GET', `${API}/sobjects/${object}/describe`, {
    headers: auth,
  });
  return at(response.body, 'fields') as Field[];
}

describe('Salesforce write validation', () => {
  it('takes a Contact or Lead in Task.WhoId and refuses an Account id as Salesforce does', async () => {
    const accountId = await firstId('SELECT Id FROM Account LIMIT 1');
    const contactId = await firstId('SELECT Id FROM Contact LIMIT 1');
    const leadId = await firstId('SELECT Id FROM Lead LIMIT 1');
    expect((await post('Task', { WhoId: contactId, Subject: 'ok' })).status).toBe(201);
    expect((await post('Task', { WhoId: leadId, Subject: 'ok' })).status).toBe(201);

    const account = await post('Task', { WhoId: accountId, Subject: 'x' });
    expect(account.status).toBe(400);
    expect(account.body).toEqual([
      {
        message: `Name ID: id value of incorrect type: ${accountId}`,
        errorCode: 'FIELD_INTEGRITY_EXCEPTION',
        fields: ['WhoId'],
      },
    ]);
    const missing = await post('Task', {
      WhoId: `${contactId.slice(0, 10)}ZZZZZZZZ`,
      Subject: 'x',
    });
    expect(at(missing.body, 0)).toEqual({
      message: 'invalid cross reference id',
      errorCode: 'INVALID_CROSS_REFERENCE_KEY',
      fields: ['WhoId'],
    });
    const malformed = await post('Task', { WhoId: 'not-an-id', Subject: 'x' });
    expect(at(malformed.body, 0, 'errorCode')).toBe('MALFORMED_ID');
    // WhatId takes the Account; the Account appears as the task's AccountId.
    const onAccount = await post('Task', { WhoId: contactId, WhatId: accountId, Subject: 'x' });
    expect(onAccount.status).toBe(201);
  });

  it('refuses an invalid e-mail address with INVALID_EMAIL_ADDRESS, on create and update', async () => {
    const created = await post('Contact', { LastName: 'Mail', Email: 'not an address' });
    expect(created.status).toBe(400);
    expect(created.body).toEqual([
      {
        message: 'Email: invalid email address: not an address',
        errorCode: 'INVALID_EMAIL_ADDRESS',
        fields: ['Email'],
      },
    ]);
    const leadId = await firstId('SELECT Id FROM Lead LIMIT 1');
    const updated = await sandbox.request('PATCH', `${API}/sobjects/Lead/${leadId}`, {
      headers: auth,
      body: { Email: 'missing-at.example' },
    });
    expect(at(updated.body, 0, 'errorCode')).toBe('INVALID_EMAIL_ADDRESS');
    expect((await post('Contact', { LastName: 'Mail', Email: 'fine@example.com' })).status).toBe(
      201,
    );
    const long = await post('Task', { Subject: 'x'.repeat(256) });
    expect(at(long.body, 0, 'errorCode')).toBe('STRING_TOO_LONG');
  });

  it('rolls back an allOrNone collection, naming the failing record’s own error', async () => {
    const accountId = await firstId('SELECT Id FROM Account LIMIT 1');
    const contactId = await firstId('SELECT Id FROM Contact LIMIT 1');
    const before = at((await soql('SELECT COUNT() FROM Task')).body, 'totalSize');
    const response = await sandbox.request('POST', `${API}/composite/sobjects`, {
      headers: auth,
      body: {
        allOrNone: true,
        records: [
          { attributes: { type: 'Task' }, WhoId: contactId, Subject: 'good' },
          { attributes: { type: 'Task' }, WhoId: accountId, Subject: 'bad' },
        ],
      },
    });
    expect(response.body).toEqual([
      {
        success: false,
        errors: [
          {
            statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
            message:
              'Record rolled back because not all records were valid and the request was using AllOrNone header',
            fields: [],
          },
        ],
      },
      {
        success: false,
        errors: [
          {
            statusCode: 'FIELD_INTEGRITY_EXCEPTION',
            message: `Name ID: id value of incorrect type: ${accountId}`,
            fields: ['WhoId'],
          },
        ],
      },
    ]);
    expect(at((await soql('SELECT COUNT() FROM Task')).body, 'totalSize')).toBe(before);
  });
});

describe('Salesforce metadata the connectors use', () => {
  it('creates a custom field once (a second time DUPLICATE_DEVELOPER_NAME), shows it after FLS, and honours FLS edit', async () => {
    const field = {
      FullName: 'Contact.OS_Last_Event__c',
      Metadata: { label: 'OS Last Event', type: 'Text', length: 80 },
    };
    const first = await sandbox.request('POST', `${API}/tooling/sobjects/CustomField`, {
      headers: auth,
      body: field,
    });
    expect(first.status).toBe(201);
    expect(at(first.body, 'success')).toBe(true);
    const second = await sandbox.request('POST', `${API}/tooling/sobjects/CustomField`, {
      headers: auth,
      body: field,
    });
    expect(second.status).toBe(400);
    expect(at(second.body, 0, 'errorCode')).toBe('DUPLICATE_DEVELOPER_NAME');
    const tooling = await soql(
      "SELECT Id, DeveloperName FROM CustomField WHERE TableEnumOrId = 'Contact'",
      true,
    );
    expect(at(tooling.body, 'records', 0, 'DeveloperName')).toBe('OS_Last_Event');

    expect((await describe_('Contact')).some((entry) => entry.name === 'OS_Last_Event__c')).toBe(
      false,
    );
    // FieldPermissions are a restricted picklist of existing fields; edit needs read.
    const parentId = await firstId(
      "SELECT Id FROM PermissionSet WHERE Name = 'OutSync_Integration'",
    );
    const unknownField = await post('FieldPermissions', {
      ParentId: parentId,
      SobjectType: 'Contact',
      Field: 'Contact.Nope__c',
      PermissionsRead: true,
    });
    expect(at(unknownField.body, 0, 'errorCode')).toBe('INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST');
    const editOnly = await post('FieldPermissions', {
      ParentId: parentId,
      SobjectType: 'Contact',
      Field: 'Contact.OS_Last_Event__c',
      PermissionsRead: false,
      PermissionsEdit: true,
    });
    expect(at(editOnly.body, 0, 'errorCode')).toBe('FIELD_INTEGRITY_EXCEPTION');
    const granted = await post('FieldPermissions', {
      ParentId: parentId,
      SobjectType: 'Contact',
      Field: 'Contact.OS_Last_Event__c',
      PermissionsRead: true,
      PermissionsEdit: true,
    });
    expect(granted.status).toBe(201);
    const duplicate = await post('FieldPermissions', {
      ParentId: parentId,
      SobjectType: 'Contact',
      Field: 'Contact.OS_Last_Event__c',
      PermissionsRead: true,
    });
    expect(at(duplicate.body, 0, 'errorCode')).toBe('DUPLICATE_VALUE');
    const shown = (await describe_('Contact')).find((entry) => entry.name === 'OS_Last_Event__c');
    expect(shown).toMatchObject({ type: 'string', createable: true, updateable: true });

    // Read-only FLS: the field stays visible but can no longer be written.
    const permissionId = String(at(granted.body, 'id'));
    const readOnly = await sandbox.request(
      'PATCH',
      `${API}/sobjects/FieldPermissions/${permissionId}`,
      {
        headers: auth,
        body: { PermissionsEdit: false },
      },
    );
    expect(readOnly.status).toBe(204);
    expect(
      (await describe_('Contact')).find((entry) => entry.name === 'OS_Last_Event__c'),
    ).toMatchObject({ createable: false, updateable: false });
    const write = await post('Contact', { LastName: 'X', OS_Last_Event__c: 'EMAIL_SENT' });
    expect(at(write.body, 0, 'errorCode')).toBe('INVALID_FIELD_FOR_INSERT_UPDATE');
  });

  it('describes Contact, Lead and Task with the Task Type picklist and a create-only TaskSubtype', async () => {
    const task = await describe_('Task');
    expect(
      task.find((entry) => entry.name === 'Type')?.picklistValues.map((value) => value.value),
    ).toEqual(['Call', 'Email', 'Meeting', 'LinkedIn', 'Other']);
    expect(task.find((entry) => entry.name === 'TaskSubtype')).toMatchObject({
      createable: true,
      updateable: false,
    });
    expect(task.find((entry) => entry.name === 'WhoId')?.referenceTo).toEqual(['Contact', 'Lead']);
    expect((await describe_('Lead')).find((entry) => entry.name === 'Email')?.type).toBe('email');
    expect((await describe_('Contact')).find((entry) => entry.name === 'Email')?.type).toBe(
      'email',
    );

    const contactId = await firstId('SELECT Id FROM Contact LIMIT 1');
    const created = await post('Task', { WhoId: contactId, Subject: 'x', TaskSubtype: 'Email' });
    const changed = await sandbox.request(
      'PATCH',
      `${API}/sobjects/Task/${String(at(created.body, 'id'))}`,
      { headers: auth, body: { TaskSubtype: 'Call' } },
    );
    expect(at(changed.body, 0, 'errorCode')).toBe('INVALID_FIELD_FOR_INSERT_UPDATE');
  });

  it('queries active users and permission sets not owned by a profile', async () => {
    const active = await soql(
      "SELECT Id, Name FROM User WHERE IsActive = true AND UserType = 'Standard'",
    );
    expect(at(active.body, 'totalSize')).toBe(3);
    const all = await soql('SELECT Id FROM User');
    expect(at(all.body, 'totalSize')).toBe(4);
    const sets = await soql(
      'SELECT Id, Name, Label FROM PermissionSet WHERE IsOwnedByProfile = false',
    );
    expect((at(sets.body, 'records') as Array<{ Name: string }>).map((row) => row.Name)).toEqual([
      'OutSync_Integration',
    ]);
    // A profile's own set: a generated label, the profile's name through Profile.Name.
    const owned_ = await soql(
      'SELECT Id, Label, Profile.Name FROM PermissionSet WHERE IsOwnedByProfile = true',
    );
    expect(at(owned_.body, 'records', 0, 'Label')).toBe('00e5e000000OutSyncAdmin');
    expect(at(owned_.body, 'records', 0, 'Profile', 'Name')).toBe('System Administrator');
    const created = await post('PermissionSet', {
      Name: 'OutSync_Fields',
      Label: 'OutSync Fields',
    });
    expect(created.status).toBe(201);
    const owned = await post('PermissionSet', {
      Name: 'Nope',
      Label: 'Nope',
      IsOwnedByProfile: true,
    });
    expect(at(owned.body, 0, 'errorCode')).toBe('INVALID_FIELD_FOR_INSERT_UPDATE');
  });
});
