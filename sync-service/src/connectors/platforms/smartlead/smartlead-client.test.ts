import nock from 'nock';
import { ConnectorError } from '../../http';
import { assertNockDone, failureOf, printedForms } from '../../test-support';
import { createSmartleadClient } from './smartlead-client';

// The sandbox's base URL; the real one is https://server.smartlead.ai.
const BASE = 'https://sandbox.test/smartlead';
const KEY = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff_9kq2xz';

function smartlead(overrides: { retries?: number } = {}) {
  return createSmartleadClient({ baseUrl: BASE, apiKey: KEY, ...overrides });
}

beforeAll(() => nock.disableNetConnect());
afterEach(assertNockDone);
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('listLeadCategories', () => {
  it('reads GET /api/v1/leads/fetch-categories with the key in the query only', async () => {
    nock(BASE, { badheaders: ['authorization', 'x-api-key'] })
      .get('/api/v1/leads/fetch-categories')
      .query({ api_key: KEY })
      .reply(200, [
        { id: 1, created_at: '2024-01-15T09:00:00.000Z', name: 'Interested' },
        { id: 77, created_at: null, name: 'Not Interested', sentiment_type: 'negative' },
      ]);

    await expect(smartlead().listLeadCategories()).resolves.toEqual([
      { id: '1', name: 'Interested', createdAt: '2024-01-15T09:00:00.000Z' },
      { id: '77', name: 'Not Interested' },
    ]);
  });

  it('fails as unexpected when the answer is not the list it was', async () => {
    nock(BASE)
      .get('/api/v1/leads/fetch-categories')
      .query(true)
      .reply(200, { data: [{ id: 1, name: 'Interested' }] });

    const error = await failureOf(smartlead().listLeadCategories());

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'Smartlead listLeadCategories (GET /api/v1/leads/fetch-categories) answered in an unexpected shape: (root): Invalid input: expected array, received object',
    );
  });

  it('waits out a 429 with Retry-After and carries on', async () => {
    nock(BASE)
      .get('/api/v1/leads/fetch-categories')
      .query(true)
      .reply(429, { message: 'Rate limit exceeded' }, { 'Retry-After': '1' })
      .get('/api/v1/leads/fetch-categories')
      .query(true)
      .reply(200, []);

    await expect(smartlead().listLeadCategories()).resolves.toEqual([]);
  });
});

describe('listClients', () => {
  it('reads GET /api/v1/client/ as id, name and e-mail', async () => {
    nock(BASE)
      .get('/api/v1/client/')
      .query({ api_key: KEY })
      .reply(200, [
        {
          id: 301,
          name: 'Northwind Agency',
          email: 'ops@northwind.test',
          uuid: 'c2f0',
          logo: null,
          logo_url: null,
          client_permision: { permission: ['reply_master_inbox'], retricted_category: [] },
        },
        { id: 302, name: 'No mail', email: null },
      ]);

    await expect(smartlead().listClients()).resolves.toEqual([
      { id: '301', name: 'Northwind Agency', email: 'ops@northwind.test' },
      { id: '302', name: 'No mail', email: '' },
    ]);
  });
});

describe('checkApiKey', () => {
  it('is valid when Smartlead answers', async () => {
    nock(BASE).get('/api/v1/leads/fetch-categories').query({ api_key: KEY }).reply(200, []);
    await expect(smartlead().checkApiKey()).resolves.toEqual({ valid: true });
  });

  it('is invalid, with a clear message, when Smartlead refuses the key', async () => {
    nock(BASE).get('/api/v1/leads/fetch-categories').query(true).reply(401, {
      error: 'Invalid API Key',
      message: 'The api_key query parameter is missing or invalid.',
    });

    await expect(smartlead().checkApiKey()).resolves.toEqual({
      valid: false,
      message: 'Smartlead rejected this API key.',
    });
  });

  it('throws (could not check) on an outage, and the key is in no form of the error', async () => {
    nock(BASE)
      .get('/api/v1/leads/fetch-categories')
      .query(true)
      .reply(500, `upstream failed for /api/v1/leads/fetch-categories?api_key=${KEY}`);

    const error = await failureOf(smartlead({ retries: 0 }).checkApiKey());

    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ system: 'smartlead', code: 'unavailable', status: 500 });
    for (const text of printedForms(error)) expect(text).not.toContain(KEY);
  });
});

describe('getLeadByEmail', () => {
  const EMAIL = 'dana.reyes@northwind.test';

  it('reads GET /api/v1/leads/?email= as the lead id and its category per campaign', async () => {
    nock(BASE, { badheaders: ['authorization', 'x-api-key'] })
      .get('/api/v1/leads/')
      .query({ api_key: KEY, email: EMAIL })
      .reply(200, {
        id: 2995276770,
        first_name: 'Dana',
        last_name: 'Reyes',
        email: EMAIL,
        company_name: 'Northwind',
        custom_fields: { os_objectlookup_id: 'A-17' },
        is_unsubscribed: false,
        unsubscribed_client_id_map: null,
        created_at: '2025-11-25T12:54:54.000Z',
        lead_campaign_data: [
          {
            campaign_lead_map_id: 2433664091,
            campaign_id: 123,
            campaign_name: 'Q4 Outreach',
            client_id: 456,
            client_email: 'user@company.test',
            lead_category_id: 789,
          },
          { campaign_lead_map_id: 2433664092, campaign_id: 124, lead_category_id: null },
          { campaign_lead_map_id: 2433664093, campaign_id: '125' },
        ],
      });

    await expect(smartlead().getLeadByEmail(EMAIL)).resolves.toEqual({
      id: '2995276770',
      categoryIdsByCampaign: { '123': '789', '124': null, '125': null },
    });
  });

  it('encodes the e-mail in the query', async () => {
    nock(BASE)
      .get('/api/v1/leads/')
      .query({ api_key: KEY, email: 'o+neil@x.test' })
      .reply(200, { id: 7, lead_campaign_data: [] });

    await expect(smartlead().getLeadByEmail('o+neil@x.test')).resolves.toEqual({
      id: '7',
      categoryIdsByCampaign: {},
    });
  });

  it.each([
    ['an empty object (Smartlead’s answer)', 200, {}],
    ['an empty body', 200, ''],
    ['404 Lead not found (the sandbox’s answer)', 404, { message: 'Lead not found' }],
  ])('is null when Smartlead answers %s', async (_case, status, body) => {
    nock(BASE).get('/api/v1/leads/').query({ api_key: KEY, email: EMAIL }).reply(status, body);

    await expect(smartlead().getLeadByEmail(EMAIL)).resolves.toBeNull();
  });

  it('lets other failures through as retryable or not', async () => {
    nock(BASE)
      .get('/api/v1/leads/')
      .query(true)
      .reply(500, { message: 'Internal error' })
      .get('/api/v1/leads/')
      .query(true)
      .reply(400, { message: 'email is required' });

    const outage = await failureOf(smartlead({ retries: 0 }).getLeadByEmail(EMAIL));
    expect(outage).toMatchObject({ operation: 'getLeadByEmail', code: 'unavailable' });
    expect(outage.retryable).toBe(true);

    const refusal = await failureOf(smartlead({ retries: 0 }).getLeadByEmail(EMAIL));
    expect(refusal).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(refusal.retryable).toBe(false);
  });

  it('fails as unexpected when the campaigns are not a list', async () => {
    nock(BASE)
      .get('/api/v1/leads/')
      .query(true)
      .reply(200, { id: 7, lead_campaign_data: { campaign_id: 1 } });

    expect((await failureOf(smartlead().getLeadByEmail(EMAIL))).code).toBe('unexpected');
  });
});

describe('addToBlockList', () => {
  const PATH = '/api/v1/leads/add-domain-block-list';
  // What the sandbox answers; Smartlead documents no answer body.
  const added = {
    ok: true,
    message: '2 entries added to the block list',
    uploadCount: 2,
    alreadyAddedCount: 0,
    invalidEmailsOrDomains: [],
  };

  it('posts the values with the client id as a number, the key in the query only', async () => {
    nock(BASE, { badheaders: ['authorization', 'x-api-key'] })
      .post(PATH, { domain_block_list: ['acme.test', 'bob@globex.test'], client_id: 301 })
      .query({ api_key: KEY })
      .matchHeader('content-type', 'application/json')
      .reply(200, added);

    await expect(
      smartlead().addToBlockList(['acme.test', 'bob@globex.test'], '301'),
    ).resolves.toEqual({ refused: [] });
  });

  it('sends client_id null for an account-wide entry, and takes an empty answer', async () => {
    nock(BASE)
      .post(PATH, { domain_block_list: ['acme.test'], client_id: null })
      .query({ api_key: KEY })
      .reply(200, '');

    await expect(smartlead().addToBlockList(['acme.test'], null)).resolves.toEqual({ refused: [] });
  });

  it('reports the values Smartlead names as not taken', async () => {
    nock(BASE)
      .post(PATH, { domain_block_list: ['acme.test', 'иван@acme.test'], client_id: null })
      .query({ api_key: KEY })
      .reply(200, { ...added, uploadCount: 1, invalidEmailsOrDomains: ['иван@acme.test'] });

    await expect(
      smartlead().addToBlockList(['acme.test', 'иван@acme.test'], null),
    ).resolves.toEqual({ refused: ['иван@acme.test'] });
  });

  it('calls nothing for no values', async () => {
    await expect(smartlead().addToBlockList([], '301')).resolves.toEqual({ refused: [] });
  });

  it('refuses a client id that is not a whole number, before calling', async () => {
    await expect(smartlead().addToBlockList(['acme.test'], 'agency-7')).rejects.toEqual(
      new RangeError('A Smartlead client id is a whole number, not "agency-7".'),
    );
  });

  it('waits out a 429 with Retry-After and sends the same values again', async () => {
    nock(BASE)
      .post(PATH, { domain_block_list: ['acme.test'], client_id: null })
      .query(true)
      .reply(
        429,
        { error: 'Too Many Requests', message: 'Rate limit exceeded' },
        { 'Retry-After': '1' },
      )
      .post(PATH, { domain_block_list: ['acme.test'], client_id: null })
      .query(true)
      .reply(200, added);

    await expect(smartlead().addToBlockList(['acme.test'], null)).resolves.toEqual({ refused: [] });
  });

  it('repeats after a 503, since adding an entry again is harmless', async () => {
    nock(BASE)
      .post(PATH)
      .query(true)
      .reply(503, { message: 'Service Unavailable' })
      .post(PATH)
      .query(true)
      .reply(200, added);

    await expect(smartlead().addToBlockList(['acme.test'], null)).resolves.toEqual({ refused: [] });
  });

  it('fails as invalid_request on a 400, with Smartlead’s reason and without the key', async () => {
    nock(BASE)
      .post(PATH)
      .query(true)
      .reply(400, {
        error: 'Bad Request',
        message: `client_id 999 does not belong to api_key=${KEY}`,
      });

    const error = await failureOf(smartlead().addToBlockList(['acme.test'], '999'));

    expect(error).toMatchObject({
      system: 'smartlead',
      operation: 'addToBlockList',
      code: 'invalid_request',
      status: 400,
      vendorMessage: 'client_id 999 does not belong to api_key=[redacted]',
    });
    expect(error.retryable).toBe(false);
    for (const text of printedForms(error)) expect(text).not.toContain(KEY);
  });

  it('fails as unexpected when the answer is not JSON', async () => {
    nock(BASE).post(PATH).query(true).reply(200, '<!doctype html><title>Smartlead</title>');

    const error = await failureOf(smartlead().addToBlockList(['acme.test'], null));

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'Smartlead addToBlockList (POST /api/v1/leads/add-domain-block-list) answered with a non-JSON body',
    );
  });
});
