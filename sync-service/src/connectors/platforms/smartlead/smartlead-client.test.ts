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
