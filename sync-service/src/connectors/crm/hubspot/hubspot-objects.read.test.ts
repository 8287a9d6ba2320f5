// hubspot-objects: reading records (searchObjects, batchReadObjects).
import nock from 'nock';
import { failureOf } from '../../test-support';
import {
  installNockHooks,
  API,
  TIMES,
  client,
  hubspotRecord,
  range,
} from './hubspot-objects.test-support';

installNockHooks();

describe('searchObjects', () => {
  it('posts the filter groups with IN values and the default limit, and answers id and properties', async () => {
    nock(API)
      .post('/crm/v3/objects/contacts/search', {
        filterGroups: [
          { filters: [{ propertyName: 'email', operator: 'IN', values: ['ana@acme.test'] }] },
          { filters: [{ propertyName: 'hs_linkedin_url', operator: 'EQ', value: 'https://x' }] },
        ],
        properties: ['email', 'firstname'],
        limit: 10,
      })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        total: 1,
        results: [hubspotRecord('501', { email: 'ana@acme.test', firstname: null })],
        paging: { next: { after: '1' } },
      });

    const found = await client().searchObjects('contacts', {
      filterGroups: [
        { filters: [{ propertyName: 'email', operator: 'IN', values: ['ana@acme.test'] }] },
        { filters: [{ propertyName: 'hs_linkedin_url', operator: 'EQ', value: 'https://x' }] },
      ],
      properties: ['email', 'firstname'],
    });

    expect(found).toEqual([
      { id: '501', properties: { hs_object_id: '501', email: 'ana@acme.test', firstname: null } },
    ]);
  });

  it('caps the page size at 200 and passes sorts through', async () => {
    nock(API)
      .post('/crm/v3/objects/companies/search', {
        filterGroups: [
          { filters: [{ propertyName: 'domain', operator: 'EQ', value: 'acme.test' }] },
        ],
        properties: ['domain'],
        limit: 200,
        sorts: [{ propertyName: 'createdate', direction: 'ASCENDING' }],
      })
      .reply(200, { total: 0, results: [] });

    await expect(
      client().searchObjects('companies', {
        filterGroups: [
          { filters: [{ propertyName: 'domain', operator: 'EQ', value: 'acme.test' }] },
        ],
        properties: ['domain'],
        limit: 500,
        sorts: [{ propertyName: 'createdate', direction: 'ASCENDING' }],
      }),
    ).resolves.toEqual([]);
  });

  it('repeats the search after a 502, since it only reads', async () => {
    nock(API)
      .post('/crm/v3/objects/contacts/search')
      .reply(502, 'Bad Gateway')
      .post('/crm/v3/objects/contacts/search')
      .reply(200, { total: 1, results: [hubspotRecord('501', {})] });

    const found = await client().searchObjects('contacts', { filterGroups: [], properties: [] });

    expect(found.map((record) => record.id)).toEqual(['501']);
  });

  it('fails as invalid_request when HubSpot refuses the search (unknown property)', async () => {
    nock(API)
      .post('/crm/v3/objects/contacts/search')
      .reply(400, {
        status: 'error',
        message: 'There was a problem with the request.',
        category: 'VALIDATION_ERROR',
        errors: [{ message: 'Property "os_nope" does not exist', code: 'INVALID_PROPERTY' }],
      });

    const error = await failureOf(
      client().searchObjects('contacts', {
        filterGroups: [{ filters: [{ propertyName: 'os_nope', operator: 'HAS_PROPERTY' }] }],
        properties: [],
      }),
    );

    expect(error).toMatchObject({ code: 'invalid_request', status: 400 });
  });

  it('fails as unexpected when a result has no id', async () => {
    nock(API)
      .post('/crm/v3/objects/contacts/search')
      .reply(200, { total: 1, results: [{ properties: {} }] });

    const error = await failureOf(
      client().searchObjects('contacts', { filterGroups: [], properties: [] }),
    );

    expect(error.code).toBe('unexpected');
  });
});

describe('batchReadObjects', () => {
  it('reads by a unique property in chunks of 100; ids HubSpot lacks are absent', async () => {
    const ids = range(0, 150).map((n) => `u${n}@acme.test`);
    nock(API)
      .post('/crm/v3/objects/contacts/batch/read', {
        idProperty: 'email',
        inputs: ids.slice(0, 100).map((id) => ({ id })),
        properties: ['email'],
        propertiesWithHistory: [],
      })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        status: 'COMPLETE',
        results: [hubspotRecord('1', { email: 'u0@acme.test' })],
        ...TIMES,
      })
      .post('/crm/v3/objects/contacts/batch/read', {
        idProperty: 'email',
        inputs: ids.slice(100).map((id) => ({ id })),
        properties: ['email'],
        propertiesWithHistory: [],
      })
      .reply(207, {
        status: 'COMPLETE',
        results: [hubspotRecord('2', { email: 'u100@acme.test' })],
        numErrors: 1,
        errors: [
          {
            status: 'error',
            category: 'OBJECT_NOT_FOUND',
            message: 'Could not get some CONTACT objects, they may be deleted or not exist.',
            context: { ids: ids.slice(101) },
          },
        ],
        ...TIMES,
      });

    const records = await client().batchReadObjects('contacts', {
      ids,
      idProperty: 'email',
      properties: ['email'],
    });

    expect(records).toEqual([
      { id: '1', properties: { hs_object_id: '1', email: 'u0@acme.test' } },
      { id: '2', properties: { hs_object_id: '2', email: 'u100@acme.test' } },
    ]);
  });

  it('reads by record id without idProperty', async () => {
    nock(API)
      .post('/crm/v3/objects/companies/batch/read', {
        inputs: [{ id: '7' }],
        properties: ['domain'],
        propertiesWithHistory: [],
      })
      .reply(200, {
        status: 'COMPLETE',
        results: [hubspotRecord('7', { domain: null })],
        ...TIMES,
      });

    await expect(
      client().batchReadObjects('companies', { ids: ['7'], properties: ['domain'] }),
    ).resolves.toEqual([{ id: '7', properties: { hs_object_id: '7', domain: null } }]);
  });
});
