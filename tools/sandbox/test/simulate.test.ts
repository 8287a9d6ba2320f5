// The event generator: every spec 01 §9 test event type per platform, the platforms' field
// traps, custom lead fields, category changes kept consistent with the platform store,
// delivery faults, fan-out to the webhooks registered on a campaign, and one-event sends.
import { testEventTypes } from '@outsync/contracts';
import {
  HEYREACH_DEMO_CAMPAIGN_ID,
  INSTANTLY_DEMO_API_KEY,
  SMARTLEAD_DEMO_API_KEY,
  SMARTLEAD_DEMO_CAMPAIGN_ID,
} from '../src/index.ts';
import { SMARTLEAD_DEMO_CATEGORIES } from '../src/seed/demo-seed.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

type Body = Record<string, unknown>;
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

const receiver = (name: string) => `${sandbox.url}/receiver/${name}`;

async function received(name: string): Promise<Array<{ body: Body; rawBody: string }>> {
  const answer = await sandbox.request('GET', `/receiver/${name}/requests`);
  return answer.body as Array<{ body: Body; rawBody: string }>;
}

async function simulate(body: Body): Promise<Body> {
  const answer = await sandbox.request('POST', '/simulate/campaign', {
    body: { ratePerSecond: 0, ...body },
  });
  expect(answer.status).toBe(200);
  return answer.body as Body;
}

/** The spec 01 §9 test event type a received payload stands for. */
const testTypeOf: Record<string, (body: Body) => string> = {
  smartlead: (body) => String(body.event_type),
  instantly: (body) => String(body.event_type),
  bison: (body) => {
    const type = String(at(body, 'event', 'type'));
    return type === 'LEAD_REPLIED' && at(body, 'data', 'reply', 'automated_reply') === true
      ? 'LEAD_REPLIED_AUTOMATED'
      : type;
  },
  heyreach: (body) => {
    const premium = body.is_inmail === true;
    const byType: Record<string, string> = {
      connection_request_sent: 'CONNECTION_REQUEST_SENT',
      connection_request_accepted: 'CONNECTION_REQUEST_ACCEPTED',
      message_sent: 'MESSAGE_SENT',
      inmail_sent: 'MESSAGE_SENT_PREMIUM',
      every_message_reply_received: premium ? 'REPLY_RECEIVED_PREMIUM' : 'REPLY_RECEIVED_STANDARD',
      follow_sent: 'FOLLOW_SENT',
      liked_post: 'LIKED_POST',
      viewed_profile: 'VIEWED_PROFILE',
      lead_tag_updated: 'LEAD_TAG_UPDATED',
    };
    return byType[String(body.event_type)] ?? String(body.event_type);
  },
};

describe('a default run', () => {
  it.each(['smartlead', 'instantly', 'bison', 'heyreach'] as const)(
    'mixes every spec 01 §9 test event type of %s and the receiver records them all',
    async (platform) => {
      const report = await simulate({ platform, webhookUrl: receiver(platform), leads: 2 });
      const requests = await received(platform);
      expect(requests).toHaveLength(Number(report.events));
      expect(report.accepted).toBe(report.events);
      const seen = new Set(requests.map((request) => testTypeOf[platform]!(request.body)));
      for (const type of testEventTypes[platform]) expect(seen).toContain(type);
    },
  );

  it('sends bison automated replies, manual e-mails and HeyReach premium replies in their real shapes', async () => {
    await simulate({ platform: 'bison', webhookUrl: receiver('bison'), leads: 1 });
    const bison = (await received('bison')).map((request) => request.body);
    const automated = bison.find((body) => at(body, 'data', 'reply', 'automated_reply') === true);
    expect(at(automated, 'event', 'type')).toBe('LEAD_REPLIED');
    expect(at(automated, 'data', 'reply', 'type')).toBe('auto-reply');
    const manual = bison.find((body) => at(body, 'event', 'type') === 'MANUAL_EMAIL_SENT');
    expect(at(manual, 'data', 'reply', 'folder')).toBe('Sent');

    await simulate({ platform: 'heyreach', webhookUrl: receiver('heyreach'), leads: 1 });
    const heyreach = (await received('heyreach')).map((request) => request.body);
    const premium = heyreach.find(
      (body) => body.event_type === 'every_message_reply_received' && body.is_inmail === true,
    );
    expect(at(premium, 'recent_inmails', 1, 'is_reply')).toBe(true);
    expect(heyreach.find((body) => body.event_type === 'inmail_sent')?.is_inmail).toBe(true);
  });

  it('sends Smartlead FIRST_EMAIL_SENT with the stats_id of the first EMAIL_SENT, and replies addressed to the sender', async () => {
    await simulate({
      platform: 'smartlead',
      webhookUrl: receiver('sl'),
      leads: ['Lead.One@acme.example'],
      eventTypes: ['EMAIL_SENT', 'FIRST_EMAIL_SENT', 'EMAIL_REPLY'],
      events: 3,
    });
    const [sent, first, reply] = (await received('sl')).map((request) => request.body);
    expect(first?.event_type).toBe('FIRST_EMAIL_SENT');
    expect(first?.stats_id).toBe(sent?.stats_id);
    expect(reply?.to_email).toBe(reply?.from_email);
    expect(reply?.sl_lead_email).toBe('lead.one@acme.example');
  });

  it('carries os_objectlookup_id and custom fields in each platform’s container, and tags', async () => {
    const lead = {
      email: 'custom@fields.example',
      objectLookupId: 'CRM-42',
      customFields: { industry: 'Logistics' },
      tags: ['vip'],
    };
    const run = async (platform: string, eventTypes: string[]) => {
      await simulate({
        platform,
        webhookUrl: receiver(platform),
        leads: [lead],
        eventTypes,
        events: 1,
      });
      return (await received(platform))[0]?.body;
    };
    const smartlead = await run('smartlead', ['LEAD_CATEGORY_UPDATED']);
    expect(at(smartlead, 'lead_data', 'custom_fields')).toEqual({
      industry: 'Logistics',
      os_objectlookup_id: 'CRM-42',
    });
    expect(at(smartlead, 'tags')).toEqual(['vip']);
    const instantly = await run('instantly', ['email_sent']);
    expect([at(instantly, 'os_objectlookup_id'), at(instantly, 'industry')]).toEqual([
      'CRM-42',
      'Logistics',
    ]);
    const bison = await run('bison', ['EMAIL_SENT']);
    expect(at(bison, 'data', 'lead', 'custom_variables')).toEqual(
      expect.arrayContaining([{ name: 'os_objectlookup_id', value: 'CRM-42' }]),
    );
    const heyreach = await run('heyreach', ['LEAD_TAG_UPDATED']);
    expect(at(heyreach, 'lead', 'lists', 0, 'custom_fields')).toEqual(
      expect.arrayContaining([{ name: 'os_objectlookup_id', value: 'CRM-42' }]),
    );
    expect(at(heyreach, 'lead', 'tags')).toEqual(['vip', 'Interested']);
    expect(at(heyreach, 'updated_tags')).toEqual(['vip', 'Interested']);
  });

  it('puts os_objectlookup_id at the top level of some payloads', async () => {
    await simulate({ platform: 'smartlead', webhookUrl: receiver('top'), leads: 4, seed: 7 });
    const bodies = (await received('top')).map((request) => request.body);
    const topLevel = bodies.filter((body) => typeof body.os_objectlookup_id === 'string');
    expect(topLevel.length).toBeGreaterThan(0);
    expect(topLevel.length).toBeLessThan(bodies.length);
  });
});

describe('category changes', () => {
  it('moves a Smartlead lead through the account’s categories and the lead lookup follows', async () => {
    await simulate({
      platform: 'smartlead',
      webhookUrl: receiver('cat'),
      leads: ['cat@change.example'],
      eventTypes: ['LEAD_CATEGORY_UPDATED'],
      events: 3,
    });
    const changes = (await received('cat')).map((request) => request.body.lead_category as Body);
    expect(changes.map((change) => change.new_name)).toEqual(SMARTLEAD_DEMO_CATEGORIES.slice(0, 3));
    expect(changes[1]?.old_id).toBe(changes[0]?.new_id);
    const lookup = await sandbox.request(
      'GET',
      `/smartlead/api/v1/leads/?api_key=${SMARTLEAD_DEMO_API_KEY}&email=cat@change.example`,
    );
    expect(at(lookup.body, 'lead_campaign_data', 0, 'lead_category_id')).toBe(changes[2]?.new_id);
  });

  it('sets the Instantly interest status the lead_* and custom_label events report', async () => {
    const list = async () =>
      sandbox.request('POST', '/instantly/api/v2/leads/list', {
        headers: { authorization: `Bearer ${INSTANTLY_DEMO_API_KEY}` },
        body: { search: 'status@change.example' },
      });
    await simulate({
      platform: 'instantly',
      webhookUrl: receiver('status'),
      leads: ['status@change.example'],
      eventTypes: ['lead_meeting_booked'],
      events: 1,
    });
    expect(at((await list()).body, 'items', 0, 'lt_interest_status')).toBe(2);
    await simulate({
      platform: 'instantly',
      webhookUrl: receiver('status'),
      leads: ['status@change.example'],
      eventTypes: ['custom_label'],
      events: 1,
    });
    const label = (await received('status'))[1]?.body;
    expect(label?.custom_label).toBe('Hot lead');
    expect(at((await list()).body, 'items', 0, 'lt_interest_status')).toBe(10);
  });
});

describe('delivery faults', () => {
  it('delivers a share of events twice with the same body, and counts them', async () => {
    const report = await simulate({
      platform: 'instantly',
      webhookUrl: receiver('dup'),
      leads: 2,
      events: 6,
      faults: { duplicates: 1 },
    });
    expect(at(report, 'faults', 'duplicates')).toBe(6);
    expect(report.sent).toBe(12);
    const raw = (await received('dup')).map((request) => request.rawBody);
    expect(raw).toHaveLength(12);
    const counts = new Map<string, number>();
    for (const body of raw) counts.set(body, (counts.get(body) ?? 0) + 1);
    expect([...counts.values()]).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('redelivers retried events with the same body after the first attempt', async () => {
    const report = await simulate({
      platform: 'smartlead',
      webhookUrl: receiver('retry'),
      leads: 3,
      events: 3,
      faults: { retries: 1, retryDelayMs: 10 },
    });
    expect(at(report, 'faults', 'retries')).toBe(3);
    const raw = (await received('retry')).map((request) => request.rawBody);
    expect(new Set(raw).size).toBe(3);
    expect(raw).toHaveLength(6);
  });

  it('leaves events out of none and duplicates none with a zero share', async () => {
    const report = await simulate({
      platform: 'smartlead',
      webhookUrl: receiver('none'),
      leads: 3,
      events: 9,
      faults: { duplicates: 0, retries: 0 },
    });
    expect(report.faults).toEqual({
      duplicates: 0,
      retries: 0,
      outOfOrder: 0,
      missingOptionalBlocks: 0,
    });
    expect(await received('none')).toHaveLength(9);
  });

  it('removes optional blocks but keeps the lead', async () => {
    const report = await simulate({
      platform: 'bison',
      webhookUrl: receiver('bare'),
      leads: 2,
      events: 4,
      faults: { missingOptionalBlocks: 1 },
    });
    expect(at(report, 'faults', 'missingOptionalBlocks')).toBe(4);
    for (const { body } of await received('bare')) {
      expect(at(body, 'data', 'scheduled_email')).toBeUndefined();
      expect(at(body, 'data', 'sender_email')).toBeUndefined();
      expect(typeof at(body, 'data', 'lead', 'email')).toBe('string');
    }
  });

  it('shuffles events within a window and reports how many moved', async () => {
    const report = await simulate({
      platform: 'heyreach',
      webhookUrl: receiver('order'),
      leads: 1,
      events: 10,
      ratePerSecond: 200,
      seed: 3,
      faults: { outOfOrder: true },
    });
    expect(Number(at(report, 'faults', 'outOfOrder'))).toBeGreaterThan(0);
    const types = (await received('order')).map((request) => String(request.body.event_type));
    expect(types).toHaveLength(10);
    expect(types).not.toEqual([
      'connection_request_sent',
      'connection_request_accepted',
      'message_sent',
      'every_message_reply_received',
      'inmail_sent',
      'every_message_reply_received',
      'follow_sent',
      'liked_post',
      'viewed_profile',
      'lead_tag_updated',
    ]);
  });
});

describe('campaignId: the webhooks registered on the campaign', () => {
  const smartleadWebhook = (body: Body) =>
    sandbox.request('POST', `/smartlead/api/v1/webhook/create?api_key=${SMARTLEAD_DEMO_API_KEY}`, {
      body: { name: 'OutSync', ...body },
    });

  it('posts each event to every webhook of the campaign subscribed to its type', async () => {
    await smartleadWebhook({
      webhook_url: receiver('campaign'),
      association_type: 'campaign',
      email_campaign_id: SMARTLEAD_DEMO_CAMPAIGN_ID,
      event_type_map: { EMAIL_SENT: true, EMAIL_REPLY: true },
    });
    await smartleadWebhook({
      webhook_url: receiver('user'),
      association_type: 'user',
      event_type_map: { EMAIL_REPLY: true },
    });
    await smartleadWebhook({
      webhook_url: receiver('other'),
      association_type: 'campaign',
      email_campaign_id: SMARTLEAD_DEMO_CAMPAIGN_ID + 1,
      event_type_map: { EMAIL_SENT: true },
    });
    const report = await simulate({
      platform: 'smartlead',
      campaignId: SMARTLEAD_DEMO_CAMPAIGN_ID,
      leads: 1,
      eventTypes: ['EMAIL_SENT', 'EMAIL_OPEN', 'EMAIL_REPLY'],
      events: 3,
    });
    expect(report.targets).toEqual([receiver('campaign'), receiver('user')]);
    expect((await received('campaign')).map((request) => request.body.event_type)).toEqual([
      'EMAIL_SENT',
      'EMAIL_REPLY',
    ]);
    expect((await received('user')).map((request) => request.body.event_type)).toEqual([
      'EMAIL_REPLY',
    ]);
    expect(await received('other')).toHaveLength(0);
    expect((await received('campaign'))[0]?.body.campaign_id).toBe(SMARTLEAD_DEMO_CAMPAIGN_ID);
  });

  it('refuses a campaign the account does not have, or one without webhooks and no webhookUrl', async () => {
    const unknown = await sandbox.request('POST', '/simulate/campaign', {
      body: { platform: 'smartlead', campaignId: 7777 },
    });
    expect(unknown.status).toBe(400);
    expect(at(unknown.body, 'message')).toContain('7777');
    const bare = await sandbox.request('POST', '/simulate/campaign', {
      body: { platform: 'smartlead', campaignId: SMARTLEAD_DEMO_CAMPAIGN_ID },
    });
    expect(bare.status).toBe(400);
    const neither = await sandbox.request('POST', '/simulate/campaign', {
      body: { platform: 'smartlead' },
    });
    expect(at(neither.body, 'message')).toBe('webhookUrl or campaignId is required');
  });
});

describe('POST /simulate/event', () => {
  it('sends one Smartlead EMAIL_REPLY to the campaign’s webhook and answers the receiver’s reply', async () => {
    await sandbox.request(
      'POST',
      `/smartlead/api/v1/webhook/create?api_key=${SMARTLEAD_DEMO_API_KEY}`,
      {
        body: {
          name: 'OutSync',
          webhook_url: receiver('one'),
          association_type: 'campaign',
          email_campaign_id: SMARTLEAD_DEMO_CAMPAIGN_ID,
          event_type_map: { EMAIL_REPLY: true },
        },
      },
    );
    const answer = await sandbox.request('POST', '/simulate/event', {
      body: {
        platform: 'smartlead',
        eventType: 'EMAIL_REPLY',
        campaignId: SMARTLEAD_DEMO_CAMPAIGN_ID,
        lead: { email: 'ava@reply.example', firstName: 'Ava', lastName: 'Reply' },
        overrides: { reply_message: { text: 'Overridden' } },
      },
    });
    expect(answer.status).toBe(200);
    expect(at(answer.body, 'status')).toBe(200);
    expect(at(answer.body, 'body')).toEqual({ ok: true });
    expect(at(answer.body, 'payload', 'sl_lead_email')).toBe('ava@reply.example');
    expect(at(answer.body, 'payload', 'reply_message', 'text')).toBe('Overridden');
    expect(typeof at(answer.body, 'payload', 'reply_message', 'html')).toBe('string');
    const [request] = await received('one');
    expect(request?.body).toEqual(at(answer.body, 'payload'));
  });

  it('sends one HeyReach CONNECTION_REQUEST_ACCEPTED to a webhookUrl, the same payload for the same seed', async () => {
    const send = () =>
      sandbox.request('POST', '/simulate/event', {
        body: {
          platform: 'heyreach',
          eventType: 'CONNECTION_REQUEST_ACCEPTED',
          webhookUrl: receiver('hr'),
          campaignId: HEYREACH_DEMO_CAMPAIGN_ID,
          lead: {
            email: 'li@lead.example',
            firstName: 'Li',
            lastName: 'Lead',
            linkedinUrl: 'https://www.linkedin.com/in/li-lead',
          },
          seed: 11,
          at: '2026-03-01T10:00:00.000Z',
        },
      });
    const first = await send();
    const second = await send();
    expect(at(first.body, 'payload', 'event_type')).toBe('connection_request_accepted');
    expect(at(first.body, 'payload', 'lead', 'profile_url')).toBe(
      'https://www.linkedin.com/in/li-lead',
    );
    expect(at(first.body, 'payload', 'campaign', 'id')).toBe(HEYREACH_DEMO_CAMPAIGN_ID);
    expect(at(first.body, 'payload')).toEqual(at(second.body, 'payload'));
    expect(await received('hr')).toHaveLength(2);
  });

  it('answers 400 without an eventType', async () => {
    const answer = await sandbox.request('POST', '/simulate/event', {
      body: { platform: 'smartlead', webhookUrl: receiver('x') },
    });
    expect(answer.status).toBe(400);
  });
});
