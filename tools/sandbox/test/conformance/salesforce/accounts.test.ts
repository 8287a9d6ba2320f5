// Accounts and Contact.AccountId through jsforce, as the sync writer uses them for a new Contact
// (find the company's Account by Website or Name, create it, set the Contact's AccountId).
// Expected answers: Object Reference "Account" (Name required, Website a URL kept as typed,
// OwnerId a User), SOQL and SOSL Reference "Comparison Operators" (text compared without case,
// `\'` escapes a quote), and "Status Codes and Error Responses" (MALFORMED_ID,
// FIELD_INTEGRITY_EXCEPTION, INVALID_CROSS_REFERENCE_KEY per record in a collection).
import type { Connection } from 'jsforce';
import {
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

async function firstId(soql: string): Promise<string> {
  const id = (await connection.query<{ Id: string }>(soql)).records[0]?.Id;
  if (!id) throw new Error(`no row for ${soql}`);
  return id;
}

async function createdId(object: string, fields: Record<string, unknown>): Promise<string> {
  const result = await connection.sobject(object).create(fields);
  if (!result.success) throw new Error(`${object} not created`);
  return result.id;
}

describe('Accounts', () => {
  it('creates an Account with Name, Website (as typed) and an owner, found by Website and Name without case', async () => {
    const owner = await firstId('SELECT Id FROM User WHERE IsActive = true LIMIT 1');
    const id = await createdId('Account', {
      Name: "O'Brien & Co",
      Website: 'obrien.example',
      OwnerId: owner,
    });
    const expected = [
      {
        attributes: { type: 'Account', url: `/services/data/v62.0/sobjects/Account/${id}` },
        Id: id,
        Name: "O'Brien & Co",
        Website: 'obrien.example',
        OwnerId: owner,
        // Salesforce answers `…T10:00:00.000+0000`; the sandbox keeps its dates as `…Z`.
        CreatedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(?:Z|\+0000)$/),
      },
    ];

    const byWebsite = await connection.query(
      "SELECT Id, Name, Website, OwnerId, CreatedDate FROM Account WHERE Website IN ('https://obrien.example', 'OBRIEN.example')",
    );
    const byName = await connection.query(
      "SELECT Id, Name, Website, OwnerId, CreatedDate FROM Account WHERE Name IN ('o\\'brien & co')",
    );

    expect([byWebsite.records, byName.records]).toEqual([expected, expected]);
  });

  it('refuses an Account without a Name, or owned by an inactive user', async () => {
    const inactive = await firstId('SELECT Id FROM User WHERE IsActive = false LIMIT 1');
    expect(
      await refusalOf(() => connection.sobject('Account').create({ Website: 'x.example' })),
    ).toEqual({
      errorCode: 'REQUIRED_FIELD_MISSING',
      message: 'Required fields are missing: [Name]',
      fields: ['Name'],
    });
    expect(
      await refusalOf(() =>
        connection.sobject('Account').create({ Name: 'Orphan Co', OwnerId: inactive }),
      ),
    ).toEqual({
      errorCode: 'INACTIVE_OWNER_OR_USER',
      message: `operation performed with inactive user [${inactive.slice(0, 15)}] as owner of account`,
      fields: ['OwnerId'],
    });
  });
});

describe('Contact.AccountId', () => {
  it("takes an Account's id, read back through Account.Name; in a collection a bad one fails only its record", async () => {
    const account = await createdId('Account', { Name: 'Linked Co' });
    const gone = await createdId('Account', { Name: 'Gone Co' });
    await connection.sobject('Account').destroy(gone);
    const contact = await firstId('SELECT Id FROM Contact LIMIT 1');
    const refusal = (statusCode: string, message: string) => ({
      success: false,
      errors: [{ statusCode, message, fields: ['AccountId'] }],
    });

    const results = await connection.sobject('Contact').create([
      { LastName: 'Linked', AccountId: account },
      { LastName: 'Malformed', AccountId: 'nope' },
      { LastName: 'Wrong object', AccountId: contact },
      { LastName: 'Deleted', AccountId: gone },
    ]);

    expect(results).toEqual([
      { id: expect.stringMatching(/^003\w{15}$/), success: true, errors: [] },
      refusal('MALFORMED_ID', 'Account ID: id value of incorrect type: nope'),
      refusal('FIELD_INTEGRITY_EXCEPTION', `Account ID: id value of incorrect type: ${contact}`),
      refusal('INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id'),
    ]);
    const linked = results[0]?.success ? results[0].id : '';
    const read = await connection.query<{ AccountId: string; Account: { Name: string } }>(
      `SELECT Id, AccountId, Account.Name FROM Contact WHERE Id = '${linked}'`,
    );
    expect(read.records.map((row) => [row.AccountId, row.Account.Name])).toEqual([
      [account, 'Linked Co'],
    ]);
  });
});
