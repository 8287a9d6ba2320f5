import {
  BISON_DEMO_API_KEY,
  DEMO_API_KEYS,
  HEYREACH_DEMO_API_KEY,
  INSTANTLY_DEMO_API_KEY,
  SECOND_API_KEYS,
  SMARTLEAD_DEMO_API_KEY,
} from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

const smartlead = (path: string, key: string, init: { method?: string; body?: unknown } = {}) =>
  sandbox.request(
    init.method ?? 'GET',
    `/smartlead/api/v1${path}${path.includes('?') ? '&' : '?'}api_key=${key}`,
    {
      ...(init.body !== undefined ? { body: init.body } : {}),
    },
  );
const instantly = (path: string, key: string, init: { method?: string; body?: unknown } = {}) =>
  sandbox.request(init.method ?? 'GET', `/instantly/api/v2${path}`, {
    headers: { authorization: `Bearer ${key}` },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
const heyreach = (path: string, key: string, body: unknown = {}) =>
  sandbox.request('POST', `/heyreach/api/public${path}`, { headers: { 'x-api-key': key }, body });
const bison = (
  base: string,
  path: string,
  key: string,
  init: { method?: string; body?: unknown } = {},
) =>
  sandbox.request(init.method ?? 'GET', `${base}/api${path}`, {
    headers: { authorization: `Bearer ${key}` },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });

describe('one account per API key', () => {
  it('gives the demo and second Smartlead keys their own categories, clients, campaigns, block lists and leads', async () => {
    const names = async (key: string) =>
      ((await smartlead('/leads/fetch-categories', key)).body as Array<{ name: string }>).map(
        (category) => category.name,
      );
    expect(await names(SMARTLEAD_DEMO_API_KEY)).toContain('Do Not Contact');
    expect(await names(SECOND_API_KEYS.smartlead)).toEqual([
      'Interested',
      'Not Interested',
      'Booked a call',
    ]);
    const clients = await smartlead('/client/', SECOND_API_KEYS.smartlead);
    expect((clients.body as Array<{ name: string }>).map((client) => client.name)).toEqual([
      'Fabrikam Outreach',
    ]);
    const campaigns = await smartlead('/campaigns', SECOND_API_KEYS.smartlead);
    expect((campaigns.body as Array<{ name: string }>).map((campaign) => campaign.name)).toEqual([
      'EU Outbound — Retail',
    ]);
    await smartlead('/leads/add-domain-block-list', SECOND_API_KEYS.smartlead, {
      method: 'POST',
      body: { domain_block_list: ['second-only.example'], client_id: null },
    });
    const demoList = await smartlead('/leads/get-domain-block-list', SMARTLEAD_DEMO_API_KEY);
    const secondList = await smartlead('/leads/get-domain-block-list', SECOND_API_KEYS.smartlead);
    expect(
      (demoList.body as Array<{ email_or_domain: string }>).map((entry) => entry.email_or_domain),
    ).toEqual(['competitor.example']);
    expect(
      (secondList.body as Array<{ email_or_domain: string }>).map((entry) => entry.email_or_domain),
    ).toEqual(['second-only.example']);
    expect(
      (await smartlead('/leads/?email=ava.carter@acme-robotics.example', SECOND_API_KEYS.smartlead))
        .status,
    ).toBe(404);
  });

  it('keeps Instantly labels, workspaces and block lists apart', async () => {
    const demo = await instantly('/workspaces/current', INSTANTLY_DEMO_API_KEY);
    const second = await instantly('/workspaces/current', SECOND_API_KEYS.instantly);
    expect(at(demo.body, 'id')).not.toBe(at(second.body, 'id'));
    const labels = await instantly('/lead-labels', SECOND_API_KEYS.instantly);
    expect(
      (at(labels.body, 'items') as Array<{ label: string }>).map((label) => label.label),
    ).toEqual(['Champion', 'Bad fit']);
    await instantly('/block-lists-entries', INSTANTLY_DEMO_API_KEY, {
      method: 'POST',
      body: { bl_value: 'demo-only.example' },
    });
    const secondEntries = await instantly('/block-lists-entries', SECOND_API_KEYS.instantly);
    expect(at(secondEntries.body, 'items')).toEqual([]);
  });

  it('keeps HeyReach lists per key, and bison workspaces per token on the same instance', async () => {
    const lists = async (key: string) =>
      at((await heyreach('/list/GetAll', key, { offset: 0, limit: 100 })).body, 'items') as Array<{
        id: number;
        name: string;
      }>;
    expect((await lists(HEYREACH_DEMO_API_KEY)).map((list) => list.name)).toEqual([
      'Do not contact (LinkedIn)',
      'Q3 prospects',
    ]);
    const secondLists = await lists(SECOND_API_KEYS.heyreach);
    expect(secondLists.map((list) => list.name)).toEqual(['Second account — exclusions']);
    const demoListId = (await lists(HEYREACH_DEMO_API_KEY))[0]?.id;
    const foreign = await heyreach('/list/AddLeadsToListV2', SECOND_API_KEYS.heyreach, {
      listId: demoListId,
      leads: [{ profileUrl: 'https://www.linkedin.com/in/x' }],
    });
    expect(foreign.status).toBe(404);

    await bison('/bison', '/blacklisted-emails', BISON_DEMO_API_KEY, {
      method: 'POST',
      body: { email: 'demo-only@x.example' },
    });
    const secondBlacklist = await bison('/bison', '/blacklisted-emails', SECOND_API_KEYS.bison);
    expect(at(secondBlacklist.body, 'meta', 'total')).toBe(0);
    expect(
      at((await bison('/bison', '/users', SECOND_API_KEYS.bison)).body, 'data', 'workspace', 'id'),
    ).toBe(2);
  });

  it('registers more accounts with their own key, categories and clients', async () => {
    const created = await sandbox.request('POST', '/_sandbox/platforms/smartlead/accounts', {
      body: { apiKey: 'sl_customer_key', categories: ['Hot', 'Cold'], clients: ['Acme Agency'] },
    });
    expect(created.status).toBe(201);
    expect(at(created.body, 'apiKey')).toBe('sl_customer_key');
    const categories = await smartlead('/leads/fetch-categories', 'sl_customer_key');
    expect((categories.body as Array<{ name: string }>).map((category) => category.name)).toEqual([
      'Hot',
      'Cold',
    ]);
    const generated = await sandbox.request('POST', '/_sandbox/platforms/Instantly/accounts', {
      body: { categories: [{ label: 'Do not mail', interest_status_label: 'negative' }] },
    });
    const key = String(at(generated.body, 'apiKey'));
    const labels = await instantly('/lead-labels', key);
    expect(at(labels.body, 'items', 0, 'interest_status_label')).toBe('negative');
    expect(
      (
        await sandbox.request('POST', '/_sandbox/platforms/smartlead/accounts', {
          body: { apiKey: 'sl_customer_key' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await sandbox.request('POST', '/_sandbox/platforms/myspace/accounts', { body: {} })).status,
    ).toBe(400);
    const listed = await sandbox.request('GET', '/_sandbox/platforms/smartlead/accounts');
    expect((listed.body as Array<{ apiKey: string }>).map((account) => account.apiKey)).toEqual([
      DEMO_API_KEYS.smartlead,
      SECOND_API_KEYS.smartlead,
      'sl_customer_key',
    ]);
    // /_seed drops what was registered; the demo keys stay.
    await sandbox.request('POST', '/_seed');
    expect((await smartlead('/campaigns', 'sl_customer_key')).status).toBe(401);
    expect((await smartlead('/campaigns', SMARTLEAD_DEMO_API_KEY)).status).toBe(200);
  });
});

describe('event generator and accounts', () => {
  it('registers simulated leads with the account of the given apiKey', async () => {
    const report = await sandbox.request('POST', '/simulate/campaign', {
      body: {
        webhookUrl: `${sandbox.url}/receiver/accounts`,
        platform: 'smartlead',
        apiKey: SECOND_API_KEYS.smartlead,
        leads: ['second.lead@example.com'],
        events: 1,
        ratePerSecond: 0,
      },
    });
    expect(at(report.body, 'accepted')).toBe(1);
    const lookup = (key: string) => smartlead('/leads/?email=second.lead@example.com', key);
    expect((await lookup(SECOND_API_KEYS.smartlead)).status).toBe(200);
    expect((await lookup(SMARTLEAD_DEMO_API_KEY)).status).toBe(404);
    const unknown = await sandbox.request('POST', '/simulate/campaign', {
      body: { webhookUrl: sandbox.url, platform: 'smartlead', apiKey: 'nope' },
    });
    expect(unknown.status).toBe(400);
  });
});

describe('bison instances', () => {
  it('serves a registered instance at its own base URL and refuses other instances’ tokens', async () => {
    const created = await sandbox.request('POST', '/_sandbox/bison/instances', {
      body: { name: 'acme' },
    });
    expect(created.status).toBe(201);
    const baseUrl = String(at(created.body, 'baseUrl'));
    const apiKey = String(at(created.body, 'apiKey'));
    expect(baseUrl).toBe(`${sandbox.url.replace('127.0.0.1', 'localhost')}/bison-instances/acme`);
    const base = '/bison-instances/acme';
    expect((await bison(base, '/users', apiKey)).status).toBe(200);
    expect((await bison(base, '/users', BISON_DEMO_API_KEY)).body).toEqual({
      message: 'Unauthenticated.',
    });
    expect((await bison(base, '/users', BISON_DEMO_API_KEY)).status).toBe(401);
    expect((await bison('/bison', '/users', apiKey)).status).toBe(401);
    await bison(base, '/blacklisted-domains', apiKey, {
      method: 'POST',
      body: { domain: 'acme-only.example' },
    });
    const listed = await bison(base, '/blacklisted-domains', apiKey);
    expect(at(listed.body, 'data', 0, 'domain')).toBe('acme-only.example');
    expect(String(at(listed.body, 'links', 'first'))).toContain(
      '/bison-instances/acme/api/blacklisted-domains',
    );
    expect(
      at((await bison('/bison', '/blacklisted-domains', BISON_DEMO_API_KEY)).body, 'meta', 'total'),
    ).toBe(0);
    // A second workspace on the same instance.
    const more = await sandbox.request('POST', '/_sandbox/platforms/bison/accounts', {
      body: { instance: 'acme' },
    });
    expect((await bison(base, '/users', String(at(more.body, 'apiKey')))).status).toBe(200);
    expect((await bison('/bison-instances/nowhere', '/users', apiKey)).status).toBe(404);
    expect(
      (await sandbox.request('POST', '/_sandbox/bison/instances', { body: { name: 'acme' } }))
        .status,
    ).toBe(400);
  });
});

describe('rate limits, on by default', () => {
  async function burst(
    count: number,
    send: () => Promise<{ status: number; body: unknown; headers: Headers }>,
  ) {
    const responses = await Promise.all(Array.from({ length: count }, send));
    const limited = responses.filter((response) => response.status === 429);
    return { ok: responses.filter((response) => response.status === 200), limited };
  }

  it('Smartlead: 429 with its error body, Retry-After and X-RateLimit headers', async () => {
    const first = await smartlead('/leads/fetch-categories', SMARTLEAD_DEMO_API_KEY);
    expect(first.headers.get('x-ratelimit-limit')).toBe('10');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('9');
    // 10 requests per 2 seconds per key (external-apis.md §3.1): the first call took one.
    const { ok, limited } = await burst(30, () =>
      smartlead('/leads/fetch-categories', SMARTLEAD_DEMO_API_KEY),
    );
    expect(ok.length).toBe(9);
    expect(limited.length).toBe(21);
    const [sample] = limited;
    const retryAfter = Number(sample?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(sample?.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(sample?.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(sample?.body).toEqual({
      error: {
        code: 'RATE_LIMIT_EXCEEDED',
        message: `Too many requests. Please retry after ${retryAfter} seconds.`,
        retry_after: retryAfter,
      },
    });
    // Per key: the second account is not affected.
    expect((await smartlead('/leads/fetch-categories', SECOND_API_KEYS.smartlead)).status).toBe(
      200,
    );
  });

  it('Instantly: 429 with its JSON error and no rate headers, counted per workspace', async () => {
    const { limited } = await burst(300, () =>
      instantly('/workspaces/current', INSTANTLY_DEMO_API_KEY),
    );
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Rate limit exceeded',
    });
    expect(limited[0]?.headers.get('retry-after')).toBeNull();
    expect(limited[0]?.headers.get('x-ratelimit-limit')).toBeNull();
    // Another workspace has its own budget.
    expect((await instantly('/workspaces/current', SECOND_API_KEYS.instantly)).status).toBe(200);
  });

  it('bison: no limit by default (none is documented)', async () => {
    const { ok, limited } = await burst(320, () => bison('/bison', '/users', BISON_DEMO_API_KEY));
    expect(ok.length).toBe(320);
    expect(limited).toHaveLength(0);
    expect(ok[0]?.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('bison: Laravel’s 429 with Retry-After and X-RateLimit headers once /_faults sets a limit', async () => {
    await sandbox.request('POST', '/_faults', {
      body: { system: 'bison', rateLimit: 300, rateWindowMs: 60_000 },
    });
    const { ok, limited } = await burst(320, () => bison('/bison', '/users', BISON_DEMO_API_KEY));
    expect(ok.length).toBe(300);
    expect(limited.length).toBe(20);
    expect(limited[0]?.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited[0]?.headers.get('x-ratelimit-limit')).toBe('300');
    expect(limited[0]?.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited[0]?.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
  });

  it('HeyReach: 429 with Retry-After past 300 requests a minute', async () => {
    const { ok, limited } = await burst(320, () => heyreach('/list/GetAll', HEYREACH_DEMO_API_KEY));
    expect(ok.length).toBe(300);
    expect(limited.length).toBe(20);
    expect(limited[0]?.body).toEqual({ errorMessage: 'Too many requests', statusCode: 429 });
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    const stats = await sandbox.request('GET', '/_stats');
    expect(at(stats.body, 'systems', 'heyreach', 'rateLimited')).toBe(20);
  });

  it('switches off per system (or all at once) through /_faults, and back on with /_reset', async () => {
    await sandbox.request('POST', '/_faults', { body: { system: 'smartlead', rateLimit: 0 } });
    const off = await burst(30, () => smartlead('/leads/fetch-categories', SMARTLEAD_DEMO_API_KEY));
    expect(off.limited).toHaveLength(0);
    expect(off.ok[0]?.headers.get('x-ratelimit-limit')).toBeNull();
    await sandbox.request('POST', '/_faults', { body: { system: '*', rateLimit: null } });
    const faults = await sandbox.request('GET', '/_faults');
    expect(
      Object.values(faults.body as Record<string, { rateLimit: number | null }>).map(
        (entry) => entry.rateLimit,
      ),
    ).toEqual([null, null, null, null, null, null]);
    await sandbox.request('POST', '/_faults', {
      body: { system: 'heyreach', rateLimit: 2, rateWindowMs: 60_000 },
    });
    const tight = await burst(3, () => heyreach('/list/GetAll', HEYREACH_DEMO_API_KEY));
    expect(tight.limited).toHaveLength(1);
    await sandbox.request('POST', '/_reset');
    const restored = await sandbox.request('GET', '/_faults');
    expect(at(restored.body, 'smartlead', 'rateLimit')).toBe(10);
  });
});
