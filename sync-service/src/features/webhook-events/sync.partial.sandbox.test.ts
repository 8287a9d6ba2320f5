// Partial success end to end (issue 29): a customer who declined the optional HubSpot scope
// crm.schemas.contacts.write on the consent page. The real app (receiver, worker, writer) on the
// sandbox's HubSpot, whose token refuses property creation as HubSpot does: the events are
// written (contact, company, e-mail) without OutSync's os_* properties and end partially synced
// with one warning; the refusal is not asked again for every batch.
import { HUBSPOT_DEMO_HUB_ID, HUBSPOT_DEMO_PRIVATE_APP_TOKEN } from '@outsync/sandbox';
import type { MeResponse } from '@outsync/contracts';
import { Types } from 'mongoose';
import { connectHubspot } from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import { buildWebhook } from '../../testing/webhook-factories';
import { webhookEventModel, type WebhookEventDoc } from './webhook-event.model';

let app: SandboxTestApp;
let profileId: Types.ObjectId;
let ownerId: Types.ObjectId;

/** A seeded owner of the sandbox's demo portal. */
const DEMO_OWNER_ID = '70000001';
/** Refused before routing (the token's scopes), so counted by its path. */
const GROUP_CREATE = 'POST /hubspot/crm/v3/properties/contacts/groups';

beforeAll(async () => {
  app = await startSandboxTestApp({
    sandboxHost: '127.0.0.1',
    worker: true,
    env: { SYNC_BATCH_WINDOW_MS: '20' },
  });
  const client = await app.signIn({ email: 'no-schema-scope@customer.test', isPaidTier: true });
  const connected = await connectHubspot(app.url, client, {
    declineScopes: ['crm.schemas.contacts.write'],
  });
  if (connected.status !== 302) throw new Error(`connecting answered ${connected.status}`);
  const me = (await client.get<MeResponse>('/api/admin/me')).body;
  profileId = new Types.ObjectId(me.userProfiles[0]?.userProfileId);
  const user = await app.models.users.findOne({ email: 'no-schema-scope@customer.test' }).lean();
  if (!user) throw new Error('user missing');
  ownerId = user._id;
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

function post(path: string, body: unknown) {
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function settled(webhookId: Types.ObjectId, count: number): Promise<WebhookEventDoc[]> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const events = await webhookEventModel(app.db.connection)
      .find({ webhookId })
      .sort({ receivedAt: 1, _id: 1 })
      .lean<WebhookEventDoc[]>();
    if (events.length >= count && events.every((event) => event.status !== 'received'))
      return events;
    if (Date.now() > deadline)
      throw new Error(`events not settled: ${JSON.stringify(events.map((e) => e.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The sandbox's HubSpot as the portal's admin sees it (a private-app token with every scope). */
async function hubspot(method: 'GET' | 'POST', path: string, body?: unknown) {
  // The test's searches share the portal's 4-per-second search budget with the service's: on a
  // slow machine they can meet HubSpot's SECONDLY 429, which is not what this test asserts.
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${app.sandbox.url}/hubspot${path}`, {
      method,
      headers: {
        authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status !== 429 || attempt === 10)
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function searchBy(type: string, propertyName: string, value: string, properties: string[]) {
  const { body } = await hubspot('POST', `/crm/v3/objects/${type}/search`, {
    filterGroups: [{ filters: [{ propertyName, operator: 'EQ', value }] }],
    properties,
    limit: 100,
  });
  return body.results as Array<{ id: string; properties: Record<string, string | null> }>;
}

/** How often the sandbox's HubSpot was asked to create a contact property group. */
async function groupCreates(): Promise<number> {
  const stats = (await (await fetch(`${app.sandbox.url}/_stats`)).json()) as {
    systems: { hubspot?: { byRoute: Record<string, number> } };
  };
  return stats.systems.hubspot?.byRoute[GROUP_CREATE] ?? 0;
}

function smartlead(type: 'EMAIL_REPLY' | 'EMAIL_SENT', statsId: string) {
  return {
    event_type: type,
    event_timestamp: '2026-11-20T10:15:00.000Z',
    stats_id: statsId,
    sl_email_lead_id: 778,
    sl_lead_email: 'nora@no-schema.example',
    to_email: type === 'EMAIL_REPLY' ? 'sam.seller@outsync-demo.test' : 'nora@no-schema.example',
    to_name: 'Nora Quist',
    from_email: 'sam.seller@outsync-demo.test',
    subject: 'Re: Quick question',
    campaign_id: 1001,
    campaign_name: 'Q4 outreach',
    ...(type === 'EMAIL_REPLY'
      ? { reply_message: { message_id: `<${statsId}@mail>`, text: 'Sounds good.', html: '' } }
      : { sent_message: { message_id: `<${statsId}@mail>`, text: 'Hi Nora', html: '' } }),
    app_url: 'https://app.smartlead.ai/app/master-inbox?leadMap=2',
  };
}

describe('HubSpot without the scope crm.schemas.contacts.write', () => {
  it('writes the contact, the company and the e-mails without os_* properties, each event partially synced with one warning', async () => {
    const hook = await buildWebhook(app.db, {
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
        createContactCustomProperties: true,
      },
    });

    expect((await post(`/webhooks/${hook.code}`, smartlead('EMAIL_REPLY', 'p-1'))).status).toBe(
      200,
    );
    const [reply] = await settled(hook._id, 1);
    expect(await groupCreates()).toBe(1);
    expect((await post(`/webhooks/${hook.code}`, smartlead('EMAIL_SENT', 'p-2'))).status).toBe(200);
    const events = await settled(hook._id, 2);

    expect(events.map((event) => event.status)).toEqual(['partially_synced', 'partially_synced']);
    // A reply and a send each write 11 os_* properties: both are left out, and said so.
    const warning = {
      step: 'crm',
      message:
        '11 properties skipped (os_last_app_url, os_last_campaign_id, os_last_campaign_name and 8 more): ' +
        'HubSpot did not grant the scope crm.schemas.contacts.write, which OutSync needs to create its ' +
        'properties — reconnect the HubSpot profile and grant crm.schemas.contacts.write.',
    };
    expect(reply?.errors.map(({ step, message }) => ({ step, message }))).toEqual([warning]);
    expect(events[1]?.errors.map(({ step, message }) => ({ step, message }))).toEqual([warning]);
    // The refusal is kept: the second batch did not ask HubSpot again.
    expect(await groupCreates()).toBe(1);

    const [contact] = await searchBy('contacts', 'email', 'nora@no-schema.example', [
      'email',
      'hubspot_owner_id',
    ]);
    expect(contact?.properties).toMatchObject({ email: 'nora@no-schema.example' });
    const companies = await searchBy('companies', 'domain', 'no-schema.example', ['domain']);
    expect(companies).toHaveLength(1);
    const emails = await searchBy('emails', 'hs_email_subject', 'Re: Quick question', [
      'hs_email_direction',
    ]);
    expect(emails.map((email) => email.properties.hs_email_direction).sort()).toEqual([
      'EMAIL',
      'INCOMING_EMAIL',
    ]);
    expect(events.map((event) => event.steps)).toEqual([
      expect.objectContaining({ contactId: contact?.id, companyId: companies[0]?.id }),
      expect.objectContaining({ contactId: contact?.id, companyId: companies[0]?.id }),
    ]);
    // OutSync's properties were not created behind the customer's back.
    const property = await hubspot('GET', '/crm/v3/properties/contacts/os_last_reply_message');
    expect(property.status).toBe(404);
  }, 90_000);
});
