// Helpers of resilience.test.ts, the pipeline's promises under failure (issue 11 "Proof"): what
// is counted is what the customer would see, the webhook logs and the records in the CRM. The
// pure checks are exported as they are; the helpers that reach the test's sandbox, database and
// API process come from resilienceHelpers(), given a getter for what the test's beforeAll started.
import {
  HUBSPOT_DEMO_HUB_ID,
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SALESFORCE_DEMO_ORG_ID,
  type RunningSandbox,
} from '@outsync/sandbox';
import type { Types } from 'mongoose';
import type { Database } from '../../platform/db';
import { buildWebhook } from '../../testing/webhook-factories';
import { dedupKeyOf } from '../../pipeline/dedup-key';
import { pollUntil, type ServiceProcess } from './resilience-harness';
import {
  storedEvent,
  storedPayload,
  webhookEventModel,
  type WebhookEventDoc,
} from './webhook-event.model';
import { CLICKS_COUNTER, OPENS_COUNTER } from '../../pipeline/write/hubspot/hubspot-mapping';

/** A seeded owner of the sandbox's demo portal. */
const DEMO_OWNER_ID = '70000001';
/** The events that become an e-mail engagement in HubSpot (the writer's engagementOf). */
const ENGAGEMENT_TYPES = new Set(['EMAIL_SENT', 'EMAIL_REPLY']);

export type CampaignReport = {
  leads: string[];
  events: number;
  sent: number;
  accepted: number;
  rejected: number;
  failed: number;
  eventTypeCounts: Record<string, number>;
  statusCounts: Record<string, number>;
  faults: { duplicates: number; retries: number };
  durationMs: number;
};

type HubspotRow = Record<string, string | null> & { id: string; associations: string };
type HubspotState = { contacts: HubspotRow[]; emails: HubspotRow[] };
export type HubspotStats = { requests: number; rateLimited: number; faults: number };

/** What the test's beforeAll started, which the helpers of resilienceHelpers() reach. */
export type Cluster = {
  sandbox: RunningSandbox;
  db: Database;
  api: ServiceProcess;
  profile: { _id: Types.ObjectId; ownerId: Types.ObjectId };
  salesforceProfile: { _id: Types.ObjectId; ownerId: Types.ObjectId };
};

function summary(logs: WebhookEventDoc[]): string {
  return JSON.stringify({ count: logs.length, statuses: countBy(logs, (log) => log.status) });
}

export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** The raw delivery a log holds: Smartlead's event name and stats_id. */
export function deliveryOf(log: WebhookEventDoc): string {
  const payload = storedPayload(log) as { event_type?: unknown; stats_id?: unknown };
  return `${String(payload.event_type)}:${String(payload.stats_id)}`;
}

function identityOf(log: WebhookEventDoc): string {
  const event = storedEvent(log);
  if (!event) throw new Error(`log ${log._id.toString()} has no canonical event`);
  return dedupKeyOf(event).key;
}

/**
 * What "synced once" means in the logs: each delivery identity has exactly one synced log and
 * every other log of it is a duplicate; nothing failed, nothing is left waiting.
 */
export function expectEachIdentitySyncedOnce(logs: WebhookEventDoc[]): void {
  const byIdentity = new Map<string, WebhookEventDoc[]>();
  for (const log of logs)
    byIdentity.set(identityOf(log), [...(byIdentity.get(identityOf(log)) ?? []), log]);
  const wrong = [...byIdentity.entries()]
    .map(([identity, group]) => ({ identity, statuses: group.map((log) => log.status).sort() }))
    .filter(
      ({ statuses }) =>
        statuses.filter((status) => status === 'synced').length !== 1 ||
        statuses.some((status) => status !== 'synced' && status !== 'duplicate'),
    );
  expect(wrong).toEqual([]);
}

/**
 * What "synced once" means in HubSpot: one contact per lead, one e-mail engagement per synced
/** The contact ids an engagement row is associated with (`contacts:12[198] companies:3[186]`). */
function contactsOf(row: HubspotRow): string[] {
  return [...row.associations.matchAll(/contacts:(\d+)\[/g)].map((match) => match[1] ?? '');
}

/**
 * The helpers that reach the cluster, which `cluster` gives once the test's beforeAll has run:
 * webhooks in its database, the sandbox's campaigns, faults and CRM state, the logs.
 */
export function resilienceHelpers(cluster: () => Cluster) {
  async function smartleadWebhook() {
    const { db, profile } = cluster();
    return buildWebhook(db, {
      profile: { ...profile, crm: 'HUBSPOT', organizationId: String(HUBSPOT_DEMO_HUB_ID) },
      owner: { id: DEMO_OWNER_ID },
      settings: {
        emailService: 'smartlead',
        createOrUpdateCompany: true,
        assignContactOwner: true,
        // Counters (opens, clicks) make a contact write that ran twice visible.
        createContactCustomProperties: true,
      },
    });
  }

  /** Smartlead into Salesforce Leads, an e-mail Task per send and reply (log type 0). */
  async function salesforceWebhook() {
    const { db, salesforceProfile } = cluster();
    return buildWebhook(db, {
      profile: {
        ...salesforceProfile,
        crm: 'SALESFORCE',
        organizationId: SALESFORCE_DEMO_ORG_ID,
      },
      owner: { id: await salesforceUserId() },
      settings: { emailService: 'smartlead', salesforceObjectType: 'Lead' },
    });
  }

  /** An active user of the demo org: the webhook's selected owner of the Tasks. */
  async function salesforceUserId(): Promise<string> {
    const [user] = await salesforceQuery<{ Id: string }>(
      'SELECT Id FROM User WHERE IsActive = true ORDER BY Name LIMIT 1',
    );
    if (!user) throw new Error('the demo org has no active user');
    return user.Id;
  }

  async function salesforceQuery<Row>(soql: string): Promise<Row[]> {
    const { sandbox } = cluster();
    const response = await fetch(
      `${sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0/query?q=${encodeURIComponent(soql)}`,
      { headers: { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` } },
    );
    if (!response.ok) throw new Error(`SOQL answered ${response.status}`);
    return ((await response.json()) as { records: Row[] }).records;
  }

  /**
   * What "synced once" means in Salesforce: one Lead per lead, one Task per synced send or reply
   * (each the one its log points at, on that log's Lead).
   */
  async function expectSalesforceHoldsEachOnce(leads: string[], logs: WebhookEventDoc[]) {
    const quoted = leads.map((lead) => `'${lead}'`).join(', ');
    const people = await salesforceQuery<{ Id: string; Email: string }>(
      `SELECT Id, Email FROM Lead WHERE Email IN (${quoted})`,
    );
    expect(countBy(people, (person) => person.Email.toLowerCase())).toEqual(
      Object.fromEntries(leads.map((lead) => [lead, 1])),
    );
    const tasks = await salesforceQuery<{ Id: string; WhoId: string }>(
      `SELECT Id, WhoId FROM Task WHERE WhoId IN (${people.map((person) => `'${person.Id}'`).join(', ')})`,
    );
    const synced = logs.filter(
      (log) => log.status === 'synced' && ENGAGEMENT_TYPES.has(log.eventType ?? ''),
    );
    expect(tasks).toHaveLength(synced.length);
    const taskById = new Map(tasks.map((task) => [task.Id, task]));
    const wrong = synced.filter((log) => {
      const task = taskById.get(log.steps.engagementId ?? '');
      return !task || task.WhoId !== log.steps.contactId;
    });
    expect(wrong.map((log) => log._id.toString())).toEqual([]);
  }

  function webhookUrl(code: string): string {
    return `${cluster().api.url ?? ''}/webhooks/${code}`;
  }

  async function sandboxCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${cluster().sandbox.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status}`);
    return (await response.json()) as T;
  }

  function simulateCampaign(body: Record<string, unknown>): Promise<CampaignReport> {
    return sandboxCall<CampaignReport>('POST', '/simulate/campaign', {
      platform: 'smartlead',
      ...body,
    });
  }

  function setHubspotFaults(faults: {
    rateLimit: number | null;
    errorRate: number;
    errorPath?: string | null;
    errorAfterApply?: boolean;
  }) {
    return sandboxCall('POST', '/_faults', { system: 'hubspot', ...faults });
  }

  async function hubspotStats(): Promise<HubspotStats> {
    const stats = await sandboxCall<{ systems: { hubspot?: HubspotStats } }>('GET', '/_stats');
    return stats.systems.hubspot ?? { requests: 0, rateLimited: 0, faults: 0 };
  }

  function logsOf(webhookId: Types.ObjectId): Promise<WebhookEventDoc[]> {
    return webhookEventModel(cluster().db.connection)
      .find({ webhookId })
      .sort({ receivedAt: 1, _id: 1 })
      .lean<WebhookEventDoc[]>();
  }

  /** Every log of the webhook, once there are `count` and none is waiting for a run. */
  function finalLogs(webhookId: Types.ObjectId, count: number, timeoutMs: number) {
    return pollUntil(
      () => logsOf(webhookId),
      (logs) => logs.length >= count && logs.every((log) => log.status !== 'received'),
      { timeoutMs, intervalMs: 500, what: `${count} final logs` },
    ).catch(async (error: unknown) => {
      throw new Error(
        `${(error as Error).message.slice(0, 200)}; ${summary(await logsOf(webhookId))}`,
      );
    });
  }

  /**
   * What "synced once" means in HubSpot: one contact per lead, one e-mail engagement per synced
   * send or reply (each the one its log points at, on that log's contact), and the contact's
   * open and click counters equal to the opens and clicks synced for the lead.
   */
  async function expectHubspotHoldsEachOnce(
    leads: string[],
    logs: WebhookEventDoc[],
  ): Promise<void> {
    const state = await sandboxCall<HubspotState>(
      'GET',
      `/_state/hubspot?tenant=${HUBSPOT_DEMO_HUB_ID}`,
    );
    const leadSet = new Set(leads);
    const contacts = state.contacts.filter((contact) => leadSet.has(contact.email ?? ''));
    expect(countBy(contacts, (contact) => contact.email ?? '')).toEqual(
      Object.fromEntries(leads.map((lead) => [lead, 1])),
    );
    const contactIds = new Set(contacts.map((contact) => contact.id));
    const emails = state.emails.filter((email) =>
      contactsOf(email).some((contactId) => contactIds.has(contactId)),
    );

    const synced = logs.filter((log) => log.status === 'synced');
    const engagementLogs = synced.filter((log) => ENGAGEMENT_TYPES.has(log.eventType ?? ''));
    expect(emails).toHaveLength(engagementLogs.length);
    expect(new Set(engagementLogs.map((log) => log.steps.engagementId)).size).toBe(
      engagementLogs.length,
    );
    const emailContacts = new Map(emails.map((email) => [email.id, contactsOf(email)]));
    const misplaced = engagementLogs.filter(
      (log) =>
        !emailContacts.get(log.steps.engagementId ?? '')?.includes(log.steps.contactId ?? ''),
    );
    expect(misplaced.map((log) => [log.eventType, log.leadEmail, log.steps])).toEqual([]);

    const contactByEmail = new Map(contacts.map((contact) => [contact.email ?? '', contact]));
    const counters = leads.map((lead) => {
      const ofLead = synced.filter((log) => log.leadEmail === lead);
      const contact = contactByEmail.get(lead);
      return {
        lead,
        opens: Number(contact?.[OPENS_COUNTER] ?? 0),
        clicks: Number(contact?.[CLICKS_COUNTER] ?? 0),
        syncedOpens: ofLead.filter((log) => log.eventType === 'EMAIL_OPEN').length,
        syncedClicks: ofLead.filter((log) => log.eventType === 'EMAIL_LINK_CLICK').length,
      };
    });
    // Counters are exact: each is the lead's written events counted in the log plus the batch's
    // own, so a contact write applied but not recorded (a killed worker, a later chunk's 429)
    // counts its events once, on the retry.
    expect(
      counters.filter(
        (counter) =>
          counter.opens !== counter.syncedOpens || counter.clicks !== counter.syncedClicks,
      ),
    ).toEqual([]);
  }

  return {
    smartleadWebhook,
    salesforceWebhook,
    expectSalesforceHoldsEachOnce,
    webhookUrl,
    sandboxCall,
    simulateCampaign,
    setHubspotFaults,
    hubspotStats,
    logsOf,
    finalLogs,
    expectHubspotHoldsEachOnce,
  };
}
