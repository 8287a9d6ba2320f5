// The HubSpot writer's engagements: the tasks and e-mails it logs on the contact and company, by
// log type. Set-up in hubspot-writer.test-support.ts.
import nock from 'nock';
import {
  API,
  AT,
  PROFILE,
  recorded,
  record,
  useHubspotNock,
  writer,
  post,
  hubspotRecord,
  LEAD_PROPERTIES,
  item,
  outcomesOf,
  WRITTEN,
  CONTACT_READ,
  readByEmail,
  searchContacts,
  updateContacts,
} from './hubspot-writer.test-support';

/** The requests HubSpot answered, in order: `METHOD path`. */
let calls: string[] = [];
useHubspotNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

describe('engagements', () => {
  const contactFound = (properties = LEAD_PROPERTIES) => {
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties, objectWriteTraceId: 'e1' }]);
  };
  const association = (id: string, associationTypeId: number) => ({
    to: { id },
    types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId }],
  });
  const created = (type: string, id: string, traceId: string) => ({
    status: 201,
    body: { status: 'COMPLETE', results: [hubspotRecord(id, {}, { objectWriteTraceId: traceId })] },
  });

  it('logs a task with the default subject on the contact and company with Create task', async () => {
    contactFound();
    post(
      '/crm/v3/objects/companies/search',
      {
        filterGroups: [
          { filters: [{ propertyName: 'domain', operator: 'IN', values: ['acme.test'] }] },
        ],
        properties: ['domain', 'name', 'hubspot_owner_id'],
        limit: 200,
      },
      {
        body: { total: 1, results: [hubspotRecord('930', { domain: 'acme.test', name: 'Acme' })] },
      },
    );
    post(
      '/crm/v4/associations/contacts/companies/batch/associate/default',
      { inputs: [{ from: { id: '501' }, to: { id: '930' } }] },
      { body: { status: 'COMPLETE', results: [] } },
    );
    post(
      '/crm/v3/objects/tasks/batch/create',
      {
        inputs: [
          {
            properties: {
              hs_timestamp: AT,
              hs_task_subject: '[OS] [Smartlead - EMAIL_SENT] Quick question',
              hs_task_body: 'Hi Ana',
              hs_task_status: 'COMPLETED',
              hs_task_type: 'EMAIL',
              hubspot_owner_id: '9001',
            },
            associations: [association('501', 204), association('930', 192)],
            objectWriteTraceId: 'e1',
          },
        ],
      },
      created('tasks', '901', 'e1'),
    );

    const outcomes = await writer().write(
      [
        item('e1', {
          event: { type: 'EMAIL_SENT' },
          settings: { createOrUpdateTask: true, createOrUpdateCompany: true },
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/companies/search',
      'POST /crm/v4/associations/contacts/companies/batch/associate/default',
      'POST /crm/v3/objects/tasks/batch/create',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
    expect(recorded).toEqual([
      ['e1', { contactId: '501', contactWritten: true }],
      ['e1', { companyId: '930', companyAssociated: true }],
      ['e1', { engagementStartedAt: expect.any(Date) as Date }],
      ['e1', { engagementId: '901', engagementType: 'tasks' }],
    ]);
  });

  it('logs a reply as an incoming e-mail on the contact with log type 0', async () => {
    contactFound();
    post(
      '/crm/v3/objects/emails/batch/create',
      {
        inputs: [
          {
            properties: {
              hs_timestamp: AT,
              hs_email_direction: 'INCOMING_EMAIL',
              hs_email_status: 'SENT',
              hs_email_subject: 'Re: Quick question',
              hs_email_text: 'Sounds good',
              hs_email_html: '<p>Sounds good</p>',
              hs_email_headers:
                '{"from":{"email":"ana@acme.test","firstName":"Ana","lastName":"Lima"},"to":[{"email":"bob@seller.test","firstName":"Bob","lastName":"Stone"}],"cc":[],"bcc":[]}',
              hubspot_owner_id: '9001',
            },
            associations: [association('501', 198)],
            objectWriteTraceId: 'e1',
          },
        ],
      },
      created('emails', '902', 'e1'),
    );

    const outcomes = await writer().write(
      [
        item('e1', {
          event: {
            type: 'EMAIL_REPLY',
            subject: 'Re: Quick question',
            bodyText: 'Sounds good',
            bodyHtml: '<p>Sounds good</p>',
          },
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/emails/batch/create',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
    expect(recorded.at(-1)).toEqual(['e1', { engagementId: '902', engagementType: 'emails' }]);
  });

  it('logs a send as an outgoing e-mail associated with the company too', async () => {
    contactFound();
    post(
      '/crm/v3/objects/emails/batch/create',
      {
        inputs: [
          {
            properties: {
              hs_timestamp: AT,
              hs_email_direction: 'EMAIL',
              hs_email_status: 'SENT',
              hs_email_subject: 'Quick question',
              hs_email_text: 'Hi Ana',
              hs_email_headers:
                '{"from":{"email":"bob@seller.test","firstName":"Bob","lastName":"Stone"},"to":[{"email":"ana@acme.test","firstName":"Ana","lastName":"Lima"}],"cc":[],"bcc":[]}',
              hubspot_owner_id: '9001',
            },
            associations: [association('501', 198), association('930', 186)],
            objectWriteTraceId: 'e1',
          },
        ],
      },
      created('emails', '902', 'e1'),
    );

    const outcomes = await writer().write(
      [
        item('e1', {
          event: { type: 'EMAIL_SENT' },
          settings: { createOrUpdateCompany: true },
          // An earlier attempt associated the company: only its id is needed now.
          steps: { companyId: '930', companyAssociated: true },
        }),
      ],
      record,
    );

    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
  });

  it('logs a HeyReach connection as a completed to-do task, described when it carries no message', async () => {
    searchContacts(
      'hs_linkedin_url',
      [PROFILE],
      [...CONTACT_READ, 'hs_linkedin_url'],
      [hubspotRecord('501', { hs_linkedin_url: PROFILE })],
    );
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);
    post(
      '/crm/v3/objects/tasks/batch/create',
      {
        inputs: [
          {
            properties: {
              hs_timestamp: AT,
              hs_task_subject: '[OS] [HeyReach - CONNECTION_REQUEST_ACCEPTED]',
              hs_task_body:
                'Ana Lima accepted the connection request on HeyReach (campaign Q4 outreach).',
              hs_task_status: 'COMPLETED',
              hs_task_type: 'TODO',
              hubspot_owner_id: '9001',
            },
            associations: [association('501', 204)],
            objectWriteTraceId: 'e1',
          },
        ],
      },
      created('tasks', '903', 'e1'),
    );

    const outcomes = await writer().write(
      [
        item('e1', {
          event: {
            platform: 'heyreach',
            type: 'CONNECTION_REQUEST_ACCEPTED',
            subject: null,
            bodyText: null,
          },
          settings: { emailService: 'heyreach' },
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/search',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/tasks/batch/create',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
  });

  it('logs nothing for opens and clicks with log type 0', async () => {
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);

    const outcomes = await writer().write(
      [
        item('e1'),
        item('e2', { event: { type: 'EMAIL_LINK_CLICK', occurredAt: '2026-11-23T10:01:00.000Z' } }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN, e2: WRITTEN });
  });

  it('fails the event whose activity HubSpot leaves out of its answer', async () => {
    contactFound();
    nock(API)
      .post('/crm/v3/objects/emails/batch/create')
      .reply(201, { status: 'COMPLETE', results: [] });

    const outcomes = await writer().write([item('e1', { event: { type: 'EMAIL_SENT' } })], record);

    expect(outcomesOf(outcomes)).toEqual({
      e1: {
        kind: 'failed',
        step: 'engagement',
        message: 'HubSpot did not answer the activity it created.',
        code: 'unexpected',
      },
    });
  });
});
