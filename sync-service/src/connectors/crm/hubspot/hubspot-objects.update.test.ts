// hubspot-objects: writing to records that exist (batchUpdateObjects, batchUpsertObjects) and
// associating them (batchAssociateDefault).
import nock from 'nock';
import {
  installNockHooks,
  API,
  TIMES,
  client,
  hubspotRecord,
  range,
} from './hubspot-objects.test-support';

installNockHooks();

describe('batchUpdateObjects', () => {
  it('posts id, properties and trace id per input; a 400 chunk fails the inputs that carry one', async () => {
    nock(API)
      .post('/crm/v3/objects/contacts/batch/update', {
        inputs: [
          { id: '501', properties: { os_last_platform: 'smartlead' }, objectWriteTraceId: 'a' },
          { id: '502', properties: { os_last_platform: 'instantly' } },
        ],
      })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        status: 'COMPLETE',
        results: [
          hubspotRecord('501', { os_last_platform: 'smartlead' }, { objectWriteTraceId: 'a' }),
          hubspotRecord('502', { os_last_platform: 'instantly' }),
        ],
        ...TIMES,
      })
      .post('/crm/v3/objects/contacts/batch/update', {
        inputs: [{ id: '503', properties: { os_category: 'Nope' }, objectWriteTraceId: 'c' }],
      })
      .reply(400, {
        status: 'error',
        message: 'Property values were not valid',
        category: 'VALIDATION_ERROR',
      });

    const api = client();
    const first = await api.batchUpdateObjects('contacts', [
      { id: '501', properties: { os_last_platform: 'smartlead' }, objectWriteTraceId: 'a' },
      { id: '502', properties: { os_last_platform: 'instantly' } },
    ]);
    const second = await api.batchUpdateObjects('contacts', [
      { id: '503', properties: { os_category: 'Nope' }, objectWriteTraceId: 'c' },
    ]);

    expect(first).toEqual({
      results: [
        {
          id: '501',
          properties: { hs_object_id: '501', os_last_platform: 'smartlead' },
          objectWriteTraceId: 'a',
        },
        { id: '502', properties: { hs_object_id: '502', os_last_platform: 'instantly' } },
      ],
      errors: [],
    });
    expect(second.errors).toMatchObject([{ category: 'VALIDATION_ERROR', traceIds: ['c'] }]);
  });
});

describe('batchUpdateObjects on companies', () => {
  it("updates companies' name and owner; an input HubSpot refuses fails alone", async () => {
    const refusal = {
      status: 'error',
      message: '7 was not a valid owner id',
      category: 'VALIDATION_ERROR',
      context: { objectWriteTraceId: ['beta.test'] },
    };
    const acme = { id: '930', properties: { name: 'Acme' }, objectWriteTraceId: 'acme.test' };
    const beta = {
      id: '940',
      properties: { hubspot_owner_id: '7' },
      objectWriteTraceId: 'beta.test',
    };
    nock(API)
      .post('/crm/v3/objects/companies/batch/update', { inputs: [acme, beta] })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(400, refusal)
      .post('/crm/v3/objects/companies/batch/update', { inputs: [acme] })
      .reply(200, {
        status: 'COMPLETE',
        results: [hubspotRecord('930', { name: 'Acme' }, { objectWriteTraceId: 'acme.test' })],
        ...TIMES,
      })
      .post('/crm/v3/objects/companies/batch/update', { inputs: [beta] })
      .reply(400, refusal);

    const answer = await client().batchUpdateObjects('companies', [acme, beta]);

    expect(answer).toEqual({
      results: [
        {
          id: '930',
          properties: { hs_object_id: '930', name: 'Acme' },
          objectWriteTraceId: 'acme.test',
        },
      ],
      errors: [
        {
          status: 'error',
          category: 'VALIDATION_ERROR',
          message: '7 was not a valid owner id',
          context: {},
          traceIds: ['beta.test'],
          code: 'invalid_request',
        },
      ],
    });
  });
});

describe('batchUpsertObjects', () => {
  it('upserts by idProperty and tells new records from updated ones', async () => {
    nock(API)
      .post('/crm/v3/objects/contacts/batch/upsert', {
        inputs: [
          {
            idProperty: 'email',
            id: 'ana@acme.test',
            properties: { firstname: 'Ana' },
            objectWriteTraceId: 'ana',
          },
          { idProperty: 'email', id: 'bo@acme.test', properties: { firstname: 'Bo' } },
        ],
      })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        status: 'COMPLETE',
        results: [
          hubspotRecord('501', { firstname: 'Ana' }, { new: true, objectWriteTraceId: 'ana' }),
          hubspotRecord('502', { firstname: 'Bo' }, { new: false }),
        ],
        ...TIMES,
      });

    const answer = await client().batchUpsertObjects('contacts', [
      {
        idProperty: 'email',
        id: 'ana@acme.test',
        properties: { firstname: 'Ana' },
        objectWriteTraceId: 'ana',
      },
      { idProperty: 'email', id: 'bo@acme.test', properties: { firstname: 'Bo' } },
    ]);

    expect(answer).toEqual({
      results: [
        {
          id: '501',
          properties: { hs_object_id: '501', firstname: 'Ana' },
          objectWriteTraceId: 'ana',
          new: true,
        },
        { id: '502', properties: { hs_object_id: '502', firstname: 'Bo' }, new: false },
      ],
      errors: [],
    });
  });
});

describe('batchAssociateDefault', () => {
  it('associates pairs in chunks of 100 and maps the errors', async () => {
    const pairs = range(0, 101).map((n) => ({ fromId: `c${n}`, toId: `k${n}` }));
    nock(API)
      .post('/crm/v4/associations/contacts/companies/batch/associate/default', {
        inputs: range(0, 100).map((n) => ({ from: { id: `c${n}` }, to: { id: `k${n}` } })),
      })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        status: 'COMPLETE',
        results: [
          {
            from: { id: 'c0' },
            to: { id: 'k0' },
            associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 },
          },
        ],
        ...TIMES,
      })
      .post('/crm/v4/associations/contacts/companies/batch/associate/default', {
        inputs: [{ from: { id: 'c100' }, to: { id: 'k100' } }],
      })
      .reply(207, {
        status: 'COMPLETE',
        results: [],
        numErrors: 1,
        errors: [
          {
            status: 'error',
            category: 'OBJECT_NOT_FOUND',
            message: 'No companies with id k100',
            context: { toObjectId: ['k100'] },
          },
        ],
        ...TIMES,
      });

    await expect(client().batchAssociateDefault('contacts', 'companies', pairs)).resolves.toEqual({
      errors: [
        {
          status: 'error',
          category: 'OBJECT_NOT_FOUND',
          message: 'No companies with id k100',
          context: { toObjectId: ['k100'] },
          traceIds: [],
        },
      ],
    });
  });
});
