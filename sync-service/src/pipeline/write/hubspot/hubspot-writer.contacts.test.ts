// What the HubSpot writer writes on a contact beyond the lead's own fields: the contact owner
// (assignContactOwner) and the custom os_* properties (createContactCustomProperties). Set-up in
// hubspot-writer.test-support.ts.
import nock from 'nock';
import { createPropertyCache } from './hubspot-properties';
import {
  API,
  AT,
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
  typesOf,
  hubspotProperty,
} from './hubspot-writer.test-support';

/** The requests HubSpot answered, in order: `METHOD path`. */
let calls: string[] = [];
useHubspotNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

describe('contact owner (assignContactOwner)', () => {
  it('gives the owner to an existing contact only when it has none', async () => {
    const cy = { ...LEAD, email: 'cy@acme.test', firstName: 'Cy' };
    readByEmail(['ana@acme.test', 'cy@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test', hubspot_owner_id: '77' }),
      hubspotRecord('503', { email: 'cy@acme.test', hubspot_owner_id: null }),
    ]);
    updateContacts([
      { id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' },
      {
        id: '503',
        properties: {
          ...LEAD_PROPERTIES,
          email: 'cy@acme.test',
          firstname: 'Cy',
          hubspot_owner_id: '9001',
        },
        objectWriteTraceId: 'e2',
      },
    ]);

    const outcomes = await writer().write(
      [
        item('e1', { settings: { assignContactOwner: true } }),
        item('e2', { event: { lead: cy }, settings: { assignContactOwner: true } }),
      ],
      record,
    );

    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN, e2: WRITTEN });
  });

  it('gives no owner without assignContactOwner', async () => {
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);

    await writer().write([item('e1')], record);

    expect(calls).toHaveLength(2);
  });
});

describe('custom contact properties (createContactCustomProperties)', () => {
  const custom = { createContactCustomProperties: true };
  const openProperties = {
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
  };

  it('creates the missing properties and their group once per portal, then increments the opens counter', async () => {
    let created: { inputs: Array<Record<string, unknown>> } | undefined;
    get(
      '/crm/v3/properties/contacts',
      { archived: 'false' },
      {
        body: { results: [hubspotProperty('email'), hubspotProperty('os_last_open_time')] },
      },
    );
    get(
      '/crm/v3/properties/contacts/groups',
      {},
      {
        body: {
          results: [{ name: 'contactinformation', label: 'Contact information', displayOrder: 0 }],
        },
      },
    );
    post(
      '/crm/v3/properties/contacts/groups',
      { name: 'outsync', label: 'OutSync' },
      {
        status: 201,
        body: { name: 'outsync', label: 'OutSync', displayOrder: -1, archived: false },
      },
    );
    nock(API)
      .post(
        '/crm/v3/properties/contacts/batch/create',
        (body: { inputs: Array<Record<string, unknown>> }) => {
          created = body;
          return true;
        },
      )
      .reply(() => {
        calls.push('POST /crm/v3/properties/contacts/batch/create');
        return [
          201,
          { status: 'COMPLETE', results: (created?.inputs ?? []).map(({ name }) => ({ name })) },
        ];
      });
    readByEmail(
      ['ana@acme.test'],
      [...CONTACT_READ, ...COUNTERS],
      [hubspotRecord('501', { email: 'ana@acme.test', os_number_of_email_opens: '4' })],
    );
    updateContacts([
      {
        id: '501',
        properties: { ...openProperties, os_number_of_email_opens: '5' },
        objectWriteTraceId: 'e1',
      },
    ]);
    const cache = createPropertyCache();
    const hubspot = writer(cache);

    const first = await hubspot.write([item('e1', { settings: custom })], record);

    expect(calls).toEqual([
      'GET /crm/v3/properties/contacts',
      'GET /crm/v3/properties/contacts/groups',
      'POST /crm/v3/properties/contacts/groups',
      'POST /crm/v3/properties/contacts/batch/create',
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(first)).toEqual({ e1: WRITTEN });
    const expected = OUTSYNC_PROPERTY_NAMES.filter((name) => name !== 'os_last_open_time').map(
      (name) => ({
        name,
        label: expect.any(String) as string,
        ...typesOf(name),
        groupName: 'outsync',
        description: 'Maintained by OutSync from your sales engagement platforms.',
      }),
    );
    const byName = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      String(a.name).localeCompare(String(b.name));
    expect([...(created?.inputs ?? [])].sort(byName)).toEqual(expected.sort(byName));

    // A second write to the same portal, by another writer sharing the cache: no property check.
    calls = [];
    readByEmail(
      ['ana@acme.test'],
      [...CONTACT_READ, ...COUNTERS],
      [hubspotRecord('501', { email: 'ana@acme.test', os_number_of_email_opens: '5' })],
    );
    updateContacts([
      {
        id: '501',
        properties: { ...openProperties, os_number_of_email_opens: '6' },
        objectWriteTraceId: 'e2',
      },
    ]);

    const second = await writer(cache).write([item('e2', { settings: custom })], record);

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(second)).toEqual({ e2: WRITTEN });
  });

  it('counts from the log when it can: the written opens of the lead plus the batch, whatever the contact holds', async () => {
    get(
      '/crm/v3/properties/contacts',
      { archived: 'false' },
      { body: { results: OUTSYNC_PROPERTY_NAMES.map(hubspotProperty) } },
    );
    // The contact says 9 (a write applied twice before this change, or by hand): the log says
    // 3 opens are written; e1 and e2 (one of them applied before a crash, not recorded) add 2.
    readByEmail(
      ['ana@acme.test'],
      [...CONTACT_READ, ...COUNTERS],
      [hubspotRecord('501', { email: 'ana@acme.test', os_number_of_email_opens: '9' })],
    );
    updateContacts([
      {
        id: '501',
        properties: { ...openProperties, os_number_of_email_opens: '5' },
        objectWriteTraceId: 'e1',
      },
    ]);
    const asked: string[][] = [];
    const hubspot = writer(createPropertyCache(), (leadKeys) => {
      asked.push([...leadKeys]);
      return Promise.resolve(new Map([['ana@acme.test', { opens: 3, clicks: 1 }]]));
    });

    const outcomes = await hubspot.write(
      [
        item('e1', { settings: custom, leadKey: 'ana@acme.test' }),
        item('e2', { settings: custom, leadKey: 'ana@acme.test' }),
      ],
      record,
    );

    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN, e2: WRITTEN });
    expect(asked).toEqual([['ana@acme.test']]);
  });

  it('creates neither group nor properties when the portal has them all', async () => {
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
    updateContacts([
      {
        id: '501',
        properties: { ...openProperties, os_number_of_email_opens: '1' },
        objectWriteTraceId: 'e1',
      },
    ]);

    const outcomes = await writer().write([item('e1', { settings: custom })], record);

    expect(calls).toEqual([
      'GET /crm/v3/properties/contacts',
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
  });
});
