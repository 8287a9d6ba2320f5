// The sync pipeline end to end on the embedded database and the sandbox's HubSpot: the real
// receiver, Agenda worker, connectors and writer (issue 11 "Proof").
import {
  HUBSPOT_DEMO_HUB_ID,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  type RunningSandbox,
} from '@outsync/sandbox';
import type { AuditLogPage } from '@outsync/contracts/history';
import type { Types } from 'mongoose';
import { buildProfile } from '../../testing/profile-factories';
import {
  demoPortalOwner,
  sandboxSmartleadKey,
  startSandboxTestApp,
  type SandboxTestApp,
} from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';
import { webhookModel } from '../webhooks';
import { buildWebhook } from '../../testing/webhook-factories';
import { webhookEventModel, type WebhookEventDoc } from './webhook-event.model';

let sandbox: RunningSandbox;
let app: SandboxTestApp;
let ownerId: Types.ObjectId;
let profileId: Types.ObjectId;
let ownerClient: TestClient;

/** A seeded owner of the sandbox's demo portal. */
const DEMO_OWNER_ID = '70000001';

beforeAll(async () => {
  app = await startSandboxTestApp({
    sandboxHost: '127.0.0.1',
    worker: true,
    env: { SYNC_BATCH_WINDOW_MS: '20' },
  });
  sandbox = app.sandbox;
  ({
    client: ownerClient,
    ownerId,
    profileId,
  } = await demoPortalOwner(app, 'paid-owner@example.com'));
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

async function webhook(settings: Parameters<typeof buildWebhook>[1]['settings'] = {}) {
  return buildWebhook(app.db, {
    profile: {
      _id: profileId,
      ownerId,
      crm: 'HUBSPOT',
      organizationId: String(HUBSPOT_DEMO_HUB_ID),
    },
    owner: { id: DEMO_OWNER_ID },
    settings: {
      emailService: 'smartlead',
      createOrUpdateCompany: true,
      assignContactOwner: true,
      ...settings,
    },
  });
}

function post(path: string, body: unknown) {
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function eventsOf(webhookId: Types.ObjectId): Promise<WebhookEventDoc[]> {
  return webhookEventModel(app.db.connection)
    .find({ webhookId })
    .sort({ receivedAt: 1, _id: 1 })
    .lean<WebhookEventDoc[]>();
}

async function settled(webhookId: Types.ObjectId, count: number): Promise<WebhookEventDoc[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const events = await eventsOf(webhookId);
    if (events.length >= count && events.every((event) => event.status !== 'received'))
      return events;
    if (Date.now() > deadline)
      throw new Error(
        `events not settled: ${JSON.stringify(events.map((event) => [event.status, event.errors]))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function hubspot(path: string, body?: unknown) {
  // The test's own searches share the portal's 4-per-second search budget with the service's:
  // on a slow machine they can meet HubSpot's SECONDLY 429, which is not what a test asserts.
  let response: Response;
  for (let attempt = 1; ; attempt += 1) {
    response = await fetch(`${sandbox.url}/hubspot${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status !== 429 || attempt === 10) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!response.ok)
    throw new Error(`sandbox HubSpot ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as {
    results: Array<{ id: string; properties: Record<string, string | null> }>;
  };
}

function searchBy(type: string, propertyName: string, value: string, properties: string[]) {
  return hubspot(`/crm/v3/objects/${type}/search`, {
    filterGroups: [{ filters: [{ propertyName, operator: 'EQ', value }] }],
    properties,
    limit: 100,
  });
}

function smartleadReply(leadEmail: string, statsId: string) {
  return {
    event_type: 'EMAIL_REPLY',
    event_timestamp: '2026-11-20T10:15:00.000Z',
    stats_id: statsId,
    sl_email_lead_id: 777,
    sl_lead_email: leadEmail,
    // The trap: in replies Smartlead's to_email is the customer's own mailbox.
    to_email: 'sam.seller@outsync-demo.test',
    to_name: 'Grace Hopper',
    from_email: 'sam.seller@outsync-demo.test',
    subject: 'Re: Quick question',
    campaign_id: 1001,
    campaign_name: 'Q4 outreach',
    reply_message: {
      message_id: `<reply-${statsId}@mail>`,
      text: 'Sounds good, call me.',
      html: '<p>Sounds good, call me.</p>',
    },
    app_url: 'https://app.smartlead.ai/app/master-inbox?leadMap=1',
  };
}

describe('the sync pipeline into the sandbox HubSpot', () => {
  it('writes a Smartlead reply as a contact, a company and an incoming e-mail, exactly once for a repeated delivery', async () => {
    const hook = await webhook();
    const first = await post(
      `/webhooks/${hook.code}`,
      smartleadReply('grace@navy-labs.example', 's-1'),
    );
    expect(first.status).toBe(200);
    const again = await post(
      `/webhooks/${hook.code}`,
      smartleadReply('grace@navy-labs.example', 's-1'),
    );
    expect(again.status).toBe(200);

    const events = await settled(hook._id, 2);
    expect(events.map((event) => event.status).sort()).toEqual(['duplicate', 'synced']);

    const contacts = await searchBy('contacts', 'email', 'grace@navy-labs.example', [
      'email',
      'hubspot_owner_id',
      'os_last_reply_message',
    ]);
    expect(contacts.results).toHaveLength(1);
    expect(contacts.results[0]?.properties).toMatchObject({
      email: 'grace@navy-labs.example',
      hubspot_owner_id: DEMO_OWNER_ID,
      os_last_reply_message: 'Sounds good, call me.',
    });
    const companies = await searchBy('companies', 'domain', 'navy-labs.example', ['domain']);
    expect(companies.results).toHaveLength(1);
    const emails = await searchBy('emails', 'hs_email_subject', 'Re: Quick question', [
      'hs_email_direction',
      'hs_email_text',
    ]);
    expect(emails.results).toHaveLength(1);
    expect(emails.results[0]?.properties).toMatchObject({
      hs_email_direction: 'INCOMING_EMAIL',
      hs_email_text: 'Sounds good, call me.',
    });
    // The code in the URL is the webhook's credential: never in the logs.
    expect(JSON.stringify(app.lines)).not.toContain(hook.code);
    const synced = events.find((event) => event.status === 'synced');
    expect(synced?.steps).toMatchObject({
      contactId: contacts.results[0]?.id,
      companyId: companies.results[0]?.id,
      engagementId: emails.results[0]?.id,
    });
  });

  it('answers a test event with {success, errors} once it is synced', async () => {
    const hook = await webhook();
    const response = await post(
      `/webhooks/test/${hook.code}`,
      smartleadReply('ada@engines.example', 't-1'),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, errors: [] });
    const contacts = await searchBy('contacts', 'email', 'ada@engines.example', ['email']);
    expect(contacts.results).toHaveLength(1);
  });

  it("records a signed-in owner's test event in the audit log (issue 30)", async () => {
    const hook = await webhook();
    const response = await ownerClient.post<{ success: boolean }>(
      `/webhooks/test/${hook.code}`,
      smartleadReply('grace@compilers.example', 't-audit'),
    );
    expect([response.status, response.body.success]).toEqual([200, true]);
    const audit = await ownerClient.get<AuditLogPage>('/api/admin/audit-log');
    expect(audit.body.data[0]).toMatchObject({
      action: 'sendTestWebhook',
      actor: { email: 'paid-owner@example.com', role: null, via: 'dashboard' },
      account: { email: 'paid-owner@example.com' },
      target: `Smartlead webhook ${hook._id.toString()}`,
    });
  });

  it("refuses a manager's test event on a customer's webhook (read-only staff): 403, nothing written", async () => {
    const hook = await webhook();
    const manager = await app.signIn({ email: 'test-manager@outsync.test', role: 'MANAGER' });
    const response = await manager.post<{ code: string; message: string }>(
      `/webhooks/test/${hook.code}`,
      smartleadReply('barbara@liskov.example', 't-manager'),
    );
    expect([response.status, response.body]).toEqual([
      403,
      { code: 'forbidden', message: "Only the webhook's owner or an admin can change it." },
    ]);
    expect(await eventsOf(hook._id)).toEqual([]);
    const contacts = await searchBy('contacts', 'email', 'barbara@liskov.example', ['email']);
    expect(contacts.results).toHaveLength(0);
  });

  it('reports the CRM refusal of a test event in errors', async () => {
    const hook = await buildWebhook(app.db, {
      profile: {
        _id: profileId,
        ownerId,
        crm: 'HUBSPOT',
        organizationId: String(HUBSPOT_DEMO_HUB_ID),
      },
      // Not an owner of the portal: HubSpot refuses the contact.
      owner: { id: '99999999' },
      settings: { emailService: 'smartlead' },
    });
    const response = await post(
      `/webhooks/test/${hook.code}`,
      smartleadReply('linus@kernel.example', 't-2'),
    );
    const body = (await response.json()) as {
      success: boolean;
      errors: Array<{ step: string; message: string }>;
    };
    expect(body.success).toBe(false);
    expect(body.errors[0]?.message).toContain('99999999 was not a valid owner id');
  });

  it('refuses what is not an event: unknown code 404, bad JSON 400, a non-object 400, over 1 MB 413', async () => {
    const hook = await webhook();
    const unknown = await post('/webhooks/no-such-code', { event_type: 'EMAIL_SENT' });
    expect(unknown.status).toBe(404);
    const badJson = await post(`/webhooks/${hook.code}`, '{"event_type": ');
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { message: string }).message).toMatch(
      /^The body is not valid JSON/,
    );
    const list = await post(`/webhooks/${hook.code}`, [1, 2]);
    expect(list.status).toBe(400);
    const huge = await post(`/webhooks/${hook.code}`, {
      event_type: 'EMAIL_SENT',
      text: 'x'.repeat(1024 * 1024),
    });
    expect(huge.status).toBe(413);
    // Sent in chunks with no declared length: refused once the bytes read pass 1 MB.
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const streamed = await fetch(`${app.url}/webhooks/${hook.code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode('{"text": "'));
          if (sent++ < 20) controller.enqueue(chunk);
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { message: string }).message).toBe(
      'The event is larger than 1 MB.',
    );
    expect(await eventsOf(hook._id)).toHaveLength(0);
  });

  it('logs an event it does not know as unsupported and answers 2xx so the platform stops retrying', async () => {
    const hook = await webhook();
    const response = await post(`/webhooks/${hook.code}`, {
      event_type: 'CAMPAIGN_STATUS_CHANGED',
      campaign_id: 1,
    });
    expect(response.status).toBe(200);
    const [event] = await eventsOf(hook._id);
    expect(event?.status).toBe('unsupported');
    expect(event?.reason).toContain('CAMPAIGN_STATUS_CHANGED');
  });

  it('holds the events of a lead outside the approved categories and releases them in order when it reaches one', async () => {
    // A Smartlead webhook filters by category through an API key; the sandbox's Smartlead does
    // not know the lead yet, so its category is unknown and its events are held.
    const hook = await webhook({
      smartleadBaseCategories: [{ id: '1', name: 'Interested' }],
      apiKeyId: await sandboxSmartleadKey(app, profileId),
    });
    const lead = 'barbara@liskov.example';
    await post(`/webhooks/${hook.code}`, {
      ...smartleadReply(lead, 'h-1'),
      event_type: 'EMAIL_SENT',
      sent_message: { text: 'Hi', html: '<p>Hi</p>' },
    });
    await post(`/webhooks/${hook.code}`, smartleadReply(lead, 'h-2'));
    let events = await settled(hook._id, 2);
    expect(events.map((event) => event.status)).toEqual(['held', 'held']);
    expect((await searchBy('contacts', 'email', lead, ['email'])).results).toHaveLength(0);

    await post(`/webhooks/${hook.code}`, {
      event_type: 'LEAD_CATEGORY_UPDATED',
      event_timestamp: '2026-11-21T09:00:00.000Z',
      sl_lead_email: lead,
      stats_id: 'h-3',
      campaign_id: 1001,
      lead_category: { old_id: null, old_name: null, new_id: 1, new_name: 'Interested' },
    });
    events = await settled(hook._id, 3);
    expect(events.map((event) => event.status)).toEqual(['synced', 'synced', 'synced']);
    const contacts = await searchBy('contacts', 'email', lead, ['os_last_lead_category_name']);
    expect(contacts.results[0]?.properties.os_last_lead_category_name).toBe('Interested');
  });

  it('does not write live events of a free-plan owner, and says why', async () => {
    await app.signIn({ email: 'free-owner@example.com', isPaidTier: false });
    const free = await app.models.users.findOne({ email: 'free-owner@example.com' }).lean();
    if (!free) throw new Error('user missing');
    const profile = await buildProfile(app.db, {
      ownerId: free._id,
      organizationId: String(HUBSPOT_DEMO_HUB_ID),
      connection: { accessToken: HUBSPOT_DEMO_PRIVATE_APP_TOKEN, refreshToken: 'unused' },
      secrets: app.secrets,
    });
    const hook = await buildWebhook(app.db, {
      profile: {
        _id: profile._id,
        ownerId: free._id,
        crm: 'HUBSPOT',
        organizationId: String(HUBSPOT_DEMO_HUB_ID),
      },
      owner: { id: DEMO_OWNER_ID },
    });
    await post(`/webhooks/${hook.code}`, smartleadReply('alan@turing.example', 'f-1'));
    const [event] = await settled(hook._id, 1);
    expect(event?.status).toBe('not_synced');
    expect(event?.reason).toBe('Not synced: free plan. Upgrade to sync live events into your CRM.');
    expect(
      (await searchBy('contacts', 'email', 'alan@turing.example', ['email'])).results,
    ).toHaveLength(0);
  });

  it('retries a failed event for its owner, keeping what was done, and refuses others', async () => {
    const hook = await buildWebhook(app.db, {
      profile: {
        _id: profileId,
        ownerId,
        crm: 'HUBSPOT',
        organizationId: String(HUBSPOT_DEMO_HUB_ID),
      },
      owner: { id: '99999999' },
      settings: { emailService: 'smartlead', assignContactOwner: true },
    });
    await post(`/webhooks/${hook.code}`, smartleadReply('edsger@dijkstra.example', 'r-1'));
    const [failed] = await settled(hook._id, 1);
    expect(failed?.status).toBe('failed');
    expect(failed?.errors[0]?.message).toContain('99999999 was not a valid owner id');
    const id = failed?._id.toString() ?? '';

    const stranger = await app.signIn({ email: 'someone-else@example.com', isPaidTier: true });
    expect((await stranger.post(`/api/admin/webhook-logs/${id}/retry`)).status).toBe(404);
    const manager = await app.signIn({ email: 'manager@example.com', role: 'MANAGER' });
    const refused = await manager.post<{ message: string }>(`/api/admin/webhook-logs/${id}/retry`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the webhook’s owner or an admin can retry its events.');

    // The customer fixes the owner; the retry syncs it.
    await webhookModel(app.db.connection).updateOne(
      { _id: hook._id },
      { $set: { hubspotOwnerId: DEMO_OWNER_ID } },
    );
    const retried = await ownerClient.post(`/api/admin/webhook-logs/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ id, status: 'received' });
    const [synced] = await settled(hook._id, 1);
    expect(synced?.status).toBe('synced');
    const again = await ownerClient.post<{ message: string }>(
      `/api/admin/webhook-logs/${id}/retry`,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a failed or partially synced event can be retried.');
  });
});
