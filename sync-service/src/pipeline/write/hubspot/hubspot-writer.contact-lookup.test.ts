// The HubSpot writer's contact lookup by the default method (batch read by e-mail, search by
// profile URL, upsert), and the contact ids it remembers by lookup key. Set-up in
// hubspot-writer.test-support.ts.
import type { CanonicalLead } from '@outsync/contracts/sync';
import { createRecordIdCache, type RecordIdCache } from '../record-id-cache';
import {
  PROFILE,
  recorded,
  record,
  useHubspotNock,
  writer,
  knownProperties,
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

describe('contact lookup, method default', () => {
  it('batch-reads an e-mail platform lead by e-mail and updates the contact it finds', async () => {
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test', hubspot_owner_id: '77' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);

    const outcomes = await writer().write([item('e1')], record);

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
    expect(recorded).toEqual([['e1', { contactId: '501', contactWritten: true }]]);
  });

  it('upserts a lead it does not find by e-mail, with its identity and the contact owner', async () => {
    post(
      '/crm/v3/objects/contacts/batch/read',
      {
        idProperty: 'email',
        inputs: [{ id: 'ana@acme.test' }],
        properties: CONTACT_READ,
        propertiesWithHistory: [],
      },
      {
        status: 207,
        body: {
          status: 'COMPLETE',
          results: [],
          numErrors: 1,
          errors: [
            {
              status: 'error',
              category: 'OBJECT_NOT_FOUND',
              message: 'Could not get some CONTACT objects, they may be deleted or not exist.',
              context: { ids: ['ana@acme.test'] },
            },
          ],
        },
      },
    );
    post(
      '/crm/v3/objects/contacts/batch/upsert',
      {
        inputs: [
          {
            idProperty: 'email',
            id: 'ana@acme.test',
            properties: { ...LEAD_PROPERTIES, hubspot_owner_id: '9001' },
            objectWriteTraceId: 'e1',
          },
        ],
      },
      // HubSpot does not echo the trace id here: the writer matches the answer by e-mail.
      {
        body: {
          status: 'COMPLETE',
          results: [hubspotRecord('601', { email: 'ana@acme.test' }, { new: true })],
        },
      },
    );

    const outcomes = await writer().write(
      [item('e1', { settings: { assignContactOwner: true } })],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/upsert',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
    expect(recorded).toEqual([['e1', { contactId: '601', contactWritten: true }]]);
  });

  it("searches HeyReach's lead by hs_linkedin_url, then batch-reads its e-mail", async () => {
    const heyreach = { emailService: 'heyreach' as const };
    searchContacts('hs_linkedin_url', [PROFILE], [...CONTACT_READ, 'hs_linkedin_url'], []);
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test', hubspot_owner_id: null }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);

    const outcomes = await writer().write(
      [item('e1', { event: { platform: 'heyreach', type: 'FOLLOW_SENT' }, settings: heyreach })],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/search',
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
  });

  it("finds HeyReach's lead in the webhook's search property, and creates one it does not find", async () => {
    const custom = { emailService: 'heyreach' as const, objectDefaultSearchProperty: 'li_profile' };
    const other = 'https://www.linkedin.com/in/cy-diaz';
    searchContacts(
      'li_profile',
      [PROFILE, other],
      [...CONTACT_READ, 'li_profile'],
      [hubspotRecord('501', { email: null, hubspot_owner_id: null, li_profile: PROFILE })],
    );
    updateContacts([
      {
        id: '501',
        properties: { firstname: 'Ana', lastname: 'Lima' },
        objectWriteTraceId: 'e1',
      },
    ]);
    post(
      '/crm/v3/objects/contacts/batch/create',
      {
        inputs: [
          {
            properties: { li_profile: other, firstname: 'Cy' },
            associations: [],
            objectWriteTraceId: 'e2',
          },
        ],
      },
      {
        status: 201,
        body: {
          status: 'COMPLETE',
          results: [hubspotRecord('701', {}, { objectWriteTraceId: 'e2' })],
        },
      },
    );

    const heyreachEvent = (lead: Partial<CanonicalLead>) => ({
      platform: 'heyreach' as const,
      type: 'VIEWED_PROFILE' as const,
      lead: { ...NO_LEAD, ...lead },
    });
    const outcomes = await writer().write(
      [
        item('e1', {
          event: heyreachEvent({ profileUrl: PROFILE, firstName: 'Ana', lastName: 'Lima' }),
          settings: custom,
        }),
        item('e2', {
          event: heyreachEvent({ profileUrl: other, firstName: 'Cy' }),
          settings: custom,
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/search',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/contacts/batch/create',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN, e2: WRITTEN });
    expect(recorded).toEqual([
      ['e1', { contactId: '501', contactWritten: true }],
      ['e2', { contactId: '701', contactWritten: true }],
    ]);
  });

  it('fails an event that carries none of the lookup values, and writes the others', async () => {
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);

    const outcomes = await writer().write(
      [item('e1'), item('e2', { event: { lead: { ...NO_LEAD, firstName: 'Nobody' } } })],
      record,
    );

    expect(outcomesOf(outcomes)).toEqual({
      e1: WRITTEN,
      e2: {
        kind: 'failed',
        step: 'contact',
        message: "The event carries no value for any of the webhook's lookup properties.",
        code: 'settings',
      },
    });
    expect(recorded).toEqual([['e1', { contactId: '501', contactWritten: true }]]);
  });
});

describe('contact ids remembered by lookup key', () => {
  const heyreach = { emailService: 'heyreach' as const };
  const follow = (id: string) =>
    item(id, { event: { platform: 'heyreach', type: 'FOLLOW_SENT' }, settings: heyreach });
  const LINKEDIN_READ = [...CONTACT_READ, 'hs_linkedin_url'];

  function readById(ids: string[], results: unknown[]) {
    post(
      '/crm/v3/objects/contacts/batch/read',
      { inputs: ids.map((id) => ({ id })), properties: CONTACT_READ, propertiesWithHistory: [] },
      { status: results.length < ids.length ? 207 : 200, body: { status: 'COMPLETE', results } },
    );
  }

  /** The first batch: the lead is searched by profile URL, found by e-mail, and updated. */
  async function firstWrite(cache: RecordIdCache) {
    searchContacts('hs_linkedin_url', [PROFILE], LINKEDIN_READ, []);
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);
    expect(
      outcomesOf(await writer(knownProperties(), undefined, cache).write([follow('e1')], record)),
    ).toEqual({ e1: WRITTEN });
    calls = [];
  }

  it('reads the contact a lead was found in by id the next time, with no search', async () => {
    const cache = createRecordIdCache();
    await firstWrite(cache);
    readById(['501'], [hubspotRecord('501', { email: 'ana@acme.test' })]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e2' }]);

    const outcomes = await writer(knownProperties(), undefined, cache).write(
      [follow('e2')],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e2: WRITTEN });
  });

  it('looks the lead up again when HubSpot no longer has the remembered contact', async () => {
    const cache = createRecordIdCache();
    await firstWrite(cache);
    readById(['501'], []);
    searchContacts('hs_linkedin_url', [PROFILE], LINKEDIN_READ, [
      hubspotRecord('777', { email: 'ana@acme.test', hs_linkedin_url: PROFILE }),
    ]);
    updateContacts([{ id: '777', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e2' }]);

    const outcomes = await writer(knownProperties(), undefined, cache).write(
      [follow('e2')],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/search',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e2: WRITTEN });
    expect(recorded.at(-1)).toEqual(['e2', { contactId: '777', contactWritten: true }]);
  });

  it('forgets a contact an update finds deleted: the retry looks the lead up again', async () => {
    const cache = createRecordIdCache();
    await firstWrite(cache);
    readById(['501'], [hubspotRecord('501', { email: 'ana@acme.test' })]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e2' }], {
      status: 207,
      body: {
        status: 'COMPLETE',
        results: [],
        numErrors: 1,
        errors: [
          {
            status: 'error',
            category: 'OBJECT_NOT_FOUND',
            message: 'Object not found.',
            context: { ids: ['501'] },
          },
        ],
      },
    });
    const first = await writer(knownProperties(), undefined, cache).write([follow('e2')], record);
    expect(outcomesOf(first)).toMatchObject({ e2: { kind: 'retry', step: 'contact' } });
    calls = [];

    searchContacts('hs_linkedin_url', [PROFILE], LINKEDIN_READ, []);
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('888', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '888', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e2' }]);
    const retried = await writer(knownProperties(), undefined, cache).write([follow('e2')], record);

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/search',
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
    ]);
    expect(outcomesOf(retried)).toEqual({ e2: WRITTEN });
  });
});
