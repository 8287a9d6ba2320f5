// Shared set-up of the hubspot-writer.*.test.ts files (not a test file itself): the HubSpot
// writer over a real HubspotClient and nock, where every request HubSpot receives is asserted
// (method, path, JSON body) in the order sent, with the outcomes and recorded steps. Holds the
// nock hooks (useHubspotNock), the request helpers, the fixtures and the reference property
// catalog.
import type { CanonicalEvent, CanonicalLead } from '@outsync/contracts/sync';
import nock from 'nock';
import { createHubspotClient } from '../../../connectors/crm/hubspot';
import type { TokenAuth } from '../../../connectors/http';
import { useNockHooks } from '../../../connectors/test-support';
import type { SyncSteps } from '../../event-record';
import type {
  RecordedActivities,
  WriteItem,
  WriteOutcome,
  WrittenEventCounts,
} from '../crm-writer';
import { createHubspotWriter } from './hubspot-writer';
import type { HubspotWriteSettings } from './hubspot-mapping';
import { settings } from './hubspot-mapping.test-support';
import { COMPLETE_CATALOG, createPropertyCache, type PropertyCache } from './hubspot-properties';
import type { RecordIdCache } from '../record-id-cache';
import { TEST_LEAD, testEvent } from '../write-test-events';

export const API = 'https://api.hubapi.com';
export const PORTAL = '123';
export const AT = '2026-11-23T10:00:00.000Z';
export const AT_MS = '1795428000000';
export const PROFILE = 'https://www.linkedin.com/in/ana-lima';

export const auth: TokenAuth = {
  kind: 'bearer',
  getAccessToken: () => Promise.resolve('access-1'),
  refresh: () => Promise.resolve('access-2'),
};

/** Where each request HubSpot answered goes, as `METHOD path`: the test file's own `calls`. */
let logCall: (call: string) => void = () => undefined;
/** The steps the writer recorded, in order. */
export const recorded: Array<[string, Partial<SyncSteps>]> = [];
export const record = (eventId: string, steps: Partial<SyncSteps>) => {
  recorded.push([eventId, steps]);
  return Promise.resolve();
};

/**
 * The hooks every hubspot-writer test file runs: no real network, `recorded` emptied before each
 * test, every interceptor used after it (assertNockDone). `log` receives each answered request,
 * as `METHOD path`; the file keeps its own `calls` list (its tests may start it afresh).
 */
export function useHubspotNock(log: (call: string) => void): void {
  logCall = log;
  useNockHooks();
  beforeEach(() => {
    recorded.length = 0;
  });
}

export function writer(
  propertyCache: PropertyCache = createPropertyCache(),
  writtenEventCounts?: WrittenEventCounts,
  contactIds?: RecordIdCache,
  recordedActivities?: RecordedActivities,
) {
  const client = createHubspotClient({ apiUrl: API, auth, retries: 0 });
  return createHubspotWriter({
    client,
    portalId: PORTAL,
    propertyCache,
    writtenEventCounts,
    contactIds,
    recordedActivities,
  });
}

/** A cache that already knows the portal's properties exist. */
export function knownProperties(): PropertyCache {
  const cache = createPropertyCache();
  cache.set(PORTAL, COMPLETE_CATALOG);
  return cache;
}

export type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

/** Expects one POST with exactly this JSON body; answers and logs it. */
export function post(path: string, body: Record<string, unknown>, answer: Answer) {
  nock(API)
    .post(path, body as nock.DataMatcherMap)
    .reply(() => {
      logCall(`POST ${path}`);
      return [answer.status ?? 200, answer.body as nock.Body, answer.headers ?? {}];
    });
}

export function get(path: string, query: Record<string, string>, answer: Answer) {
  nock(API)
    .get(path)
    .query(query)
    .reply(() => {
      logCall(`GET ${path}`);
      return [answer.status ?? 200, answer.body as nock.Body, answer.headers ?? {}];
    });
}

/** A record as HubSpot answers it, with the fields the writer does not use. */
export function hubspotRecord(
  id: string,
  properties: Record<string, string | null> = {},
  extra = {},
) {
  return {
    id,
    properties: { hs_object_id: id, ...properties },
    createdAt: AT,
    updatedAt: AT,
    archived: false,
    ...extra,
  };
}

export const LEAD = TEST_LEAD;

/** The lead's own contact properties written for LEAD. */
export const LEAD_PROPERTIES = {
  email: 'ana@acme.test',
  firstname: 'Ana',
  lastname: 'Lima',
  company: 'Acme',
  jobtitle: 'CTO',
  phone: '+1 555 0100',
  website: 'https://acme.test',
};

export const NO_LEAD: CanonicalLead = {
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

export function event(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return testEvent({ type: 'EMAIL_OPEN', rawEventType: 'EMAIL_OPEN', ...overrides });
}

// The same webhook settings as the mapping's tests: one definition.
export { settings };

export function item(
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

export function outcomesOf(map: Map<string, WriteOutcome>) {
  return Object.fromEntries(map);
}

export const WRITTEN = { kind: 'written' };
/** HubSpot's own contact properties the writer writes (every portal has them). */
export const STANDARD_PROPERTY_NAMES = Object.keys(LEAD_PROPERTIES);
export const CONTACT_READ = ['email', 'hubspot_owner_id', 'company'];
export const COUNTERS = ['os_number_of_email_opens', 'os_number_of_email_link_clicks'];

export function readByEmail(
  emails: string[],
  properties: string[],
  results: unknown[],
  status = 200,
) {
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

export function searchContacts(
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

export function updateContacts(
  inputs: Array<{ id: string; properties: Record<string, string>; objectWriteTraceId: string }>,
  answer: Answer = {
    body: { status: 'COMPLETE', results: inputs.map((input) => hubspotRecord(input.id)) },
  },
) {
  post('/crm/v3/objects/contacts/batch/update', { inputs }, answer);
}

/** What an EMAIL_OPEN of LEAD writes with custom properties on, but its opens counter. */
export const OPEN_PROPERTIES = {
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

/** The 52 os_* contact properties of the reference catalog. */
export const OUTSYNC_PROPERTY_NAMES = [
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
export function typesOf(name: string) {
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

/** The portal's contact properties, as HubSpot lists them. */
export function listContactProperties(names: string[]) {
  get(
    '/crm/v3/properties/contacts',
    { archived: 'false' },
    { body: { results: names.map(hubspotProperty) } },
  );
}

export function hubspotProperty(name: string) {
  return {
    name,
    label: name,
    type: 'string',
    fieldType: 'text',
    groupName: 'outsync',
    description: '',
  };
}
