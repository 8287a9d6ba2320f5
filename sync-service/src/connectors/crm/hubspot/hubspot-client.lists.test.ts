// hubspot-client: lists (listLists, getList), their members (listMembershipPage) and reading
// a company list's members.
import nock from 'nock';
import { failureOf } from '../../test-support';
import { createHubspotClient } from './hubspot-client';
import { installNockHooks, API, auth } from './hubspot-client.test-support';

installNockHooks();

describe('listLists', () => {
  function list(listId: string, name: string, size: string) {
    return {
      listId,
      listVersion: 1,
      name,
      objectTypeId: '0-1',
      processingStatus: 'COMPLETE',
      processingType: 'MANUAL',
      createdAt: '2024-01-15T09:00:00.000Z',
      additionalProperties: { hs_list_size: size, hs_list_reference_count: '0' },
    };
  }

  it('searches lists with POST /crm/v3/lists/search page by page (offset)', async () => {
    nock(API)
      .post('/crm/v3/lists/search', {
        query: '',
        objectTypeId: '0-1',
        count: 500,
        offset: 0,
        additionalProperties: ['hs_list_size'],
      })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        lists: [list('11', 'Do not contact', '42')],
        hasMore: true,
        offset: 1,
        total: 2,
      })
      .post('/crm/v3/lists/search', {
        query: '',
        objectTypeId: '0-1',
        count: 500,
        offset: 1,
        additionalProperties: ['hs_list_size'],
      })
      .reply(200, { lists: [list('12', 'Competitors', '')], hasMore: false, offset: 2, total: 2 });

    await expect(
      createHubspotClient({ apiUrl: API, auth: auth() }).listLists({ objectTypeId: '0-1' }),
    ).resolves.toEqual([
      {
        listId: '11',
        name: 'Do not contact',
        objectTypeId: '0-1',
        processingType: 'MANUAL',
        size: 42,
      },
      {
        listId: '12',
        name: 'Competitors',
        objectTypeId: '0-1',
        processingType: 'MANUAL',
        size: null,
      },
    ]);
  });

  it('repeats the search after a 502, since it only reads', async () => {
    nock(API)
      .post('/crm/v3/lists/search')
      .reply(502, 'Bad Gateway')
      .post('/crm/v3/lists/search')
      .reply(200, { lists: [], hasMore: false, offset: 0, total: 0 });

    await expect(createHubspotClient({ apiUrl: API, auth: auth() }).listLists()).resolves.toEqual(
      [],
    );
  });
});

describe('getList', () => {
  function fetched(overrides: Record<string, unknown> = {}) {
    return {
      list: {
        listId: '123',
        listVersion: 4,
        name: 'Do not contact',
        objectTypeId: '0-2',
        processingStatus: 'COMPLETE',
        processingType: 'DYNAMIC',
        size: 1250,
        createdAt: '2024-01-15T09:00:00.000Z',
        updatedAt: '2024-02-01T09:00:00.000Z',
        filtersUpdatedAt: '2024-02-01T09:00:00.000Z',
        ...overrides,
      },
    };
  }

  it('reads GET /crm/v3/lists/{listId} with the bearer token', async () => {
    nock(API)
      .get('/crm/v3/lists/123')
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, fetched());

    await expect(
      createHubspotClient({ apiUrl: API, auth: auth() }).getList('123'),
    ).resolves.toEqual({
      listId: '123',
      name: 'Do not contact',
      objectTypeId: '0-2',
      processingType: 'DYNAMIC',
      size: 1250,
    });
  });

  it('answers size null when HubSpot leaves it out', async () => {
    nock(API)
      .get('/crm/v3/lists/123')
      .reply(200, fetched({ size: undefined, processingType: 'MANUAL', objectTypeId: '0-1' }));

    await expect(
      createHubspotClient({ apiUrl: API, auth: auth() }).getList('123'),
    ).resolves.toEqual({
      listId: '123',
      name: 'Do not contact',
      objectTypeId: '0-1',
      processingType: 'MANUAL',
      size: null,
    });
  });

  it('fails as not_found for a list HubSpot does not have', async () => {
    nock(API).get('/crm/v3/lists/999').reply(404, {
      status: 'error',
      message: 'List 999 does not exist.',
      correlationId: '5f1c',
      category: 'OBJECT_NOT_FOUND',
    });

    const error = await failureOf(
      createHubspotClient({ apiUrl: API, auth: auth() }).getList('999'),
    );

    expect(error).toMatchObject({
      system: 'hubspot',
      operation: 'getList',
      code: 'not_found',
      status: 404,
      vendorMessage: 'List 999 does not exist.',
    });
  });

  it('fails as unexpected when the list has no object type', async () => {
    nock(API)
      .get('/crm/v3/lists/123')
      .reply(200, fetched({ objectTypeId: undefined }));

    const error = await failureOf(
      createHubspotClient({ apiUrl: API, auth: auth() }).getList('123'),
    );

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'HubSpot getList (GET /crm/v3/lists/123) answered in an unexpected shape: list.objectTypeId: Invalid input: expected string, received undefined',
    );
  });
});

describe('listMembershipPage', () => {
  function member(recordId: string) {
    return { recordId, membershipTimestamp: '2024-01-15T09:00:00.000Z' };
  }

  it('reads the first 250 members with GET /crm/v3/lists/{listId}/memberships', async () => {
    nock(API)
      .get('/crm/v3/lists/123/memberships')
      .query({ limit: '250' })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        results: [member('101'), member('102')],
        paging: {
          next: {
            after: 'AoJ4',
            link: `${API}/crm/v3/lists/123/memberships?after=AoJ4`,
          },
        },
        total: 3,
      });

    await expect(
      createHubspotClient({ apiUrl: API, auth: auth() }).listMembershipPage('123'),
    ).resolves.toEqual({ recordIds: ['101', '102'], next: 'AoJ4' });
  });

  it('passes the cursor and the page size; the last page has no next', async () => {
    nock(API)
      .get('/crm/v3/lists/123/memberships')
      .query({ limit: '100', after: 'AoJ4' })
      .reply(200, { results: [member('103')], total: 3 });

    const page = await createHubspotClient({ apiUrl: API, auth: auth() }).listMembershipPage(
      '123',
      'AoJ4',
      100,
    );

    expect(page).toEqual({ recordIds: ['103'] });
    expect('next' in page).toBe(false);
  });

  it('waits out a 429 with Retry-After and reads the page again', async () => {
    nock(API)
      .get('/crm/v3/lists/123/memberships')
      .query({ limit: '250', after: 'AoJ4' })
      .reply(
        429,
        {
          status: 'error',
          message: 'You have reached your ten_secondly_rolling limit.',
          errorType: 'RATE_LIMIT',
          policyName: 'TEN_SECONDLY_ROLLING',
        },
        { 'Retry-After': '1' },
      )
      .get('/crm/v3/lists/123/memberships')
      .query({ limit: '250', after: 'AoJ4' })
      .reply(200, { results: [member('103')] });

    await expect(
      createHubspotClient({ apiUrl: API, auth: auth() }).listMembershipPage('123', 'AoJ4'),
    ).resolves.toEqual({ recordIds: ['103'] });
  });

  it('fails as invalid_request when HubSpot refuses the page size', async () => {
    nock(API).get('/crm/v3/lists/123/memberships').query({ limit: '500' }).reply(400, {
      status: 'error',
      message: 'limit must be less than or equal to 250',
      category: 'VALIDATION_ERROR',
    });

    const error = await failureOf(
      createHubspotClient({ apiUrl: API, auth: auth() }).listMembershipPage('123', undefined, 500),
    );

    expect(error).toMatchObject({
      operation: 'listMembershipPage',
      code: 'invalid_request',
      status: 400,
      vendorCode: 'VALIDATION_ERROR',
    });
  });

  it('fails as unexpected when a member has no record id', async () => {
    nock(API)
      .get('/crm/v3/lists/123/memberships')
      .query(true)
      .reply(200, { results: [{ membershipTimestamp: '2024-01-15T09:00:00.000Z' }] });

    const error = await failureOf(
      createHubspotClient({ apiUrl: API, auth: auth() }).listMembershipPage('123'),
    );

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'HubSpot listMembershipPage (GET /crm/v3/lists/123/memberships) answered in an unexpected shape: results.0.recordId: Invalid input',
    );
  });
});

describe('reading a company list', () => {
  it('batch-reads the members of a page with their domains (the existing batch read)', async () => {
    nock(API)
      .get('/crm/v3/lists/123/memberships')
      .query({ limit: '250' })
      .reply(200, {
        results: [
          { recordId: '7', membershipTimestamp: '2024-01-15T09:00:00.000Z' },
          { recordId: '8', membershipTimestamp: '2024-01-15T09:00:00.000Z' },
        ],
      })
      .post('/crm/v3/objects/companies/batch/read', {
        inputs: [{ id: '7' }, { id: '8' }],
        properties: ['domain', 'website', 'hs_additional_domains'],
        propertiesWithHistory: [],
      })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        status: 'COMPLETE',
        results: [
          {
            id: '7',
            properties: {
              domain: 'acme.test',
              website: 'https://www.acme.test',
              hs_additional_domains: 'acme.example;acme-labs.test',
              hs_object_id: '7',
            },
            createdAt: '2024-01-15T09:00:00.000Z',
            updatedAt: '2024-01-15T09:00:00.000Z',
            archived: false,
          },
          {
            id: '8',
            properties: { domain: null, website: null, hs_additional_domains: null },
            createdAt: '2024-01-15T09:00:00.000Z',
            updatedAt: '2024-01-15T09:00:00.000Z',
            archived: false,
          },
        ],
        startedAt: '2024-01-15T09:00:00.000Z',
        completedAt: '2024-01-15T09:00:00.100Z',
      });
    const hubspot = createHubspotClient({ apiUrl: API, auth: auth() });

    const { recordIds } = await hubspot.listMembershipPage('123');
    const companies = await hubspot.batchReadObjects('companies', {
      ids: recordIds,
      properties: ['domain', 'website', 'hs_additional_domains'],
    });

    expect(companies.map((company) => [company.id, company.properties])).toEqual([
      [
        '7',
        {
          domain: 'acme.test',
          website: 'https://www.acme.test',
          hs_additional_domains: 'acme.example;acme-labs.test',
          hs_object_id: '7',
        },
      ],
      ['8', { domain: null, website: null, hs_additional_domains: null }],
    ]);
  });
});
