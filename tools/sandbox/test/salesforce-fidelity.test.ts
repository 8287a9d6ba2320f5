// What the sandbox's Salesforce refuses on a sync's writes, as the real one does (issue 12):
// record references, date formats, restricted picklists, required fields, upsert by External ID
// and the SOQL a batched lookup sends.
import { SALESFORCE_DEMO_ACCESS_TOKEN, SALESFORCE_DEMO_INSTANCE_PATH } from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const auth = { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` };
const API = `${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0`;
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

type SaveResult = {
  id?: string;
  success: boolean;
  created?: boolean;
  errors: Array<{ statusCode: string; message: string; fields: string[] }>;
};

function soql(query: string) {
  return sandbox.request('GET', `${API}/query?q=${encodeURIComponent(query)}`, { headers: auth });
}
async function ids(query: string): Promise<string[]> {
  const records = at((await soql(query)).body, 'records') as Array<{ Id: string }>;
  return records.map((record) => record.Id);
}
async function firstId(query: string): Promise<string> {
  return (await ids(query))[0] ?? '';
}
function post(object: string, body: unknown) {
  return sandbox.request('POST', `${API}/sobjects/${object}`, { headers: auth, body });
}
function patch(object: string, id: string, body: unknown) {
  return sandbox.request('PATCH', `${API}/sobjects/${object}/${id}`, { headers: auth, body });
}
async function createCollection(records: unknown[], allOrNone = false): Promise<SaveResult[]> {
  const answer = await sandbox.request('POST', `${API}/composite/sobjects`, {
    headers: auth,
    body: { allOrNone, records },
  });
  expect(answer.status).toBe(200);
  return answer.body as SaveResult[];
}
function task(fields: Record<string, unknown>) {
  return { attributes: { type: 'Task' }, Subject: 'Email: Re: hello', ...fields };
}
/** A custom External ID field the demo session may read and write (through an assigned set). */
async function externalIdField(objectName: string, fieldName: string): Promise<void> {
  const created = await sandbox.request('POST', `${API}/tooling/sobjects/CustomField`, {
    headers: auth,
    body: {
      FullName: `${objectName}.${fieldName}`,
      Metadata: { label: fieldName, type: 'Text', length: 80, externalId: true, unique: false },
    },
  });
  expect(created.status).toBe(201);
  const permissionSetId = await firstId(
    "SELECT Id FROM PermissionSet WHERE Name = 'OutSync_Integration'",
  );
  const grant = await post('FieldPermissions', {
    ParentId: permissionSetId,
    SobjectType: objectName,
    Field: `${objectName}.${fieldName}`,
    PermissionsRead: true,
    PermissionsEdit: true,
  });
  expect(grant.status).toBe(201);
}

describe('record ids', () => {
  it('hands out 18-character ids unique in their first 15 characters, and finds a record by either form', async () => {
    const records = Array.from({ length: 40 }, (_, index) => ({
      attributes: { type: 'Lead' },
      LastName: `Id ${index}`,
      Company: 'Ids Inc',
    }));
    const saved = await createCollection(records);
    const created = saved.map((result) => result.id ?? '');
    expect(created.every((id) => /^00Q[0-9A-Za-z]{15}$/.test(id))).toBe(true);
    expect(new Set(created.map((id) => id.slice(0, 15))).size).toBe(40);
    // The suffix says which of the 15 characters are upper case, five characters at a time.
    const example = created[0] ?? '';
    const suffix = [0, 5, 10]
      .map((start) =>
        [...example.slice(start, start + 5)].reduce(
          (flags, character, index) => (/[A-Z]/.test(character) ? flags + (1 << index) : flags),
          0,
        ),
      )
      .map((flags) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345'.charAt(flags))
      .join('');
    expect(example.slice(15)).toBe(suffix);
    const byShortId = await sandbox.request('GET', `${API}/sobjects/Lead/${example.slice(0, 15)}`, {
      headers: auth,
    });
    expect(byShortId.status).toBe(200);
    expect(at(byShortId.body, 'Id')).toBe(example);
  });
});

describe('record references', () => {
  it('fails only the task whose WhoId, WhatId or OwnerId points nowhere, each with its own error', async () => {
    const contactId = await firstId('SELECT Id FROM Contact LIMIT 1');
    const ownerId = await firstId('SELECT Id FROM User WHERE IsActive = true LIMIT 1');
    const deletedContact = String(at((await post('Contact', { LastName: 'Gone' })).body, 'id'));
    await sandbox.request('DELETE', `${API}/sobjects/Contact/${deletedContact}`, { headers: auth });
    const missingAccount = '0015e0000Z00000XYZ';
    const missingUser = '0055e0000Z00000XYZ';

    const results = await createCollection([
      task({ WhoId: contactId, OwnerId: ownerId }),
      task({ WhoId: deletedContact }),
      task({ WhoId: contactId, WhatId: missingAccount }),
      task({ WhoId: contactId, OwnerId: missingUser }),
    ]);
    expect(results[0]).toMatchObject({ success: true, errors: [] });
    const crossReference = (field: string) => ({
      success: false,
      errors: [
        {
          statusCode: 'INVALID_CROSS_REFERENCE_KEY',
          message: 'invalid cross reference id',
          fields: [field],
        },
      ],
    });
    expect(results.slice(1)).toEqual([
      crossReference('WhoId'),
      crossReference('WhatId'),
      crossReference('OwnerId'),
    ]);
    expect(await ids('SELECT Id FROM Task')).toEqual([results[0]?.id]);
  });

  it('answers 400 on the single-record route, and takes an Opportunity in WhatId', async () => {
    const single = await post('Task', { Subject: 'x', WhoId: '00Q5e0000Z00000XYZ' });
    expect(single.status).toBe(400);
    expect(single.body).toEqual([
      {
        message: 'invalid cross reference id',
        errorCode: 'INVALID_CROSS_REFERENCE_KEY',
        fields: ['WhoId'],
      },
    ]);

    const accountId = await firstId('SELECT Id FROM Account LIMIT 1');
    const opportunity = await post('Opportunity', {
      Name: 'Pilot',
      StageName: 'Prospecting',
      CloseDate: '2026-12-31',
      AccountId: accountId,
    });
    expect(opportunity.status).toBe(201);
    const opportunityId = String(at(opportunity.body, 'id'));
    const onDeal = await post('Task', { Subject: 'Deal', WhatId: opportunityId });
    expect(onDeal.status).toBe(201);
    // The task's AccountId follows the opportunity's account.
    const stored = await sandbox.request(
      'GET',
      `${API}/sobjects/Task/${String(at(onDeal.body, 'id'))}`,
      { headers: auth },
    );
    expect(at(stored.body, 'AccountId')).toBe(accountId);
  });

  it('refuses an inactive user as owner with INACTIVE_OWNER_OR_USER', async () => {
    const inactive = await firstId('SELECT Id FROM User WHERE IsActive = false LIMIT 1');
    const answer = await post('Task', { Subject: 'x', OwnerId: inactive });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual([
      {
        message: `operation performed with inactive user [${inactive.slice(0, 15)}] as owner of task`,
        errorCode: 'INACTIVE_OWNER_OR_USER',
        fields: ['OwnerId'],
      },
    ]);
  });
});

describe('date fields', () => {
  it('fails a whole collection with JSON_PARSER_ERROR when one ActivityDate is a date-time', async () => {
    const contactId = await firstId('SELECT Id FROM Contact LIMIT 1');
    const answer = await sandbox.request('POST', `${API}/composite/sobjects`, {
      headers: auth,
      body: {
        allOrNone: false,
        records: [
          task({ WhoId: contactId, ActivityDate: '2026-03-31' }),
          task({ WhoId: contactId, ActivityDate: '2026-03-31T10:00:00Z' }),
        ],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual([
      {
        errorCode: 'JSON_PARSER_ERROR',
        message: expect.stringMatching(
          /^Cannot deserialize instance of date from VALUE_STRING value 2026-03-31T10:00:00Z or request may be missing a required field at \[line:1, column:\d+\]$/,
        ),
      },
    ]);
    expect(await ids('SELECT Id FROM Task')).toEqual([]);
  });
});

describe('restricted picklists', () => {
  it.each([
    ['Task', 'Status', 'Done', { Subject: 'x' }],
    ['Task', 'Priority', 'Urgent', { Subject: 'x' }],
    ['Task', 'Type', 'Fax', { Subject: 'x' }],
    ['Task', 'TaskSubtype', 'Letter', { Subject: 'x' }],
    ['Lead', 'Status', 'Hot', { LastName: 'x', Company: 'y' }],
  ])('refuses %s.%s %p outside its values', async (object, field, value, base) => {
    const answer = await post(object, { ...base, [field]: value });
    expect(answer.status).toBe(400);
    const label = field === 'TaskSubtype' ? 'Task Subtype' : field;
    expect(answer.body).toEqual([
      {
        message: `${label}: bad value for restricted picklist field: ${value}`,
        errorCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
        fields: [field],
      },
    ]);
  });

  it('takes the active values, and TaskSubtype only on create', async () => {
    const created = await post('Task', {
      Subject: 'Email: hello',
      Status: 'Completed',
      Priority: 'Normal',
      Type: 'Email',
      TaskSubtype: 'Email',
    });
    expect(created.status).toBe(201);
    const id = String(at(created.body, 'id'));
    const update = await patch('Task', id, { TaskSubtype: 'Task' });
    expect(update.status).toBe(400);
    expect(update.body).toEqual([
      {
        message:
          'Unable to create/update fields: TaskSubtype. Please check the security settings of this field and verify that it is read/write for your profile or permission set.',
        errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
        fields: ['TaskSubtype'],
      },
    ]);
    expect((await patch('Task', id, { Status: 'In Progress' })).status).toBe(204);
  });
});

describe('required fields', () => {
  it('names every missing field: Contact LastName, Lead LastName and Company', async () => {
    const results = await createCollection([
      { attributes: { type: 'Contact' }, Email: 'no.name@example.com' },
      { attributes: { type: 'Lead' }, Email: 'no.company@example.com' },
      { attributes: { type: 'Lead' }, LastName: 'Doe', Company: 'Acme' },
    ]);
    expect(results.map((result) => result.errors)).toEqual([
      [
        {
          statusCode: 'REQUIRED_FIELD_MISSING',
          message: 'Required fields are missing: [LastName]',
          fields: ['LastName'],
        },
      ],
      [
        {
          statusCode: 'REQUIRED_FIELD_MISSING',
          message: 'Required fields are missing: [LastName, Company]',
          fields: ['LastName', 'Company'],
        },
      ],
      [],
    ]);
  });

  it('refuses an update that empties a required field', async () => {
    const leadId = await firstId('SELECT Id FROM Lead LIMIT 1');
    const answer = await patch('Lead', leadId, { Company: '' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual([
      {
        message: 'Required fields are missing: [Company]',
        errorCode: 'REQUIRED_FIELD_MISSING',
        fields: ['Company'],
      },
    ]);
  });
});

describe('upsert by External ID', () => {
  const upsertUrl = `${API}/composite/sobjects/Contact/OS_Lookup_Id__c`;
  const contact = (key: string, fields: Record<string, unknown> = {}) => ({
    attributes: { type: 'Contact' },
    OS_Lookup_Id__c: key,
    ...fields,
  });
  async function twoHolding(key: string): Promise<string[]> {
    const made = await createCollection([
      contact(key, { LastName: 'One' }),
      contact(key, { LastName: 'Two' }),
    ]);
    return made.map((result) => result.id ?? '');
  }

  it('answers 300 on the row route and DUPLICATE_EXTERNAL_ID per record in a collection', async () => {
    await externalIdField('Contact', 'OS_Lookup_Id__c');
    const [first, second] = await twoHolding('OSL-1');
    const row = await sandbox.request('PATCH', `${API}/sobjects/Contact/OS_Lookup_Id__c/OSL-1`, {
      headers: auth,
      body: { Title: 'CTO' },
    });
    expect(row.status).toBe(300);
    expect(row.body).toEqual([
      `/services/data/v62.0/sobjects/Contact/${first ?? ''}`,
      `/services/data/v62.0/sobjects/Contact/${second ?? ''}`,
    ]);

    const answer = await sandbox.request('PATCH', upsertUrl, {
      headers: auth,
      body: {
        allOrNone: false,
        records: [contact('OSL-1', { Title: 'CTO' }), contact('OSL-2', { LastName: 'New' })],
      },
    });
    expect(answer.body).toEqual([
      {
        success: false,
        errors: [
          {
            statusCode: 'DUPLICATE_EXTERNAL_ID',
            message: `more than one record found for external id field: [${first ?? ''}, ${second ?? ''}]`,
            fields: ['OS_Lookup_Id__c'],
          },
        ],
      },
      { id: expect.any(String), success: true, errors: [], created: true },
    ]);
  });

  it('fails every record of a call that repeats a key value, and keeps the others', async () => {
    await externalIdField('Contact', 'OS_Lookup_Id__c');
    const answer = await sandbox.request('PATCH', upsertUrl, {
      headers: auth,
      body: {
        allOrNone: false,
        records: [
          contact('OSL-7', { LastName: 'First' }),
          contact('osl-7', { LastName: 'Again' }),
          contact('OSL-8', { LastName: 'Other' }),
        ],
      },
    });
    const duplicate = (key: string) => ({
      success: false,
      errors: [
        {
          statusCode: 'DUPLICATE_VALUE',
          message: `Duplicate external id specified: ${key}`,
          fields: ['OS_Lookup_Id__c'],
        },
      ],
    });
    expect(answer.body).toEqual([
      duplicate('OSL-7'),
      duplicate('osl-7'),
      { id: expect.any(String), success: true, errors: [], created: true },
    ]);
    expect(
      await ids("SELECT Id FROM Contact WHERE OS_Lookup_Id__c IN ('OSL-7', 'OSL-8')"),
    ).toHaveLength(1);
  });

  it('with allOrNone rolls everything back when one record fails', async () => {
    await externalIdField('Contact', 'OS_Lookup_Id__c');
    await twoHolding('OSL-1');
    const answer = await sandbox.request('PATCH', upsertUrl, {
      headers: auth,
      body: {
        allOrNone: true,
        records: [contact('OSL-3', { LastName: 'Kept?' }), contact('OSL-1', { Title: 'CTO' })],
      },
    });
    expect((answer.body as SaveResult[]).map((result) => result.errors[0]?.statusCode)).toEqual([
      'ALL_OR_NONE_OPERATION_ROLLED_BACK',
      'DUPLICATE_EXTERNAL_ID',
    ]);
    expect(await ids("SELECT Id FROM Contact WHERE OS_Lookup_Id__c = 'OSL-3'")).toEqual([]);
  });
});

describe('SOQL lookups and converted leads', () => {
  it('matches e-mails without case, and takes hundreds of values in IN', async () => {
    const rows = at(
      (await soql('SELECT Id, Email FROM Contact ORDER BY Email LIMIT 2')).body,
      'records',
    ) as Array<{ Id: string; Email: string }>;
    const emails = rows.map((row) => row.Email.toUpperCase());
    const filler = Array.from({ length: 300 }, (_, index) => `'nobody${index}@example.com'`);
    const query = `SELECT Id FROM Contact WHERE Email IN (${[...filler, ...emails.map((email) => `'${email}'`)].join(', ')})`;
    expect((await ids(query)).sort()).toEqual(rows.map((row) => row.Id).sort());
    expect(await ids(`SELECT Id FROM Contact WHERE Email = '${emails[0] ?? ''}'`)).toEqual([
      rows[0]?.Id,
    ]);
  });

  it('marks converted leads IsConverted, and refuses writing to or referencing them', async () => {
    const contactId = await firstId('SELECT Id FROM Contact LIMIT 1');
    const converted = await post('Lead', {
      LastName: 'Converted',
      Company: 'Acme',
      Email: 'converted@example.com',
      Status: 'Closed - Converted',
      IsConverted: true,
      ConvertedContactId: contactId,
    });
    expect(converted.status).toBe(201);
    const leadId = String(at(converted.body, 'id'));
    const open = await ids('SELECT Id FROM Lead WHERE IsConverted = false');
    expect(open).not.toContain(leadId);
    expect(open.length).toBeGreaterThan(0);
    expect(
      at(
        (await soql('SELECT ConvertedContactId FROM Lead WHERE IsConverted = true')).body,
        'records',
        0,
        'ConvertedContactId',
      ),
    ).toBe(contactId);

    const refusal = [
      { message: 'cannot reference converted lead', errorCode: 'CANNOT_UPDATE_CONVERTED_LEAD' },
    ];
    const update = await patch('Lead', leadId, { Title: 'CTO' });
    expect(update.status).toBe(400);
    expect(update.body).toEqual([{ ...refusal[0], fields: [] }]);
    const onLead = await post('Task', { Subject: 'x', WhoId: leadId });
    expect(onLead.body).toEqual([{ ...refusal[0], fields: ['WhoId'] }]);
  });
});
