// Shared set-up of the salesforce-writer.*.test.ts files (not a test file itself): the
// Salesforce writer over a real SalesforceClient (connectors/crm/salesforce) and nock, where every
// request the org's instance receives is asserted (method, path, SOQL, JSON body) in the order
// sent, with the outcomes and the recorded steps. Holds the nock hooks (useSalesforceNock), the
// request helpers and the fixtures.
import type { CanonicalEvent, CanonicalLead } from '@outsync/contracts/sync';
import nock from 'nock';
import { createSalesforceClient } from '../../../connectors/crm/salesforce';
import type { TokenAuth } from '../../../connectors/http';
import { useNockHooks } from '../../../connectors/test-support';
import type { SyncSteps } from '../../event-record';
import type {
  CreateClaims,
  RecordedActivities,
  WriteItem,
  WriteOutcome,
  WrittenEventCounts,
} from '../crm-writer';
import {
  createSalesforceFieldCache,
  createSalesforceWriter,
  type SalesforceFieldCache,
} from './salesforce-writer';
import type { RecordIdCache } from '../record-id-cache';
import { OUTSYNC_SALESFORCE_FIELDS } from './salesforce-field-catalog';
import type { SalesforceWriteSettings } from './salesforce-mapping';
import { TEST_LEAD, testEvent } from '../write-test-events';
import { settings } from './salesforce-mapping.test-support';

export const INSTANCE = 'https://acme.my.salesforce.com';
export const DATA = '/services/data/v62.0';
export const ORG = '00D000000000001AAA';
export const OWNER = '005000000000001AAA';
export const AT = '2026-11-23T10:00:00.000Z';
export const DAY = '2026-11-23';
export const PROFILE = 'https://www.linkedin.com/in/ana-lima';

export const auth: TokenAuth = {
  kind: 'bearer',
  getAccessToken: () => Promise.resolve('session-1'),
  refresh: () => Promise.resolve('session-2'),
};

/**
 * Where each request the org answered goes, as `METHOD path` (and the SOQL of queries): the test
 * file's own `calls`.
 */
let logCall: (call: string) => void = () => undefined;
/** The steps the writer recorded, in order. */
export const recorded: Array<[string, Partial<SyncSteps>]> = [];
export const record = (eventId: string, steps: Partial<SyncSteps>) => {
  recorded.push([eventId, steps]);
  return Promise.resolve();
};

/**
 * The hooks every salesforce-writer test file runs: no real network, `recorded` emptied before
 * each test, every interceptor used after it (assertNockDone). `log` receives each answered
 * request; the file keeps its own `calls` list (its tests may start it afresh).
 */
export function useSalesforceNock(log: (call: string) => void): void {
  logCall = log;
  useNockHooks();
  beforeEach(() => {
    recorded.length = 0;
  });
}

export function writer(
  fieldCache: SalesforceFieldCache = createSalesforceFieldCache(),
  writtenEventCounts?: WrittenEventCounts,
  personIds?: RecordIdCache,
  recordedActivities?: RecordedActivities,
  createClaims?: CreateClaims,
) {
  const client = createSalesforceClient({
    instanceUrl: INSTANCE,
    apiVersion: '62.0',
    auth,
    retries: 0,
  });
  return createSalesforceWriter({
    client,
    orgId: ORG,
    fieldCache,
    writtenEventCounts,
    personIds,
    recordedActivities,
    createClaims,
  });
}

export type Answer = { status?: number; body: unknown };
export const reply = (label: string, answer: Answer) => () => {
  logCall(label);
  return [answer.status ?? 200, answer.body as nock.Body] as const;
};

export const STANDARD = {
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
export const CUSTOM = OUTSYNC_SALESFORCE_FIELDS.map((field) => field.name);

/** GET describe: the object with these fields (the ones the connected user can see). */
export function describeObject(
  object: 'Contact' | 'Lead',
  fields: readonly string[] = STANDARD[object],
) {
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
export function query(soql: string, rows: Array<Record<string, unknown>>, status = 200) {
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

/** GET query of the Task owners' time zones (the day a Task is dated), answered with `zone`. */
export function ownerTimeZone(zone: string | null = 'GMT', owners: readonly string[] = [OWNER]) {
  query(
    `SELECT Id, TimeZoneSidKey FROM User WHERE Id IN (${owners.map((id) => `'${id}'`).join(', ')})`,
    owners.map((id) => row('User', { Id: id, TimeZoneSidKey: zone })),
  );
}

export function row(type: string, fields: { Id: string } & Record<string, unknown>) {
  return { attributes: { type, url: `${DATA}/sobjects/${type}/${fields.Id}` }, ...fields };
}

/** POST (create) or PATCH (update) /composite/sobjects with exactly these records. */
export function collection(
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

export const saved = (id: string) => ({ id, success: true, errors: [] });
export const refused = (statusCode: string, message: string) => ({
  success: false,
  errors: [{ statusCode, message, fields: [] }],
});

export const LEAD = TEST_LEAD;

export const ANA_CONTACT = {
  FirstName: 'Ana',
  LastName: 'Lima',
  Email: 'ana@acme.test',
  Title: 'CTO',
  Phone: '+1 555 0100',
};

export function event(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return testEvent(overrides);
}

export function lead(n: number): CanonicalLead {
  return {
    ...LEAD,
    email: `lead${n}@acme.test`,
    firstName: `Lead${n}`,
    lastName: null,
    title: null,
    phone: null,
  };
}

// The same webhook settings as the mapping's tests (OWNER is their owner id): one definition.
export { settings };

export function item(
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

export const written: WriteOutcome = { kind: 'written' };

/** The e-mail activity (log type 0) of `event()` on `whoId`. */
export function emailTask(whoId: string, overrides: Record<string, unknown> = {}) {
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

export const contactByEmail = (emails: string[], extra = '') =>
  `SELECT Id, Email, LastModifiedDate${extra} FROM Contact WHERE Email IN (${emails.map((e) => `'${e}'`).join(', ')})`;
