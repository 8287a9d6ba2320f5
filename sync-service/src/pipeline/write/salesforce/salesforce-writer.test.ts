import { webhookSwitchDefaults } from '@outsync/contracts/webhooks';
import type { CanonicalEvent, CanonicalLead } from '@outsync/contracts/sync';
import nock from 'nock';
import { createSalesforceClient } from '../../../connectors/crm/salesforce';
import type { TokenAuth } from '../../../connectors/http';
import { assertNockDone } from '../../../connectors/test-support';
import type { SyncSteps } from '../../event-record';
import type { WriteItem, WriteOutcome, WrittenEventCounts } from '../crm-writer';
import {
  createSalesforceFieldCache,
  createSalesforceWriter,
  type SalesforceFieldCache,
} from './salesforce-writer';
import { createRecordIdCache, type RecordIdCache } from '../record-id-cache';
import { OUTSYNC_SALESFORCE_FIELDS } from './salesforce-field-catalog';
import type { SalesforceWriteSettings } from './salesforce-mapping';
import { TEST_LEAD, testEvent } from '../write-test-events';

// The Salesforce writer over a real SalesforceClient (connectors/crm/salesforce) and nock: every
// request the org's instance receives is asserted (method, path, SOQL, JSON body) in the order
// sent, with the outcomes and the recorded steps.

const INSTANCE = 'https://acme.my.salesforce.com';
const DATA = '/services/data/v62.0';
const ORG = '00D000000000001AAA';
const OWNER = '005000000000001AAA';
const AT = '2026-11-23T10:00:00.000Z';
const DAY = '2026-11-23';
const PROFILE = 'https://www.linkedin.com/in/ana-lima';

const auth: TokenAuth = {
  kind: 'bearer',
  getAccessToken: () => Promise.resolve('session-1'),
  refresh: () => Promise.resolve('session-2'),
};

/** The requests the org answered, in order: `METHOD path` (and the SOQL of queries). */
let calls: string[] = [];
/** The steps the writer recorded, in order. */
let recorded: Array<[string, Partial<SyncSteps>]> = [];
const record = (eventId: string, steps: Partial<SyncSteps>) => {
  recorded.push([eventId, steps]);
  return Promise.resolve();
};

beforeAll(() => nock.disableNetConnect());
beforeEach(() => {
  calls = [];
  recorded = [];
});
afterEach(assertNockDone);
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

function writer(
  fieldCache: SalesforceFieldCache = createSalesforceFieldCache(),
  writtenEventCounts?: WrittenEventCounts,
  personIds?: RecordIdCache,
) {
  const client = createSalesforceClient({
    instanceUrl: INSTANCE,
    apiVersion: '62.0',
    auth,
    retries: 0,
  });
  return createSalesforceWriter({ client, orgId: ORG, fieldCache, writtenEventCounts, personIds });
}

type Answer = { status?: number; body: unknown };
const reply = (label: string, answer: Answer) => () => {
  calls.push(label);
  return [answer.status ?? 200, answer.body as nock.Body] as const;
};

const STANDARD = {
  Contact: [
    'Id',
    'FirstName',
    'LastName',
    'Email',
    'Title',
    'Phone',
    'OwnerId',
    'LastModifiedDate',
  ],
  Lead: [
    'Id',
    'FirstName',
    'LastName',
    'Email',
    'Title',
    'Company',
    'Website',
    'OwnerId',
    'IsConverted',
    'LastModifiedDate',
  ],
};
const CUSTOM = OUTSYNC_SALESFORCE_FIELDS.map((field) => field.name);

/** GET describe: the object with these fields (the ones the connected user can see). */
function describeObject(object: 'Contact' | 'Lead', fields: readonly string[] = STANDARD[object]) {
  nock(INSTANCE)
    .get(`${DATA}/sobjects/${object}/describe`)
    .reply(
      reply(`GET describe ${object}`, {
        body: {
          name: object,
          label: object,
          fields: fields.map((name) => ({
            name,
            label: name,
            type: 'string',
            custom: name.endsWith('__c'),
            picklistValues: [],
          })),
        },
      }),
    );
}

/** GET query with exactly this SOQL. */
function query(soql: string, rows: Array<Record<string, unknown>>, status = 200) {
  nock(INSTANCE)
    .get(`${DATA}/query`)
    .query({ q: soql })
    .reply(
      reply(`SOQL ${soql}`, {
        status,
        body:
          status === 200
            ? { totalSize: rows.length, done: true, records: rows }
            : [{ errorCode: 'SERVER_UNAVAILABLE', message: 'Down for maintenance' }],
      }),
    );
}

function row(type: string, fields: { Id: string } & Record<string, unknown>) {
  return { attributes: { type, url: `${DATA}/sobjects/${type}/${fields.Id}` }, ...fields };
}

/** POST (create) or PATCH (update) /composite/sobjects with exactly these records. */
function collection(
  method: 'POST' | 'PATCH',
  type: string,
  records: Array<Record<string, unknown>>,
  answer: Answer,
) {
  const body = {
    allOrNone: false,
    records: records.map((fields) => ({ attributes: { type }, ...fields })),
  };
  const scope = nock(INSTANCE);
  (method === 'POST'
    ? scope.post(`${DATA}/composite/sobjects`, body)
    : scope.patch(`${DATA}/composite/sobjects`, body)
  ).reply(reply(`${method} ${type} ×${records.length}`, answer));
}

const saved = (id: string) => ({ id, success: true, errors: [] });
const refused = (statusCode: string, message: string) => ({
  success: false,
  errors: [{ statusCode, message, fields: [] }],
});

const LEAD = TEST_LEAD;

const ANA_CONTACT = {
  FirstName: 'Ana',
  LastName: 'Lima',
  Email: 'ana@acme.test',
  Title: 'CTO',
  Phone: '+1 555 0100',
};

function event(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return testEvent(overrides);
}

function lead(n: number): CanonicalLead {
  return {
    ...LEAD,
    email: `lead${n}@acme.test`,
    firstName: `Lead${n}`,
    lastName: null,
    title: null,
    phone: null,
  };
}

function settings(overrides: Partial<SalesforceWriteSettings> = {}): SalesforceWriteSettings {
  return {
    // Switches this file does not name keep their defaults (a new switch needs no edit here).
    ...webhookSwitchDefaults,
    emailService: 'smartlead',
    hubspotOwnerId: OWNER,
    assignContactOwner: false,
    createOrUpdateTask: false,
    createContactCustomProperties: false,
    logType: 0,
    customTaskSubject: '',
    salesforceObjectType: 'Contact',
    salesforceOnlyUpdate: false,
    salesforceCustomFieldObjects: [],
    salesforceTaskType: null,
    objectLookupMethod: 'default',
    objectLookupIdField: null,
    objectDefaultSearchProperty: null,
    optionalAlternativeProperty: null,
    ...overrides,
  };
}

function item(
  id: string,
  overrides: Partial<CanonicalEvent> = {},
  settingsOverrides: Partial<SalesforceWriteSettings> = {},
  steps: SyncSteps = {},
): WriteItem<SalesforceWriteSettings> {
  const made = event(overrides);
  return {
    id,
    event: made,
    settings: settings(settingsOverrides),
    steps: { ...steps },
    leadKey: made.lead.email ?? made.lead.profileUrl,
  };
}

const written: WriteOutcome = { kind: 'written' };

/** The e-mail activity (log type 0) of `event()` on `whoId`. */
function emailTask(whoId: string, overrides: Record<string, unknown> = {}) {
  return {
    Subject: 'Quick question',
    Description: 'Hi Ana',
    ActivityDate: DAY,
    Status: 'Completed',
    OwnerId: OWNER,
    TaskSubtype: 'Email',
    WhoId: whoId,
    ...overrides,
  };
}

const contactByEmail = (emails: string[], extra = '') =>
  `SELECT Id, Email, LastModifiedDate${extra} FROM Contact WHERE Email IN (${emails.map((e) => `'${e}'`).join(', ')})`;

describe('Contact, Upsert, lookup by e-mail', () => {
  it('creates a missing Contact with the owner, then logs the send as an Email task (log type 0)', async () => {
    describeObject('Contact');
    query(contactByEmail(['ana@acme.test']), []);
    collection('POST', 'Contact', [{ ...ANA_CONTACT, OwnerId: OWNER }], {
      body: [saved('003A')],
    });
    collection('POST', 'Task', [emailTask('003A')], { body: [saved('00TA')] });

    const outcomes = await writer().write([item('e1', {}, { assignContactOwner: true })], record);

    expect(outcomes).toEqual(new Map([['e1', written]]));
    expect(recorded).toEqual([
      ['e1', { contactId: '003A', contactWritten: true }],
      ['e1', { engagementStartedAt: expect.any(Date) as Date }],
      ['e1', { engagementId: '00TA', engagementType: 'tasks' }],
    ]);
  });

  it('updates the most recently modified of several matches, and logs a log type 1 Task with the rendered subject', async () => {
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
            customTaskSubject: '{{to_name}} replied: {{ subject }}',
            // The owner of an existing record is the customer's: it is not changed.
            assignContactOwner: true,
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
        },
        {
          Email: 'bo@beta.test',
          LastName: 'bo',
          Company: 'beta.test',
          Website: 'https://beta.test',
        },
        { Email: 'cy@gmail.test', LastName: 'cy', Company: '[not provided]' },
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

describe('lookup methods', () => {
  it('AlternativeProperty: one query per field for the whole batch, each event taking its most specific match', async () => {
    describeObject('Contact', [...STANDARD.Contact, 'External_Id__c']);
    query(
      "SELECT Id, External_Id__c, LastModifiedDate FROM Contact WHERE External_Id__c IN ('X-1', '003000000000002AAA', 'X-2')",
      [row('Contact', { Id: '003X1', External_Id__c: 'X-1' })],
    );
    query("SELECT Id, LastModifiedDate FROM Contact WHERE Id IN ('003000000000002AAA')", [
      row('Contact', { Id: '003000000000002AAA' }),
    ]);
    query(contactByEmail(['lead1@acme.test', 'lead2@acme.test', 'lead3@acme.test']), [
      // lead1 also matches by e-mail, but its os_objectlookup_id is more specific.
      row('Contact', { Id: '003E1', Email: 'lead1@acme.test' }),
    ]);
    collection(
      'PATCH',
      'Contact',
      [
        { Email: 'lead1@acme.test', FirstName: 'Lead1', Id: '003X1' },
        { Email: 'lead2@acme.test', FirstName: 'Lead2', Id: '003000000000002AAA' },
      ],
      { body: [saved('003X1'), saved('003000000000002AAA')] },
    );
    collection(
      'POST',
      'Contact',
      // The new Contact holds its os_objectlookup_id, so the next event finds it by it.
      [{ External_Id__c: 'X-2', Email: 'lead3@acme.test', FirstName: 'Lead3', LastName: 'lead3' }],
      { body: [saved('003N3')] },
    );
    const alternative = {
      objectLookupMethod: 'AlternativeProperty' as const,
      objectLookupIdField: 'External_Id__c',
      objectDefaultSearchProperty: 'Id',
    };

    const outcomes = await writer().write(
      [
        item('e1', { type: 'EMAIL_OPEN', lead: lead(1), objectLookupId: 'X-1' }, alternative),
        item(
          'e2',
          { type: 'EMAIL_OPEN', lead: lead(2), objectLookupId: '003000000000002AAA' },
          alternative,
        ),
        item('e3', { type: 'EMAIL_OPEN', lead: lead(3), objectLookupId: 'X-2' }, alternative),
      ],
      record,
    );

    expect([...outcomes.values()]).toEqual([written, written, written]);
    expect(recorded.map(([id, steps]) => [id, steps.contactId])).toEqual([
      ['e1', '003X1'],
      ['e2', '003000000000002AAA'],
      ['e3', '003N3'],
    ]);
  });

  it('OptionalAlternativeProperty, HeyReach: searches the named profile field, then e-mail, and fails an event whose lookup fields Salesforce lacks', async () => {
    describeObject('Contact', [...STANDARD.Contact, 'LinkedIn_URL__c']);
    query(
      `SELECT Id, LinkedIn_URL__c, LastModifiedDate FROM Contact WHERE LinkedIn_URL__c IN ('${PROFILE}')`,
      [row('Contact', { Id: '003L', LinkedIn_URL__c: PROFILE })],
    );
    query(contactByEmail(['ana@acme.test']), []);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: '003L' }], { body: [saved('003L')] });
    collection(
      'POST',
      'Task',
      [
        {
          Subject: '[OS] [HeyReach - MESSAGE_SENT]',
          Description: 'Hi Ana',
          ActivityDate: DAY,
          Status: 'Completed',
          OwnerId: OWNER,
          Type: 'Other',
          WhoId: '003L',
        },
      ],
      { body: [saved('00TA')] },
    );
    const heyreach = {
      platform: 'heyreach' as const,
      type: 'MESSAGE_SENT' as const,
      subject: null,
    };
    const optional = {
      emailService: 'heyreach' as const,
      logType: 1 as const,
      salesforceTaskType: 'Other',
      objectLookupMethod: 'OptionalAlternativeProperty' as const,
      optionalAlternativeProperty: { profile_url: 'LinkedIn_URL__c' },
    };

    const outcomes = await writer().write(
      [
        item('e1', heyreach, optional),
        item(
          'e2',
          { ...heyreach, lead: { ...LEAD, email: null } },
          {
            ...optional,
            optionalAlternativeProperty: { profile_url: 'Gone__c', email: 'Gone_Email__c' },
          },
        ),
      ],
      record,
    );

    expect(outcomes.get('e1')).toEqual(written);
    expect(outcomes.get('e2')).toEqual({
      kind: 'failed',
      step: 'person',
      message:
        "Salesforce Contact has no field Gone__c that the connected user can see: choose another lookup field in the webhook's settings.",
    });
  });
});

describe('custom fields', () => {
  const on = {
    createContactCustomProperties: true,
    salesforceCustomFieldObjects: ['Contact' as const],
  };
  const openCounters = (extra: string) =>
    contactByEmail(
      ['ana@acme.test'],
      `, OSNumberOfEmailOpens__c, OSNumberOfEmailLinkClicks__c${extra}`,
    );

  it('writes the event’s fields and adds the batch’s opens to the counter the Contact holds', async () => {
    describeObject('Contact', [...STANDARD.Contact, ...CUSTOM]);
    query(openCounters(''), [
      row('Contact', {
        Id: '003A',
        Email: 'ana@acme.test',
        OSNumberOfEmailOpens__c: 4,
        OSNumberOfEmailLinkClicks__c: null,
      }),
    ]);
    collection(
      'PATCH',
      'Contact',
      [
        {
          ...ANA_CONTACT,
          OSLastUpdateOccurred__c: '2026-11-23T11:00:00.000Z',
          OSLastUpdateSource__c: 'Smartlead',
          OSLastCampaignId__c: '42',
          OSLastCampaignName__c: 'Q4 outreach',
          OSLastEmailCampaignId__c: '42',
          OSLastEmailCampaignName__c: 'Q4 outreach',
          OSLastOpenTime__c: '2026-11-23T11:00:00.000Z',
          OSLastOpenSubject__c: 'Later subject',
          OSLastOpenMessage__c: 'Hi Ana',
          OSNumberOfEmailOpens__c: 6,
          Id: '003A',
        },
      ],
      { body: [saved('003A')] },
    );

    const outcomes = await writer().write(
      [
        item(
          'e2',
          { type: 'EMAIL_OPEN', occurredAt: '2026-11-23T11:00:00.000Z', subject: 'Later subject' },
          on,
        ),
        item('e1', { type: 'EMAIL_OPEN' }, on),
      ],
      record,
    );

    expect([...outcomes.values()]).toEqual([written, written]);
    expect(calls).toHaveLength(3);
  });

  it('counts from the log when it can, whatever the Contact holds', async () => {
    describeObject('Contact', [...STANDARD.Contact, ...CUSTOM]);
    query(openCounters(''), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test', OSNumberOfEmailOpens__c: 40 }),
    ]);
    collection(
      'PATCH',
      'Contact',
      [
        {
          ...ANA_CONTACT,
          OSLastUpdateOccurred__c: AT,
          OSLastUpdateSource__c: 'Smartlead',
          OSLastCampaignId__c: '42',
          OSLastCampaignName__c: 'Q4 outreach',
          OSLastEmailCampaignId__c: '42',
          OSLastEmailCampaignName__c: 'Q4 outreach',
          OSLastOpenTime__c: AT,
          OSLastOpenSubject__c: 'Quick question',
          OSLastOpenMessage__c: 'Hi Ana',
          // The log's 2 written opens plus this one; the Contact's 40 is not the log's.
          OSNumberOfEmailOpens__c: 3,
          Id: '003A',
        },
      ],
      { body: [saved('003A')] },
    );
    const counts: WrittenEventCounts = (keys) => {
      expect(keys).toEqual(['ana@acme.test']);
      return Promise.resolve(new Map([['ana@acme.test', { opens: 2, clicks: 0 }]]));
    };

    const outcomes = await writer(createSalesforceFieldCache(), counts).write(
      [item('e1', { type: 'EMAIL_OPEN' }, on)],
      record,
    );
    expect(outcomes.get('e1')).toEqual(written);
  });

  it('leaves out the fields the org lacks and warns once per event with the fix, without retrying', async () => {
    const present = CUSTOM.filter(
      (name) => !['OSLastOpenTime__c', 'OSNumberOfEmailOpens__c'].includes(name),
    );
    describeObject('Contact', [...STANDARD.Contact, ...present]);
    query(contactByEmail(['ana@acme.test'], ', OSNumberOfEmailLinkClicks__c'), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test' }),
    ]);
    collection(
      'PATCH',
      'Contact',
      [
        {
          ...ANA_CONTACT,
          OSLastUpdateOccurred__c: AT,
          OSLastUpdateSource__c: 'Smartlead',
          OSLastCampaignId__c: '42',
          OSLastCampaignName__c: 'Q4 outreach',
          OSLastEmailCampaignId__c: '42',
          OSLastEmailCampaignName__c: 'Q4 outreach',
          OSLastOpenSubject__c: 'Quick question',
          OSLastOpenMessage__c: 'Hi Ana',
          Id: '003A',
        },
      ],
      { body: [saved('003A')] },
    );

    const outcomes = await writer().write([item('e1', { type: 'EMAIL_OPEN' }, on)], record);

    expect(outcomes.get('e1')).toEqual({
      kind: 'written',
      warnings: [
        'Salesforce Contact has no OutSync field OSLastOpenTime__c, OSNumberOfEmailOpens__c that the connected user can see, so those values were not written: click "Create Fields" in the webhook\'s settings to add them.',
      ],
    });
  });

  it('writes no custom field on an object the webhook has not chosen for them', async () => {
    describeObject('Contact', [...STANDARD.Contact, ...CUSTOM]);
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: '003A' }], { body: [saved('003A')] });

    const outcomes = await writer().write(
      [
        item(
          'e1',
          { type: 'EMAIL_OPEN' },
          { createContactCustomProperties: true, salesforceCustomFieldObjects: ['Lead'] },
        ),
      ],
      record,
    );
    expect(outcomes.get('e1')).toEqual(written);
  });
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

describe('person ids remembered by lookup key', () => {
  const ANA = '003000000000001AAA';
  const ANA_AGAIN = '003000000000002AAA';
  const byId = (id: string) => `SELECT Id, LastModifiedDate FROM Contact WHERE Id IN ('${id}')`;
  const open = (id: string) => item(id, { type: 'EMAIL_OPEN' });

  /** The first batch: the lead is found by e-mail and updated; the cache now knows it. */
  async function firstWrite(fields: SalesforceFieldCache, cache: RecordIdCache) {
    describeObject('Contact');
    query(contactByEmail(['ana@acme.test']), [row('Contact', { Id: ANA, Email: 'ana@acme.test' })]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: ANA }], { body: [saved(ANA)] });
    expect(await writer(fields, undefined, cache).write([open('e1')], record)).toEqual(
      new Map([['e1', written]]),
    );
    calls = [];
  }

  it('reads the person a lead was found in by Id the next time, with no lookup query', async () => {
    const fields = createSalesforceFieldCache();
    const cache = createRecordIdCache();
    await firstWrite(fields, cache);
    query(byId(ANA), [row('Contact', { Id: ANA })]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: ANA }], { body: [saved(ANA)] });

    const outcomes = await writer(fields, undefined, cache).write([open('e2')], record);

    expect(calls).toEqual([`SOQL ${byId(ANA)}`, 'PATCH Contact ×1']);
    expect(outcomes).toEqual(new Map([['e2', written]]));
  });

  it('looks the lead up again when the org no longer has the remembered person', async () => {
    const fields = createSalesforceFieldCache();
    const cache = createRecordIdCache();
    await firstWrite(fields, cache);
    query(byId(ANA), []);
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: ANA_AGAIN, Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: ANA_AGAIN }], {
      body: [saved(ANA_AGAIN)],
    });

    const outcomes = await writer(fields, undefined, cache).write([open('e2')], record);

    expect(calls).toEqual([
      `SOQL ${byId(ANA)}`,
      `SOQL ${contactByEmail(['ana@acme.test'])}`,
      'PATCH Contact ×1',
    ]);
    expect(outcomes).toEqual(new Map([['e2', written]]));
    expect(recorded.at(-1)).toEqual(['e2', { contactId: ANA_AGAIN, contactWritten: true }]);
  });

  it('forgets a person an update finds deleted: the retry looks the lead up again', async () => {
    const fields = createSalesforceFieldCache();
    const cache = createRecordIdCache();
    await firstWrite(fields, cache);
    query(byId(ANA), [row('Contact', { Id: ANA })]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: ANA }], {
      body: [refused('ENTITY_IS_DELETED', 'entity is deleted')],
    });
    const first = await writer(fields, undefined, cache).write([open('e2')], record);
    expect(first.get('e2')).toEqual({
      kind: 'retry',
      step: 'person',
      message: 'Salesforce refused the Contact: ENTITY_IS_DELETED: entity is deleted',
    });
    calls = [];

    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: ANA_AGAIN, Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: ANA_AGAIN }], {
      body: [saved(ANA_AGAIN)],
    });
    const retried = await writer(fields, undefined, cache).write([open('e2')], record);

    expect(calls).toEqual([`SOQL ${contactByEmail(['ana@acme.test'])}`, 'PATCH Contact ×1']);
    expect(retried).toEqual(new Map([['e2', written]]));
  });
});

describe('errors', () => {
  it('fails only the event whose record Salesforce refuses, and goes on with the others', async () => {
    describeObject('Contact');
    query(contactByEmail(['lead1@acme.test', 'lead2@acme.test', 'lead3@acme.test']), []);
    collection(
      'POST',
      'Contact',
      [
        { Email: 'lead1@acme.test', FirstName: 'Lead1', LastName: 'lead1' },
        { Email: 'lead2@acme.test', FirstName: 'Lead2', LastName: 'lead2' },
        { Email: 'lead3@acme.test', FirstName: 'Lead3', LastName: 'lead3' },
      ],
      {
        body: [
          saved('003A'),
          refused('DUPLICATES_DETECTED', 'Use one of these records?'),
          refused('UNABLE_TO_LOCK_ROW', 'unable to obtain exclusive access to this record'),
        ],
      },
    );
    collection('POST', 'Task', [emailTask('003A')], {
      body: [refused('INVALID_CROSS_REFERENCE_KEY', 'Owner ID: owner cannot be inactive')],
    });

    const outcomes = await writer().write(
      [item('e1', { lead: lead(1) }), item('e2', { lead: lead(2) }), item('e3', { lead: lead(3) })],
      record,
    );

    expect(outcomes).toEqual(
      new Map<string, WriteOutcome>([
        [
          'e1',
          {
            kind: 'failed',
            step: 'task',
            message:
              'Salesforce refused the Task: INVALID_CROSS_REFERENCE_KEY: Owner ID: owner cannot be inactive',
          },
        ],
        [
          'e2',
          {
            kind: 'failed',
            step: 'person',
            message:
              'Salesforce refused the Contact: DUPLICATES_DETECTED: Use one of these records?',
          },
        ],
        [
          'e3',
          {
            kind: 'retry',
            step: 'person',
            message:
              'Salesforce refused the Contact: UNABLE_TO_LOCK_ROW: unable to obtain exclusive access to this record',
          },
        ],
      ]),
    );
    // Only e1's person is written; its Task was refused, so it has no engagementId.
    expect(recorded.map(([id, steps]) => [id, Object.keys(steps)])).toEqual([
      ['e1', ['contactId', 'contactWritten']],
      ['e1', ['engagementStartedAt']],
    ]);
  });

  it('retries the events of a record that names a field deleted since the describe, and describes again', async () => {
    const cache = createSalesforceFieldCache();
    describeObject('Contact');
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: '003A' }], {
      body: [refused('INVALID_FIELD', 'No such column Title on entity Contact')],
    });
    const first = await writer(cache).write([item('e1', { type: 'EMAIL_OPEN' })], record);
    expect(first.get('e1')).toMatchObject({ kind: 'retry', step: 'person' });

    describeObject('Contact', ['Id', 'Email', 'LastModifiedDate']);
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ Email: 'ana@acme.test', Id: '003A' }], {
      body: [saved('003A')],
    });
    const second = await writer(cache).write([item('e1', { type: 'EMAIL_OPEN' })], record);
    expect(second.get('e1')).toEqual(written);
  });

  it('sends every event back for a retry when Salesforce is down, and fails them on a refused query', async () => {
    describeObject('Contact');
    query(contactByEmail(['ana@acme.test']), [], 503);
    const down = await writer().write([item('e1')], record);
    expect(down.get('e1')).toMatchObject({ kind: 'retry', step: 'person' });

    nock(INSTANCE)
      .get(`${DATA}/sobjects/Contact/describe`)
      .reply(
        reply('GET describe Contact', {
          status: 403,
          body: [{ errorCode: 'INSUFFICIENT_ACCESS', message: 'No access' }],
        }),
      );
    const refusedDescribe = await writer().write([item('e2')], record);
    expect(refusedDescribe.get('e2')).toMatchObject({ kind: 'failed', step: 'fields' });
    expect(recorded).toEqual([]);
  });

  it('records the Contacts of the chunks written before an interrupted batch, and a retry writes only the rest', async () => {
    const leads = Array.from({ length: 201 }, (_, n) => lead(n));
    const emails = leads.map((one) => one.email ?? '');
    const newContact = (n: number) => ({
      Email: `lead${n}@acme.test`,
      FirstName: `Lead${n}`,
      LastName: `lead${n}`,
    });
    describeObject('Contact');
    query(contactByEmail(emails.slice(0, 200)), []);
    query(contactByEmail(emails.slice(200)), []);
    collection(
      'POST',
      'Contact',
      leads.slice(0, 200).map((_, n) => newContact(n)),
      {
        body: leads.slice(0, 200).map((_, n) => saved(`003C${n}`)),
      },
    );
    collection('POST', 'Contact', [newContact(200)], {
      status: 503,
      body: [{ errorCode: 'SERVER_UNAVAILABLE', message: 'Down for maintenance' }],
    });
    const items = leads.map((one, n) => item(`e${n}`, { type: 'EMAIL_OPEN', lead: one }));

    const outcomes = await writer().write(items, record);

    expect(new Set([...outcomes.values()].map((outcome) => outcome.kind))).toEqual(
      new Set(['retry']),
    );
    expect(outcomes.size).toBe(201);
    expect(recorded).toHaveLength(200);
    expect(recorded[199]).toEqual(['e199', { contactId: '003C199', contactWritten: true }]);
    expect(items[0]?.steps).toEqual({ contactId: '003C0', contactWritten: true });

    // The retry: the recorded events make no call; the last one is looked up and created.
    calls = [];
    describeObject('Contact');
    query(contactByEmail(['lead200@acme.test']), []);
    collection('POST', 'Contact', [newContact(200)], { body: [saved('003C200')] });
    const retried = await writer().write(items, record);
    expect([...retried.values()].every((outcome) => outcome.kind === 'written')).toBe(true);
    expect(calls).toHaveLength(3);
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
