// The Salesforce writer on each object: a Contact upserted after a lookup by e-mail, with its Task,
// and the Lead object. Set-up in salesforce-writer.test-support.ts.
import {
  OWNER,
  DAY,
  recorded,
  record,
  useSalesforceNock,
  writer,
  describeObject,
  query,
  row,
  collection,
  saved,
  LEAD,
  ANA_CONTACT,
  lead,
  item,
  written,
  emailTask,
  contactByEmail,
  ownerTimeZone,
} from './salesforce-writer.test-support';

/** The requests the org answered, in order: `METHOD path` (and the SOQL of queries). */
let calls: string[] = [];
useSalesforceNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

describe('Contact, Upsert, lookup by e-mail', () => {
  it('creates a missing Contact with the owner, then logs the send as an Email task (log type 0)', async () => {
    ownerTimeZone();
    describeObject('Contact');
    query(contactByEmail(['ana@acme.test']), []);
    collection('POST', 'Contact', [{ ...ANA_CONTACT, OwnerId: OWNER }], {
      body: [saved('003A')],
    });
    collection('POST', 'Task', [emailTask('003A')], { body: [saved('00TA')] });

    const outcomes = await writer().write([item('e1')], record);

    expect(outcomes).toEqual(new Map([['e1', written]]));
    expect(recorded).toEqual([
      ['e1', { contactId: '003A', contactWritten: true }],
      ['e1', { engagementStartedAt: expect.any(Date) as Date }],
      ['e1', { engagementId: '00TA', engagementType: 'tasks' }],
    ]);
  });

  it('updates the most recently modified of several matches, and logs a log type 1 Task with the rendered subject', async () => {
    ownerTimeZone();
    describeObject('Contact');
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', {
        Id: '003OLD',
        Email: 'ANA@acme.test',
        LastModifiedDate: '2026-01-01T00:00:00.000+0000',
      }),
      row('Contact', {
        Id: '003NEW',
        Email: 'ana@acme.test',
        LastModifiedDate: '2026-11-01T00:00:00.000+0000',
      }),
    ]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: '003NEW' }], { body: [saved('003NEW')] });
    collection(
      'POST',
      'Task',
      [
        {
          Subject: 'Ana Lima replied: Quick question',
          Description: 'Hi Ana',
          ActivityDate: DAY,
          Status: 'Completed',
          OwnerId: OWNER,
          Type: 'Email',
          WhoId: '003NEW',
        },
      ],
      { body: [saved('00TA')] },
    );

    const outcomes = await writer().write(
      [
        item(
          'e1',
          { type: 'EMAIL_REPLY' },
          {
            logType: 1,
            salesforceTaskType: 'Email',
            // The owner of an existing record is the customer's: it is not changed.
            customTaskSubject: '{{to_name}} replied: {{ subject }}',
          },
        ),
      ],
      record,
    );

    expect(outcomes.get('e1')).toEqual(written);
    expect(recorded[0]).toEqual(['e1', { contactId: '003NEW', contactWritten: true }]);
  });

  it('logs no activity for an open with log type 0, and leaves the fields the org lacks out of the update', async () => {
    describeObject('Contact', ['Id', 'Email', 'LastModifiedDate']);
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ Email: 'ana@acme.test', Id: '003A' }], {
      body: [saved('003A')],
    });

    const outcomes = await writer().write([item('e1', { type: 'EMAIL_OPEN' })], record);

    expect(outcomes.get('e1')).toEqual(written);
    expect(calls).toEqual([
      'GET describe Contact',
      `SOQL ${contactByEmail(['ana@acme.test'])}`,
      'PATCH Contact ×1',
    ]);
  });
});

describe('Lead object', () => {
  const leadByEmail = (emails: string[]) =>
    `SELECT Id, Email, LastModifiedDate FROM Lead WHERE Email IN (${emails.map((e) => `'${e}'`).join(', ')}) AND IsConverted = false`;

  it('creates a missing Lead with its company, or its domain, or "[not provided]"', async () => {
    describeObject('Lead');
    query(leadByEmail(['ana@acme.test', 'bo@beta.test', 'cy@gmail.test']), []);
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
        {
          Email: 'bo@beta.test',
          LastName: 'bo',
          Company: 'beta.test',
          Website: 'https://beta.test',
          OwnerId: OWNER,
        },
        { Email: 'cy@gmail.test', LastName: 'cy', Company: '[not provided]', OwnerId: OWNER },
      ],
      { body: [saved('00QA'), saved('00QB'), saved('00QC')] },
    );
    const bare = (email: string, domain: string | null) => ({
      ...LEAD,
      email,
      firstName: null,
      lastName: null,
      company: null,
      domain,
      title: null,
      phone: null,
    });
    const lead = { salesforceObjectType: 'Lead' as const };

    const outcomes = await writer().write(
      [
        item('e1', { type: 'EMAIL_OPEN' }, lead),
        item('e2', { type: 'EMAIL_OPEN', lead: bare('bo@beta.test', 'beta.test') }, lead),
        item('e3', { type: 'EMAIL_OPEN', lead: bare('cy@gmail.test', null) }, lead),
      ],
      record,
    );

    expect([...outcomes.values()]).toEqual([written, written, written]);
    expect(recorded.map(([id, steps]) => [id, steps.contactId])).toEqual([
      ['e1', '00QA'],
      ['e2', '00QB'],
      ['e3', '00QC'],
    ]);
  });

  it('Update Only: updates a found Lead and skips a missing one with a reason, writing nothing for it', async () => {
    ownerTimeZone();
    describeObject('Lead');
    query(leadByEmail(['ana@acme.test', 'lead2@acme.test']), [
      row('Lead', { Id: '00QA', Email: 'ana@acme.test' }),
    ]);
    collection(
      'PATCH',
      'Lead',
      [
        {
          FirstName: 'Ana',
          LastName: 'Lima',
          Email: 'ana@acme.test',
          Title: 'CTO',
          Company: 'Acme',
          Website: 'https://acme.test',
          Id: '00QA',
        },
      ],
      { body: [saved('00QA')] },
    );
    collection('POST', 'Task', [emailTask('00QA')], { body: [saved('00TA')] });
    const updateOnly = { salesforceObjectType: 'Lead' as const, salesforceOnlyUpdate: true };

    const outcomes = await writer().write(
      [item('e1', {}, updateOnly), item('e2', { lead: lead(2) }, updateOnly)],
      record,
    );

    expect(outcomes.get('e1')).toEqual(written);
    expect(outcomes.get('e2')).toEqual({
      kind: 'skipped',
      message:
        'No Salesforce Lead matches this lead (looked up by Email = lead2@acme.test), and the webhook is set to Update Only, so no Lead was created.',
    });
    expect(recorded.filter(([id]) => id === 'e2')).toEqual([]);
  });
});
