import nock from 'nock';
import { assertNockDone, failureOf } from '../../test-support';
import { createHeyreachClient } from './heyreach-client';

const BASE = 'https://api.heyreach.io';
const KEY = 'hr_7c1e0f5a-93d2-4b6e-8f00-1a2b3c4d5e6f';

function heyreach() {
  return createHeyreachClient({ baseUrl: BASE, apiKey: KEY });
}

function list(id: number, name: string, listType = 'USER_LIST') {
  return {
    id,
    name,
    totalItemsCount: 3,
    listType,
    creationTime: '2024-01-15T09:00:00.000Z',
    campaignIds: [],
    isDeleted: false,
  };
}

beforeAll(() => nock.disableNetConnect());
afterEach(assertNockDone);
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('checkApiKey', () => {
  it('asks GET /api/public/auth/CheckApiKey with X-API-KEY; an empty 200 is valid', async () => {
    nock(BASE, { badheaders: ['authorization'] })
      .get('/api/public/auth/CheckApiKey')
      .matchHeader('x-api-key', KEY)
      .reply(200, '');

    await expect(heyreach().checkApiKey()).resolves.toEqual({ valid: true });
  });

  it('is invalid on 401', async () => {
    nock(BASE)
      .get('/api/public/auth/CheckApiKey')
      .reply(401, { errorMessage: 'Invalid API key', statusCode: 401 });

    await expect(heyreach().checkApiKey()).resolves.toEqual({
      valid: false,
      message: 'HeyReach rejected this API key.',
    });
  });
});

describe('listLists', () => {
  it('pages through POST /api/public/list/GetAll by offset until totalCount', async () => {
    const firstPage = Array.from({ length: 100 }, (_, index) =>
      list(index + 1, `List ${index + 1}`),
    );
    nock(BASE)
      .post('/api/public/list/GetAll', { offset: 0, limit: 100 })
      .matchHeader('x-api-key', KEY)
      .reply(200, { totalCount: 101, items: firstPage })
      .post('/api/public/list/GetAll', { offset: 100, limit: 100 })
      .reply(200, { totalCount: 101, items: [list(777, 'Companies', 'COMPANY_LIST')] });

    const lists = await heyreach().listLists();

    expect(lists).toHaveLength(101);
    expect(lists[0]).toEqual({ id: '1', name: 'List 1', listType: 'USER_LIST' });
    expect(lists[100]).toEqual({ id: '777', name: 'Companies', listType: 'COMPANY_LIST' });
  });

  it('repeats the read after a 503, though it is a POST', async () => {
    nock(BASE)
      .post('/api/public/list/GetAll')
      .reply(503, { errorMessage: 'Service unavailable', statusCode: 503 })
      .post('/api/public/list/GetAll')
      .reply(200, { totalCount: 0, items: [] });

    await expect(heyreach().listLists()).resolves.toEqual([]);
  });
});

describe('createList', () => {
  it('posts /api/public/list/CreateEmptyList as a USER_LIST and answers the id', async () => {
    nock(BASE)
      .post('/api/public/list/CreateEmptyList', { name: 'Do not contact', type: 'USER_LIST' })
      .matchHeader('x-api-key', KEY)
      .reply(200, list(4242, 'Do not contact'));

    await expect(heyreach().createList('Do not contact')).resolves.toEqual({ id: '4242' });
  });

  it('does not repeat a create after a 503 (it might have been made)', async () => {
    nock(BASE)
      .post('/api/public/list/CreateEmptyList')
      .reply(503, { errorMessage: 'Service unavailable', statusCode: 503 });

    const error = await failureOf(heyreach().createList('Do not contact'));

    expect(error).toMatchObject({
      system: 'heyreach',
      operation: 'createList',
      code: 'unavailable',
      vendorMessage: 'Service unavailable',
    });
  });
});
