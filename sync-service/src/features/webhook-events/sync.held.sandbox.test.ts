// Held events are never stranded by a filter that changed (issue 29 "The category filter's
// semantics"): switching a webhook to all events, or widening its categories, judges its held
// events again at once; deleting it ends them. The real app, worker and sandbox HubSpot.
import { buildTestPayload, defaultTestInputs } from '@outsync/contracts/webhooks/test-payloads';
import {
  DEMO_API_KEYS,
  HUBSPOT_DEMO_HUB_ID,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
} from '@outsync/sandbox';
import type { Types } from 'mongoose';
import { apiKeyModel } from '../api-keys';
import { categoryHoldModel } from '../category-holds';

import {
  demoPortalOwner,
  sandboxSmartleadKey,
  startSandboxTestApp,
  type SandboxTestApp,
} from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';
import { buildWebhook } from '../../testing/webhook-factories';
import { webhookEventModel, type WebhookEventDoc } from './webhook-event.model';

const WEBHOOKS = '/api/admin/webhooks';
/** A seeded owner of the sandbox's demo portal. */
const DEMO_OWNER_ID = '70000001';
const INTERESTED = { id: '1', name: 'Interested' };
const NOT_INTERESTED = { id: '2', name: 'Not Interested' };

let app: SandboxTestApp;
let owner: TestClient;
let ownerId: Types.ObjectId;
let profileId: Types.ObjectId;
let apiKeyId: string;

beforeAll(async () => {
  app = await startSandboxTestApp({
    sandboxHost: '127.0.0.1',
    worker: true,
    env: { SYNC_BATCH_WINDOW_MS: '20' },
  });
  ({ client: owner, ownerId, profileId } = await demoPortalOwner(app, 'held-owner@example.com'));
  // The sandbox's Smartlead does not know these leads: their category is unknown, so a filtered
  // webhook holds their events.
  apiKeyId = await sandboxSmartleadKey(app, profileId);
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

function filteredWebhook(categories = [INTERESTED]) {
  return buildWebhook(app.db, {
    profile: {
      _id: profileId,
      ownerId,
      crm: 'HUBSPOT',
      organizationId: String(HUBSPOT_DEMO_HUB_ID),
    },
    owner: { id: DEMO_OWNER_ID },
    settings: { emailService: 'smartlead', smartleadBaseCategories: categories, apiKeyId },
  });
}

function deliver(code: string, body: Record<string, unknown>) {
  return fetch(`${app.url}/webhooks/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function sent(lead: string, statsId: string) {
  return {
    event_type: 'EMAIL_SENT',
    event_timestamp: '2026-11-20T10:00:00.000Z',
    stats_id: statsId,
    sl_lead_email: lead,
    to_email: lead,
    from_email: 'sam.seller@outsync-demo.test',
    subject: 'Quick question',
    campaign_id: 1001,
    sent_message: { text: 'Hi', html: '<p>Hi</p>' },
  };
}

function categoryChanged(lead: string, statsId: string, category: { id: string; name: string }) {
  return {
    event_type: 'LEAD_CATEGORY_UPDATED',
    event_timestamp: '2026-11-20T11:00:00.000Z',
    sl_lead_email: lead,
    stats_id: statsId,
    campaign_id: 1001,
    lead_category: {
      old_id: null,
      old_name: null,
      new_id: Number(category.id),
      new_name: category.name,
    },
  };
}

/** The webhook's events once `count` exist and none is waiting. */
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
      throw new Error(`not settled: ${JSON.stringify(events.map((event) => event.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function contactsNamed(email: string): Promise<number> {
  // The test's searches share the portal's 4-per-second search budget with the service's.
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${app.sandbox.url}/hubspot/crm/v3/objects/contacts/search`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: email }] }],
        properties: ['email'],
      }),
    });
    if (response.ok) return ((await response.json()) as { results: unknown[] }).results.length;
    if (response.status !== 429 || attempt === 10)
      throw new Error(`sandbox HubSpot search: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function update(webhookId: Types.ObjectId, body: Record<string, unknown>) {
  return owner.put(`${WEBHOOKS}/${webhookId.toString()}`, {
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    ...body,
  });
}

it('switching the filter to all events syncs what it held, and its holds are over', async () => {
  const hook = await filteredWebhook();
  await deliver(hook.code, sent('ada@held.example', 'held-1'));
  expect((await settled(hook._id, 1)).map((event) => event.status)).toEqual(['held']);

  expect((await update(hook._id, { smartleadBaseCategories: null })).status).toBe(200);

  const events = await settled(hook._id, 1);
  expect(events.map((event) => event.status)).toEqual(['synced']);
  expect(await contactsNamed('ada@held.example')).toBe(1);
  const holds = await categoryHoldModel(app.db.connection).find({ webhookId: hook._id }).lean();
  expect(holds.map((hold) => hold.sent_at !== null)).toEqual([true]);
});

it('widening the categories releases the leads now in one of them, and holds the others again', async () => {
  const hook = await filteredWebhook();
  await deliver(hook.code, categoryChanged('grace@held.example', 'held-2', NOT_INTERESTED));
  await deliver(hook.code, sent('grace@held.example', 'held-3'));
  await deliver(hook.code, sent('linus@held.example', 'held-4'));
  expect((await settled(hook._id, 3)).map((event) => event.status)).toEqual([
    'held',
    'held',
    'held',
  ]);

  const widened = await update(hook._id, {
    apiKeyId,
    smartleadBaseCategories: [INTERESTED, NOT_INTERESTED],
  });
  expect(widened.status).toBe(200);

  await new Promise((resolve) => setTimeout(resolve, 500));
  const events = await settled(hook._id, 3);
  expect(events.map((event) => [event.leadEmail, event.status])).toEqual([
    ['grace@held.example', 'synced'],
    ['grace@held.example', 'synced'],
    // Still unknown to the platform: held again, under the new filter.
    ['linus@held.example', 'held'],
  ]);
  expect(events[2]?.reason).toBe(
    'Held until the lead reaches an approved category (Interested, Not Interested); its category is not known yet.',
  );
  expect(await contactsNamed('grace@held.example')).toBe(1);
  expect(await contactsNamed('linus@held.example')).toBe(0);
});

it('saving the same categories (in another order) leaves the held events as they are', async () => {
  const hook = await filteredWebhook([INTERESTED, NOT_INTERESTED]);
  await deliver(hook.code, sent('barbara@held.example', 'held-5'));
  const [before] = await settled(hook._id, 1);

  const same = await update(hook._id, {
    apiKeyId,
    smartleadBaseCategories: [NOT_INTERESTED, INTERESTED],
  });
  expect(same.status).toBe(200);

  await new Promise((resolve) => setTimeout(resolve, 500));
  const [after] = await settled(hook._id, 1);
  expect(after?.status).toBe('held');
  expect(after?.attempts).toHaveLength(before?.attempts.length ?? -1);
});

it('deleting the webhook ends its held events instead of leaving them held for ever', async () => {
  const hook = await filteredWebhook();
  await deliver(hook.code, sent('edsger@held.example', 'held-6'));
  await settled(hook._id, 1);

  expect((await owner.delete(`${WEBHOOKS}/${hook._id.toString()}`)).status).toBe(200);

  const [event] = await settled(hook._id, 1);
  expect(event).toMatchObject({
    status: 'failed',
    reason: 'The webhook was deleted before the event was synced.',
  });
});

it('keys a HeyReach lead by its profile URL: events with and without its e-mail are one lead, released together', async () => {
  const now = new Date();
  const heyreachKey = await apiKeyModel(app.db.connection).create({
    userProfileId: profileId,
    platform: 'heyreach',
    description: 'Sandbox HeyReach',
    apiKeySealed: app.secrets.seal(DEMO_API_KEYS.heyreach),
    baseUrl: null,
    isValid: true,
    checkedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const hook = await buildWebhook(app.db, {
    profile: {
      _id: profileId,
      ownerId,
      crm: 'HUBSPOT',
      organizationId: String(HUBSPOT_DEMO_HUB_ID),
    },
    owner: { id: DEMO_OWNER_ID },
    settings: {
      emailService: 'heyreach',
      apiKeyId: heyreachKey._id.toString(),
      objectDefaultSearchProperty: 'hs_linkedin_url',
      smartleadBaseCategories: [{ id: 'interested', name: 'Interested' }],
    },
  });
  const payload = (
    eventType: 'MESSAGE_SENT' | 'VIEWED_PROFILE' | 'LEAD_TAG_UPDATED',
    email: boolean,
  ) => {
    const built = buildTestPayload(
      'heyreach',
      eventType,
      // A lead the sandbox's HeyReach does not know: its tags (its category) are unknown.
      {
        ...defaultTestInputs(),
        recipientEmail: 'margaret@held.example',
        recipientProfileUrl: 'https://www.linkedin.com/in/margaret-held',
      },
      new Date(),
    ) as Record<string, unknown> & { lead: Record<string, unknown> };
    if (!email) delete built.lead.email_address;
    return built;
  };
  await deliver(hook.code, payload('MESSAGE_SENT', true));
  await deliver(hook.code, payload('VIEWED_PROFILE', false));
  expect((await settled(hook._id, 2)).map((event) => event.status)).toEqual(['held', 'held']);

  // The tag update (Interested added) carries no e-mail: it releases both.
  await deliver(hook.code, payload('LEAD_TAG_UPDATED', false));

  const events = await settled(hook._id, 3);
  expect(events.map((event) => event.status)).toEqual(['synced', 'synced', 'synced']);
  expect(new Set(events.map((event) => event.leadKey)).size).toBe(1);
});
