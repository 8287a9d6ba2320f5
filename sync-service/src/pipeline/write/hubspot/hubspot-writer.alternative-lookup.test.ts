// The HubSpot writer's contact lookup by AlternativeProperty and OptionalAlternativeProperty (the
// events' os_objectlookup_id values searched first). Set-up in hubspot-writer.test-support.ts.
import {
  PROFILE,
  recorded,
  record,
  useHubspotNock,
  writer,
  post,
  hubspotRecord,
  LEAD_PROPERTIES,
  NO_LEAD,
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

describe('contact lookup, AlternativeProperty', () => {
  it('searches the lookup field IN the events’ os_objectlookup_id values, then the default keys', async () => {
    const alternative = {
      objectLookupMethod: 'AlternativeProperty' as const,
      objectLookupIdField: 'crm_id',
    };
    const lead = (email: string, firstName: string) => ({ ...NO_LEAD, email, firstName });
    // Rank 0: crm_id for e1 and e2, e-mail for e3 (no os_objectlookup_id); rank 1: e2's e-mail.
    searchContacts(
      'crm_id',
      ['OBJ-1', 'OBJ-2'],
      [...CONTACT_READ, 'crm_id'],
      [hubspotRecord('501', { email: 'ana@acme.test', hubspot_owner_id: null, crm_id: 'obj-1' })],
    );
    readByEmail(['cy@acme.test'], CONTACT_READ, [hubspotRecord('503', { email: 'cy@acme.test' })]);
    readByEmail(['bo@beta.test'], CONTACT_READ, []);
    updateContacts([
      {
        id: '501',
        properties: { email: 'ana@acme.test', firstname: 'Ana' },
        objectWriteTraceId: 'e1',
      },
      {
        id: '503',
        properties: { email: 'cy@acme.test', firstname: 'Cy' },
        objectWriteTraceId: 'e3',
      },
    ]);
    post(
      '/crm/v3/objects/contacts/batch/upsert',
      {
        inputs: [
          {
            idProperty: 'email',
            id: 'bo@beta.test',
            properties: { crm_id: 'OBJ-2', email: 'bo@beta.test', firstname: 'Bo' },
            objectWriteTraceId: 'e2',
          },
        ],
      },
      {
        body: {
          status: 'COMPLETE',
          results: [
            hubspotRecord(
              '602',
              { email: 'bo@beta.test' },
              { new: true, objectWriteTraceId: 'e2' },
            ),
          ],
        },
      },
    );

    const outcomes = await writer().write(
      [
        item('e1', {
          event: { objectLookupId: 'OBJ-1', lead: lead('ana@acme.test', 'Ana') },
          settings: alternative,
        }),
        item('e2', {
          event: {
            objectLookupId: 'OBJ-2',
            lead: lead('bo@beta.test', 'Bo'),
            occurredAt: '2026-11-23T10:01:00.000Z',
          },
          settings: alternative,
        }),
        item('e3', {
          event: { lead: lead('cy@acme.test', 'Cy'), occurredAt: '2026-11-23T10:02:00.000Z' },
          settings: alternative,
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/search',
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/contacts/batch/upsert',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN, e2: WRITTEN, e3: WRITTEN });
    expect(recorded).toEqual([
      ['e1', { contactId: '501', contactWritten: true }],
      ['e2', { contactId: '602', contactWritten: true }],
      ['e3', { contactId: '503', contactWritten: true }],
    ]);
  });
});

describe('contact lookup, OptionalAlternativeProperty', () => {
  it('searches os_objectlookup_id, then profile URL, then e-mail, each in its named property', async () => {
    const optional = {
      emailService: 'heyreach' as const,
      objectLookupMethod: 'OptionalAlternativeProperty' as const,
      optionalAlternativeProperty: {
        os_objectlookup_id: 'crm_id',
        profile_url: 'li_url',
        email: 'work_email',
      },
    };
    searchContacts('crm_id', ['OBJ-1'], [...CONTACT_READ, 'crm_id'], []);
    searchContacts(
      'li_url',
      [PROFILE],
      [...CONTACT_READ, 'li_url'],
      [
        // A contact whose value only starts the same is not the lead.
        hubspotRecord('509', { li_url: `${PROFILE}-2` }),
      ],
    );
    searchContacts(
      'work_email',
      ['ana@acme.test'],
      [...CONTACT_READ, 'work_email'],
      [hubspotRecord('501', { work_email: 'Ana@Acme.test', hubspot_owner_id: null })],
    );
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);

    const outcomes = await writer().write(
      [
        item('e1', {
          event: { platform: 'heyreach', type: 'FOLLOW_SENT', objectLookupId: 'OBJ-1' },
          settings: optional,
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/search',
      'POST /crm/v3/objects/contacts/search',
      'POST /crm/v3/objects/contacts/search',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
  });
});
