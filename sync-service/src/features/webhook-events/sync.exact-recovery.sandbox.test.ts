// Recovery that is exact (issue 30), through the writers into the sandbox, whose search compares
// datetimes by value as HubSpot does (so "did an earlier attempt already create it?" finds what
// it should, and the recovery path runs for real).
//
// A retry after a create that may or may not have reached the CRM adopts only this event's own
// activity: never another lead's e-mail of the same campaign step (same timestamp and subject),
// never one another event of the same lead records; and it adopts the one it did create instead
// of writing a second.
//
// Two workers creating the same new record at once ("two workers create duplicate companies
// with no fault at all"). Two writers that share nothing but the database's create
// claims — as two worker processes do — write, at the same moment, events of different leads of
// one new company (HubSpot) and events of one new lead (Salesforce) into the sandbox. Exactly
// one company and one Lead must exist afterwards, with every contact associated with the one
// company; the writer that lost the race either used the winner's record or left its events to a
// next attempt, never a second record.
import {
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SALESFORCE_DEMO_ORG_ID,
  startSandbox,
  type RunningSandbox,
} from '@outsync/sandbox';
import type { CanonicalLead } from '@outsync/contracts/sync';
import { createHubspotClient } from '../../connectors/crm/hubspot';
import { createSalesforceClient } from '../../connectors/crm/salesforce';
import type { TokenAuth } from '../../connectors/http';
import type { SyncSteps } from '../../pipeline/event-record';
import type {
  CreateClaims,
  RecordedActivities,
  WriteItem,
  WriteOutcome,
} from '../../pipeline/write/crm-writer';
import { createPropertyCache } from '../../pipeline/write/hubspot/hubspot-properties';
import { createHubspotWriter } from '../../pipeline/write/hubspot/hubspot-writer';
import type { HubspotWriteSettings } from '../../pipeline/write/hubspot/hubspot-mapping';
import { settings as hubspotSettings } from '../../pipeline/write/hubspot/hubspot-mapping.test-support';
import {
  createSalesforceFieldCache,
  createSalesforceWriter,
} from '../../pipeline/write/salesforce/salesforce-writer';
import type { SalesforceWriteSettings } from '../../pipeline/write/salesforce/salesforce-mapping';
import { settings as salesforceSettings } from '../../pipeline/write/salesforce/salesforce-mapping.test-support';
import { testEvent, TEST_LEAD } from '../../pipeline/write/write-test-events';
import { openDatabase, type Database } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import { createCreateClaims } from './create-claims-store';
import { crmCreateClaimModel } from './crm-create-claim.model';

let sandbox: RunningSandbox;
let database: TestDatabase;
let db: Database;
let claims: CreateClaims;

beforeAll(async () => {
  [sandbox, database] = await Promise.all([
    startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1', rateLimits: false }),
    openTestDatabase(),
  ]);
  db = openDatabase(database.uri, { logger: createLogger({ level: 'silent' }), retryDelayMs: 100 });
  await db.connected;
  const model = crmCreateClaimModel(db.connection);
  await model.init();
  claims = createCreateClaims(model);
}, 60_000);

afterAll(async () => {
  await db?.close();
  await Promise.all([sandbox?.stop(), database?.release()]);
});

const bearer = (token: string): TokenAuth => ({
  kind: 'bearer',
  getAccessToken: () => Promise.resolve(token),
  refresh: () => Promise.resolve(token),
});

/** A writer as one worker process has it: its own client, caches and account queue. */
function hubspotWorker(recordedActivities?: RecordedActivities) {
  return createHubspotWriter({
    recordedActivities,
    client: createHubspotClient({
      apiUrl: `${sandbox.url}/hubspot`,
      auth: bearer(HUBSPOT_DEMO_PRIVATE_APP_TOKEN),
    }),
    portalId: '24000001',
    propertyCache: createPropertyCache(),
    createClaims: claims,
  });
}

function salesforceWorker(recordedActivities?: RecordedActivities) {
  return createSalesforceWriter({
    recordedActivities,
    client: createSalesforceClient({
      instanceUrl: `${sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}`,
      apiVersion: '62.0',
      auth: bearer(SALESFORCE_DEMO_ACCESS_TOKEN),
    }),
    orgId: SALESFORCE_DEMO_ORG_ID,
    fieldCache: createSalesforceFieldCache(),
    createClaims: claims,
  });
}

function leadAt(domain: string, name: string): CanonicalLead {
  return {
    ...TEST_LEAD,
    email: `${name}@${domain}`,
    firstName: name,
    profileUrl: null,
    company: `Company of ${domain}`,
    domain,
    platformLeadId: name,
  };
}

function item<Settings>(
  id: string,
  lead: CanonicalLead,
  settings: Settings,
  overrides: Partial<WriteItem<Settings>> = {},
): WriteItem<Settings> {
  return { id, event: testEvent({ lead }), settings, steps: {}, leadKey: lead.email, ...overrides };
}

const record = () => Promise.resolve();

/** The steps each event recorded, as the log holds them; and the activities they record. */
function stepLog() {
  const steps = new Map<string, Partial<SyncSteps>>();
  return {
    steps,
    record: (id: string, done: Partial<SyncSteps>) => {
      steps.set(id, { ...steps.get(id), ...done });
      return Promise.resolve();
    },
    recordedActivities: (ids: readonly string[]) =>
      Promise.resolve(
        new Map(
          [...steps].flatMap(([eventId, done]) =>
            done.engagementId && ids.includes(done.engagementId)
              ? [[done.engagementId, eventId] as const]
              : [],
          ),
        ),
      ),
  };
}

async function hubspotSearch(object: string, body: unknown) {
  const response = await fetch(`${sandbox.url}/hubspot/crm/v3/objects/${object}/search`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { total: number; results: Array<{ id: string }> };
}

function kinds(outcomes: Map<string, WriteOutcome>[]) {
  return outcomes.flatMap((map) => [...map.values()].map((outcome) => outcome.kind)).sort();
}

describe('two workers creating one new record at the same moment', () => {
  it('HubSpot: twenty races on new companies make one company per domain, every contact associated with it', async () => {
    const hubspot: HubspotWriteSettings = hubspotSettings({
      hubspotOwnerId: '70000001',
      createOrUpdateCompany: true,
      createOrUpdateTask: false,
    });
    for (let race = 1; race <= 20; race += 1) {
      const domain = `race-${race}.example`;
      const [first, second] = [hubspotWorker(), hubspotWorker()];
      const outcomes = await Promise.all([
        first.write(
          [1, 2, 3].map((n) => item(`a${race}-${n}`, leadAt(domain, `a${n}`), hubspot)),
          record,
        ),
        second.write(
          [1, 2, 3].map((n) => item(`b${race}-${n}`, leadAt(domain, `b${n}`), hubspot)),
          record,
        ),
      ]);
      const companies = await hubspotSearch('companies', {
        filterGroups: [{ filters: [{ propertyName: 'domain', operator: 'EQ', value: domain }] }],
        limit: 10,
      });
      expect({ domain, companies: companies.total }).toEqual({ domain, companies: 1 });
      const associated = await hubspotSearch('contacts', {
        filterGroups: [
          {
            filters: [
              {
                propertyName: 'associations.company',
                operator: 'EQ',
                value: companies.results[0]?.id,
              },
            ],
          },
        ],
        limit: 10,
      });
      // A worker that found the other one mid-create may leave its events to the next attempt
      // (a retry, not a failure); the ones written are all on the one company.
      const written = kinds(outcomes).filter((kind) => kind === 'written').length;
      expect(kinds(outcomes).filter((kind) => kind !== 'written' && kind !== 'retry')).toEqual([]);
      expect(associated.total).toBe(written);
    }
  }, 120_000);

  it('HubSpot: twenty races on a new LinkedIn lead without an e-mail make one contact', async () => {
    const hubspot: HubspotWriteSettings = hubspotSettings({
      emailService: 'heyreach',
      hubspotOwnerId: '70000001',
      createOrUpdateCompany: false,
      createOrUpdateTask: false,
    });
    for (let race = 1; race <= 20; race += 1) {
      const lead: CanonicalLead = {
        ...leadAt('linkedin.example', `li${race}`),
        email: null,
        profileUrl: `https://www.linkedin.com/in/race-${race}`,
      };
      const logs = [stepLog(), stepLog()];
      const outcomes = await Promise.all(
        logs.map((log, worker) =>
          hubspotWorker().write(
            [
              item(`li${race}-${worker}`, lead, hubspot, {
                event: testEvent({
                  lead,
                  platform: 'heyreach',
                  type: 'VIEWED_PROFILE',
                  rawEventType: 'viewed_profile',
                }),
                leadKey: lead.profileUrl,
              }),
            ],
            log.record,
          ),
        ),
      );
      expect(kinds(outcomes).filter((kind) => kind !== 'written' && kind !== 'retry')).toEqual([]);
      const contacts = new Set(
        logs.flatMap((log) => [...log.steps.values()].flatMap((done) => done.contactId ?? [])),
      );
      expect({ race, contacts: contacts.size }).toEqual({ race, contacts: 1 });
    }
  }, 120_000);

  it('Salesforce: twenty races on a new lead make one Contact per e-mail', async () => {
    const salesforce: SalesforceWriteSettings = salesforceSettings({ hubspotOwnerId: '' });
    for (let race = 1; race <= 20; race += 1) {
      const lead = leadAt(`sf-race-${race}.example`, 'dana');
      const outcomes = await Promise.all([
        salesforceWorker().write([item(`sa${race}`, lead, salesforce)], record),
        salesforceWorker().write([item(`sb${race}`, lead, salesforce)], record),
      ]);
      const query = encodeURIComponent(`SELECT Id FROM Contact WHERE Email = '${lead.email}'`);
      const response = await fetch(
        `${sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0/query?q=${query}`,
        { headers: { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` } },
      );
      const found = (await response.json()) as { totalSize: number };
      expect({ email: lead.email, contacts: found.totalSize }).toEqual({
        email: lead.email,
        contacts: 1,
      });
      expect(kinds(outcomes).filter((kind) => kind !== 'written' && kind !== 'retry')).toEqual([]);
      expect(kinds(outcomes)).toContain('written');
    }
  }, 120_000);
});

describe('a retry after a create that may or may not have reached the CRM', () => {
  const hubspot: HubspotWriteSettings = hubspotSettings({
    hubspotOwnerId: '70000001',
    createOrUpdateCompany: false,
    createOrUpdateTask: false,
  });
  /** One campaign step sent to many leads in the same second: one timestamp, one subject. */
  const STEP_AT = '2026-11-25T09:00:00.000Z';

  async function emailContacts(emailId: string): Promise<string[]> {
    const response = await fetch(
      `${sandbox.url}/hubspot/crm/v4/objects/emails/${emailId}/associations/contacts`,
      { headers: { authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}` } },
    );
    const body = (await response.json()) as { results: Array<{ toObjectId: number | string }> };
    return body.results.map((result) => String(result.toObjectId));
  }

  it('HubSpot: twenty leads of one campaign step whose creates did not reach HubSpot each get their own e-mail, not one of the ten leads written before', async () => {
    const log = stepLog();
    const writer = hubspotWorker(log.recordedActivities);
    const leads = Array.from({ length: 30 }, (_, n) => leadAt('campaign.example', `lead${n}`));
    // Every lead's contact first (an open writes the contact and no activity).
    await writer.write(
      leads.map((lead, n) =>
        item(`open-${n}`, lead, hubspot, { event: testEvent({ lead, type: 'EMAIL_OPEN' }) }),
      ),
      log.record,
    );
    const contactOf = (n: number) => log.steps.get(`open-${n}`)?.contactId ?? '';
    // Ten leads' sends written as usual.
    const sent = (n: number) => testEvent({ lead: leads[n], occurredAt: STEP_AT });
    await writer.write(
      leads.slice(0, 10).map((lead, n) => item(`sent-${n}`, lead, hubspot, { event: sent(n) })),
      log.record,
    );
    // Twenty whose create was started by an attempt that failed before HubSpot applied it.
    const started = new Date();
    const retried = leads.slice(10).map((lead, index) => {
      const n = index + 10;
      return item(`sent-${n}`, lead, hubspot, {
        event: sent(n),
        steps: { contactId: contactOf(n), contactWritten: true, engagementStartedAt: started },
      });
    });
    const outcomes = await writer.write(retried, log.record);

    expect(kinds([outcomes])).toEqual(Array(20).fill('written'));
    const emails = leads.map((_, n) => log.steps.get(`sent-${n}`)?.engagementId ?? '');
    expect(new Set(emails).size).toBe(30);
    for (const [n, emailId] of emails.entries())
      expect({ n, contacts: await emailContacts(emailId) }).toEqual({
        n,
        contacts: [contactOf(n)],
      });
  }, 60_000);

  it('HubSpot: a create HubSpot applied but the attempt did not record is adopted, not written twice', async () => {
    const log = stepLog();
    const writer = hubspotWorker(log.recordedActivities);
    const lead = leadAt('applied.example', 'erin');
    await writer.write([item('first', lead, hubspot)], log.record);
    const done = log.steps.get('first');
    // The attempt's record of the e-mail lost (a worker killed between HubSpot's answer and the
    // write to the log): the retry starts from the steps recorded before the create.
    log.steps.set('first', {
      contactId: done?.contactId,
      contactWritten: true,
      engagementStartedAt: done?.engagementStartedAt,
    });
    const outcomes = await writer.write(
      [item('first', lead, hubspot, { steps: { ...log.steps.get('first') } })],
      log.record,
    );

    expect(kinds([outcomes])).toEqual(['written']);
    expect(log.steps.get('first')?.engagementId).toBe(done?.engagementId);
    const emails = await hubspotSearch('emails', {
      filterGroups: [
        {
          filters: [
            { propertyName: 'associations.contact', operator: 'EQ', value: done?.contactId },
          ],
        },
      ],
      limit: 10,
    });
    expect(emails.total).toBe(1);
  }, 60_000);

  it("Salesforce: a second event of one lead with the same subject on the same day does not adopt the first one's Task", async () => {
    const salesforce: SalesforceWriteSettings = salesforceSettings({ hubspotOwnerId: '' });
    const log = stepLog();
    const writer = salesforceWorker(log.recordedActivities);
    const lead = leadAt('same-day.example', 'fern');
    await writer.write([item('first', lead, salesforce)], log.record);
    const contactId = log.steps.get('first')?.contactId ?? '';
    const outcomes = await writer.write(
      [
        item('second', lead, salesforce, {
          event: testEvent({ lead, occurredAt: '2026-11-23T15:00:00.000Z' }),
          steps: { contactId, contactWritten: true, engagementStartedAt: new Date() },
        }),
      ],
      log.record,
    );

    expect(kinds([outcomes])).toEqual(['written']);
    const first = log.steps.get('first')?.engagementId;
    const second = log.steps.get('second')?.engagementId;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  }, 60_000);
});
