// The HubSpot writer's errors: what HubSpot refuses or fails, and the outcomes and steps that
// follow. Set-up in hubspot-writer.test-support.ts.
import nock from 'nock';
import {
  API,
  PORTAL,
  AT,
  recorded,
  record,
  useHubspotNock,
  writer,
  knownProperties,
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
  hubspotProperty,
} from './hubspot-writer.test-support';

/** The requests HubSpot answered, in order: `METHOD path`. */
let calls: string[] = [];
useHubspotNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

describe('errors', () => {
  const bo = {
    ...LEAD,
    email: 'bo@beta.test',
    firstName: 'Bo',
    domain: 'beta.test',
    company: 'Beta',
  };
  const boProperties = {
    ...LEAD_PROPERTIES,
    email: 'bo@beta.test',
    firstname: 'Bo',
    company: 'Beta',
    website: 'https://beta.test',
  };

  it('fails only the event a 207 error names, and goes on with the others', async () => {
    readByEmail(['ana@acme.test', 'bo@beta.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
      hubspotRecord('502', { email: 'bo@beta.test' }),
    ]);
    updateContacts(
      [
        { id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' },
        { id: '502', properties: boProperties, objectWriteTraceId: 'e2' },
      ],
      {
        status: 207,
        body: {
          status: 'COMPLETE',
          results: [hubspotRecord('502')],
          numErrors: 1,
          errors: [
            {
              status: 'error',
              category: 'VALIDATION_ERROR',
              message: 'Property values were not valid',
              context: { objectWriteTraceId: ['e1'] },
            },
          ],
        },
      },
    );
    post(
      '/crm/v3/objects/emails/batch/create',
      {
        inputs: [
          {
            properties: {
              hs_timestamp: '2026-11-23T10:01:00.000Z',
              hs_email_direction: 'EMAIL',
              hs_email_status: 'SENT',
              hs_email_subject: 'Quick question',
              hs_email_text: 'Hi Ana',
              hs_email_headers:
                '{"from":{"email":"bob@seller.test","firstName":"Bob","lastName":"Stone"},"to":[{"email":"bo@beta.test","firstName":"Bo","lastName":"Lima"}],"cc":[],"bcc":[]}',
              hubspot_owner_id: '9001',
            },
            associations: [
              {
                to: { id: '502' },
                types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 198 }],
              },
            ],
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
        item('e1', { event: { type: 'EMAIL_SENT' } }),
        item('e2', {
          event: { type: 'EMAIL_SENT', lead: bo, occurredAt: '2026-11-23T10:01:00.000Z' },
        }),
      ],
      record,
    );

    expect(outcomesOf(outcomes)).toEqual({
      e1: {
        kind: 'failed',
        step: 'contact',
        message: 'HubSpot refused it: Property values were not valid',
        code: 'record_refused',
      },
      e2: WRITTEN,
    });
    expect(recorded).toEqual([
      ['e2', { contactId: '502', contactWritten: true }],
      ['e2', { engagementStartedAt: expect.any(Date) as Date }],
      ['e2', { engagementId: '902', engagementType: 'emails' }],
    ]);
  });

  it('sends every event back for a retry after a rate limit, with the wait HubSpot names', async () => {
    post(
      '/crm/v3/objects/contacts/batch/read',
      {
        idProperty: 'email',
        inputs: [{ id: 'ana@acme.test' }, { id: 'bo@beta.test' }],
        properties: CONTACT_READ,
        propertiesWithHistory: [],
      },
      {
        status: 429,
        body: {
          status: 'error',
          message: 'You have reached your ten_secondly_rolling limit.',
          errorType: 'RATE_LIMIT',
          correlationId: 'c-1',
          policyName: 'TEN_SECONDLY_ROLLING',
        },
      },
    );

    const outcomes = await writer().write(
      [item('e1'), item('e2', { event: { lead: bo, occurredAt: '2026-11-23T10:01:00.000Z' } })],
      record,
    );

    const retry = {
      kind: 'retry',
      step: 'contact',
      message: expect.any(String) as string,
      code: 'rate_limited',
      retryAfterMs: 10000,
      rateLimited: true,
    };
    expect(outcomesOf(outcomes)).toEqual({ e1: retry, e2: retry });
    expect(recorded).toEqual([]);
  });

  it('keeps the steps done before a rate limit and retries from the step it hit', async () => {
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);
    nock(API)
      .post('/crm/v3/objects/emails/batch/create')
      .reply(429, { status: 'error', message: 'Too many requests' }, { 'Retry-After': '3' });

    const outcomes = await writer().write([item('e1', { event: { type: 'EMAIL_SENT' } })], record);

    expect(outcomesOf(outcomes)).toEqual({
      e1: {
        kind: 'retry',
        step: 'engagement',
        message: expect.any(String) as string,
        code: 'rate_limited',
        retryAfterMs: 3000,
        rateLimited: true,
      },
    });
    // HubSpot refused the create before creating anything: the start is withdrawn, so the retry
    // creates the e-mail again without searching for one first.
    expect(recorded).toStrictEqual([
      ['e1', { contactId: '501', contactWritten: true }],
      ['e1', { engagementStartedAt: expect.any(Date) as Date }],
      ['e1', { engagementStartedAt: undefined }],
    ]);
  });

  it('keeps the start of a create that failed after it was sent, so the retry looks for it first', async () => {
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);
    nock(API)
      .post('/crm/v3/objects/emails/batch/create')
      .reply(503, { status: 'error', message: 'Service unavailable' });

    const outcomes = await writer().write([item('e1', { event: { type: 'EMAIL_SENT' } })], record);

    expect(outcomesOf(outcomes).e1).toMatchObject({ kind: 'retry', step: 'engagement' });
    // A 503 may come after HubSpot created the e-mail: the retry must find it, not create twice.
    expect(recorded).toStrictEqual([
      ['e1', { contactId: '501', contactWritten: true }],
      ['e1', { engagementStartedAt: expect.any(Date) as Date }],
    ]);
  });

  it('fails the events of a chunk HubSpot refuses as a whole (400) when both its halves are refused too', async () => {
    const n = Array.from({ length: 101 }, (_, index) => index);
    const email = (i: number) => `lead${i}@acme.test`;
    const time = (i: number) => new Date(Date.parse(AT) + i * 1000).toISOString();
    const props = (i: number) => ({ ...LEAD_PROPERTIES, email: email(i) });
    readByEmail(
      n.slice(0, 100).map(email),
      CONTACT_READ,
      n.slice(0, 100).map((i) => hubspotRecord(`c${i}`, { email: email(i) })),
    );
    readByEmail([email(100)], CONTACT_READ, [hubspotRecord('c100', { email: email(100) })]);
    // Refused as a whole, and so are both halves: the refusal is the request's, not one input's.
    for (const [from, to] of [
      [0, 100],
      [0, 50],
      [50, 100],
    ] as const)
      updateContacts(
        n
          .slice(from, to)
          .map((i) => ({ id: `c${i}`, properties: props(i), objectWriteTraceId: `e${i}` })),
        {
          status: 400,
          body: {
            status: 'error',
            message: 'Property values were not valid',
            category: 'VALIDATION_ERROR',
          },
        },
      );
    updateContacts([{ id: 'c100', properties: props(100), objectWriteTraceId: 'e100' }]);

    const outcomes = await writer().write(
      n.map((i) =>
        item(`e${i}`, { event: { occurredAt: time(i), lead: { ...LEAD, email: email(i) } } }),
      ),
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    const refused = {
      kind: 'failed',
      step: 'contact',
      message: 'HubSpot refused it: Property values were not valid',
      // The request's refusal, not one record's: the history says the request was refused.
      code: 'invalid_request',
    };
    expect(outcomesOf(outcomes)).toEqual({
      ...Object.fromEntries(n.slice(0, 100).map((i) => [`e${i}`, refused])),
      e100: WRITTEN,
    });
    expect(recorded).toEqual([['e100', { contactId: 'c100', contactWritten: true }]]);
  });

  it('sends back the events of a contact HubSpot names only by id as not found (deleted since the lookup)', async () => {
    readByEmail(['ana@acme.test', 'bo@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
      hubspotRecord('502', { email: 'bo@acme.test' }),
    ]);
    updateContacts(
      [
        { id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' },
        {
          id: '502',
          properties: { ...LEAD_PROPERTIES, email: 'bo@acme.test' },
          objectWriteTraceId: 'e2',
        },
      ],
      {
        status: 207,
        body: {
          status: 'COMPLETE',
          results: [hubspotRecord('502')],
          numErrors: 1,
          errors: [
            {
              status: 'error',
              category: 'OBJECT_NOT_FOUND',
              message: 'Object not found.  objectId are usually numeric.',
              context: { ids: ['501'] },
            },
          ],
        },
      },
    );

    const outcomes = await writer().write(
      [item('e1'), item('e2', { event: { lead: { ...LEAD, email: 'bo@acme.test' } } })],
      record,
    );

    expect(outcomesOf(outcomes)).toEqual({
      e1: {
        kind: 'retry',
        step: 'contact',
        message: 'HubSpot refused it: Object not found.  objectId are usually numeric.',
        code: 'not_found',
      },
      e2: WRITTEN,
    });
    expect(recorded).toEqual([['e2', { contactId: '502', contactWritten: true }]]);
  });

  it('sends the events back for a retry and checks the properties again when one was deleted', async () => {
    const custom = { createContactCustomProperties: true };
    const message =
      'Property values were not valid: [{"isValid":false,"message":"Property \\"os_last_open_time\\" does not exist","error":"PROPERTY_DOESNT_EXIST","name":"os_last_open_time"}]';
    const properties = {
      ...LEAD_PROPERTIES,
      os_last_update_occurred: AT,
      os_last_update_source: 'Smartlead',
      os_last_campaign_id: '42',
      os_last_campaign_name: 'Q4 outreach',
      os_last_email_campaign_id: '42',
      os_last_email_campaign_name: 'Q4 outreach',
      os_last_open_time: AT,
      os_last_open_subject: 'Quick question',
      os_last_open_message: 'Hi Ana',
      os_number_of_email_opens: '1',
    };
    readByEmail(
      ['ana@acme.test'],
      [...CONTACT_READ, ...COUNTERS],
      [hubspotRecord('501', { email: 'ana@acme.test' })],
    );
    updateContacts([{ id: '501', properties, objectWriteTraceId: 'e1' }], {
      status: 400,
      body: { status: 'error', message, category: 'VALIDATION_ERROR' },
    });
    const cache = knownProperties();

    const outcomes = await writer(cache).write([item('e1', { settings: custom })], record);

    expect(outcomesOf(outcomes)).toEqual({
      e1: {
        kind: 'retry',
        step: 'contact',
        message: expect.stringContaining('PROPERTY_DOESNT_EXIST') as string,
        code: 'invalid_request',
      },
    });
    expect(cache.has(PORTAL)).toBe(false);
    expect(recorded).toEqual([]);

    // The retry checks the portal's properties again before it writes.
    calls = [];
    get(
      '/crm/v3/properties/contacts',
      { archived: 'false' },
      {
        body: { results: OUTSYNC_PROPERTY_NAMES.map(hubspotProperty) },
      },
    );
    readByEmail(
      ['ana@acme.test'],
      [...CONTACT_READ, ...COUNTERS],
      [hubspotRecord('501', { email: 'ana@acme.test' })],
    );
    updateContacts([{ id: '501', properties, objectWriteTraceId: 'e1' }]);

    const again = await writer(cache).write([item('e1', { settings: custom })], record);

    expect(calls).toEqual([
      'GET /crm/v3/properties/contacts',
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(again)).toEqual({ e1: WRITTEN });
  });
});
