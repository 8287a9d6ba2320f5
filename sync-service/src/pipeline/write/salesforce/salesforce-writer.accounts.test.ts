// The Salesforce writer's Account of a new Contact (issue 29 item 6): the org's Account of the
// lead's domain (Website) or company name, else one created and claimed; existing Contacts,
// Leads and orgs hiding Contact.AccountId left alone; a refused Account leaves the Contact
// without one, with a warning. Set-up in salesforce-writer.test-support.ts.
import nock from 'nock';
import type { CreateClaim, CreateClaims } from '../crm-writer';
import {
  DATA,
  INSTANCE,
  OWNER,
  ORG,
  STANDARD,
  recorded,
  record,
  reply,
  useSalesforceNock,
  writer,
  describeObject,
  query,
  row,
  collection,
  saved,
  refused,
  ANA_CONTACT,
  lead,
  item,
  written,
  contactByEmail,
} from './salesforce-writer.test-support';

/** The requests the org answered, in order: `METHOD path` (and the SOQL of queries). */
let calls: string[] = [];
useSalesforceNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

const WEBSITES = [
  'acme.test',
  'acme.test/',
  'www.acme.test',
  'www.acme.test/',
  'http://acme.test',
  'http://acme.test/',
  'http://www.acme.test',
  'http://www.acme.test/',
  'https://acme.test',
  'https://acme.test/',
  'https://www.acme.test',
  'https://www.acme.test/',
];
const BY_WEBSITE = `SELECT Id, Website, Name, CreatedDate FROM Account WHERE Website IN (${WEBSITES.map((w) => `'${w}'`).join(', ')})`;
const BY_NAME = "SELECT Id, Name, Website, CreatedDate FROM Account WHERE Name IN ('Acme')";
const NEW_ACME = { Name: 'Acme', Website: 'acme.test', OwnerId: OWNER };
/** An open: the Contact is written, no Task. */
const OPEN = { type: 'EMAIL_OPEN' } as const;

/** The Contact describe with AccountId, and no Contact of Ana's e-mail. */
function anaIsNew() {
  describeObject('Contact', [...STANDARD.Contact, 'AccountId']);
  query(contactByEmail(['ana@acme.test']), []);
}

describe('the Account of a new Contact', () => {
  it("creates a missing Account (Name the lead's company, Website the domain, the owner) once for the company's new Contacts", async () => {
    describeObject('Contact', [...STANDARD.Contact, 'AccountId']);
    query(contactByEmail(['lead1@acme.test', 'lead2@acme.test']), []);
    query(BY_WEBSITE, []);
    query(BY_NAME, []);
    collection('POST', 'Account', [NEW_ACME], { body: [saved('001A')] });
    const contact = (n: number) => ({
      Email: `lead${n}@acme.test`,
      FirstName: `Lead${n}`,
      LastName: `lead${n}`,
      OwnerId: OWNER,
      AccountId: '001A',
    });
    collection('POST', 'Contact', [contact(1), contact(2)], {
      body: [saved('003A'), saved('003B')],
    });

    const outcomes = await writer().write(
      [item('e1', { ...OPEN, lead: lead(1) }), item('e2', { ...OPEN, lead: lead(2) })],
      record,
    );

    expect(calls).toEqual([
      'GET describe Contact',
      `SOQL ${contactByEmail(['lead1@acme.test', 'lead2@acme.test'])}`,
      `SOQL ${BY_WEBSITE}`,
      `SOQL ${BY_NAME}`,
      'POST Account ×1',
      'POST Contact ×2',
    ]);
    expect(outcomes).toEqual(
      new Map([
        ['e1', written],
        ['e2', written],
      ]),
    );
    expect(recorded).toEqual([
      ['e1', { contactId: '003A', contactWritten: true }],
      ['e2', { contactId: '003B', contactWritten: true }],
    ]);
  });

  it("uses the oldest of the org's Accounts whose Website is the lead's domain, as it is named", async () => {
    anaIsNew();
    query(BY_WEBSITE, [
      row('Account', {
        Id: '001NEW',
        Website: 'acme.test',
        Name: 'Acme',
        CreatedDate: '2026-01-01T00:00:00.000+0000',
      }),
      row('Account', {
        Id: '001OLD',
        Website: 'https://www.Acme.test/',
        Name: 'Acme Holding AG',
        CreatedDate: '2020-01-01T00:00:00.000+0000',
      }),
    ]);
    collection('POST', 'Contact', [{ ...ANA_CONTACT, OwnerId: OWNER, AccountId: '001OLD' }], {
      body: [saved('003A')],
    });

    const outcomes = await writer().write([item('e1', OPEN)], record);

    expect(outcomes.get('e1')).toEqual(written);
    expect(calls).not.toContain('POST Account ×1');
  });

  it('falls back to an Account of the company name without a website; one of another website is another company', async () => {
    anaIsNew();
    query(BY_WEBSITE, []);
    query(BY_NAME, [
      row('Account', { Id: '001IO', Name: 'Acme', Website: 'https://acme.io' }),
      row('Account', { Id: '001BARE', Name: 'ACME', Website: null }),
    ]);
    collection('POST', 'Contact', [{ ...ANA_CONTACT, OwnerId: OWNER, AccountId: '001BARE' }], {
      body: [saved('003A')],
    });

    const outcomes = await writer().write([item('e1', OPEN)], record);

    expect(outcomes.get('e1')).toEqual(written);
  });

  it("takes the Account another worker created (the claim's id), creating none", async () => {
    const keys: string[] = [];
    const claims: CreateClaims = {
      claim(key): Promise<CreateClaim> {
        keys.push(key);
        return Promise.resolve(
          key.includes(':Account:')
            ? { kind: 'created', recordId: '001THEIRS' }
            : { kind: 'mine', afterAnother: false },
        );
      },
      created: () => Promise.resolve(),
      release: () => Promise.resolve(),
    };
    anaIsNew();
    query(BY_WEBSITE, []);
    query(BY_NAME, []);
    collection('POST', 'Contact', [{ ...ANA_CONTACT, OwnerId: OWNER, AccountId: '001THEIRS' }], {
      body: [saved('003A')],
    });

    const outcomes = await writer(undefined, undefined, undefined, undefined, claims).write(
      [item('e1', OPEN)],
      record,
    );

    expect(outcomes.get('e1')).toEqual(written);
    expect(keys).toEqual([
      `salesforce:${ORG}:Account:domain:acme.test`,
      `salesforce:${ORG}:Contact:email\u0000ana@acme.test`,
    ]);
  });

  it('leaves an existing Contact, a Lead, and a Contact whose AccountId the user cannot see without an Account lookup', async () => {
    describeObject('Contact', [...STANDARD.Contact, 'AccountId']);
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test', AccountId: null }),
    ]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: '003A' }], { body: [saved('003A')] });
    const existing = await writer().write([item('e1', OPEN)], record);

    describeObject('Lead');
    query(
      "SELECT Id, Email, LastModifiedDate FROM Lead WHERE Email IN ('ana@acme.test') AND IsConverted = false",
      [],
    );
    collection(
      'POST',
      'Lead',
      [
        {
          Email: 'ana@acme.test',
          FirstName: 'Ana',
          LastName: 'Lima',
          Title: 'CTO',
          Company: 'Acme',
          Website: 'https://acme.test',
          OwnerId: OWNER,
        },
      ],
      { body: [saved('00QA')] },
    );
    const leadObject = await writer().write(
      [item('e2', OPEN, { salesforceObjectType: 'Lead' })],
      record,
    );

    describeObject('Contact');
    query(contactByEmail(['ana@acme.test']), []);
    collection('POST', 'Contact', [{ ...ANA_CONTACT, OwnerId: OWNER }], { body: [saved('003B')] });
    const hidden = await writer().write([item('e3', OPEN)], record);

    expect([existing.get('e1'), leadObject.get('e2'), hidden.get('e3')]).toEqual([
      written,
      written,
      written,
    ]);
    expect(calls.filter((call) => call.includes('Account'))).toEqual([]);
  });

  it('creates the Contact without an Account, with a warning, when Salesforce refuses the Account', async () => {
    anaIsNew();
    query(BY_WEBSITE, []);
    query(BY_NAME, []);
    collection('POST', 'Account', [NEW_ACME], {
      body: [refused('FIELD_CUSTOM_VALIDATION_EXCEPTION', 'Industry is required')],
    });
    collection('POST', 'Contact', [{ ...ANA_CONTACT, OwnerId: OWNER }], { body: [saved('003A')] });

    const outcomes = await writer().write([item('e1', OPEN)], record);

    expect(outcomes.get('e1')).toEqual({
      kind: 'written',
      warnings: [
        'Salesforce refused the Account Acme: FIELD_CUSTOM_VALIDATION_EXCEPTION: Industry is required, so the Contact has no Account.',
      ],
    });
    expect(recorded).toEqual([['e1', { contactId: '003A', contactWritten: true }]]);
  });

  it('creates the Contact without an Account, with a warning, when Salesforce refuses the lookup', async () => {
    anaIsNew();
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({ q: BY_WEBSITE })
      .reply(
        reply(`SOQL ${BY_WEBSITE}`, {
          status: 400,
          body: [
            {
              errorCode: 'INVALID_FIELD',
              message: "No such column 'Website' on entity 'Account'.",
            },
          ],
        }),
      );
    collection('POST', 'Contact', [{ ...ANA_CONTACT, OwnerId: OWNER }], { body: [saved('003A')] });

    const outcomes = await writer().write([item('e1', OPEN)], record);

    expect(outcomes.get('e1')).toEqual({
      kind: 'written',
      warnings: [
        "Salesforce refused to find or create the Account Acme (No such column 'Website' on entity 'Account'.), so the Contact has no Account.",
      ],
    });
  });

  it('holds the Contact back for the next attempt when the Account row is locked', async () => {
    anaIsNew();
    query(BY_WEBSITE, []);
    query(BY_NAME, []);
    collection('POST', 'Account', [NEW_ACME], {
      body: [refused('UNABLE_TO_LOCK_ROW', 'unable to obtain exclusive access to this record')],
    });

    const outcomes = await writer().write([item('e1', OPEN)], record);

    expect(outcomes.get('e1')).toEqual({
      kind: 'retry',
      step: 'person',
      message:
        'Salesforce refused the Account Acme: UNABLE_TO_LOCK_ROW: unable to obtain exclusive access to this record; the next attempt creates the Contact with it.',
      code: 'contention',
    });
    expect(recorded).toEqual([]);
  });
});
