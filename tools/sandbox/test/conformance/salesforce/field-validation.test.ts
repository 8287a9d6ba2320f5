// Writes checked by the field's described type, through jsforce. Expected answers: REST API
// Developer Guide "Status Codes and Error Responses", the Object Reference (Task.WhoId
// references Contact or Lead; Task.Type is a restricted picklist in the sandbox's describe) and
// the date formats of "Valid Date and DateTime Formats" (date `yyyy-MM-dd`; dateTime ISO 8601
// `yyyy-MM-ddTHH:mm:ss.SSSZ` or with an offset). A value the JSON parser cannot read as the
// field's type fails the whole request with JSON_PARSER_ERROR ("Cannot deserialize instance of
// date from VALUE_STRING value … or request may be missing a required field at [line:l,
// column:c]").
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
  const result = await connection.query<{ Id: string }>(soql);
  return result.records[0]?.Id ?? '';
}

interface Described {
  name: string;
  type: string;
  referenceTo: string[];
  restrictedPicklist: boolean;
  picklistValues: Array<{ value: string }>;
}
async function described(objectName: string, fieldName: string): Promise<Described> {
  const describe = await connection.sobject(objectName).describe();
  const field = describe.fields.find((candidate) => candidate.name === fieldName);
  if (!field) throw new Error(`${objectName}.${fieldName} is not described`);
  return field as unknown as Described;
}

function parserError(type: string, value: string) {
  return {
    errorCode: 'JSON_PARSER_ERROR',
    message: expect.stringMatching(
      new RegExp(
        `^Cannot deserialize instance of ${type} from VALUE_STRING value ${value} or request may be missing a required field at \\[line:1, column:\\d+\\]$`,
      ),
    ),
  };
}

describe('e-mail fields', () => {
  it('refuses an invalid address with INVALID_EMAIL_ADDRESS on create and on update', async () => {
    expect((await described('Contact', 'Email')).type).toBe('email');
    expect(
      await refusalOf(() =>
        connection.sobject('Contact').create({ LastName: 'Mail', Email: 'not-an-email' }),
      ),
    ).toEqual({
      errorCode: 'INVALID_EMAIL_ADDRESS',
      message: 'Email: invalid email address: not-an-email',
      fields: ['Email'],
    });
    const id = await firstId('SELECT Id FROM Lead LIMIT 1');
    expect(
      await refusalOf(() => connection.sobject('Lead').update({ Id: id, Email: 'a b@c.io' })),
    ).toEqual({
      errorCode: 'INVALID_EMAIL_ADDRESS',
      message: 'Email: invalid email address: a b@c.io',
      fields: ['Email'],
    });
  });
});

describe('date and dateTime fields', () => {
  it('takes yyyy-MM-dd in a date field and refuses other forms with JSON_PARSER_ERROR', async () => {
    expect((await described('Task', 'ActivityDate')).type).toBe('date');
    const created = await connection
      .sobject('Task')
      .create({ Subject: 'Follow up', ActivityDate: '2026-03-31' });
    const id = created.success ? created.id : '';
    expect((await connection.sobject('Task').retrieve(id)).ActivityDate).toBe('2026-03-31');

    for (const value of ['not-a-date', '03/31/2026', '2026-02-30', '2026-03-31 10:00:00']) {
      expect(
        await refusalOf(() =>
          connection.sobject('Task').create({ Subject: 'x', ActivityDate: value }),
        ),
      ).toEqual(parserError('date', value));
    }
    // A number is not a date either; the parser names the JSON token it met.
    expect(
      await refusalOf(() =>
        connection.sobject('Task').create({ Subject: 'x', ActivityDate: 20260331 }),
      ),
    ).toEqual({
      errorCode: 'JSON_PARSER_ERROR',
      message: expect.stringMatching(
        /^Cannot deserialize instance of date from VALUE_NUMBER_INT value 20260331 or request may be missing a required field at \[line:1, column:\d+\]$/,
      ),
    });
    const contactId = await firstId('SELECT Id FROM Contact LIMIT 1');
    expect(
      await refusalOf(() =>
        connection.sobject('Contact').update({ Id: contactId, Birthdate: 'soon' }),
      ),
    ).toEqual(parserError('date', 'soon'));
  });

  it('takes ISO 8601 in a dateTime field and refuses other forms with JSON_PARSER_ERROR', async () => {
    expect((await described('Task', 'ReminderDateTime')).type).toBe('datetime');
    for (const value of [
      '2026-03-31T09:30:00.000Z',
      '2026-03-31T09:30:00+02:00',
      '2026-03-31T09:30:00.000+0200',
    ]) {
      const created = await connection
        .sobject('Task')
        .create({ Subject: 'Remind', ReminderDateTime: value });
      expect(created.success).toBe(true);
    }
    for (const value of ['tomorrow', '2026-03-31T25:00:00Z', '31.03.2026 09:30']) {
      expect(
        await refusalOf(() =>
          connection.sobject('Task').create({ Subject: 'x', ReminderDateTime: value }),
        ),
      ).toEqual(parserError('datetime', value));
    }
  });
});

describe('picklists', () => {
  it('refuses a value outside a restricted picklist with INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST', async () => {
    const type = await described('Task', 'Type');
    expect(type.restrictedPicklist).toBe(true);
    expect(type.picklistValues.map((option) => option.value)).not.toContain('Fax');
    expect(
      await refusalOf(() => connection.sobject('Task').create({ Subject: 'x', Type: 'Fax' })),
    ).toEqual({
      errorCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
      message: 'Type: bad value for restricted picklist field: Fax',
      fields: ['Type'],
    });
    const ok = await connection.sobject('Task').create({ Subject: 'x', Type: 'Email' });
    expect(ok.success).toBe(true);
  });

  it('takes a value outside an unrestricted picklist, as the API allows', async () => {
    // "Unrestricted picklists … API users can add values that aren't in the value set."
    const source = await described('Contact', 'LeadSource');
    expect(source.restrictedPicklist).toBe(false);
    const created = await connection
      .sobject('Contact')
      .create({ LastName: 'Pick', LeadSource: 'Podcast' });
    expect(created.success).toBe(true);
  });
});

describe('reference fields', () => {
  it('takes the object types the field references and refuses others', async () => {
    const whoId = await described('Task', 'WhoId');
    expect(whoId.type).toBe('reference');
    expect(whoId.referenceTo).toEqual(['Contact', 'Lead']);
    // A number is not a date either; the parser names the JSON token it met.
    expect(
      await refusalOf(() =>
        connection.sobject('Task').create({ Subject: 'x', ActivityDate: 20260331 }),
      ),
    ).toEqual({
      errorCode: 'JSON_PARSER_ERROR',
      message: expect.stringMatching(
        /^Cannot deserialize instance of date from VALUE_NUMBER_INT value 20260331 or request may be missing a required field at \[line:1, column:\d+\]$/,
      ),
    });
    const contactId = await firstId('SELECT Id FROM Contact LIMIT 1');
    const leadId = await firstId('SELECT Id FROM Lead LIMIT 1');
    const accountId = await firstId('SELECT Id FROM Account LIMIT 1');
    for (const who of [contactId, leadId]) {
      expect((await connection.sobject('Task').create({ Subject: 'ok', WhoId: who })).success).toBe(
        true,
      );
    }
    expect(
      await refusalOf(() => connection.sobject('Task').create({ Subject: 'x', WhoId: accountId })),
    ).toEqual({
      errorCode: 'FIELD_INTEGRITY_EXCEPTION',
      message: `Name ID: id value of incorrect type: ${accountId}`,
      fields: ['WhoId'],
    });
    expect(
      await refusalOf(() =>
        connection.sobject('Contact').create({ LastName: 'x', AccountId: contactId }),
      ),
    ).toEqual({
      errorCode: 'FIELD_INTEGRITY_EXCEPTION',
      message: `Account ID: id value of incorrect type: ${contactId}`,
      fields: ['AccountId'],
    });
  });

  it('refuses a malformed id (MALFORMED_ID) and an id that does not exist (INVALID_CROSS_REFERENCE_KEY)', async () => {
    expect(
      await refusalOf(() => connection.sobject('Task').create({ Subject: 'x', WhoId: 'nope' })),
    ).toEqual({
      errorCode: 'MALFORMED_ID',
      message: 'Name ID: id value of incorrect type: nope',
      fields: ['WhoId'],
    });
    expect(
      await refusalOf(() =>
        connection.sobject('Task').create({ Subject: 'x', WhoId: '003000000000000AAA' }),
      ),
    ).toEqual({
      errorCode: 'INVALID_CROSS_REFERENCE_KEY',
      message: 'invalid cross reference id',
      fields: ['WhoId'],
    });
  });
});

describe('required fields and lengths', () => {
  it('refuses a record without its required fields with REQUIRED_FIELD_MISSING', async () => {
    expect(await refusalOf(() => connection.sobject('Lead').create({ LastName: 'x' }))).toEqual({
      errorCode: 'REQUIRED_FIELD_MISSING',
      message: 'Required fields are missing: [Company]',
      fields: ['Company'],
    });
  });

  it('refuses text longer than the described length with STRING_TOO_LONG', async () => {
    const long = 'x'.repeat(256);
    expect(
      await refusalOf(() => connection.sobject('Contact').create({ LastName: 'x', Title: long })),
    ).toEqual({
      errorCode: 'STRING_TOO_LONG',
      message: `Title: data value too large: ${long} (max length=255)`,
      fields: ['Title'],
    });
  });
});
