// sObject rows through jsforce: create, retrieve, update, delete and upsert by an External ID
// field. Expected answers: REST API Developer Guide ("sObject Rows", "sObject Rows by External
// ID": 201 with `created: true` when the upsert inserts, 200 with `created: false` when it
// updates; API 46.0+) and "Status Codes and Error Responses".
import type { Connection } from 'jsforce';
import {
  addExternalIdField,
  refusalOf,
  startSalesforceConformance,
  type SalesforceConformance,
} from '../salesforce-harness.ts';

let sf: SalesforceConformance;
let connection: Connection;

beforeAll(async () => {
  sf = await startSalesforceConformance();
  connection = sf.connection();
});
afterAll(() => sf.sandbox.stop());
beforeEach(() => sf.sandbox.request('POST', '/_seed'));

describe('sObject rows', () => {
  it('creates, reads, updates and deletes a Contact', async () => {
    const created = await connection
      .sobject('Contact')
      .create({ FirstName: 'Noor', LastName: 'Haddad', Email: 'noor@example.com' });
    expect(created).toEqual({
      id: expect.stringMatching(/^003\w{15}$/),
      success: true,
      errors: [],
    });
    const id = created.success ? created.id : '';

    const read = await connection.sobject('Contact').retrieve(id);
    expect(read).toMatchObject({
      attributes: { type: 'Contact', url: `/services/data/v62.0/sobjects/Contact/${id}` },
      Id: id,
      FirstName: 'Noor',
      LastName: 'Haddad',
      Name: 'Noor Haddad',
      Email: 'noor@example.com',
      // A checkbox left out is false, never null.
      HasOptedOutOfEmail: false,
    });

    const updated = await connection.sobject('Contact').update({ Id: id, Title: 'CTO' });
    expect(updated).toEqual({ id, success: true, errors: [] });
    expect((await connection.sobject('Contact').retrieve(id)).Title).toBe('CTO');

    expect(await connection.sobject('Contact').destroy(id)).toEqual({
      id,
      success: true,
      errors: [],
    });
    expect(await refusalOf(() => connection.sobject('Contact').retrieve(id))).toEqual({
      errorCode: 'NOT_FOUND',
      message: 'The requested resource does not exist',
    });
  });

  it('refuses a field the object does not have with INVALID_FIELD', async () => {
    expect(
      await refusalOf(() => connection.sobject('Contact').create({ LastName: 'X', Shoe__c: '9' })),
    ).toEqual({
      errorCode: 'INVALID_FIELD',
      message: "No such column 'Shoe__c' on sobject of type Contact",
      fields: ['Shoe__c'],
    });
  });

  it('refuses a read-only field with INVALID_FIELD_FOR_INSERT_UPDATE', async () => {
    expect(
      await refusalOf(() => connection.sobject('Contact').create({ LastName: 'X', Name: 'Y' })),
    ).toEqual({
      errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
      message:
        'Unable to create/update fields: Name. Please check the security settings of this field and verify that it is read/write for your profile or permission set.',
      fields: ['Name'],
    });
  });
});

describe('upsert by External ID', () => {
  beforeEach(() => addExternalIdField(connection, 'Contact', 'Outreach_Id__c'));

  it('inserts (201, created: true) and then updates (200, created: false) the same record', async () => {
    const inserted = await connection
      .sobject('Contact')
      .upsert({ Outreach_Id__c: 'lead-42', LastName: 'Okafor' }, 'Outreach_Id__c');
    expect(inserted).toEqual({
      id: expect.stringMatching(/^003/),
      success: true,
      errors: [],
      created: true,
    });
    const id = inserted.success ? inserted.id : '';
    const updated = await connection
      .sobject('Contact')
      .upsert({ Outreach_Id__c: 'lead-42', Title: 'VP Sales' }, 'Outreach_Id__c');
    expect(updated).toEqual({ id, success: true, errors: [], created: false });
    const found = await connection.query<{ Id: string; LastName: string; Title: string }>(
      "SELECT Id, LastName, Title FROM Contact WHERE Outreach_Id__c = 'lead-42'",
    );
    expect(found.records).toEqual([
      expect.objectContaining({ Id: id, LastName: 'Okafor', Title: 'VP Sales' }),
    ]);
  });

  it('upserts a collection by External ID, each result saying whether it was created', async () => {
    await connection
      .sobject('Contact')
      .upsert({ Outreach_Id__c: 'lead-1', LastName: 'First' }, 'Outreach_Id__c');
    const results = await connection.sobject('Contact').upsert(
      [
        { Outreach_Id__c: 'lead-1', Title: 'Updated' },
        { Outreach_Id__c: 'lead-2', LastName: 'Second' },
      ],
      'Outreach_Id__c',
    );
    expect(results).toEqual([
      { id: expect.stringMatching(/^003/), success: true, errors: [], created: false },
      { id: expect.stringMatching(/^003/), success: true, errors: [], created: true },
    ]);
  });

  it('checks an upserted record as a create: a new record without LastName is refused', async () => {
    expect(
      await refusalOf(() =>
        connection
          .sobject('Contact')
          .upsert({ Outreach_Id__c: 'lead-9', Title: 'x' }, 'Outreach_Id__c'),
      ),
    ).toEqual({
      errorCode: 'REQUIRED_FIELD_MISSING',
      message: 'Required fields are missing: [LastName]',
      fields: ['LastName'],
    });
  });

  it('refuses a second record with the same unique External ID value: DUPLICATE_VALUE', async () => {
    const first = await connection
      .sobject('Contact')
      .create({ LastName: 'One', Outreach_Id__c: 'Same-1' });
    const id15 = first.success ? first.id.slice(0, 15) : '';
    // Unique text fields compare without case unless created case-sensitive.
    expect(
      await refusalOf(() =>
        connection.sobject('Contact').create({ LastName: 'Two', Outreach_Id__c: 'same-1' }),
      ),
    ).toEqual({
      errorCode: 'DUPLICATE_VALUE',
      message: `duplicate value found: Outreach_Id__c duplicates value on record with id: ${id15}`,
      fields: [],
    });
  });
});

describe('upsert by a non-unique External ID', () => {
  it('answers 300 Multiple Choices when several records hold the value', async () => {
    await addExternalIdField(connection, 'Lead', 'Source_Ref__c', { unique: false });
    for (const lastName of ['A', 'B'])
      await connection
        .sobject('Lead')
        .create({ LastName: lastName, Company: 'Dup Inc', Source_Ref__c: 'shared' });
    // jsforce turns the 300 into MULTIPLE_CHOICES with the matching records' URLs as data.
    const answer = (await refusalOf(() =>
      connection.sobject('Lead').upsert({ Source_Ref__c: 'shared', Title: 'x' }, 'Source_Ref__c'),
    )) as unknown;
    expect(answer).toEqual([
      expect.stringMatching(/^\/services\/data\/v62\.0\/sobjects\/Lead\/00Q\w{15}$/),
      expect.stringMatching(/^\/services\/data\/v62\.0\/sobjects\/Lead\/00Q\w{15}$/),
    ]);
  });
});
