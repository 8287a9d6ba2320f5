// Describe and error shapes through jsforce. Expected answers: REST API Developer Guide
// "Describe Global", "sObject Describe" (fields[] with name, type, referenceTo, picklistValues,
// createable, updateable, nillable, externalId) and "Status Codes and Error Responses" (the body
// of an error is `[{"message", "errorCode", "fields"?}]`; 401 for an invalid session, 404 for a
// resource that does not exist).
import { Connection } from 'jsforce';
import {
  API_VERSION,
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

describe('sObject describe', () => {
  it('lists the sObjects with their name and what the user may do with them', async () => {
    const global = await connection.describeGlobal();
    const names = global.sobjects.map((sobject) => sobject.name);
    expect(names).toEqual(expect.arrayContaining(['Account', 'Contact', 'Lead', 'Task', 'User']));
    expect(global.sobjects.find((sobject) => sobject.name === 'Contact')).toMatchObject({
      name: 'Contact',
      custom: false,
      queryable: true,
      createable: true,
      updateable: true,
    });
  });

  it('describes every field with its type, and lookups with the objects they reference', async () => {
    const task = await connection.sobject('Task').describe();
    expect(task.name).toBe('Task');
    const byName = new Map(task.fields.map((field) => [field.name, field]));
    expect(byName.get('WhoId')).toMatchObject({
      type: 'reference',
      referenceTo: ['Contact', 'Lead'],
      relationshipName: 'Who',
      nillable: true,
    });
    expect(byName.get('ActivityDate')).toMatchObject({ type: 'date' });
    // AccountId is derived from Who/What and read-only; TaskSubtype is set on create only.
    expect(byName.get('AccountId')).toMatchObject({ createable: false, updateable: false });
    expect(byName.get('TaskSubtype')).toMatchObject({ createable: true, updateable: false });
    expect(byName.get('Id')).toMatchObject({ type: 'id', createable: false, nillable: false });
    for (const field of task.fields) {
      expect(field).toEqual(
        expect.objectContaining({
          name: expect.any(String),
          label: expect.any(String),
          type: expect.any(String),
          referenceTo: expect.any(Array),
          picklistValues: expect.any(Array),
          externalId: expect.any(Boolean),
        }),
      );
    }
  });

  it('answers an object that does not exist with 404 NOT_FOUND', async () => {
    expect(await refusalOf(() => connection.sobject('Opportunityy').describe())).toMatchObject({
      errorCode: 'NOT_FOUND',
    });
  });
});

describe('error shapes', () => {
  it('answers a record error as [{message, errorCode, fields}]', async () => {
    const answer = await sf.sandbox.request(
      'POST',
      `/salesforce-instance/demo/services/data/v${API_VERSION}/sobjects/Contact`,
      {
        headers: { authorization: `Bearer ${String(connection.accessToken)}` },
        body: { LastName: 'Shape', Email: 'not-an-email' },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual([
      {
        message: 'Email: invalid email address: not-an-email',
        errorCode: 'INVALID_EMAIL_ADDRESS',
        fields: ['Email'],
      },
    ]);
  });

  it('answers an invalid session with 401 INVALID_SESSION_ID', async () => {
    const stranger = new Connection({
      instanceUrl: sf.instanceUrl,
      accessToken: '00D5e000000OutSyncA!not-a-session',
      version: API_VERSION,
    });
    expect(await refusalOf(() => stranger.query('SELECT Id FROM Contact'))).toEqual({
      message: 'Session expired or invalid',
      errorCode: 'INVALID_SESSION_ID',
    });
  });

  it('answers a record that does not exist with 404 NOT_FOUND', async () => {
    expect(
      await refusalOf(() =>
        connection.sobject('Contact').update({ Id: '003000000000000AAA', Title: 'x' }),
      ),
    ).toEqual({ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' });
  });
});
