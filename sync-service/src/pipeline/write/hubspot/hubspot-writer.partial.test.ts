// Partial success (issue 29) without the optional scope crm.schemas.contacts.write: OutSync's
// os_* properties the portal lacks and OutSync may not create are left out, the rest of each
// event (contact, company, e-mail or task) is written, and the event carries one warning. The
// refusal is kept 10 minutes per portal. A refusal of the contact itself still fails its event.
// Other properties HubSpot will not take: hubspot-writer.refused-properties.test.ts. Set-up in
// hubspot-writer.test-support.ts.
import nock from 'nock';
import { createPropertyCache } from './hubspot-properties';
import {
  API,
  AT,
  PORTAL,
  recorded,
  record,
  useHubspotNock,
  writer,
  post,
  get,
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
  OUTSYNC_PROPERTY_NAMES,
  OPEN_PROPERTIES,
  STANDARD_PROPERTY_NAMES,
  listContactProperties,
} from './hubspot-writer.test-support';

/** The requests HubSpot answered, in order: `METHOD path`. */
let calls: string[] = [];
useHubspotNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

const custom = { createContactCustomProperties: true };
const OPEN_WARNING =
  '10 properties skipped (os_last_campaign_id, os_last_campaign_name, os_last_email_campaign_id and 7 more): ' +
  'HubSpot did not grant the scope crm.schemas.contacts.write, which OutSync needs to create its properties ' +
  '— reconnect the HubSpot profile and grant crm.schemas.contacts.write.';
/** HubSpot's 403 for a token without the scope a call needs. */
const MISSING_SCOPES = {
  status: 403,
  body: {
    status: 'error',
    message: "This app hasn't been granted all required scopes to make this call.",
    correlationId: 'c-1',
    errors: [
      {
        message: 'One or more of the following scopes are required.',
        context: { requiredGranularScopes: ['crm.schemas.contacts.write'] },
      },
    ],
    category: 'MISSING_SCOPES',
  },
};

/** The portal has only HubSpot's own properties; OutSync may not create its group. */
function propertiesRefused() {
  listContactProperties(STANDARD_PROPERTY_NAMES);
  get(
    '/crm/v3/properties/contacts/groups',
    {},
    { body: { results: [{ name: 'contactinformation', label: 'Contact information' }] } },
  );
  post('/crm/v3/properties/contacts/groups', { name: 'outsync', label: 'OutSync' }, MISSING_SCOPES);
}

/** Ana's contact 501 is found and updated with `properties`. */
function anaUpdated(properties: Record<string, string>, traceId = 'e1', read = CONTACT_READ) {
  readByEmail(['ana@acme.test'], read, [hubspotRecord('501', { email: 'ana@acme.test' })]);
  updateContacts([{ id: '501', properties, objectWriteTraceId: traceId }]);
}

const associated = (id: string, associationTypeId: number) => ({
  to: { id },
  types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId }],
});

describe('without the scope crm.schemas.contacts.write', () => {
  it('writes the contact, the company and the e-mail without the os_* properties, each event with one warning', async () => {
    const bo = {
      ...LEAD,
      email: 'bo@beta.test',
      firstName: 'Bo',
      domain: 'beta.test',
      company: 'Beta',
    };
    propertiesRefused();
    readByEmail(['ana@acme.test', 'bo@beta.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);
    post(
      '/crm/v3/objects/contacts/batch/upsert',
      {
        inputs: [
          {
            idProperty: 'email',
            id: 'bo@beta.test',
            properties: {
              ...LEAD_PROPERTIES,
              email: 'bo@beta.test',
              firstname: 'Bo',
              company: 'Beta',
              website: 'https://beta.test',
            },
            objectWriteTraceId: 'e2',
          },
        ],
      },
      {
        body: {
          status: 'COMPLETE',
          results: [hubspotRecord('602', { email: 'bo@beta.test' }, { new: true })],
        },
      },
    );
    post(
      '/crm/v3/objects/companies/search',
      {
        filterGroups: [
          { filters: [{ propertyName: 'domain', operator: 'IN', values: ['beta.test'] }] },
        ],
        properties: ['domain', 'name', 'hubspot_owner_id'],
        limit: 200,
      },
      { body: { total: 0, results: [] } },
    );
    post(
      '/crm/v3/objects/companies/batch/create',
      {
        inputs: [
          {
            properties: { domain: 'beta.test', name: 'Beta' },
            associations: [],
            objectWriteTraceId: 'beta.test',
          },
        ],
      },
      {
        status: 201,
        body: {
          status: 'COMPLETE',
          results: [
            hubspotRecord('801', { domain: 'beta.test' }, { objectWriteTraceId: 'beta.test' }),
          ],
        },
      },
    );
    post(
      '/crm/v4/associations/contacts/companies/batch/associate/default',
      { inputs: [{ from: { id: '602' }, to: { id: '801' } }] },
      { body: { status: 'COMPLETE', results: [] } },
    );
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
              hs_email_headers:
                '{"from":{"email":"bo@beta.test","firstName":"Bo","lastName":"Lima"},"to":[{"email":"bob@seller.test","firstName":"Bob","lastName":"Stone"}],"cc":[],"bcc":[]}',
              hubspot_owner_id: '9001',
            },
            associations: [associated('602', 198), associated('801', 186)],
            objectWriteTraceId: 'e2',
          },
        ],
      },
      {
        status: 201,
        body: {
          status: 'COMPLETE',
          results: [hubspotRecord('902', {}, { objectWriteTraceId: 'e2' })],
        },
      },
    );

    const outcomes = await writer().write(
      [
        item('e1', { settings: custom }),
        item('e2', {
          event: {
            type: 'EMAIL_REPLY',
            lead: bo,
            subject: 'Re: Quick question',
            bodyText: 'Sounds good',
          },
          settings: { ...custom, createOrUpdateCompany: true },
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'GET /crm/v3/properties/contacts',
      'GET /crm/v3/properties/contacts/groups',
      'POST /crm/v3/properties/contacts/groups',
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/contacts/batch/upsert',
      'POST /crm/v3/objects/companies/search',
      'POST /crm/v3/objects/companies/batch/create',
      'POST /crm/v4/associations/contacts/companies/batch/associate/default',
      'POST /crm/v3/objects/emails/batch/create',
    ]);
    expect(outcomesOf(outcomes)).toEqual({
      e1: { kind: 'written', warnings: [OPEN_WARNING] },
      e2: {
        kind: 'written',
        warnings: [
          '11 properties skipped (os_last_campaign_id, os_last_campaign_name, os_last_email_campaign_id and 8 more): ' +
            'HubSpot did not grant the scope crm.schemas.contacts.write, which OutSync needs to create its properties ' +
            '— reconnect the HubSpot profile and grant crm.schemas.contacts.write.',
        ],
      },
    });
    expect(recorded).toEqual([
      ['e1', { contactId: '501', contactWritten: true }],
      ['e2', { contactId: '602', contactWritten: true }],
      ['e2', { companyId: '801', companyAssociated: true }],
      ['e2', { engagementStartedAt: expect.any(Date) as Date }],
      ['e2', { engagementId: '902', engagementType: 'emails' }],
    ]);
  });

  it('still fails an event whose contact HubSpot refuses, and writes the others', async () => {
    const bo = { ...LEAD, email: 'bo@beta.test', firstName: 'Bo' };
    const refusal =
      'Property values were not valid: [{"isValid":false,"message":"Email address bo@beta.test is invalid","error":"INVALID_EMAIL","name":"email"}]';
    propertiesRefused();
    readByEmail(['ana@acme.test', 'bo@beta.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
      hubspotRecord('502', { email: 'bo@beta.test' }),
    ]);
    updateContacts(
      [
        { id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' },
        {
          id: '502',
          properties: { ...LEAD_PROPERTIES, email: 'bo@beta.test', firstname: 'Bo' },
          objectWriteTraceId: 'e2',
        },
      ],
      {
        status: 207,
        body: {
          status: 'COMPLETE',
          results: [hubspotRecord('501')],
          errors: [
            {
              status: 'error',
              category: 'VALIDATION_ERROR',
              message: refusal,
              context: { objectWriteTraceId: ['e2'] },
            },
          ],
        },
      },
    );

    const outcomes = await writer().write(
      [item('e1', { settings: custom }), item('e2', { event: { lead: bo }, settings: custom })],
      record,
    );

    expect(outcomesOf(outcomes)).toEqual({
      e1: { kind: 'written', warnings: [OPEN_WARNING] },
      e2: {
        kind: 'failed',
        step: 'contact',
        message: `HubSpot refused it: ${refusal}`,
        code: 'record_refused',
      },
    });
    expect(recorded).toEqual([['e1', { contactId: '501', contactWritten: true }]]);
  });

  it('keeps the refusal for 10 minutes per portal, then asks again and creates the properties once granted', async () => {
    let clock = Date.parse('2026-11-23T10:00:00.000Z');
    const cache = createPropertyCache({ now: () => clock });
    propertiesRefused();
    anaUpdated(LEAD_PROPERTIES);

    const first = await writer(cache).write([item('e1', { settings: custom })], record);

    expect(outcomesOf(first)).toEqual({ e1: { kind: 'written', warnings: [OPEN_WARNING] } });

    // 9 minutes later, another batch: no property call, the same warning.
    clock += 9 * 60_000;
    calls = [];
    anaUpdated(LEAD_PROPERTIES, 'e2');

    const second = await writer(cache).write([item('e2', { settings: custom })], record);

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(second)).toEqual({ e2: { kind: 'written', warnings: [OPEN_WARNING] } });

    // Past 10 minutes the customer has reconnected and granted the scope: OutSync asks again.
    clock += 60_001;
    calls = [];
    listContactProperties(STANDARD_PROPERTY_NAMES);
    get('/crm/v3/properties/contacts/groups', {}, { body: { results: [] } });
    post(
      '/crm/v3/properties/contacts/groups',
      { name: 'outsync', label: 'OutSync' },
      {
        status: 201,
        body: { name: 'outsync', label: 'OutSync', displayOrder: -1, archived: false },
      },
    );
    nock(API)
      .post('/crm/v3/properties/contacts/batch/create')
      .reply(() => {
        calls.push('POST /crm/v3/properties/contacts/batch/create');
        return [
          201,
          { status: 'COMPLETE', results: OUTSYNC_PROPERTY_NAMES.map((name) => ({ name })) },
        ];
      });
    anaUpdated({ ...OPEN_PROPERTIES, os_number_of_email_opens: '1' }, 'e3', [
      ...CONTACT_READ,
      ...COUNTERS,
    ]);

    const third = await writer(cache).write([item('e3', { settings: custom })], record);

    expect(calls).toEqual([
      'GET /crm/v3/properties/contacts',
      'GET /crm/v3/properties/contacts/groups',
      'POST /crm/v3/properties/contacts/groups',
      'POST /crm/v3/properties/contacts/batch/create',
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(third)).toEqual({ e3: WRITTEN });
    expect(cache.has(PORTAL)).toBe(true);
  });

  it('warns an event whose contact an earlier attempt wrote, and writes nothing for it again', async () => {
    propertiesRefused();

    const outcomes = await writer().write(
      [item('e1', { settings: custom, steps: { contactId: '501', contactWritten: true } })],
      record,
    );

    expect(outcomesOf(outcomes)).toEqual({ e1: { kind: 'written', warnings: [OPEN_WARNING] } });
  });
});
