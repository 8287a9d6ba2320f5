// The campaign listers' paging, request by request (nock): the sandbox seeds at most 20
// campaigns, fewer than one page of Instantly's or HeyReach's 100, so their loops are pinned here.
import nock from 'nock';
import { ConnectorError } from '../../http';
import { useNockHooks } from '../../test-support';
import { listPlatformCampaigns } from './index';

useNockHooks();

const uuid = (n: number) => `0199a0b1-0000-7000-8000-${String(n).padStart(12, '0')}`;
const named = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: uuid(from + index),
    name: `Campaign no. ${from + index}`,
  }));

describe('Instantly: GET /api/v2/campaigns by cursor', () => {
  const BASE = 'https://sandbox.test/instantly';
  const KEY = 'inst_key_5f0e2c';
  const list = () => listPlatformCampaigns('instantly', { baseUrl: BASE, apiKey: KEY, retries: 0 });

  it('follows next_starting_after until a page comes without it, 100 at a time', async () => {
    const scope = nock(BASE, { reqheaders: { authorization: `Bearer ${KEY}` } })
      .get('/api/v2/campaigns')
      .query({ limit: '100' })
      .reply(200, { items: named(1, 100), next_starting_after: uuid(100) })
      .get('/api/v2/campaigns')
      .query({ limit: '100', starting_after: uuid(100) })
      .reply(200, { items: named(101, 100), next_starting_after: uuid(200) })
      .get('/api/v2/campaigns')
      .query({ limit: '100', starting_after: uuid(200) })
      .reply(200, { items: named(201, 30) });
    const listed = await list();
    expect(listed).toHaveLength(230);
    expect(listed[0]).toEqual({ id: uuid(1), name: 'Campaign no. 1' });
    expect(listed[229]).toEqual({ id: uuid(230), name: 'Campaign no. 230' });
    scope.done();
  });

  it('names a campaign without a name by its id', async () => {
    nock(BASE)
      .get('/api/v2/campaigns')
      .query({ limit: '100' })
      .reply(200, { items: [{ id: uuid(7), name: '  ' }, { id: uuid(8) }] });
    expect(await list()).toEqual([
      { id: uuid(7), name: `Campaign ${uuid(7)}` },
      { id: uuid(8), name: `Campaign ${uuid(8)}` },
    ]);
  });

  it('stops at 1,000 campaigns', async () => {
    const scope = nock(BASE);
    for (let page = 0; page < 10; page++)
      scope
        .get('/api/v2/campaigns')
        .query({ limit: '100', ...(page > 0 ? { starting_after: uuid(page * 100) } : {}) })
        .reply(200, {
          items: named(page * 100 + 1, 100),
          next_starting_after: uuid(page * 100 + 100),
        });
    const listed = await list();
    expect(listed).toHaveLength(1000);
    expect(listed.at(-1)?.id).toBe(uuid(1000));
    scope.done();
  });

  it('fails rather than loop when the cursor comes back the same', async () => {
    nock(BASE)
      .get('/api/v2/campaigns')
      .query({ limit: '100' })
      .reply(200, { items: named(1, 100), next_starting_after: uuid(100) })
      .get('/api/v2/campaigns')
      .query({ limit: '100', starting_after: uuid(100) })
      .reply(200, { items: named(1, 100), next_starting_after: uuid(100) });
    await expect(list()).rejects.toMatchObject({
      constructor: ConnectorError,
      system: 'instantly',
      code: 'unexpected',
      message: 'Instantly listCampaigns repeated its paging cursor',
    });
  });
});

describe('HeyReach: POST /api/public/campaign/GetAll by offset', () => {
  const BASE = 'https://sandbox.test/heyreach';
  const KEY = 'hr_key_91c';
  const list = () => listPlatformCampaigns('heyreach', { baseUrl: BASE, apiKey: KEY, retries: 0 });
  const numbered = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => ({
      id: from + index,
      name: `LinkedIn no. ${from + index}`,
    }));

  it('asks for the next 100 until totalCount is reached', async () => {
    const scope = nock(BASE, { reqheaders: { 'x-api-key': KEY } })
      .post('/api/public/campaign/GetAll', { offset: 0, limit: 100 })
      .reply(200, { totalCount: 200, items: numbered(1, 100) })
      .post('/api/public/campaign/GetAll', { offset: 100, limit: 100 })
      .reply(200, { totalCount: 200, items: numbered(101, 100) });
    const listed = await list();
    expect(listed).toHaveLength(200);
    expect(listed.at(-1)).toEqual({ id: '200', name: 'LinkedIn no. 200' });
    scope.done();
  });

  it('stops at a short page when no total is given', async () => {
    const scope = nock(BASE)
      .post('/api/public/campaign/GetAll', { offset: 0, limit: 100 })
      .reply(200, { items: numbered(1, 100) })
      .post('/api/public/campaign/GetAll', { offset: 100, limit: 100 })
      .reply(200, { items: numbered(101, 5) });
    expect(await list()).toHaveLength(105);
    scope.done();
  });
});
