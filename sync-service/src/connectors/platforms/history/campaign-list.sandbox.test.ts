// The campaign listing of the import screen's picker against the sandbox: each platform's own
// "list campaigns" call gives back the seeded campaigns by the id its history reads (Instantly's
// uuid), across the platform's pages; a wrong key is the platform's refusal.
import type { Platform } from '@outsync/contracts';
import { DEMO_API_KEYS, startSandbox, type RunningSandbox } from '@outsync/sandbox';
import { guardOutboundCalls } from '../../../testing/nock-guard';
import { ConnectorError } from '../../http';
import { listPlatformCampaigns } from './index';

guardOutboundCalls();

type Seeded = { campaigns: Array<{ id: number; uuid: string; name: string }> };

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1', rateLimits: false });
});

afterAll(async () => {
  await sandbox.stop();
});

beforeEach(async () => {
  await fetch(`${sandbox.url}/_seed`, { method: 'POST' });
});

const BASE_PATHS: Record<Platform, string> = {
  smartlead: '/smartlead',
  instantly: '/instantly',
  bison: '/bison',
  heyreach: '/heyreach',
};

async function seed(platform: Platform, campaigns: number): Promise<Seeded> {
  const response = await fetch(`${sandbox.url}/_sandbox/platforms/${platform}/history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ leads: 20, events: 40, campaigns, seed: 7 }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Seeded;
}

const list = (platform: Platform, apiKey: string = DEMO_API_KEYS[platform]) =>
  listPlatformCampaigns(platform, {
    baseUrl: `${sandbox.url}${BASE_PATHS[platform]}`,
    apiKey,
    retries: 0,
  });

describe.each(['smartlead', 'instantly', 'bison', 'heyreach'] as const)('%s', (platform) => {
  it('lists the seeded campaigns by the id the history reads, across pages', async () => {
    // 20 campaigns: more than bison's page of 15.
    const seeded = await seed(platform, 20);
    const listed = await list(platform);
    for (const campaign of seeded.campaigns) {
      expect(listed).toContainEqual({
        id: platform === 'instantly' ? campaign.uuid : String(campaign.id),
        name: campaign.name,
      });
    }
    expect(new Set(listed.map((campaign) => campaign.id)).size).toBe(listed.length);
  });

  it('a wrong key is refused as the platform refuses it', async () => {
    await expect(list(platform, 'not-a-key')).rejects.toMatchObject({
      constructor: ConnectorError,
      code: 'unauthorized',
    });
  });
});

describe("the sandbox answers the real APIs' refusals", () => {
  it('Instantly: limit 1–100 and a uuid cursor', async () => {
    const get = (query: string) =>
      fetch(`${sandbox.url}/instantly/api/v2/campaigns?${query}`, {
        headers: { authorization: `Bearer ${DEMO_API_KEYS.instantly}` },
      });
    const tooMany = await get('limit=101');
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'querystring/limit must be >= 1 and <= 100',
    });
    expect((await get('starting_after=12')).status).toBe(400);
  });

  it('HeyReach: limit at most 100', async () => {
    const response = await fetch(`${sandbox.url}/heyreach/api/public/campaign/GetAll`, {
      method: 'POST',
      headers: { 'x-api-key': DEMO_API_KEYS.heyreach, 'content-type': 'application/json' },
      body: JSON.stringify({ offset: 0, limit: 101 }),
    });
    expect(response.status).toBe(400);
  });

  it('bison: a page below 1 is a validation error', async () => {
    const response = await fetch(`${sandbox.url}/bison/api/campaigns?page=0`, {
      headers: { authorization: `Bearer ${DEMO_API_KEYS.bison}` },
    });
    expect(response.status).toBe(422);
  });
});
