// SOQL through jsforce's query(). Expected answers: SOQL and SOSL Reference (relationship
// queries, "Understanding Relationship Names") and REST API Developer Guide ("Query", "Status
// Codes and Error Responses"): a field the object does not have is refused with 400
// INVALID_FIELD wherever the query names it, the message pointing at it
// ("ERROR at Row:1:Column:n").
import type { Connection } from 'jsforce';
import { startSalesforceConformance, type SalesforceConformance } from '../salesforce-harness.ts';

let sf: SalesforceConformance;
let connection: Connection;

beforeAll(async () => {
  sf = await startSalesforceConformance();
  connection = sf.connection();
});
afterAll(() => sf.sandbox.stop());
beforeEach(() => sf.sandbox.request('POST', '/_seed'));

const CUSTOM_FIELD_HINT =
  "If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.";

async function refusal(soql: string): Promise<{ errorCode: string; message: string }> {
  try {
    await connection.query(soql);
  } catch (error) {
    const { errorCode, message } = error as { errorCode: string; message: string };
    return { errorCode, message };
  }
  throw new Error(`the query was accepted: ${soql}`);
}

describe('SOQL queries', () => {
  it('answers records with attributes, and parent fields as nested records', async () => {
    const result = await connection.query<Record<string, unknown>>(
      'SELECT Id, LastName, Account.Name, Owner.Name FROM Contact WHERE Account.Name != null ORDER BY LastName LIMIT 2',
    );
    expect(result.done).toBe(true);
    expect(result.totalSize).toBe(2);
    const [first] = result.records;
    expect(first).toMatchObject({
      attributes: {
        type: 'Contact',
        url: expect.stringMatching(/^\/services\/data\/v62\.0\/sobjects\/Contact\/003\w{15}$/),
      },
      Id: expect.stringMatching(/^003/),
      LastName: expect.any(String),
      Account: {
        attributes: {
          type: 'Account',
          url: expect.stringMatching(/\/sobjects\/Account\/001\w{15}$/),
        },
        Name: expect.any(String),
      },
      Owner: { attributes: { type: 'User' }, Name: expect.any(String) },
    });
    // Only the fields selected come back.
    expect(Object.keys(first ?? {}).sort()).toEqual([
      'Account',
      'Id',
      'LastName',
      'Owner',
      'attributes',
    ]);
    const names = result.records.map((record) => String(record.LastName));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('filters on a parent field and counts with COUNT()', async () => {
    const account = await connection.query<{ Id: string; Name: string }>(
      'SELECT Id, Name FROM Account LIMIT 1',
    );
    const accountRecord = account.records[0]!;
    const contacts = await connection.query<{ AccountId: string }>(
      `SELECT Id, AccountId FROM Contact WHERE Account.Name = '${accountRecord.Name}'`,
    );
    expect(contacts.records.length).toBeGreaterThan(0);
    for (const contact of contacts.records) expect(contact.AccountId).toBe(accountRecord.Id);
    const counted = await connection.query(
      `SELECT COUNT() FROM Contact WHERE AccountId = '${accountRecord.Id}'`,
    );
    expect(counted.totalSize).toBe(contacts.records.length);
    expect(counted.records).toEqual([]);
  });

  it('reads a polymorphic relationship (Task.Who) through the Name object', async () => {
    const contact = await connection.query<{ Id: string; Name: string }>(
      'SELECT Id, Name FROM Contact LIMIT 1',
    );
    const who = contact.records[0]!;
    await connection.sobject('Task').create({ Subject: 'Call back', WhoId: who.Id });
    const tasks = await connection.query<{ Who: { Name: string } }>(
      `SELECT Id, Who.Name FROM Task WHERE WhoId = '${who.Id}'`,
    );
    expect(tasks.records[0]?.Who.Name).toBe(who.Name);
  });

  it('answers more than 2,000 rows in batches that jsforce follows through nextRecordsUrl', async () => {
    const leads = Array.from({ length: 2050 }, (_, index) => ({
      LastName: `Bulk ${index}`,
      Company: 'Bulk Co',
    }));
    for (let start = 0; start < leads.length; start += 200)
      await connection.sobject('Lead').create(leads.slice(start, start + 200), { allOrNone: true });
    // "If the initial query returns only part of the results, the end of the response contains
    // nextRecordsUrl" (2,000 rows per batch by default).
    const first = await connection.query("SELECT Id FROM Lead WHERE Company = 'Bulk Co'", {
      autoFetch: false,
    });
    expect(first).toMatchObject({ totalSize: 2050, done: false });
    expect(first.records).toHaveLength(2000);
    // Salesforce answers a path under the instance; jsforce makes it absolute.
    expect(first.nextRecordsUrl).toMatch(
      /\/salesforce-instance\/demo\/services\/data\/v62\.0\/query\/01g\w+-2000$/,
    );
    const all = await connection.query("SELECT Id FROM Lead WHERE Company = 'Bulk Co'", {
      autoFetch: true,
      maxFetch: 5000,
    });
    expect(all.records).toHaveLength(2050);
    expect(new Set(all.records.map((record) => record.Id)).size).toBe(2050);
  });

  it('refuses an unknown field in the select list with INVALID_FIELD', async () => {
    expect(await refusal('SELECT Id, Bogus__c FROM Contact')).toEqual({
      errorCode: 'INVALID_FIELD',
      message: `\nSELECT Id, Bogus__c FROM Contact\n           ^\nERROR at Row:1:Column:12\nNo such column 'Bogus__c' on entity 'Contact'. ${CUSTOM_FIELD_HINT}`,
    });
  });

  it('refuses an unknown field in WHERE with INVALID_FIELD instead of matching nothing', async () => {
    const answer = await refusal("SELECT Id FROM Contact WHERE Emial = 'ava@acme.io'");
    expect(answer.errorCode).toBe('INVALID_FIELD');
    expect(answer.message).toBe(
      `\nSELECT Id FROM Contact WHERE Emial = 'ava@acme.io'\n                             ^\nERROR at Row:1:Column:30\nNo such column 'Emial' on entity 'Contact'. ${CUSTOM_FIELD_HINT}`,
    );
    // Also inside NOT, OR and IN conditions.
    expect(
      (await refusal("SELECT Id FROM Lead WHERE Company = 'x' OR NOT (Nope IN ('a', 'b'))"))
        .message,
    ).toContain(`No such column 'Nope' on entity 'Lead'. ${CUSTOM_FIELD_HINT}`);
  });

  it('refuses an unknown field in ORDER BY with INVALID_FIELD', async () => {
    const answer = await refusal('SELECT Id FROM Account ORDER BY Revenue DESC');
    expect(answer.errorCode).toBe('INVALID_FIELD');
    expect(answer.message).toContain(
      `ERROR at Row:1:Column:33\nNo such column 'Revenue' on entity 'Account'. ${CUSTOM_FIELD_HINT}`,
    );
  });

  it('refuses an unknown relationship, and an unknown field of the related object', async () => {
    const relationship = await refusal('SELECT Id, Company.Name FROM Contact');
    expect(relationship.errorCode).toBe('INVALID_FIELD');
    expect(relationship.message).toContain(
      "Didn't understand relationship 'Company' in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.",
    );
    const parentField = await refusal('SELECT Id FROM Contact WHERE Account.Revenue > 10');
    expect(parentField.errorCode).toBe('INVALID_FIELD');
    expect(parentField.message).toContain(
      `No such column 'Revenue' on entity 'Account'. ${CUSTOM_FIELD_HINT}`,
    );
    // The relationship name, not the lookup field, names the parent: AccountId.Name is refused.
    expect((await refusal('SELECT AccountId.Name FROM Contact')).errorCode).toBe('INVALID_FIELD');
  });

  it('refuses an unknown object with INVALID_TYPE and a malformed query with MALFORMED_QUERY', async () => {
    expect(await refusal('SELECT Id FROM Opportunityy')).toEqual({
      errorCode: 'INVALID_TYPE',
      message:
        "\nSELECT Id FROM Opportunityy\n               ^\nERROR at Row:1:Column:16\nsObject type 'Opportunityy' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.",
    });
    expect((await refusal('SELECT Id Contact')).errorCode).toBe('MALFORMED_QUERY');
  });

  it('takes filter values written as the field type requires: dates bare, text quoted', async () => {
    await connection.sobject('Task').create({ Subject: 'Dated', ActivityDate: '2026-01-31' });
    const dated = await connection.query(
      "SELECT Id FROM Task WHERE ActivityDate = 2026-01-31 AND Subject = 'Dated'",
    );
    expect(dated.totalSize).toBe(1);
    const quotedDate = await refusal("SELECT Id FROM Task WHERE ActivityDate = '2026-01-31'");
    expect(quotedDate.errorCode).toBe('INVALID_FIELD');
    expect(quotedDate.message).toMatch(
      /\nvalue of filter criterion for field 'ActivityDate' must be of type date and should not be enclosed in quotes$/,
    );
    const quotedBoolean = await refusal("SELECT Id FROM Contact WHERE HasOptedOutOfEmail = 'true'");
    expect(quotedBoolean.message).toMatch(
      /\nvalue of filter criterion for field 'HasOptedOutOfEmail' must be of type boolean and should not be enclosed in quotes$/,
    );
    const bareText = await refusal('SELECT Id FROM Contact WHERE LastName IN (5)');
    expect(bareText.errorCode).toBe('INVALID_FIELD');
    expect(bareText.message).toMatch(
      /\nvalue of filter criterion for field 'LastName' must be of type string and should be enclosed in quotes$/,
    );
    expect((await connection.query('SELECT Id FROM Contact WHERE Email = null')).done).toBe(true);
  });
});
