// The Salesforce writer over batches: several events of one lead, Contact and Lead webhooks of one
// org, the describe cache per org, and a retry. Set-up in salesforce-writer.test-support.ts.
import { createSalesforceFieldCache } from './salesforce-writer';
import {
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
  ANA_CONTACT,
  lead,
  item,
  written,
  emailTask,
  contactByEmail,
} from './salesforce-writer.test-support';

/** The requests the org answered, in order: `METHOD path` (and the SOQL of queries). */
let calls: string[] = [];
useSalesforceNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

describe('batches', () => {
  it('writes several events of one lead to one Contact, and each event’s Task, in one call each', async () => {
    describeObject('Contact');
    query(contactByEmail(['ana@acme.test', 'lead2@acme.test']), []);
    collection(
      'POST',
      'Contact',
      [{ ...ANA_CONTACT }, { Email: 'lead2@acme.test', FirstName: 'Lead2', LastName: 'lead2' }],
      { body: [saved('003A'), saved('003B')] },
    );
    collection(
      'POST',
      'Task',
      [
        emailTask('003A'),
        emailTask('003A', {
          Subject: 'Re: Quick question',
          Description: 'Sounds good',
          ActivityDate: '2026-11-24',
        }),
        emailTask('003B'),
      ],
      { body: [saved('00T1'), saved('00T2'), saved('00T3')] },
    );

    const outcomes = await writer().write(
      [
        item('e1', {}),
        item('e2', {
          type: 'EMAIL_REPLY',
          occurredAt: '2026-11-24T09:00:00.000Z',
          subject: 'Re: Quick question',
          bodyText: 'Sounds good',
        }),
        item('e3', { lead: lead(2) }),
      ],
      record,
    );

    expect([...outcomes.values()]).toEqual([written, written, written]);
    expect(calls).toHaveLength(4);
    expect(
      recorded
        .filter(([, steps]) => steps.engagementId)
        .map(([id, steps]) => [id, steps.engagementId]),
    ).toEqual([
      ['e1', '00T1'],
      ['e2', '00T2'],
      ['e3', '00T3'],
    ]);
  });

  it('writes Contact and Lead webhooks of one org in their own calls', async () => {
    describeObject('Contact');
    describeObject('Lead');
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: '003A' }], { body: [saved('003A')] });
    query(
      "SELECT Id, Email, LastModifiedDate FROM Lead WHERE Email IN ('lead2@acme.test') AND IsConverted = false",
      [row('Lead', { Id: '00QB', Email: 'lead2@acme.test' })],
    );
    collection(
      'PATCH',
      'Lead',
      [
        {
          FirstName: 'Lead2',
          Email: 'lead2@acme.test',
          Company: 'Acme',
          Website: 'https://acme.test',
          Id: '00QB',
        },
      ],
      {
        body: [saved('00QB')],
      },
    );

    const outcomes = await writer().write(
      [
        item('e1', { type: 'EMAIL_OPEN' }),
        item('e2', { type: 'EMAIL_OPEN', lead: lead(2) }, { salesforceObjectType: 'Lead' }),
      ],
      record,
    );
    expect([...outcomes.values()]).toEqual([written, written]);
  });

  it('describes each object once per org while the cache holds, and again after it expires', async () => {
    let now = 0;
    const cache = createSalesforceFieldCache({ ttlMs: 1000, now: () => now });
    const once = () => {
      query(contactByEmail(['ana@acme.test']), [
        row('Contact', { Id: '003A', Email: 'ana@acme.test' }),
      ]);
      collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: '003A' }], { body: [saved('003A')] });
    };
    describeObject('Contact');
    once();
    await writer(cache).write([item('e1', { type: 'EMAIL_OPEN' })], record);
    now = 999;
    once();
    await writer(cache).write([item('e2', { type: 'EMAIL_OPEN' })], record);
    now = 1000;
    describeObject('Contact');
    once();
    await writer(cache).write([item('e3', { type: 'EMAIL_OPEN' })], record);

    expect(calls.filter((call) => call.startsWith('GET describe'))).toHaveLength(2);
  });
});

describe('a retry', () => {
  it('makes no call for the steps already done', async () => {
    const outcomes = await writer().write(
      [
        item(
          'e1',
          {},
          {},
          {
            contactId: '003A',
            contactWritten: true,
            engagementId: '00TA',
            engagementType: 'tasks',
          },
        ),
      ],
      record,
    );
    expect(outcomes.get('e1')).toEqual(written);
    expect(calls).toEqual([]);
  });

  it('adopts a Task an earlier attempt created without recording it, and creates the one it does not find', async () => {
    const startedAt = new Date('2026-11-23T12:00:00.000Z');
    const steps = { contactId: '003A', contactWritten: true, engagementStartedAt: startedAt };
    query(
      "SELECT Id, WhoId, Subject, ActivityDate, CreatedDate FROM Task WHERE WhoId IN ('003A', '003B')",
      [
        // Too old to be the earlier attempt's: a Task somebody logged before.
        row('Task', {
          Id: '00TOLD',
          WhoId: '003B',
          Subject: 'Quick question',
          ActivityDate: DAY,
          CreatedDate: '2026-11-23T11:00:00.000+0000',
        }),
        row('Task', {
          Id: '00TA',
          WhoId: '003A',
          Subject: 'Quick question',
          ActivityDate: DAY,
          CreatedDate: '2026-11-23T12:00:01.000+0000',
        }),
      ],
    );
    collection('POST', 'Task', [emailTask('003B')], { body: [saved('00TB')] });

    const outcomes = await writer().write(
      [
        item('e1', {}, {}, steps),
        item('e2', { lead: lead(2) }, {}, { ...steps, contactId: '003B' }),
      ],
      record,
    );

    expect([...outcomes.values()]).toEqual([written, written]);
    expect(recorded).toEqual([
      ['e1', { engagementId: '00TA', engagementType: 'tasks' }],
      ['e2', { engagementStartedAt: expect.any(Date) as Date }],
      ['e2', { engagementId: '00TB', engagementType: 'tasks' }],
    ]);
  });
});
