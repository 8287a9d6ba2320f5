import {
  BISON_DEMO_API_KEY,
  HEYREACH_DEMO_API_KEY,
  INSTANTLY_DEMO_API_KEY,
  SMARTLEAD_DEMO_API_KEY,
} from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

const instantly = { authorization: `Bearer ${INSTANTLY_DEMO_API_KEY}` };
const bison = { authorization: `Bearer ${BISON_DEMO_API_KEY}` };
const heyreach = { 'x-api-key': HEYREACH_DEMO_API_KEY };

describe('API key checks', () => {
  it.each([
    [
      'smartlead',
      `/smartlead/api/v1/leads/fetch-categories?api_key=${SMARTLEAD_DEMO_API_KEY}`,
      {},
      '/smartlead/api/v1/leads/fetch-categories?api_key=wrong',
      {},
    ],
    [
      'instantly',
      '/instantly/api/v2/workspaces/current',
      instantly,
      '/instantly/api/v2/workspaces/current',
      { authorization: 'Bearer wrong' },
    ],
    ['bison', '/bison/api/users', bison, '/bison/api/users', { authorization: 'Bearer wrong' }],
    [
      'heyreach',
      '/heyreach/api/public/auth/CheckApiKey',
      heyreach,
      '/heyreach/api/public/auth/CheckApiKey',
      { 'x-api-key': 'wrong' },
    ],
  ])(
    '%s accepts the demo key and refuses others',
    async (_platform, goodPath, goodHeaders, badPath, badHeaders) => {
      expect((await sandbox.request('GET', goodPath, { headers: goodHeaders })).status).toBe(200);
      expect((await sandbox.request('GET', badPath, { headers: badHeaders })).status).toBe(401);
    },
  );
});

describe('Smartlead', () => {
  const key = `api_key=${SMARTLEAD_DEMO_API_KEY}`;
  it('lists categories and clients, adds to the global block list and finds a lead with its category', async () => {
    const categories = await sandbox.request(
      'GET',
      `/smartlead/api/v1/leads/fetch-categories?${key}`,
    );
    expect(at(categories.body, 0, 'name')).toBe('Interested');
    const clients = await sandbox.request('GET', `/smartlead/api/v1/client/?${key}`);
    expect(at(clients.body, 0, 'email')).toBe('ops@northwind-agency.example');
    const added = await sandbox.request(
      'POST',
      `/smartlead/api/v1/leads/add-domain-block-list?${key}`,
      {
        body: {
          domain_block_list: ['blocked.example', 'Bob@Blocked.example', 'not valid', 'пример.рф'],
          client_id: 301,
        },
      },
    );
    expect(at(added.body, 'uploadCount')).toBe(2);
    expect(at(added.body, 'invalidEmailsOrDomains')).toEqual(['not valid', 'пример.рф']);
    const listed = await sandbox.request(
      'GET',
      `/smartlead/api/v1/leads/get-domain-block-list?${key}&filter_client_id=301`,
    );
    expect(
      (listed.body as Array<{ email_or_domain: string }>).map((entry) => entry.email_or_domain),
    ).toEqual(['blocked.example', 'bob@blocked.example']);
    const lead = await sandbox.request(
      'GET',
      `/smartlead/api/v1/leads/?${key}&email=ava.carter@acme-robotics.example`,
    );
    expect(at(lead.body, 'lead_campaign_data', 0, 'lead_category_id')).toBe(1);
    expect(at(lead.body, 'lead_campaign_data', 0, 'lead_category_name')).toBe('Interested');
  });
});

describe('Instantly', () => {
  it('bulk-creates block-list entries with valid and invalid counts, then lists them', async () => {
    const bulk = await sandbox.request(
      'POST',
      '/instantly/api/v2/block-lists-entries/bulk-create',
      {
        headers: instantly,
        body: { bl_values: ['acme.example', 'ceo@acme.example', 'nonsense', 'mañana.es'] },
      },
    );
    expect(bulk.status).toBe(200);
    expect([at(bulk.body, 'valid_count'), at(bulk.body, 'invalid_count')]).toEqual([2, 2]);
    expect(at(bulk.body, 'items', 0, 'is_domain')).toBe(true);
    const domains = await sandbox.request(
      'GET',
      '/instantly/api/v2/block-lists-entries?domains_only=true',
      { headers: instantly },
    );
    expect((at(domains.body, 'items') as unknown[]).length).toBe(1);
    const tooMany = await sandbox.request(
      'POST',
      '/instantly/api/v2/block-lists-entries/bulk-create',
      {
        headers: instantly,
        body: { bl_values: Array.from({ length: 1001 }, (_unused, index) => `d${index}.example`) },
      },
    );
    expect(tooMany.status).toBe(400);
    const labels = await sandbox.request('GET', '/instantly/api/v2/lead-labels', {
      headers: instantly,
    });
    expect(at(labels.body, 'items', 0, 'label')).toBe('Hot lead');
  });
});

describe('bison', () => {
  it('blacklists e-mails and domains singly and in bulk and looks leads up', async () => {
    const single = await sandbox.request('POST', '/bison/api/blacklisted-emails', {
      headers: bison,
      body: { email: 'one@x.example' },
    });
    expect(single.status).toBe(201);
    const bulk = await sandbox.request('POST', '/bison/api/blacklisted-emails/bulk', {
      headers: bison,
      body: { emails: ['two@x.example', 'one@x.example', 'bad'] },
    });
    expect(at(bulk.body, 'meta')).toEqual({ valid_count: 2, invalid_count: 1 });
    const domains = await sandbox.request('POST', '/bison/api/blacklisted-domains/bulk', {
      headers: bison,
      body: { domains: ['x.example', 'y.example'] },
    });
    expect((at(domains.body, 'data') as unknown[]).length).toBe(2);
    const listed = await sandbox.request('GET', '/bison/api/blacklisted-emails?page=1', {
      headers: bison,
    });
    expect(at(listed.body, 'meta', 'total')).toBe(2);
    const lead = await sandbox.request('GET', '/bison/api/leads/ava.carter@acme-robotics.example', {
      headers: bison,
    });
    expect(at(lead.body, 'data', 'status')).toBe('interested');
  });
});

describe('HeyReach', () => {
  it('creates a list and adds leads by public profile URL, counting failures', async () => {
    const created = await sandbox.request('POST', '/heyreach/api/public/list/CreateEmptyList', {
      headers: heyreach,
      body: { name: 'Blocked', type: 'USER_LIST' },
    });
    const listId = at(created.body, 'id');
    const added = await sandbox.request('POST', '/heyreach/api/public/list/AddLeadsToListV2', {
      headers: heyreach,
      body: {
        listId,
        leads: [
          { profileUrl: 'https://www.linkedin.com/in/jane-doe/' },
          { profileUrl: 'linkedin.com/in/JANE-DOE' },
          { profileUrl: 'https://www.linkedin.com/sales/lead/ACoAAB' },
        ],
      },
    });
    expect(added.body).toEqual({ addedLeadsCount: 1, updatedLeadsCount: 1, failedLeadsCount: 1 });
    const all = await sandbox.request('POST', '/heyreach/api/public/list/GetAll', {
      headers: heyreach,
      body: { offset: 0, limit: 100, keyword: 'blocked' },
    });
    expect(at(all.body, 'items', 0, 'totalItemsCount')).toBe(1);
  });
});
