import { webhookSwitchDefaults } from '@outsync/contracts/webhooks';
import type { CanonicalEvent, CanonicalLead } from '@outsync/contracts/sync';
import nock from 'nock';
import { createHubspotClient } from '../../../connectors/crm/hubspot';
import type { TokenAuth } from '../../../connectors/http';
import { assertNockDone } from '../../../connectors/test-support';
import type { SyncSteps } from '../../event-record';
import type { WriteItem, WriteOutcome, WrittenEventCounts } from '../crm-writer';
import { createHubspotWriter } from './hubspot-writer';
import type { HubspotWriteSettings } from './hubspot-mapping';
import { createPropertyCache, type PropertyCache } from './hubspot-properties';
import { createRecordIdCache, type RecordIdCache } from '../record-id-cache';
import { TEST_LEAD, testEvent } from '../write-test-events';

// The HubSpot writer over a real HubspotClient and nock: every request HubSpot receives is
// asserted (method, path, JSON body) in the order sent, with the outcomes and recorded steps.

const API = 'https://api.hubapi.com';
const PORTAL = '123';
const AT = '2026-11-23T10:00:00.000Z';
const AT_MS = '1795428000000';
const PROFILE = 'https://www.linkedin.com/in/ana-lima';

const auth: TokenAuth = {
  kind: 'bearer',
  getAccessToken: () => Promise.resolve('access-1'),
  refresh: () => Promise.resolve('access-2'),
};

/** The requests HubSpot answered, in order: `METHOD path`. */
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
  propertyCache: PropertyCache = createPropertyCache(),
  writtenEventCounts?: WrittenEventCounts,
  contactIds?: RecordIdCache,
) {
  const client = createHubspotClient({ apiUrl: API, auth, retries: 0 });
  return createHubspotWriter({
    client,
    portalId: PORTAL,
    propertyCache,
    writtenEventCounts,
    contactIds,
  });
}

/** A cache that already knows the portal's properties exist. */
function knownProperties(): PropertyCache {
  const cache = createPropertyCache();
  cache.set(PORTAL, Promise.resolve());
  return cache;
}

type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

/** Expects one POST with exactly this JSON body; answers and logs it. */
function post(path: string, body: Record<string, unknown>, answer: Answer) {
  nock(API)
    .post(path, body as nock.DataMatcherMap)
    .reply(() => {
      calls.push(`POST ${path}`);
      return [answer.status ?? 200, answer.body as nock.Body, answer.headers ?? {}];
    });
}

function get(path: string, query: Record<string, string>, answer: Answer) {
  nock(API)
    .get(path)
    .query(query)
    .reply(() => {
      calls.push(`GET ${path}`);
      return [answer.status ?? 200, answer.body as nock.Body, answer.headers ?? {}];
    });
}

/** A record as HubSpot answers it, with the fields the writer does not use. */
function hubspotRecord(id: string, properties: Record<string, string | null> = {}, extra = {}) {
  return {
    id,
    properties: { hs_object_id: id, ...properties },
    createdAt: AT,
    updatedAt: AT,
    archived: false,
    ...extra,
  };
}

const LEAD = TEST_LEAD;

/** The lead's own contact properties written for LEAD. */
const LEAD_PROPERTIES = {
  email: 'ana@acme.test',
  firstname: 'Ana',
  lastname: 'Lima',
  company: 'Acme',
  jobtitle: 'CTO',
  phone: '+1 555 0100',
  website: 'https://acme.test',
};

const NO_LEAD: CanonicalLead = {
  email: null,
  firstName: null,
  lastName: null,
  profileUrl: null,
  company: null,
  domain: null,
  title: null,
  phone: null,
  platformLeadId: null,
};

function event(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return testEvent({ type: 'EMAIL_OPEN', rawEventType: 'EMAIL_OPEN', ...overrides });
}

function settings(overrides: Partial<HubspotWriteSettings> = {}): HubspotWriteSettings {
  return {
    // Switches this file does not name keep their defaults (a new switch needs no edit here).
    ...webhookSwitchDefaults,
    emailService: 'smartlead',
    hubspotOwnerId: '9001',
    assignContactOwner: false,
    assignCompanyOwner: false,
    createOrUpdateCompany: false,
    createOrUpdateTask: false,
    createContactCustomProperties: false,
    logType: 0,
    customTaskSubject: '',
    objectLookupMethod: 'default',
    objectLookupIdField: null,
    objectDefaultSearchProperty: null,
    optionalAlternativeProperty: null,
    ...overrides,
  };
}

function item(
  id: string,
  overrides: {
    event?: Partial<CanonicalEvent>;
    settings?: Partial<HubspotWriteSettings>;
    steps?: SyncSteps;
    leadKey?: string;
  } = {},
): WriteItem<HubspotWriteSettings> {
  return {
    id,
    event: event(overrides.event),
    settings: settings(overrides.settings),
    steps: { ...overrides.steps },
    leadKey: overrides.leadKey ?? null,
  };
}

function outcomesOf(map: Map<string, WriteOutcome>) {
  return Object.fromEntries(map);
}

const WRITTEN = { kind: 'written' };
const CONTACT_READ = ['email', 'hubspot_owner_id'];
const COUNTERS = ['os_number_of_email_opens', 'os_number_of_email_link_clicks'];

function readByEmail(emails: string[], properties: string[], results: unknown[], status = 200) {
  post(
    '/crm/v3/objects/contacts/batch/read',
    {
      idProperty: 'email',
      inputs: emails.map((id) => ({ id })),
      properties,
      propertiesWithHistory: [],
    },
    { status, body: { status: 'COMPLETE', results } },
  );
}

function searchContacts(
  property: string,
  values: string[],
  properties: string[],
  results: unknown[],
) {
  post(
    '/crm/v3/objects/contacts/search',
    {
      filterGroups: [{ filters: [{ propertyName: property, operator: 'IN', values }] }],
      properties,
      limit: 200,
    },
    { body: { total: results.length, results } },
  );
}

function updateContacts(
  inputs: Array<{ id: string; properties: Record<string, string>; objectWriteTraceId: string }>,
  answer: Answer = {
    body: { status: 'COMPLETE', results: inputs.map((input) => hubspotRecord(input.id)) },
  },
) {
  post('/crm/v3/objects/contacts/batch/update', { inputs }, answer);
}

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

/** The 52 os_* contact properties of the reference catalog. */
const OUTSYNC_PROPERTY_NAMES = [
  'os_last_app_url',
  'os_last_bounce_time',
  'os_last_campaign_id',
  'os_last_campaign_name',
  'os_last_connection_status',
  'os_last_connection_status_time',
  'os_last_email_campaign_id',
  'os_last_email_campaign_name',
  'os_last_email_lead_category_id',
  'os_last_email_lead_category_name',
  'os_last_open_message',
  'os_last_open_subject',
  'os_last_open_time',
  'os_last_reply_address',
  'os_last_reply_message',
  'os_last_reply_name',
  'os_last_reply_subject',
  'os_last_reply_time',
  'os_last_sent_address',
  'os_last_sent_message',
  'os_last_sent_name',
  'os_last_sent_subject',
  'os_last_sent_time',
  'os_last_email_sequence_step',
  'os_last_unsubscribe_time',
  'os_last_follow_sender',
  'os_last_follow_time',
  'os_last_lead_category_id',
  'os_last_lead_category_name',
  'os_last_like_post_url',
  'os_last_like_sender',
  'os_last_like_time',
  'os_last_link_click_time',
  'os_last_link_click_url',
  'os_last_reply_social_message',
  'os_last_reply_social_profile',
  'os_last_reply_social_sender',
  'os_last_reply_social_time',
  'os_last_sent_social_message',
  'os_last_sent_social_profile',
  'os_last_sent_social_sender',
  'os_last_sent_social_time',
  'os_last_social_campaign_id',
  'os_last_social_campaign_name',
  'os_last_social_lead_category_id',
  'os_last_social_lead_category_name',
  'os_last_update_occurred',
  'os_last_update_source',
  'os_last_view_sender',
  'os_last_view_time',
  'os_number_of_email_link_clicks',
  'os_number_of_email_opens',
];

/** HubSpot's type and field type for each OutSync property (hubspot-properties.json `type`). */
function typesOf(name: string) {
  if (
    [
      'os_last_email_sequence_step',
      'os_number_of_email_link_clicks',
      'os_number_of_email_opens',
    ].includes(name)
  )
    return { type: 'number', fieldType: 'number' };
  if (name.endsWith('_time') || name === 'os_last_update_occurred')
    return { type: 'datetime', fieldType: 'date' };
  return { type: 'string', fieldType: name.endsWith('_message') ? 'textarea' : 'text' };
}

function hubspotProperty(name: string) {
  return {
    name,
    label: name,
    type: 'string',
    fieldType: 'text',
    groupName: 'outsync',
    description: '',
  };
}

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

describe('company (createOrUpdateCompany)', () => {
  const companySearch = (domains: string[], results: unknown[]) =>
    post(
      '/crm/v3/objects/companies/search',
      {
        filterGroups: [{ filters: [{ propertyName: 'domain', operator: 'IN', values: domains }] }],
        properties: ['domain', 'name', 'hubspot_owner_id'],
        limit: 200,
      },
      { body: { total: results.length, results } },
    );
  const associate = (pairs: Array<[string, string]>) =>
    post(
      '/crm/v4/associations/contacts/companies/batch/associate/default',
      { inputs: pairs.map(([from, to]) => ({ from: { id: from }, to: { id: to } })) },
      { body: { status: 'COMPLETE', results: [] } },
    );

  it('creates a missing company by domain with its name and owner, and associates the contact', async () => {
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);
    companySearch(['acme.test'], []);
    post(
      '/crm/v3/objects/companies/batch/create',
      {
        inputs: [
          {
            properties: { domain: 'acme.test', name: 'Acme', hubspot_owner_id: '9001' },
            associations: [],
            objectWriteTraceId: 'acme.test',
          },
        ],
      },
      {
        status: 201,
        body: {
          status: 'COMPLETE',
          results: [
            hubspotRecord('801', { domain: 'acme.test' }, { objectWriteTraceId: 'acme.test' }),
          ],
        },
      },
    );
    associate([['501', '801']]);

    const outcomes = await writer().write(
      [item('e1', { settings: { createOrUpdateCompany: true, assignCompanyOwner: true } })],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/companies/search',
      'POST /crm/v3/objects/companies/batch/create',
      'POST /crm/v4/associations/contacts/companies/batch/associate/default',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
    expect(recorded).toEqual([
      ['e1', { contactId: '501', contactWritten: true }],
      ['e1', { companyId: '801', companyAssociated: true }],
    ]);
  });

  it("associates the domain's oldest company, once per contact, and skips done or domain-less events", async () => {
    const cy = { ...LEAD, email: 'cy@acme.test', firstName: 'Cy' };
    readByEmail(['ana@acme.test', 'cy@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
      hubspotRecord('503', { email: 'cy@acme.test' }),
    ]);
    updateContacts([
      { id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' },
      {
        id: '503',
        properties: { ...LEAD_PROPERTIES, email: 'cy@acme.test', firstname: 'Cy' },
        objectWriteTraceId: 'e3',
      },
    ]);
    companySearch(
      ['acme.test'],
      [
        hubspotRecord('950', { domain: 'acme.test', name: 'Acme (copy)' }),
        hubspotRecord('930', { domain: 'ACME.test', name: 'Acme' }),
      ],
    );
    associate([
      ['501', '930'],
      ['503', '930'],
    ]);
    const companies = { createOrUpdateCompany: true };

    const outcomes = await writer().write(
      [
        item('e1', { settings: companies }),
        item('e2', { event: { occurredAt: '2026-11-23T10:01:00.000Z' }, settings: companies }),
        item('e3', {
          event: { lead: cy, occurredAt: '2026-11-23T10:02:00.000Z' },
          settings: companies,
        }),
        item('e4', {
          event: { occurredAt: '2026-11-23T10:03:00.000Z' },
          settings: companies,
          steps: {
            contactId: '501',
            contactWritten: true,
            companyId: '930',
            companyAssociated: true,
          },
        }),
        item('e5', {
          event: {
            lead: { ...NO_LEAD, email: 'ana@acme.test' },
            occurredAt: '2026-11-23T10:04:00.000Z',
          },
          settings: companies,
          steps: { contactId: '501', contactWritten: true },
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/companies/search',
      'POST /crm/v4/associations/contacts/companies/batch/associate/default',
    ]);
    expect(outcomesOf(outcomes)).toEqual({
      e1: WRITTEN,
      e2: WRITTEN,
      e3: WRITTEN,
      e4: WRITTEN,
      e5: WRITTEN,
    });
    expect(recorded.filter(([, steps]) => steps.companyAssociated)).toEqual([
      ['e1', { companyId: '930', companyAssociated: true }],
      ['e2', { companyId: '930', companyAssociated: true }],
      ['e3', { companyId: '930', companyAssociated: true }],
    ]);
  });

  it('fails the events whose association HubSpot refuses, without recording the step', async () => {
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);
    companySearch(['acme.test'], [hubspotRecord('930', { domain: 'acme.test' })]);
    post(
      '/crm/v4/associations/contacts/companies/batch/associate/default',
      { inputs: [{ from: { id: '501' }, to: { id: '930' } }] },
      {
        status: 207,
        body: {
          status: 'COMPLETE',
          results: [],
          errors: [
            {
              status: 'error',
              category: 'VALIDATION_ERROR',
              message: 'Too many associations',
              context: {},
            },
          ],
        },
      },
    );

    const outcomes = await writer().write(
      [item('e1', { settings: { createOrUpdateCompany: true } })],
      record,
    );

    expect(outcomesOf(outcomes)).toEqual({
      e1: { kind: 'failed', step: 'company', message: 'HubSpot refused it: Too many associations' },
    });
    expect(recorded).toEqual([['e1', { contactId: '501', contactWritten: true }]]);
  });
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

  it('logs a task with the rendered custom subject on the contact and company with log type 1', async () => {
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
      { body: { total: 1, results: [hubspotRecord('930', { domain: 'acme.test' })] } },
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
              hs_task_subject: 'Sent Quick question to Ana Lima (step 2)',
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
          settings: {
            logType: 1,
            createOrUpdateCompany: true,
            customTaskSubject: 'Sent {{ subject }} to {{ to_name }} (step {{ sequence_number }})',
          },
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
      },
    });
  });
});

describe('a retry', () => {
  it('makes no call for the steps already done, and adopts an engagement an earlier attempt created', async () => {
    const started = new Date('2026-11-23T10:00:05.000Z');
    post(
      '/crm/v3/objects/emails/search',
      {
        filterGroups: [
          { filters: [{ propertyName: 'hs_timestamp', operator: 'EQ', value: AT_MS }] },
        ],
        properties: ['hs_email_subject'],
        limit: 200,
      },
      {
        body: {
          total: 2,
          results: [
            hubspotRecord('903', { hs_email_subject: 'Other' }),
            hubspotRecord('904', { hs_email_subject: 'Quick question' }),
          ],
        },
      },
    );

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

  it('creates the engagement when the search finds none, and reads the contact of an unfinished contact step by id', async () => {
    post(
      '/crm/v3/objects/contacts/batch/read',
      { inputs: [{ id: '501' }], properties: CONTACT_READ, propertiesWithHistory: [] },
      { body: { status: 'COMPLETE', results: [hubspotRecord('501', { email: 'ana@acme.test' })] } },
    );
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);
    post(
      '/crm/v3/objects/tasks/search',
      {
        filterGroups: [
          { filters: [{ propertyName: 'hs_timestamp', operator: 'EQ', value: AT_MS }] },
        ],
        properties: ['hs_task_subject'],
        limit: 200,
      },
      {
        body: { total: 1, results: [hubspotRecord('905', { hs_task_subject: 'Something else' })] },
      },
    );
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
          settings: { logType: 1 },
          steps: { contactId: '501', engagementStartedAt: new Date() },
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
      retryAfterMs: 10000,
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
        retryAfterMs: 3000,
      },
    });
    expect(recorded).toEqual([
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
