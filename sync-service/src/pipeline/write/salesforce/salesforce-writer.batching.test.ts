// The Salesforce writer over batches: several events of one lead, Contact and Lead webhooks of one
// org, the describe cache per org, and a retry. Set-up in salesforce-writer.test-support.ts.
import { createSalesforceFieldCache } from './salesforce-writer';
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
  ANA_CONTACT,
  lead,
  item,
  written,
  emailTask,
  contactByEmail,
  STANDARD,
  ownerTimeZone,
} from './salesforce-writer.test-support';

/** The requests the org answered, in order: `METHOD path` (and the SOQL of queries). */
let calls: string[] = [];
useSalesforceNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

describe('batches', () => {
  it('writes several events of one lead to one Contact, and each event’s Task, in one call each', async () => {
    ownerTimeZone();
    describeObject('Contact');
    query(contactByEmail(['ana@acme.test', 'lead2@acme.test']), []);
    collection(
      'POST',
      'Contact',
      [
        { ...ANA_CONTACT, OwnerId: OWNER },
        { Email: 'lead2@acme.test', FirstName: 'Lead2', LastName: 'lead2', OwnerId: OWNER },
      ],
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
    // describe, lookup, Contacts, the owner's time zone, Tasks.
    expect(calls).toHaveLength(5);
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

  it("reads the lead's category from OutSync's fields for a Task subject that names it", async () => {
    ownerTimeZone();
    describeObject('Contact', [
      ...STANDARD.Contact,
      'OSLastLeadCategoryId__c',
      'OSLastLeadCategoryName__c',
    ]);
    query(
      "SELECT Id, OSLastLeadCategoryId__c, OSLastLeadCategoryName__c FROM Contact WHERE Id IN ('003A')",
      [
        row('Contact', {
          Id: '003A',
          OSLastLeadCategoryId__c: '1',
          OSLastLeadCategoryName__c: 'Interested',
        }),
      ],
    );
    collection(
      'POST',
      'Task',
      [
        {
          Subject: 'Interested: EMAIL_SENT',
          Description: 'Hi Ana',
          ActivityDate: DAY,
          Status: 'Completed',
          OwnerId: OWNER,
          Type: 'Call',
          WhoId: '003A',
        },
      ],
      { body: [saved('00TA')] },
    );
    const subject = {
      logType: 1 as const,
      salesforceTaskType: 'Call',
      customTaskSubject: '{{ lead_category_name }}: {{ event_type }}',
    };

    const outcomes = await writer().write(
      [item('e1', { category: null }, subject, { contactId: '003A', contactWritten: true })],
      record,
    );

    expect(outcomes.get('e1')).toEqual(written);
    expect(calls).toEqual([
      'GET describe Contact',
      "SOQL SELECT Id, OSLastLeadCategoryId__c, OSLastLeadCategoryName__c FROM Contact WHERE Id IN ('003A')",
      "SOQL SELECT Id, TimeZoneSidKey FROM User WHERE Id IN ('005000000000001AAA')",
      'POST Task ×1',
    ]);
  });

  it("dates a Task by the owner's time zone, asked once per owner while the cache lasts", async () => {
    ownerTimeZone('America/Los_Angeles');
    // 23:30 on the 23rd in San Francisco (PST), the 24th in UTC.
    const late = '2026-11-24T07:30:00.000Z';
    collection('POST', 'Task', [emailTask('003A', { ActivityDate: '2026-11-23' })], {
      body: [saved('00TA')],
    });
    collection('POST', 'Task', [emailTask('003B', { ActivityDate: '2026-11-23' })], {
      body: [saved('00TB')],
    });
    const cache = createSalesforceFieldCache();
    const steps = (contactId: string) => ({ contactId, contactWritten: true });

    await writer(cache).write([item('e1', { occurredAt: late }, {}, steps('003A'))], record);
    const outcomes = await writer(cache).write(
      [item('e2', { occurredAt: late }, {}, steps('003B'))],
      record,
    );

    expect(outcomes.get('e2')).toEqual(written);
    expect(calls).toEqual([
      "SOQL SELECT Id, TimeZoneSidKey FROM User WHERE Id IN ('005000000000001AAA')",
      'POST Task ×1',
      'POST Task ×1',
    ]);
  });

  it('adopts a Task an earlier attempt created without recording it, and creates the one it does not find', async () => {
    ownerTimeZone();
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

  it("does not adopt a Task another event records as its own, and creates this event's", async () => {
    ownerTimeZone();
    const steps = {
      contactId: '003A',
      contactWritten: true,
      engagementStartedAt: new Date('2026-11-23T12:00:00.000Z'),
    };
    query(
      "SELECT Id, WhoId, Subject, ActivityDate, CreatedDate FROM Task WHERE WhoId IN ('003A')",
      [
        row('Task', {
          Id: '00TA',
          WhoId: '003A',
          Subject: 'Quick question',
          ActivityDate: DAY,
          CreatedDate: '2026-11-23T12:00:01.000+0000',
        }),
      ],
    );
    collection('POST', 'Task', [emailTask('003A')], { body: [saved('00TC')] });
    const asked: string[][] = [];
    const recordedElsewhere = (ids: readonly string[]) => {
      asked.push([...ids]);
      return Promise.resolve(new Map([['00TA', 'e-other']]));
    };

    const outcomes = await writer(undefined, undefined, undefined, recordedElsewhere).write(
      [item('e1', {}, {}, steps)],
      record,
    );

    expect(asked).toEqual([['00TA']]);
    expect([...outcomes.values()]).toEqual([written]);
    expect(recorded).toEqual([
      ['e1', { engagementStartedAt: expect.any(Date) as Date }],
      ['e1', { engagementId: '00TC', engagementType: 'tasks' }],
    ]);
  });
});
