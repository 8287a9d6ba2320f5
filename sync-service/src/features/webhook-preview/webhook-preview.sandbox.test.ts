// The dry-run preview's promise (issue 34, item 2): the plan equals the writes that follow. A
// sample event is previewed against the sandbox's HubSpot and Salesforce, the same payload is
// then delivered for real, and every planned write is compared field by field with what the
// sandbox holds afterwards; the preview itself leaves no trace (no log, no dedupe key, no hold,
// no record in the CRM).
import type { WebhookPreview } from '@outsync/contracts/webhooks';
import {
  HUBSPOT_DEMO_HUB_ID,
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SALESFORCE_DEMO_ORG_ID,
} from '@outsync/sandbox';
import type { Types } from 'mongoose';
import { buildProfile } from '../../testing/profile-factories';
import {
  demoPortalOwner,
  sandboxSmartleadKey,
  startSandboxTestApp,
  type SandboxTestApp,
} from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';
import { buildWebhook } from '../../testing/webhook-factories';
import { categoryHoldModel } from '../category-holds';
import { webhookDeliveryModel, webhookEventModel } from '../webhook-events';
import type { WebhookEventDoc } from '../../pipeline';
import { webhookModel } from '../webhooks';

const WEBHOOKS = '/api/admin/webhooks';
/** A seeded owner of the sandbox's demo portal. */
const DEMO_OWNER = {
  id: '70000001',
  email: 'sam.seller@outsync-demo.test',
  firstName: 'Sam',
  lastName: 'Seller',
  name: 'Sam Seller',
};

let app: SandboxTestApp;
let owner: TestClient;
let ownerId: Types.ObjectId;
let profileId: Types.ObjectId;

beforeAll(async () => {
  app = await startSandboxTestApp({
    sandboxHost: '127.0.0.1',
    worker: true,
    env: { SYNC_BATCH_WINDOW_MS: '20' },
  });
  ({ client: owner, ownerId, profileId } = await demoPortalOwner(app, 'preview-owner@example.com'));
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

type StateRow = { id: string; associations?: string } & Record<string, unknown>;
type HubspotState = Record<'contacts' | 'companies' | 'emails' | 'tasks', StateRow[]>;

async function hubspotState(): Promise<HubspotState> {
  const response = await fetch(`${app.sandbox.url}/_state/hubspot?tenant=${HUBSPOT_DEMO_HUB_ID}`);
  return (await response.json()) as HubspotState;
}

async function nothingStored(webhookId?: Types.ObjectId) {
  const filter = webhookId ? { webhookId } : {};
  expect(await webhookEventModel(app.db.connection).countDocuments(filter)).toBe(0);
  const ofHook = webhookId ? { _id: new RegExp(`^${webhookId.toString()}:`) } : {};
  expect(await webhookDeliveryModel(app.db.connection).countDocuments(ofHook)).toBe(0);
  expect(await categoryHoldModel(app.db.connection).countDocuments(filter)).toBe(0);
}

async function settled(webhookId: Types.ObjectId): Promise<WebhookEventDoc> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [event] = await webhookEventModel(app.db.connection)
      .find({ webhookId })
      .lean<WebhookEventDoc[]>();
    if (event && event.status !== 'received') return event;
    if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify(event)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function deliver(code: string, payload: unknown) {
  return fetch(`${app.url}/webhooks/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
}

/** The real id of each record the plan created, from the event's recorded steps. */
function realIdsOf(plan: WebhookPreview, event: WebhookEventDoc): Map<string, string> {
  const stepOf: Record<string, string | undefined> = {
    contacts: event.steps.contactId,
    Contact: event.steps.contactId,
    Lead: event.steps.contactId,
    companies: event.steps.companyId,
    Account: event.steps.companyId,
    emails: event.steps.engagementId,
    tasks: event.steps.engagementId,
    Task: event.steps.engagementId,
  };
  const ids = new Map<string, string>();
  for (const write of plan.writes) {
    const real = stepOf[write.object];
    if (write.action === 'create' && real) ids.set(write.recordId, real);
  }
  return ids;
}

/**
 * Every planned HubSpot write against the portal afterwards: each record's planned properties
 * hold the planned values, its associations are there, and the portal gained exactly the
 * records the plan created.
 */
function expectHubspotPlanDone(
  plan: WebhookPreview,
  event: WebhookEventDoc,
  before: HubspotState,
  after: HubspotState,
) {
  const real = realIdsOf(plan, event);
  const idOf = (id: string) => real.get(id) ?? id;
  for (const type of ['contacts', 'companies', 'emails', 'tasks'] as const) {
    const known = new Set(before[type].map((row) => row.id));
    const created = after[type].filter((row) => !known.has(row.id)).map((row) => row.id);
    const planned = plan.writes
      .filter((write) => write.object === type && write.action === 'create')
      .map((write) => idOf(write.recordId));
    expect({ type, created: created.sort() }).toEqual({ type, created: planned.sort() });
  }
  for (const write of plan.writes) {
    if (write.action === 'create_property') continue;
    if (write.action === 'associate') {
      const [from, to] = write.object.split('→');
      const row = after[from as keyof HubspotState].find((r) => r.id === idOf(write.recordId));
      for (const association of write.associations)
        expect(row?.associations ?? '').toContain(`${to}:${idOf(association.toId)}`);
      continue;
    }
    const row = after[write.object as keyof HubspotState].find(
      (candidate) => candidate.id === idOf(write.recordId),
    );
    expect(row).toBeDefined();
    for (const [field, value] of Object.entries(write.fields))
      expect({ record: write.object, field, value: row?.[field] ?? null }).toEqual({
        record: write.object,
        field,
        value: typeof value === 'string' ? idOf(value) : value,
      });
    for (const association of write.associations)
      expect(row?.associations ?? '').toContain(`:${idOf(association.toId)}[`);
  }
}

describe('HubSpot: the create form previews, then the event really syncs', () => {
  const settings = {
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    createOrUpdateCompany: true,
    assignContactOwner: true,
    createContactCustomProperties: true,
  };

  it('writes exactly what the preview planned: the contact, the company and the e-mail', async () => {
    const before = await hubspotState();
    const answer = await owner.post<WebhookPreview>(`${WEBHOOKS}/preview`, {
      ...settings,
      userProfileId: profileId.toString(),
      selectedOwner: DEMO_OWNER,
      sample: { kind: 'test', eventType: 'EMAIL_REPLY' },
    });
    expect(answer.status).toBe(200);
    const plan = answer.body;
    expect(plan.status).toBe('synced');
    expect(plan.event).toMatchObject({ platform: 'smartlead', type: 'EMAIL_REPLY' });
    // How the lead was looked for: by its e-mail.
    expect(plan.lookups).toContainEqual(
      expect.objectContaining({ object: 'contacts', property: 'email' }),
    );
    expect(plan.writes.map((write) => `${write.action} ${write.object}`)).toEqual(
      expect.arrayContaining(['create emails']),
    );
    const email = plan.writes.find((write) => write.object === 'emails');
    expect(email?.fields).toMatchObject({ hs_email_direction: 'INCOMING_EMAIL' });
    // The preview wrote nothing, anywhere.
    await nothingStored();
    expect(await hubspotState()).toEqual(before);

    const code = String((await owner.post(`${WEBHOOKS}/generate`)).body);
    const created = await owner.post<{ id: string }>(WEBHOOKS, {
      ...settings,
      userProfileId: profileId.toString(),
      selectedOwner: DEMO_OWNER,
      code,
    });
    expect(created.status).toBe(201);
    expect((await deliver(code, plan.payload)).status).toBe(200);
    const hook = await webhookModel(app.db.connection).findOne({ code }).lean();
    const event = await settled(hook!._id);
    expect(event.status).toBe('synced');

    expectHubspotPlanDone(plan, event, before, await hubspotState());
  });

  it('previews a payload the webhook already synced as a duplicate, from its log', async () => {
    const hook = await buildWebhook(app.db, {
      profile: {
        _id: profileId,
        ownerId,
        crm: 'HUBSPOT',
        organizationId: String(HUBSPOT_DEMO_HUB_ID),
      },
      owner: DEMO_OWNER,
      settings: { emailService: 'smartlead', objectLookupMethod: 'default' },
    });
    const first = await owner.post<WebhookPreview>(`${WEBHOOKS}/${hook._id.toString()}/preview`, {
      emailService: 'smartlead',
      objectLookupMethod: 'default',
      sample: { kind: 'test', eventType: 'EMAIL_SENT' },
    });
    expect(first.body.status).toBe('synced');
    expect((await deliver(hook.code, first.body.payload)).status).toBe(200);
    const event = await settled(hook._id);

    const samples = await owner.get<Array<{ eventId: string }>>(
      `${WEBHOOKS}/${hook._id.toString()}/preview/samples`,
    );
    expect(samples.body.map((sample) => sample.eventId)).toEqual([event._id.toString()]);
    const again = await owner.post<WebhookPreview>(`${WEBHOOKS}/${hook._id.toString()}/preview`, {
      emailService: 'smartlead',
      objectLookupMethod: 'default',
      sample: { kind: 'log', eventId: event._id.toString() },
    });
    expect(again.body).toMatchObject({
      status: 'duplicate',
      reason: 'The platform delivered this event before; it was synced once.',
      writes: [],
    });
  });
});

describe('held and skipped: the preview says why, and the real run agrees', () => {
  it('holds an event whose lead is in no approved category, and writes nothing either way', async () => {
    const apiKeyId = await sandboxSmartleadKey(app, profileId);
    const categories = [{ id: '1', name: 'Interested' }];
    const hook = await buildWebhook(app.db, {
      profile: {
        _id: profileId,
        ownerId,
        crm: 'HUBSPOT',
        organizationId: String(HUBSPOT_DEMO_HUB_ID),
      },
      owner: DEMO_OWNER,
      settings: { emailService: 'smartlead', smartleadBaseCategories: categories, apiKeyId },
    });
    const before = await hubspotState();
    const preview = await owner.post<WebhookPreview>(`${WEBHOOKS}/${hook._id.toString()}/preview`, {
      emailService: 'smartlead',
      objectLookupMethod: 'default',
      smartleadBaseCategories: categories,
      apiKeyId,
      sample: { kind: 'test', eventType: 'EMAIL_SENT' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      status: 'held',
      reason:
        'Held until the lead reaches an approved category (Interested); its category is not known yet.',
      writes: [],
    });
    await nothingStored(hook._id);

    expect((await deliver(hook.code, preview.body.payload)).status).toBe(200);
    const event = await settled(hook._id);
    expect({ status: event.status, reason: event.reason }).toEqual({
      status: preview.body.status,
      reason: preview.body.reason,
    });
    const after = await hubspotState();
    expect(after.emails).toEqual(before.emails);
    expect(after.contacts).toEqual(before.contacts);
  });

  it('skips every event of a free-plan owner (the gate), as the real run does', async () => {
    const free = await app.signIn({ email: 'free-preview@example.com', isPaidTier: false });
    const user = await app.models.users.findOne({ email: 'free-preview@example.com' }).lean();
    const profile = await buildProfile(app.db, {
      ownerId: user!._id,
      organizationId: String(HUBSPOT_DEMO_HUB_ID),
      connection: { accessToken: 'unused', refreshToken: 'unused' },
      secrets: app.secrets,
    });
    const hook = await buildWebhook(app.db, {
      profile: {
        _id: profile._id,
        ownerId: user!._id,
        crm: 'HUBSPOT',
        organizationId: String(HUBSPOT_DEMO_HUB_ID),
      },
      owner: DEMO_OWNER,
      settings: { emailService: 'instantly', objectLookupMethod: 'default' },
    });
    const preview = await free.post<WebhookPreview>(`${WEBHOOKS}/${hook._id.toString()}/preview`, {
      emailService: 'instantly',
      objectLookupMethod: 'default',
      sample: { kind: 'test', eventType: 'email_sent' },
    });
    expect(preview.body.status).toBe('not_synced');
    expect(preview.body.writes).toEqual([]);

    expect((await deliver(hook.code, preview.body.payload)).status).toBe(200);
    const event = await settled(hook._id);
    expect({ status: event.status, reason: event.reason }).toEqual({
      status: preview.body.status,
      reason: preview.body.reason,
    });
  });
});

describe('Salesforce: the settings dialog previews, then the event really syncs', () => {
  const API = () => `${app.sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0`;

  async function soql<Row>(query: string): Promise<Row[]> {
    const response = await fetch(`${API()}/query?q=${encodeURIComponent(query)}`, {
      headers: { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` },
    });
    if (response.status !== 200)
      throw new Error(`SOQL answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { records: Row[] }).records;
  }

  it('writes exactly the planned Lead and Task, field by field', async () => {
    const sfOwner = await app.signIn({ email: 'sf-preview@example.com', isPaidTier: true });
    const user = await app.models.users.findOne({ email: 'sf-preview@example.com' }).lean();
    const [sfUser] = await soql<{ Id: string }>(
      'SELECT Id FROM User WHERE IsActive = true ORDER BY Name LIMIT 1',
    );
    const profile = await buildProfile(app.db, {
      ownerId: user!._id,
      crm: 'SALESFORCE',
      organizationId: SALESFORCE_DEMO_ORG_ID,
      connection: {
        accessToken: SALESFORCE_DEMO_ACCESS_TOKEN,
        refreshToken: 'unused',
        instanceUrl: `${app.sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}`,
      },
      secrets: app.secrets,
    });
    const settings = {
      emailService: 'instantly',
      objectLookupMethod: 'default',
      salesforceObjectType: 'Lead',
      logType: 1,
      salesforceTaskType: 'Call',
      customTaskSubject: '{{os_sales_engagement_platform}} {{event_type}}: {{subject}}',
      assignContactOwner: true,
    } as const;
    const hook = await buildWebhook(app.db, {
      profile: {
        _id: profile._id,
        ownerId: user!._id,
        crm: 'SALESFORCE',
        organizationId: SALESFORCE_DEMO_ORG_ID,
      },
      owner: { id: sfUser?.Id ?? '' },
      settings,
    });
    const answer = await sfOwner.post<WebhookPreview>(
      `${WEBHOOKS}/${hook._id.toString()}/preview`,
      {
        ...settings,
        sample: { kind: 'test', eventType: 'reply_received' },
      },
    );
    expect(answer.status).toBe(200);
    const plan = answer.body;
    expect(plan.status).toBe('synced');
    expect(plan.lookups).toContainEqual(
      expect.objectContaining({ object: 'Lead', property: 'Email' }),
    );
    const task = plan.writes.find((write) => write.object === 'Task');
    expect(task?.action).toBe('create');
    await nothingStored(hook._id);

    expect((await deliver(hook.code, plan.payload)).status).toBe(200);
    const event = await settled(hook._id);
    expect(event.status).toBe('synced');

    const real = realIdsOf(plan, event);
    for (const write of plan.writes) {
      const id = real.get(write.recordId) ?? write.recordId;
      const fields = Object.keys(write.fields);
      const [row] = await soql<Record<string, unknown>>(
        `SELECT ${fields.join(', ')} FROM ${write.object} WHERE Id = '${id}'`,
      );
      for (const field of fields)
        expect({ record: write.object, field, value: row?.[field] ?? null }).toEqual({
          record: write.object,
          field,
          // A planned record's id stands for the one the real run created.
          value: real.get(String(write.fields[field])) ?? write.fields[field] ?? null,
        });
    }
  });
});
