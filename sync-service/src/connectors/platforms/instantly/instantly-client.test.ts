import nock from 'nock';
import { assertNockDone, failureOf, printedForms } from '../../test-support';
import { INSTANTLY_BUILT_IN_CATEGORIES, createInstantlyClient } from './instantly-client';

const BASE = 'https://api.instantly.ai';
const KEY = 'ZDk4YjE3ZmQtNzQ2Ni00YzQ2LWE1YjctOTM5ZjE1:QwErTyUiOp';

function instantly(overrides: { retries?: number } = {}) {
  return createInstantlyClient({ baseUrl: BASE, apiKey: KEY, ...overrides });
}

function label(id: string, name: string, status: number) {
  return {
    id,
    timestamp_created: '2026-08-13T11:11:58.107Z',
    created_by: '019ffad2-5c9b-7ff3-9287-897737ef85de',
    organization_id: '019ffad2-5c9b-7ff3-9287-897806175ea0',
    label: name,
    interest_status_label: status < 0 ? 'negative' : 'positive',
    interest_status: status,
    description: null,
    use_with_ai: false,
  };
}

beforeAll(() => nock.disableNetConnect());
afterEach(assertNockDone);
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('checkApiKey', () => {
  it('asks GET /api/v2/workspaces/current with the bearer key', async () => {
    nock(BASE)
      .get('/api/v2/workspaces/current')
      .matchHeader('authorization', `Bearer ${KEY}`)
      .reply(200, {
        id: '019ffad2-5c9b-7ff3-9287-897806175ea0',
        timestamp_created: '2024-01-15T09:00:00.000Z',
        owner: '019ffad2-5c9b-7ff3-9287-897737ef85de',
        name: 'Acme',
        plan_id: 'pid_hg_v1',
      });

    await expect(instantly().checkApiKey()).resolves.toEqual({ valid: true });
  });

  it('is invalid on 401', async () => {
    nock(BASE)
      .get('/api/v2/workspaces/current')
      .reply(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid API key' });

    await expect(instantly().checkApiKey()).resolves.toEqual({
      valid: false,
      message: 'Instantly rejected this API key.',
    });
  });

  it('is invalid on 402, giving Instantly’s reason', async () => {
    nock(BASE).get('/api/v2/workspaces/current').reply(402, {
      statusCode: 402,
      error: 'Payment Required',
      message: 'Workspace does not have an active paid plan',
    });

    await expect(instantly().checkApiKey()).resolves.toEqual({
      valid: false,
      message:
        'Instantly rejected this API key. Instantly said: Workspace does not have an active paid plan',
    });
  });

  it('throws on a 503 after retrying, with the key in no form of the error', async () => {
    nock(BASE)
      .get('/api/v2/workspaces/current')
      .times(2)
      .reply(503, { statusCode: 503, error: 'Service Unavailable', message: `key ${KEY} down` });

    const error = await failureOf(instantly({ retries: 1 }).checkApiKey());

    expect(error).toMatchObject({
      system: 'instantly',
      operation: 'checkApiKey',
      code: 'unavailable',
    });
    for (const text of printedForms(error)) expect(text).not.toContain(KEY);
  });
});

describe('listLeadCategories', () => {
  it('answers the built-in statuses, then every page of custom labels', async () => {
    nock(BASE)
      .get('/api/v2/lead-labels')
      .query({ limit: '100' })
      .matchHeader('authorization', `Bearer ${KEY}`)
      .reply(200, {
        items: [label('019f-a', 'Hot lead', 10)],
        next_starting_after: '2026-08-13T11:11:58.107Z',
      })
      .get('/api/v2/lead-labels')
      .query({ limit: '100', starting_after: '2026-08-13T11:11:58.107Z' })
      .reply(200, { items: [label('019f-b', 'Competitor', -10), label('019f-c', 'Dup', 1)] });

    const categories = await instantly().listLeadCategories();

    expect(categories).toEqual([
      ...INSTANTLY_BUILT_IN_CATEGORIES,
      { id: '10', name: 'Hot lead', createdAt: '2026-08-13T11:11:58.107Z' },
      { id: '-10', name: 'Competitor', createdAt: '2026-08-13T11:11:58.107Z' },
    ]);
    expect(categories.slice(0, 2)).toEqual([
      { id: '1', name: 'Interested' },
      { id: '2', name: 'Meeting Booked' },
    ]);
  });

  it('fails as forbidden when the key lacks the lead-labels:read scope', async () => {
    nock(BASE).get('/api/v2/lead-labels').query(true).reply(403, {
      statusCode: 403,
      error: 'Forbidden',
      message: 'API key does not have the required scope: lead-labels:read',
    });

    const error = await failureOf(instantly().listLeadCategories());

    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  });
});

describe('getLeadInterestStatus', () => {
  const EMAIL = 'dana.reyes@northwind.test';
  const CAMPAIGN = '019ffad2-53a3-7590-935f-b48cddbf2d9e';

  function lead(overrides: Record<string, unknown>) {
    return {
      id: '019ffad2-53a1-7acf-9ae0-404312bcab56',
      timestamp_created: '2026-08-13T11:11:58.107Z',
      timestamp_updated: '2026-08-14T08:00:00.000Z',
      organization: '019ffad2-5c9b-7ff3-9287-897806175ea0',
      campaign: CAMPAIGN,
      status: 1,
      email: EMAIL,
      first_name: 'Dana',
      email_open_count: 2,
      email_reply_count: 1,
      email_click_count: 0,
      company_domain: 'northwind.test',
      status_summary: {},
      ...overrides,
    };
  }

  it('asks POST /api/v2/leads/list for the e-mail in the campaign and names a built-in status', async () => {
    nock(BASE)
      .post('/api/v2/leads/list', {
        search: EMAIL,
        contacts: [EMAIL],
        campaign: CAMPAIGN,
        limit: 10,
      })
      .matchHeader('authorization', `Bearer ${KEY}`)
      .reply(200, { items: [lead({ lt_interest_status: 2 })] });

    await expect(instantly().getLeadInterestStatus(EMAIL, CAMPAIGN)).resolves.toEqual({
      interestStatus: 2,
      label: 'Meeting Booked',
    });
  });

  it('leaves the campaign out when none is given', async () => {
    nock(BASE)
      .post('/api/v2/leads/list', { search: EMAIL, contacts: [EMAIL], limit: 10 })
      .reply(200, { items: [lead({ lt_interest_status: -1 })] });

    await expect(instantly().getLeadInterestStatus(EMAIL)).resolves.toEqual({
      interestStatus: -1,
      label: 'Not Interested',
    });
  });

  it.each([
    ['0 (Out of Office)', 0, { interestStatus: 0, label: 'Out of Office' }],
    ['a custom label’s value, unnamed', 10, { interestStatus: 10, label: null }],
    ['no status', undefined, { interestStatus: null, label: null }],
    ['a null status', null, { interestStatus: null, label: null }],
  ])('reads %s', async (_case, status, expected) => {
    nock(BASE)
      .post('/api/v2/leads/list')
      .reply(200, { items: [lead({ lt_interest_status: status })] });

    await expect(instantly().getLeadInterestStatus(EMAIL, CAMPAIGN)).resolves.toEqual(expected);
  });

  it('ignores near matches of the search and is null when no lead has the e-mail', async () => {
    nock(BASE)
      .post('/api/v2/leads/list')
      .reply(200, {
        items: [
          lead({ email: `jo${EMAIL}`, lt_interest_status: 1 }),
          lead({ email: null, lt_interest_status: 1 }),
        ],
      })
      .post('/api/v2/leads/list')
      .reply(200, { items: [] });

    await expect(instantly().getLeadInterestStatus(EMAIL)).resolves.toBeNull();
    await expect(instantly().getLeadInterestStatus(EMAIL)).resolves.toBeNull();
  });

  it('takes, across campaigns, the lead whose status changed last (the e-mail in any case)', async () => {
    nock(BASE)
      .post('/api/v2/leads/list')
      .reply(200, {
        items: [
          lead({ lt_interest_status: 1, timestamp_last_interest_change: '2026-08-10T09:00:00Z' }),
          lead({
            email: EMAIL.toUpperCase(),
            lt_interest_status: -3,
            timestamp_last_interest_change: '2026-08-12T09:00:00Z',
          }),
          lead({ lt_interest_status: 4, timestamp_last_interest_change: null }),
        ],
      });

    await expect(instantly().getLeadInterestStatus(EMAIL)).resolves.toEqual({
      interestStatus: -3,
      label: 'Lost',
    });
  });

  it('retries the read after an outage (it changes nothing), then fails as unavailable', async () => {
    nock(BASE)
      .post('/api/v2/leads/list')
      .times(2)
      .reply(503, { statusCode: 503, error: 'Service Unavailable', message: 'down' });

    const error = await failureOf(instantly({ retries: 1 }).getLeadInterestStatus(EMAIL));

    expect(error).toMatchObject({ operation: 'getLeadInterestStatus', code: 'unavailable' });
    expect(error.retryable).toBe(true);
  });

  it('fails as forbidden, not retryable, without the leads:read scope', async () => {
    nock(BASE).post('/api/v2/leads/list').reply(403, {
      statusCode: 403,
      error: 'Forbidden',
      message: 'API key does not have the required scope: leads:read',
    });

    const error = await failureOf(instantly().getLeadInterestStatus(EMAIL));

    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.retryable).toBe(false);
    for (const text of printedForms(error)) expect(text).not.toContain(KEY);
  });
});

describe('addBlockListEntries', () => {
  const PATH = '/api/v2/block-lists-entries/bulk-create';

  function entry(value: string) {
    return {
      id: '019ffad2-5c92-7661-8a8c-f217e75a6de9',
      timestamp_created: '2026-08-13T11:11:58.098Z',
      organization_id: '019ffad2-5c92-7661-8a8c-f21814c7d520',
      bl_value: value,
      is_domain: !value.includes('@'),
    };
  }

  it('posts bl_values with the bearer key; accepted are the stored values, invalid counted', async () => {
    nock(BASE)
      .post(PATH, { bl_values: ['acme.test', 'Bob@Globex.test', 'not a value'] })
      .matchHeader('authorization', `Bearer ${KEY}`)
      .matchHeader('content-type', 'application/json')
      .reply(200, {
        items: [entry('acme.test'), entry('bob@globex.test')],
        valid_count: 2,
        invalid_count: 1,
      });

    await expect(
      instantly().addBlockListEntries(['acme.test', 'Bob@Globex.test', 'not a value']),
    ).resolves.toEqual({ accepted: ['acme.test', 'bob@globex.test'], invalidCount: 1 });
  });

  it('sends 1,000 values in one call', async () => {
    const values = Array.from({ length: 1000 }, (_, index) => `d${index}.test`);
    nock(BASE)
      .post(PATH, { bl_values: values })
      .reply(200, { items: values.map(entry), valid_count: 1000, invalid_count: 0 });

    const result = await instantly().addBlockListEntries(values);

    expect(result.accepted).toHaveLength(1000);
    expect(result.invalidCount).toBe(0);
  });

  it.each([0, 1001])('refuses %i values before calling', async (count) => {
    const values = Array.from({ length: count }, (_, index) => `d${index}.test`);

    await expect(instantly().addBlockListEntries(values)).rejects.toEqual(
      new RangeError(`Instantly adds 1 to 1000 block-list values a call, not ${count}.`),
    );
  });

  it('waits out a 429 with Retry-After and sends the same values again', async () => {
    nock(BASE)
      .post(PATH, { bl_values: ['acme.test'] })
      .reply(
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' },
        { 'Retry-After': '1' },
      )
      .post(PATH, { bl_values: ['acme.test'] })
      .reply(200, { items: [entry('acme.test')], valid_count: 1, invalid_count: 0 });

    await expect(instantly().addBlockListEntries(['acme.test'])).resolves.toEqual({
      accepted: ['acme.test'],
      invalidCount: 0,
    });
  });

  it('fails as rate_limited with the wait when Instantly asks for longer than the cap', async () => {
    nock(BASE)
      .post(PATH)
      .reply(
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' },
        { 'Retry-After': '120' },
      );

    const error = await failureOf(instantly().addBlockListEntries(['acme.test']));

    expect(error).toMatchObject({
      operation: 'addBlockListEntries',
      code: 'rate_limited',
      status: 429,
      retryAfterSeconds: 120,
      vendorMessage: 'Rate limit exceeded',
    });
  });

  it('repeats after a 503, since a value blocked twice stays one entry', async () => {
    nock(BASE)
      .post(PATH)
      .reply(503, { statusCode: 503, error: 'Service Unavailable', message: 'down' })
      .post(PATH)
      .reply(200, { items: [entry('acme.test')], valid_count: 1, invalid_count: 0 });

    await expect(instantly().addBlockListEntries(['acme.test'])).resolves.toEqual({
      accepted: ['acme.test'],
      invalidCount: 0,
    });
  });

  it('fails as invalid_request on a 400 with Instantly’s reason, without the key', async () => {
    nock(BASE).post(PATH).reply(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/bl_values/0 must be string',
    });

    const error = await failureOf(instantly().addBlockListEntries(['acme.test']));

    expect(error).toMatchObject({
      system: 'instantly',
      operation: 'addBlockListEntries',
      code: 'invalid_request',
      status: 400,
      vendorMessage: 'body/bl_values/0 must be string',
    });
    expect(error.retryable).toBe(false);
    for (const text of printedForms(error)) expect(text).not.toContain(KEY);
  });

  it('fails as forbidden when the key lacks the block_list_entries:create scope', async () => {
    nock(BASE).post(PATH).reply(403, {
      statusCode: 403,
      error: 'Forbidden',
      message: 'API key does not have the required scope: block_list_entries:create',
    });

    const error = await failureOf(instantly().addBlockListEntries(['acme.test']));

    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  });

  it('fails as unexpected when the counts are missing', async () => {
    nock(BASE)
      .post(PATH)
      .reply(200, { items: [entry('acme.test')], valid_count: 1 });

    const error = await failureOf(instantly().addBlockListEntries(['acme.test']));

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'Instantly addBlockListEntries (POST /api/v2/block-lists-entries/bulk-create) answered in an unexpected shape: invalid_count: Invalid input: expected number, received undefined',
    );
  });
});
