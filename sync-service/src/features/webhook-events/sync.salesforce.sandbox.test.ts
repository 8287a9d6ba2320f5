// The sync pipeline into the sandbox's Salesforce (issue 12 "Write to Salesforce"): platform
// events posted to the real receiver, written by the worker through the Salesforce connector,
// read back with SOQL from the sandbox's org.
import { buildTestPayload, defaultTestInputs } from '@outsync/contracts/webhooks/test-payloads';
import {
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SALESFORCE_DEMO_ORG_ID,
  type RunningSandbox,
} from '@outsync/sandbox';
import type { Types } from 'mongoose';
import { buildProfile } from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import { buildWebhook } from '../../testing/webhook-factories';
import { webhookEventModel, type WebhookEventDoc } from './webhook-event.model';

let sandbox: RunningSandbox;
let app: SandboxTestApp;
let ownerId: Types.ObjectId;
let profileId: Types.ObjectId;
/** An active user of the demo org: the webhook's selected owner. */
let salesforceUserId: string;

const API = () => `${sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0`;

async function soql<Row>(query: string): Promise<Row[]> {
  const response = await fetch(`${API()}/query?q=${encodeURIComponent(query)}`, {
    headers: { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` },
  });
  if (response.status !== 200) throw new Error(`SOQL answered ${response.status}`);
  return ((await response.json()) as { records: Row[] }).records;
}

beforeAll(async () => {
  app = await startSandboxTestApp({
    sandboxHost: '127.0.0.1',
    worker: true,
    env: { SYNC_BATCH_WINDOW_MS: '20' },
  });
  sandbox = app.sandbox;
  await app.signIn({ email: 'sf-owner@example.com', isPaidTier: true });
  const owner = await app.models.users.findOne({ email: 'sf-owner@example.com' }).lean();
  if (!owner) throw new Error('owner missing');
  ownerId = owner._id;
  const [user] = await soql<{ Id: string }>(
    'SELECT Id FROM User WHERE IsActive = true ORDER BY Name LIMIT 1',
  );
  salesforceUserId = user?.Id ?? '';
  const profile = await buildProfile(app.db, {
    ownerId,
    crm: 'SALESFORCE',
    organizationId: SALESFORCE_DEMO_ORG_ID,
    connection: {
      accessToken: SALESFORCE_DEMO_ACCESS_TOKEN,
      refreshToken: 'unused',
      instanceUrl: `${sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}`,
    },
    secrets: app.secrets,
  });
  profileId = profile._id;
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

async function webhook(settings: Parameters<typeof buildWebhook>[1]['settings']) {
  return buildWebhook(app.db, {
    profile: { _id: profileId, ownerId, crm: 'SALESFORCE', organizationId: SALESFORCE_DEMO_ORG_ID },
    owner: { id: salesforceUserId },
    settings,
  });
}

function post(code: string, body: unknown) {
  return fetch(`${app.url}/webhooks/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function settled(webhookId: Types.ObjectId, count: number): Promise<WebhookEventDoc[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const events = await webhookEventModel(app.db.connection)
      .find({ webhookId })
      .sort({ receivedAt: 1, _id: 1 })
      .lean<WebhookEventDoc[]>();
    if (events.length >= count && events.every((event) => event.status !== 'received'))
      return events;
    if (Date.now() > deadline)
      throw new Error(
        `events not settled: ${JSON.stringify(events.map((event) => [event.status, event.errors]))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function payload(
  platform: 'instantly' | 'bison',
  eventType: Parameters<typeof buildTestPayload>[1],
  lead: { name: string; email: string },
) {
  return buildTestPayload(
    platform,
    eventType,
    { ...defaultTestInputs(), recipientName: lead.name, recipientEmail: lead.email },
    new Date(),
  );
}

type LeadRow = { Id: string; FirstName: string | null; LastName: string; Company: string };
type TaskRow = {
  Id: string;
  Subject: string;
  Type: string | null;
  TaskSubtype: string | null;
  Status: string;
  WhoId: string;
  OwnerId: string;
};

const TASK_FIELDS = 'Id, Subject, Type, TaskSubtype, Status, WhoId, OwnerId';

describe('the sync pipeline into the sandbox Salesforce', () => {
  it('writes an Instantly reply as a new Lead and a Task with the custom subject, once for a repeated delivery', async () => {
    const hook = await webhook({
      emailService: 'instantly',
      salesforceObjectType: 'Lead',
      logType: 1,
      salesforceTaskType: 'Call',
      customTaskSubject: '{{os_sales_engagement_platform}} {{event_type}}: {{subject}}',
      assignContactOwner: true,
    });
    const reply = payload('instantly', 'reply_received', {
      name: 'Nadia Okafor',
      email: 'nadia.okafor@contoso-sf.example',
    });

    expect((await post(hook.code, reply)).status).toBe(200);
    expect((await post(hook.code, reply)).status).toBe(200);
    const events = await settled(hook._id, 2);

    expect(events.map((event) => event.status)).toEqual(['synced', 'duplicate']);
    const leads = await soql<LeadRow>(
      "SELECT Id, FirstName, LastName, Company FROM Lead WHERE Email = 'nadia.okafor@contoso-sf.example'",
    );
    expect(leads).toEqual([expect.objectContaining({ FirstName: 'Nadia', LastName: 'Okafor' })]);
    const tasks = await soql<TaskRow>(
      `SELECT ${TASK_FIELDS} FROM Task WHERE WhoId = '${leads[0]?.Id ?? ''}'`,
    );
    expect(tasks).toEqual([
      expect.objectContaining({
        Type: 'Call',
        Status: 'Completed',
        WhoId: leads[0]?.Id,
        OwnerId: salesforceUserId,
      }),
    ]);
    expect(tasks[0]?.Subject).toMatch(/^Instantly EMAIL_REPLY: \S/);
    expect(tasks[0]?.Subject).not.toContain('{{');
    expect(events[0]?.steps).toMatchObject({
      contactId: leads[0]?.Id,
      engagementId: tasks[0]?.Id,
    });
  });

  it('writes a bison LEAD_INTERESTED onto an existing Lead: updated, not created again', async () => {
    const hook = await webhook({
      emailService: 'bison',
      salesforceObjectType: 'Lead',
      logType: 1,
      salesforceTaskType: 'Other',
      customTaskSubject: 'Interested: {{to_name}} ({{campaign_name}})',
    });
    const lead = { name: 'Omar Haddad', email: 'omar.haddad@fabrikam-sf.example' };
    expect((await post(hook.code, payload('bison', 'EMAIL_SENT', lead))).status).toBe(200);
    await settled(hook._id, 1);
    expect((await post(hook.code, payload('bison', 'LEAD_INTERESTED', lead))).status).toBe(200);
    const events = await settled(hook._id, 2);

    expect(events.map((event) => event.status)).toEqual(['synced', 'synced']);
    const leads = await soql<LeadRow>(
      `SELECT Id, FirstName, LastName, Company FROM Lead WHERE Email = '${lead.email}'`,
    );
    expect(leads).toHaveLength(1);
    const tasks = await soql<TaskRow>(
      `SELECT ${TASK_FIELDS} FROM Task WHERE WhoId = '${leads[0]?.Id ?? ''}' ORDER BY CreatedDate`,
    );
    expect(tasks.map((task) => task.Type)).toEqual(['Other', 'Other']);
    expect(tasks[1]?.Subject).toMatch(/^Interested: Omar Haddad \(.+\)$/);
  });

  it('logs an e-mail activity (log type 0) as a completed Task of subtype Email on a Contact', async () => {
    const hook = await webhook({ emailService: 'instantly', salesforceObjectType: 'Contact' });
    const lead = { name: 'Lena Brandt', email: 'lena.brandt@tailspin-sf.example' };

    expect((await post(hook.code, payload('instantly', 'email_sent', lead))).status).toBe(200);
    const [event] = await settled(hook._id, 1);

    expect(event?.status).toBe('synced');
    const contacts = await soql<{ Id: string }>(
      `SELECT Id FROM Contact WHERE Email = '${lead.email}'`,
    );
    expect(contacts).toHaveLength(1);
    const tasks = await soql<TaskRow>(
      `SELECT ${TASK_FIELDS} FROM Task WHERE WhoId = '${contacts[0]?.Id ?? ''}'`,
    );
    expect(tasks).toEqual([expect.objectContaining({ TaskSubtype: 'Email', Status: 'Completed' })]);
  });

  it('does not create a missing person on an Update Only webhook, and says why', async () => {
    const hook = await webhook({
      emailService: 'instantly',
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
    });
    const lead = { name: 'Ivo Petrov', email: 'ivo.petrov@nowhere-sf.example' };

    expect((await post(hook.code, payload('instantly', 'email_sent', lead))).status).toBe(200);
    const [event] = await settled(hook._id, 1);

    expect(event?.status).toBe('not_synced');
    expect(event?.reason).toMatch(/Update Only/);
    expect(await soql(`SELECT Id FROM Lead WHERE Email = '${lead.email}'`)).toEqual([]);
  });
});
