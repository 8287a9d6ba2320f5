// sObject Collections and Composite through jsforce. Expected answers: REST API Developer
// Guide "sObject Collections" (results in input order, `allOrNone` default false), the
// AllOrNoneHeader ("If there is an error associated with at least one record, the errors field
// in the call result for the record gives more information on the error. If other records in
// the same call have no errors, their errors fields indicate that they were rolled back"),
// "Composite" and "Composite Subrequest Result" ("If allOrNone is set to true in the composite
// request and a subrequest returns an error, all other subrequests return the 400 HTTP status
// code").
import type { Connection } from 'jsforce';
import {
  API_VERSION,
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

const ROLLED_BACK = {
  statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
  message:
    'Record rolled back because not all records were valid and the request was using AllOrNone header',
  fields: [],
};
const BAD_EMAIL = {
  statusCode: 'INVALID_EMAIL_ADDRESS',
  message: 'Email: invalid email address: not-an-email',
  fields: ['Email'],
};

async function count(soql: string): Promise<number> {
  return (await connection.query(soql)).totalSize;
}

describe('sObject Collections', () => {
  it('without allOrNone saves the valid records and fails only the bad one', async () => {
    const results = await connection.sobject('Contact').create([
      { LastName: 'Good', Email: 'good@example.com' },
      { LastName: 'Bad', Email: 'not-an-email' },
    ]);
    expect(results).toEqual([
      { id: expect.stringMatching(/^003/), success: true, errors: [] },
      { success: false, errors: [BAD_EMAIL] },
    ]);
    expect(await count("SELECT COUNT() FROM Contact WHERE LastName = 'Good'")).toBe(1);
  });

  it('with allOrNone rolls everything back: the bad record its own error, the others ROLLED_BACK', async () => {
    const results = await connection
      .sobject('Contact')
      .create(
        [
          { LastName: 'First', Email: 'first@example.com' },
          { LastName: 'Bad', Email: 'not-an-email' },
          { LastName: 'Third' },
          { FirstName: 'No last name' },
        ],
        { allOrNone: true },
      );
    expect(results).toEqual([
      { success: false, errors: [ROLLED_BACK] },
      { success: false, errors: [BAD_EMAIL] },
      { success: false, errors: [ROLLED_BACK] },
      {
        success: false,
        errors: [
          {
            statusCode: 'REQUIRED_FIELD_MISSING',
            message: 'Required fields are missing: [LastName]',
            fields: ['LastName'],
          },
        ],
      },
    ]);
    expect(await count("SELECT COUNT() FROM Contact WHERE LastName IN ('First', 'Third')")).toBe(0);
  });

  it('with allOrNone rolls back updates too', async () => {
    const contacts = await connection.query<{ Id: string; Title: string | null }>(
      'SELECT Id, Title FROM Contact ORDER BY LastName LIMIT 2',
    );
    const [first, second] = contacts.records;
    const results = await connection.sobject('Contact').update(
      [
        { Id: first!.Id, Title: 'Changed' },
        { Id: second!.Id, Email: 'not-an-email' },
      ],
      { allOrNone: true },
    );
    expect(results).toEqual([
      { success: false, errors: [ROLLED_BACK] },
      { success: false, errors: [BAD_EMAIL] },
    ]);
    expect((await connection.sobject('Contact').retrieve(first!.Id)).Title).toBe(first!.Title);
  });

  it('with allOrNone rolls back an upsert by External ID that had inserted a record', async () => {
    await addExternalIdField(connection, 'Contact', 'Outreach_Id__c');
    const results = await connection.sobject('Contact').upsert(
      [
        { Outreach_Id__c: 'new-1', LastName: 'Inserted' },
        { Outreach_Id__c: 'new-2', LastName: 'Bad', Email: 'not-an-email' },
      ],
      'Outreach_Id__c',
      { allOrNone: true },
    );
    expect(results).toEqual([
      { success: false, errors: [ROLLED_BACK] },
      { success: false, errors: [BAD_EMAIL] },
    ]);
    expect(await count("SELECT COUNT() FROM Contact WHERE Outreach_Id__c = 'new-1'")).toBe(0);
  });

  it('checks records against the ones before them in the same call (a unique value twice)', async () => {
    await addExternalIdField(connection, 'Contact', 'Outreach_Id__c');
    const [first, second] = await connection.sobject('Contact').create(
      [
        { LastName: 'One', Outreach_Id__c: 'twice' },
        { LastName: 'Two', Outreach_Id__c: 'twice' },
      ],
      { allOrNone: true },
    );
    expect(first).toEqual({ success: false, errors: [ROLLED_BACK] });
    expect(second).toEqual({
      success: false,
      errors: [
        {
          statusCode: 'DUPLICATE_VALUE',
          message: expect.stringMatching(
            /^duplicate value found: Outreach_Id__c duplicates value on record with id: 003\w{12}$/,
          ),
          fields: [],
        },
      ],
    });
    expect(await count("SELECT COUNT() FROM Contact WHERE Outreach_Id__c = 'twice'")).toBe(0);
  });

  it('fails the whole request with JSON_PARSER_ERROR when a value cannot be read as its type', async () => {
    expect(
      await refusalOf(() =>
        connection.sobject('Task').create([
          { Subject: 'fine', ActivityDate: '2026-01-02' },
          { Subject: 'bad', ActivityDate: '02/01/2026' },
        ]),
      ),
    ).toEqual({
      errorCode: 'JSON_PARSER_ERROR',
      message: expect.stringMatching(
        /^Cannot deserialize instance of date from VALUE_STRING value 02\/01\/2026 or request may be missing a required field at \[line:1, column:\d+\]$/,
      ),
    });
    expect(await count("SELECT COUNT() FROM Task WHERE Subject = 'fine'")).toBe(0);
  });
});

describe('sObject Collections: retrieve and delete by ids', () => {
  it('retrieves records in the order of the ids, null where there is none', async () => {
    const contacts = await connection.query<{ Id: string; LastName: string }>(
      'SELECT Id, LastName FROM Contact ORDER BY LastName LIMIT 2',
    );
    const [first, second] = contacts.records;
    const records = await connection
      .sobject('Contact')
      .retrieve([second!.Id, '003000000000000AAA', first!.Id], { fields: ['Id', 'LastName'] });
    expect(records).toEqual([
      {
        attributes: expect.objectContaining({ type: 'Contact' }),
        Id: second!.Id,
        LastName: second!.LastName,
      },
      null,
      {
        attributes: expect.objectContaining({ type: 'Contact' }),
        Id: first!.Id,
        LastName: first!.LastName,
      },
    ]);
  });

  it('deletes by ids; with allOrNone an id that is gone rolls the others back', async () => {
    const made = await connection
      .sobject('Contact')
      .create([{ LastName: 'Gone1' }, { LastName: 'Gone2' }]);
    const ids = made.map((result) => (result.success ? result.id : ''));
    const rolledBack = await connection
      .sobject('Contact')
      .destroy([ids[0]!, '003000000000000AAA'], { allOrNone: true });
    expect(rolledBack).toEqual([
      { success: false, errors: [ROLLED_BACK] },
      {
        success: false,
        errors: [{ statusCode: 'ENTITY_IS_DELETED', message: 'entity is deleted', fields: [] }],
      },
    ]);
    expect(await count("SELECT COUNT() FROM Contact WHERE LastName LIKE 'Gone%'")).toBe(2);
    expect(await connection.sobject('Contact').destroy(ids)).toEqual([
      { id: ids[0], success: true, errors: [] },
      { id: ids[1], success: true, errors: [] },
    ]);
    expect(await count("SELECT COUNT() FROM Contact WHERE LastName LIKE 'Gone%'")).toBe(0);
  });
});

interface CompositeAnswer {
  compositeResponse: Array<{
    body: unknown;
    httpHeaders: Record<string, string>;
    httpStatusCode: number;
    referenceId: string;
  }>;
}

function compositeRequest(allOrNone: boolean, contactEmail: string) {
  const base = `/services/data/v${API_VERSION}`;
  return {
    allOrNone,
    compositeRequest: [
      {
        method: 'POST',
        url: `${base}/sobjects/Account`,
        referenceId: 'refAccount',
        body: { Name: 'Composite Corp' },
      },
      {
        method: 'POST',
        url: `${base}/sobjects/Contact`,
        referenceId: 'refContact',
        body: { LastName: 'Composite', AccountId: '@{refAccount.id}', Email: contactEmail },
      },
      {
        method: 'GET',
        url: `${base}/query?q=SELECT+Id,Name+FROM+Account+WHERE+Id='@{refAccount.id}'`,
        referenceId: 'refQuery',
      },
    ],
  };
}

describe('Composite', () => {
  it('runs subrequests in order, each using an earlier answer through @{referenceId.field}', async () => {
    const answer = await connection.requestPost<CompositeAnswer>(
      `/services/data/v${API_VERSION}/composite`,
      compositeRequest(true, 'composite@example.com'),
    );
    const [account, contact, query] = answer.compositeResponse;
    const accountId = (account?.body as { id: string }).id;
    expect(account).toEqual({
      body: { id: expect.stringMatching(/^001/), success: true, errors: [] },
      httpHeaders: { Location: `/services/data/v${API_VERSION}/sobjects/Account/${accountId}` },
      httpStatusCode: 201,
      referenceId: 'refAccount',
    });
    expect(contact).toMatchObject({ httpStatusCode: 201, referenceId: 'refContact' });
    expect(query).toMatchObject({
      httpStatusCode: 200,
      referenceId: 'refQuery',
      body: { totalSize: 1, done: true, records: [expect.objectContaining({ Id: accountId })] },
    });
    const contactId = (contact?.body as { id: string }).id;
    expect((await connection.sobject('Contact').retrieve(contactId)).AccountId).toBe(accountId);
  });

  it('with allOrNone rolls back every subrequest: the failing one keeps its error, the others PROCESSING_HALTED', async () => {
    const answer = await connection.requestPost<CompositeAnswer>(
      `/services/data/v${API_VERSION}/composite`,
      compositeRequest(true, 'not-an-email'),
    );
    const halted = [
      {
        errorCode: 'PROCESSING_HALTED',
        message:
          'The transaction was rolled back since another operation in the same transaction failed.',
      },
    ];
    expect(answer.compositeResponse).toEqual([
      { body: halted, httpHeaders: {}, httpStatusCode: 400, referenceId: 'refAccount' },
      {
        body: [
          {
            message: 'Email: invalid email address: not-an-email',
            errorCode: 'INVALID_EMAIL_ADDRESS',
            fields: ['Email'],
          },
        ],
        httpHeaders: {},
        httpStatusCode: 400,
        referenceId: 'refContact',
      },
      { body: halted, httpHeaders: {}, httpStatusCode: 400, referenceId: 'refQuery' },
    ]);
    expect(await count("SELECT COUNT() FROM Account WHERE Name = 'Composite Corp'")).toBe(0);
  });

  it('without allOrNone keeps what succeeded and fails only the bad subrequest', async () => {
    const answer = await connection.requestPost<CompositeAnswer>(
      `/services/data/v${API_VERSION}/composite`,
      compositeRequest(false, 'not-an-email'),
    );
    expect(answer.compositeResponse.map((result) => result.httpStatusCode)).toEqual([
      201, 400, 200,
    ]);
    expect(await count("SELECT COUNT() FROM Account WHERE Name = 'Composite Corp'")).toBe(1);
  });

  it("with allOrNone applies all-or-none to an sObject Collections subrequest, overriding the subrequest's own flag", async () => {
    const answer = await connection.requestPost<CompositeAnswer>(
      `/services/data/v${API_VERSION}/composite`,
      {
        allOrNone: true,
        compositeRequest: [
          {
            method: 'POST',
            url: `/services/data/v${API_VERSION}/composite/sobjects`,
            referenceId: 'newContacts',
            body: {
              allOrNone: false,
              records: [
                { attributes: { type: 'Contact' }, LastName: 'Inner good' },
                { attributes: { type: 'Contact' }, LastName: 'Inner bad', Email: 'not-an-email' },
              ],
            },
          },
        ],
      },
    );
    expect(answer.compositeResponse[0]?.body).toEqual([
      { success: false, errors: [ROLLED_BACK] },
      { success: false, errors: [BAD_EMAIL] },
    ]);
    expect(await count("SELECT COUNT() FROM Contact WHERE LastName = 'Inner good'")).toBe(0);
  });
});
