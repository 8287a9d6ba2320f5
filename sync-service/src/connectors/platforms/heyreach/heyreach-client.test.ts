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

describe('addLeadsToList', () => {
  const PATH = '/api/public/list/AddLeadsToListV2';
  const ANA = 'https://www.linkedin.com/in/ana-lima';
  const BO = 'https://www.linkedin.com/in/bo-chen';

  it('posts the list id as a number and one lead per profile URL; answers the counts', async () => {
    nock(BASE, { badheaders: ['authorization'] })
      .post(PATH, { listId: 4242, leads: [{ profileUrl: ANA }, { profileUrl: BO }] })
      .matchHeader('x-api-key', KEY)
      .matchHeader('content-type', 'application/json')
      .reply(200, { addedLeadsCount: 1, updatedLeadsCount: 1, failedLeadsCount: 0 });

    await expect(heyreach().addLeadsToList('4242', [ANA, BO])).resolves.toEqual({
      added: 1,
      updated: 1,
      failed: 0,
    });
  });

  it('sends 100 leads in one call', async () => {
    const urls = Array.from({ length: 100 }, (_, index) => `${ANA}-${index}`);
    nock(BASE)
      .post(PATH, { listId: 4242, leads: urls.map((profileUrl) => ({ profileUrl })) })
      .reply(200, { addedLeadsCount: 98, updatedLeadsCount: 0, failedLeadsCount: 2 });

    await expect(heyreach().addLeadsToList('4242', urls)).resolves.toEqual({
      added: 98,
      updated: 0,
      failed: 2,
    });
  });

  it.each([0, 101])('refuses %i leads before calling', async (count) => {
    const urls = Array.from({ length: count }, (_, index) => `${ANA}-${index}`);

    await expect(heyreach().addLeadsToList('4242', urls)).rejects.toEqual(
      new RangeError(`HeyReach adds 1 to 100 leads to a list a call, not ${count}.`),
    );
  });

  it('refuses a list id that is not a whole number, before calling', async () => {
    await expect(heyreach().addLeadsToList('do-not-contact', [ANA])).rejects.toEqual(
      new RangeError('A HeyReach list id is a whole number, not "do-not-contact".'),
    );
  });

  it('waits out a 429 with Retry-After and sends the same leads again', async () => {
    nock(BASE)
      .post(PATH, { listId: 4242, leads: [{ profileUrl: ANA }] })
      .reply(429, { errorMessage: 'Too many requests', statusCode: 429 }, { 'Retry-After': '1' })
      .post(PATH, { listId: 4242, leads: [{ profileUrl: ANA }] })
      .reply(200, { addedLeadsCount: 1, updatedLeadsCount: 0, failedLeadsCount: 0 });

    await expect(heyreach().addLeadsToList('4242', [ANA])).resolves.toEqual({
      added: 1,
      updated: 0,
      failed: 0,
    });
  });

  it('repeats after a 503, since adding a lead again only updates it', async () => {
    nock(BASE)
      .post(PATH)
      .reply(503, { errorMessage: 'Service unavailable', statusCode: 503 })
      .post(PATH)
      .reply(200, { addedLeadsCount: 0, updatedLeadsCount: 1, failedLeadsCount: 0 });

    await expect(heyreach().addLeadsToList('4242', [ANA])).resolves.toEqual({
      added: 0,
      updated: 1,
      failed: 0,
    });
  });

  it('fails as invalid_request on a 400 with HeyReach’s reason, without the key', async () => {
    nock(BASE)
      .post(PATH)
      .reply(400, { errorMessage: `List 4242 is a COMPANY_LIST (key ${KEY})`, statusCode: 400 });

    const error = await failureOf(heyreach().addLeadsToList('4242', [ANA]));

    expect(error).toMatchObject({
      system: 'heyreach',
      operation: 'addLeadsToList',
      code: 'invalid_request',
      status: 400,
      vendorMessage: 'List 4242 is a COMPANY_LIST (key [redacted])',
    });
    expect(error.retryable).toBe(false);
  });

  it('fails as not_found when the list is gone', async () => {
    nock(BASE).post(PATH).reply(404, { errorMessage: 'List not found', statusCode: 404 });

    const error = await failureOf(heyreach().addLeadsToList('4242', [ANA]));

    expect(error).toMatchObject({ code: 'not_found', vendorMessage: 'List not found' });
  });

  it('fails as unexpected on the V1 answer (a bare count)', async () => {
    nock(BASE).post(PATH).reply(200, '1');

    const error = await failureOf(heyreach().addLeadsToList('4242', [ANA]));

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'HeyReach addLeadsToList (POST /api/public/list/AddLeadsToListV2) answered in an unexpected shape: (root): Invalid input: expected object, received number',
    );
  });
});
