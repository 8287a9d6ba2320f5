// The HubSpot writer over batches: several events of one lead in one batch, and a retry. Set-up in
// hubspot-writer.test-support.ts.
import nock from 'nock';
import {
  API,
  AT,
  AT_MS,
  recorded,
  record,
  useHubspotNock,
  writer,
  knownProperties,
  post,
  hubspotRecord,
  LEAD,
  LEAD_PROPERTIES,
  item,
  outcomesOf,
  WRITTEN,
  CONTACT_READ,
  COUNTERS,
  readByEmail,
  updateContacts,
} from './hubspot-writer.test-support';

/** The requests HubSpot answered, in order: `METHOD path`. */
let calls: string[] = [];
useHubspotNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

/**
 * The retry's search for an activity its earlier attempt (begun 10:00:05) created: on contact
 * 501, at the event's time, created at most a minute before that attempt.
 */
function startedSearch(object: 'emails' | 'tasks', answer: Parameters<typeof post>[2]) {
  post(
    `/crm/v3/objects/${object}/search`,
    {
      filterGroups: [
        {
          filters: [
            { propertyName: 'associations.contact', operator: 'EQ', value: '501' },
            { propertyName: 'hs_timestamp', operator: 'EQ', value: AT_MS },
            { propertyName: 'hs_createdate', operator: 'GTE', value: '1795427945000' },
          ],
        },
      ],
      properties: [object === 'emails' ? 'hs_email_subject' : 'hs_task_subject'],
      limit: 200,
    },
    answer,
  );
}

describe('several events of one lead in one batch', () => {
  it('writes one contact with the merged properties: the latest value wins, counters add up', async () => {
    const custom = { createContactCustomProperties: true };
    readByEmail(
      ['ana@acme.test'],
      [...CONTACT_READ, ...COUNTERS],
      [
        hubspotRecord('501', {
          email: 'ana@acme.test',
          os_number_of_email_opens: '4',
          os_number_of_email_link_clicks: null,
        }),
      ],
    );
    updateContacts([
      {
        id: '501',
        properties: {
          ...LEAD_PROPERTIES,
          firstname: 'Anna',
          os_last_update_occurred: '2026-11-23T10:10:00.000Z',
          os_last_update_source: 'Smartlead',
          os_last_campaign_id: '42',
          os_last_campaign_name: 'Q4 outreach',
          os_last_email_campaign_id: '42',
          os_last_email_campaign_name: 'Q4 outreach',
          os_last_open_time: '2026-11-23T10:10:00.000Z',
          os_last_open_subject: 'Second',
          os_last_open_message: 'Hi Ana',
          os_last_link_click_time: '2026-11-23T10:05:00.000Z',
          os_last_link_click_url: 'https://acme.test/pricing',
          os_number_of_email_opens: '6',
          os_number_of_email_link_clicks: '1',
        },
        // The earliest event's id names the write.
        objectWriteTraceId: 'e2',
      },
    ]);

    const outcomes = await writer(knownProperties()).write(
      [
        item('e1', {
          event: {
            occurredAt: '2026-11-23T10:10:00.000Z',
            subject: 'Second',
            lead: { ...LEAD, firstName: 'Anna' },
          },
          settings: custom,
        }),
        item('e2', { event: { occurredAt: AT }, settings: custom }),
        item('e3', {
          event: {
            type: 'EMAIL_LINK_CLICK',
            occurredAt: '2026-11-23T10:05:00.000Z',
            link: 'https://acme.test/pricing',
          },
          settings: custom,
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN, e2: WRITTEN, e3: WRITTEN });
    expect(recorded).toEqual([
      ['e2', { contactId: '501', contactWritten: true }],
      ['e3', { contactId: '501', contactWritten: true }],
      ['e1', { contactId: '501', contactWritten: true }],
    ]);
  });
});

describe('a retry', () => {
  it('makes no call for the steps already done, and adopts an engagement an earlier attempt created', async () => {
    const started = new Date('2026-11-23T10:00:05.000Z');
    startedSearch('emails', {
      body: {
        total: 2,
        results: [
          hubspotRecord('903', { hs_email_subject: 'Other' }),
          hubspotRecord('904', { hs_email_subject: 'Quick question' }),
        ],
      },
    });

    const outcomes = await writer().write(
      [
        item('e1', {
          event: { type: 'EMAIL_SENT' },
          settings: { createOrUpdateCompany: true },
          steps: {
            contactId: '501',
            contactWritten: true,
            companyId: '930',
            companyAssociated: true,
            engagementId: '901',
            engagementType: 'emails',
          },
        }),
        item('e2', {
          event: { type: 'EMAIL_SENT' },
          steps: { contactId: '501', contactWritten: true, engagementStartedAt: started },
        }),
      ],
      record,
    );

    expect(calls).toEqual(['POST /crm/v3/objects/emails/search']);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN, e2: WRITTEN });
    expect(recorded).toEqual([['e2', { engagementId: '904', engagementType: 'emails' }]]);
  });

  it("does not adopt an e-mail another event records as its own, and creates this event's", async () => {
    startedSearch('emails', {
      body: { total: 1, results: [hubspotRecord('904', { hs_email_subject: 'Quick question' })] },
    });
    nock(API)
      .post('/crm/v3/objects/emails/batch/create')
      .reply(() => {
        calls.push('POST /crm/v3/objects/emails/batch/create');
        return [
          201,
          { status: 'COMPLETE', results: [hubspotRecord('907', {}, { objectWriteTraceId: 'e2' })] },
        ];
      });
    const asked: string[][] = [];
    const recordedElsewhere = (ids: readonly string[]) => {
      asked.push([...ids]);
      return Promise.resolve(new Map([['904', 'e-other']]));
    };

    const outcomes = await writer(undefined, undefined, undefined, recordedElsewhere).write(
      [
        item('e2', {
          event: { type: 'EMAIL_SENT' },
          steps: {
            contactId: '501',
            contactWritten: true,
            engagementStartedAt: new Date('2026-11-23T10:00:05.000Z'),
          },
        }),
      ],
      record,
    );

    expect(asked).toEqual([['904']]);
    expect(calls).toEqual([
      'POST /crm/v3/objects/emails/search',
      'POST /crm/v3/objects/emails/batch/create',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e2: WRITTEN });
    expect(recorded).toEqual([
      ['e2', { engagementStartedAt: expect.any(Date) as Date }],
      ['e2', { engagementId: '907', engagementType: 'emails' }],
    ]);
  });

  it('creates the engagement when the search finds none, and reads the contact of an unfinished contact step by id', async () => {
    post(
      '/crm/v3/objects/contacts/batch/read',
      { inputs: [{ id: '501' }], properties: CONTACT_READ, propertiesWithHistory: [] },
      { body: { status: 'COMPLETE', results: [hubspotRecord('501', { email: 'ana@acme.test' })] } },
    );
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);
    startedSearch('tasks', {
      body: { total: 1, results: [hubspotRecord('905', { hs_task_subject: 'Something else' })] },
    });
    nock(API)
      .post('/crm/v3/objects/tasks/batch/create')
      .reply(() => {
        calls.push('POST /crm/v3/objects/tasks/batch/create');
        return [
          201,
          { status: 'COMPLETE', results: [hubspotRecord('906', {}, { objectWriteTraceId: 'e1' })] },
        ];
      });

    const outcomes = await writer().write(
      [
        item('e1', {
          event: { type: 'EMAIL_SENT' },
          settings: { createOrUpdateTask: true },
          steps: { contactId: '501', engagementStartedAt: new Date('2026-11-23T10:00:05.000Z') },
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/tasks/search',
      'POST /crm/v3/objects/tasks/batch/create',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
  });
});
