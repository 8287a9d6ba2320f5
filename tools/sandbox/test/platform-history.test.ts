import {
  BISON_DEMO_API_KEY,
  HEYREACH_DEMO_API_KEY,
  INSTANTLY_DEMO_API_KEY,
  SMARTLEAD_DEMO_API_KEY,
} from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

// The platforms' history endpoints over seeded history (issue 34, backfill). The readers'
// end-to-end tests live with the connectors (sync-service/src/connectors/platforms/history).

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

const RANGE = { from: '2026-06-01T00:00:00.000Z', to: '2026-09-01T00:00:00.000Z' };
const instantly = { authorization: `Bearer ${INSTANTLY_DEMO_API_KEY}` };
const bison = { authorization: `Bearer ${BISON_DEMO_API_KEY}` };
const heyreach = { 'x-api-key': HEYREACH_DEMO_API_KEY };
const sl = (path: string, key = SMARTLEAD_DEMO_API_KEY) =>
  `/smartlead/api/v1${path}${path.includes('?') ? '&' : '?'}api_key=${key}`;

async function seed(platform: string, body: Record<string, unknown> = {}) {
  const seeded = await sandbox.request('POST', `/_sandbox/platforms/${platform}/history`, {
    body: { leads: 100, events: 1000, campaigns: 2, seed: 7, ...RANGE, ...body },
  });
  expect(seeded.status).toBe(201);
  return seeded.body as {
    events: number;
    sent: number;
    replies: number;
    campaigns: Array<{ id: number; uuid: string; leads: number; events: number }>;
  };
}

describe('seeding history', () => {
  it('makes exactly the events and leads asked for, the same for the same seed', async () => {
    const first = await seed('smartlead');
    expect(first).toMatchObject({ leads: 100, events: 1000, from: RANGE.from, to: RANGE.to });
    expect(first.sent + first.replies).toBe(1000);
    expect(first.replies).toBeGreaterThan(50);
    expect(first.campaigns.map((campaign) => campaign.leads)).toEqual([50, 50]);
    const history = await sandbox.request(
      'GET',
      sl(`/campaigns/${first.campaigns[0]?.id}/leads/7100000/message-history`),
    );
    const again = await seed('smartlead');
    expect(again).toEqual(first);
    const repeated = await sandbox.request(
      'GET',
      sl(`/campaigns/${first.campaigns[0]?.id}/leads/7100000/message-history`),
    );
    expect(repeated.body).toEqual(history.body);
  });

  it('refuses a range that ends before it starts and counts out of bounds', async () => {
    const backwards = await sandbox.request('POST', '/_sandbox/platforms/instantly/history', {
      body: { from: RANGE.to, to: RANGE.from },
    });
    expect(backwards).toMatchObject({ status: 400, body: { message: 'from must be before to' } });
    const none = await sandbox.request('POST', '/_sandbox/platforms/heyreach/history', {
      body: { leads: 0 },
    });
    expect(none.status).toBe(400);
    const unknown = await sandbox.request('POST', '/_sandbox/platforms/lemlist/history', {
      body: {},
    });
    expect(unknown.status).toBe(404);
  });

  it('is dropped by /_reset', async () => {
    await seed('heyreach');
    await sandbox.request('POST', '/_reset');
    const after = await sandbox.request('GET', '/_sandbox/platforms/heyreach/history');
    expect(after.body).toMatchObject({ events: 0, leads: 0 });
  });
});

describe('Smartlead', () => {
  it('pages a campaign’s leads by offset and gives each lead’s sent e-mails and replies', async () => {
    const { campaigns } = await seed('smartlead');
    const campaign = campaigns[0]?.id;
    const first = await sandbox.request(
      'GET',
      sl(`/campaigns/${campaign}/leads?offset=0&limit=30`),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total_leads: '50', offset: 0, limit: 30 });
    expect(at(first.body, 'data', 'length')).toBe(30);
    const last = await sandbox.request(
      'GET',
      sl(`/campaigns/${campaign}/leads?offset=30&limit=30`),
    );
    expect(at(last.body, 'data', 'length')).toBe(20);
    const leadId = at(first.body, 'data', 0, 'lead', 'id');
    const history = await sandbox.request(
      'GET',
      sl(`/campaigns/${campaign}/leads/${String(leadId)}/message-history`),
    );
    expect(history.status).toBe(200);
    const entries = at(history.body, 'history') as Array<Record<string, unknown>>;
    expect(entries).toHaveLength(10);
    expect(entries[0]).toMatchObject({ type: 'SENT', email_seq_number: '1' });
    expect(
      entries.every(
        (entry) => typeof entry.time === 'string' && typeof entry.stats_id === 'string',
      ),
    ).toBe(true);
  });

  it('refuses a page over 100 (400), an unknown campaign (404) and a wrong key (401)', async () => {
    const { campaigns } = await seed('smartlead');
    const big = await sandbox.request('GET', sl(`/campaigns/${campaigns[0]?.id}/leads?limit=101`));
    expect(big.status).toBe(400);
    const missing = await sandbox.request('GET', sl('/campaigns/424242/leads'));
    expect(missing.status).toBe(404);
    const wrong = await sandbox.request('GET', sl(`/campaigns/${campaigns[0]?.id}/leads`, 'wrong'));
    expect(wrong.status).toBe(401);
  });
});

describe('Instantly', () => {
  it('reads a campaign’s e-mails oldest first by cursor, within the creation-time range', async () => {
    const { campaigns } = await seed('instantly');
    const campaign = campaigns[1] as { uuid: string; events: number };
    const ids = new Set<string>();
    let cursor: string | undefined;
    let requests = 0;
    do {
      const query = new URLSearchParams({
        campaign_id: campaign.uuid,
        sort_order: 'asc',
        limit: '100',
        min_timestamp_created: RANGE.from,
        max_timestamp_created: RANGE.to,
        ...(cursor ? { starting_after: cursor } : {}),
      });
      const page = await sandbox.request('GET', `/instantly/api/v2/emails?${query}`, {
        headers: instantly,
      });
      expect(page.status).toBe(200);
      for (const item of at(page.body, 'items') as Array<{ id: string }>) ids.add(item.id);
      cursor = at(page.body, 'next_starting_after') as string | undefined;
      requests++;
    } while (cursor);
    expect(ids.size).toBe(campaign.events);
    expect(requests).toBe(Math.ceil(campaign.events / 100));
  });

  it('refuses limit 101 (400), a wrong key (401) and the 21st call in a minute (429)', async () => {
    await seed('instantly');
    const big = await sandbox.request('GET', '/instantly/api/v2/emails?limit=101', {
      headers: instantly,
    });
    expect(big).toMatchObject({ status: 400, body: { statusCode: 400, error: 'Bad Request' } });
    const wrong = await sandbox.request('GET', '/instantly/api/v2/emails', {
      headers: { authorization: 'Bearer wrong' },
    });
    expect(wrong.status).toBe(401);
    const statuses: number[] = [];
    for (let call = 0; call < 20; call++) {
      statuses.push(
        (await sandbox.request('GET', '/instantly/api/v2/emails', { headers: instantly })).status,
      );
    }
    // The 400 above counted too: the endpoint's budget is spent before validation.
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('bison', () => {
  it('pages a campaign’s leads and gives each lead’s campaign e-mails and replies', async () => {
    const { campaigns } = await seed('bison');
    const campaign = campaigns[0]?.id;
    const page = await sandbox.request('GET', `/bison/api/campaigns/${campaign}/leads?page=4`, {
      headers: bison,
    });
    expect(page.status).toBe(200);
    expect(at(page.body, 'meta')).toMatchObject({
      current_page: 4,
      last_page: 4,
      total: 50,
      per_page: 15,
    });
    const leadId = String(at(page.body, 'data', 0, 'id'));
    const sent = await sandbox.request('GET', `/bison/api/leads/${leadId}/sent-emails`, {
      headers: bison,
    });
    const replies = await sandbox.request('GET', `/bison/api/leads/${leadId}/replies?folder=all`, {
      headers: bison,
    });
    const count =
      (at(sent.body, 'data') as unknown[]).length + (at(replies.body, 'data') as unknown[]).length;
    expect(count).toBe(10);
    expect(at(sent.body, 'data', 0)).toMatchObject({ status: 'sent', sequence_step_order: 1 });
  });

  it('refuses an unknown folder (422) and a wrong token (401)', async () => {
    await seed('bison');
    const folder = await sandbox.request('GET', '/bison/api/leads/7100000/replies?folder=trash', {
      headers: bison,
    });
    expect(folder.status).toBe(422);
    const wrong = await sandbox.request('GET', '/bison/api/leads/7100000/replies', {
      headers: { authorization: 'Bearer wrong' },
    });
    expect(wrong.status).toBe(401);
  });
});

describe('HeyReach', () => {
  it('pages a campaign’s conversations, newest first, with every message', async () => {
    const { campaigns } = await seed('heyreach');
    const body = { offset: 0, limit: 100, filters: { campaignIds: [campaigns[0]?.id] } };
    const page = await sandbox.request('POST', '/heyreach/api/public/inbox/GetConversationsV2', {
      headers: heyreach,
      body,
    });
    expect(page.status).toBe(200);
    expect(at(page.body, 'totalCount')).toBe(50);
    const items = at(page.body, 'items') as Array<{ lastMessageAt: string; messages: unknown[] }>;
    const messages = items.reduce((sum, item) => sum + item.messages.length, 0);
    expect(messages).toBe(campaigns[0]?.events);
    const times = items.map((item) => item.lastMessageAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses limit 101 (400) and a wrong key (401)', async () => {
    await seed('heyreach');
    const big = await sandbox.request('POST', '/heyreach/api/public/inbox/GetConversationsV2', {
      headers: heyreach,
      body: { offset: 0, limit: 101 },
    });
    expect(big.status).toBe(400);
    const wrong = await sandbox.request('POST', '/heyreach/api/public/inbox/GetConversationsV2', {
      headers: { 'x-api-key': 'wrong' },
      body: {},
    });
    expect(wrong.status).toBe(401);
  });
});
