import nock from 'nock';
import type { TokenAuth } from '../../http';
import { assertNockDone, failureOf } from '../../test-support';
import { createHubspotClient } from './hubspot-client';
import { HubspotBatchInterruptedError } from './hubspot-objects';
import {
  HUBSPOT_ASSOCIATION_TYPES,
  type HubspotCreateInput,
  type HubspotRecord,
} from './hubspot-objects.types';

const API = 'https://api.hubapi.com';
const TIMES = {
  startedAt: '2026-11-23T10:00:00.000Z',
  completedAt: '2026-11-23T10:00:00.120Z',
};

function auth(token = 'access-1', refreshed = 'access-2'): TokenAuth & { refreshes: number } {
  let current = token;
  const value = {
    kind: 'bearer' as const,
    refreshes: 0,
    getAccessToken: () => Promise.resolve(current),
    refresh: () => {
      value.refreshes++;
      current = refreshed;
      return Promise.resolve(current);
    },
  };
  return value;
}

function client({ retries, tokens = auth() }: { retries?: number; tokens?: TokenAuth } = {}) {
  return createHubspotClient({ apiUrl: API, auth: tokens, retries });
}

/** A record as HubSpot answers it, with the fields the connector does not use. */
function hubspotRecord(id: string, properties: Record<string, string | null>, extra = {}) {
  return {
    id,
    properties: { hs_object_id: id, ...properties },
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    archived: false,
    url: `https://app.hubspot.com/contacts/123/record/0-1/${id}`,
    ...extra,
  };
}

function emailInput(n: number): HubspotCreateInput {
  return {
    properties: { hs_timestamp: '2026-11-23T10:00:00.000Z', hs_email_subject: `Hello ${n}` },
    associations: [{ toId: `c${n}`, associationTypeId: HUBSPOT_ASSOCIATION_TYPES.emailToContact }],
    objectWriteTraceId: `t${n}`,
  };
}

function emailInputBody(n: number) {
  return {
    properties: { hs_timestamp: '2026-11-23T10:00:00.000Z', hs_email_subject: `Hello ${n}` },
    associations: [
      {
        to: { id: `c${n}` },
        types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 198 }],
      },
    ],
    objectWriteTraceId: `t${n}`,
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => from + index);

beforeAll(() => nock.disableNetConnect());
afterEach(assertNockDone);
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

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

describe('batchCreateObjects', () => {
  it('creates with inline associations ([] when none) and echoes the trace ids', async () => {
    nock(API)
      .post('/crm/v3/objects/emails/batch/create', {
        inputs: [
          emailInputBody(1),
          { properties: { hs_timestamp: '1' }, associations: [], objectWriteTraceId: 't2' },
        ],
      })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(201, {
        status: 'COMPLETE',
        results: [
          hubspotRecord('901', { hs_email_subject: 'Hello 1' }, { objectWriteTraceId: 't1' }),
          hubspotRecord('902', { hs_email_subject: null }, { objectWriteTraceId: 't2' }),
        ],
        ...TIMES,
      });

    const answer = await client().batchCreateObjects('emails', [
      emailInput(1),
      { properties: { hs_timestamp: '1' }, objectWriteTraceId: 't2' },
    ]);

    expect(answer).toEqual({
      results: [
        {
          id: '901',
          properties: { hs_object_id: '901', hs_email_subject: 'Hello 1' },
          objectWriteTraceId: 't1',
        },
        {
          id: '902',
          properties: { hs_object_id: '902', hs_email_subject: null },
          objectWriteTraceId: 't2',
        },
      ],
      errors: [],
    });
  });

  it('sends 250 inputs as 100, 100 and 50, one after another, and merges the results', async () => {
    const inputs = range(0, 250).map(emailInput);
    const scope = nock(API);
    for (const [from, to] of [
      [0, 100],
      [100, 200],
      [200, 250],
    ] as const) {
      scope
        .post('/crm/v3/objects/emails/batch/create', {
          inputs: range(from, to).map(emailInputBody),
        })
        .reply(201, {
          status: 'COMPLETE',
          results: range(from, to).map((n) =>
            hubspotRecord(`e${n}`, {}, { objectWriteTraceId: `t${n}` }),
          ),
          ...TIMES,
        });
    }

    const answer = await client().batchCreateObjects('emails', inputs);

    expect(answer.results.map((record) => record.objectWriteTraceId)).toEqual(
      range(0, 250).map((n) => `t${n}`),
    );
    expect(answer.errors).toEqual([]);
  });

  it('maps the errors of a 207 answer, with the trace ids HubSpot names', async () => {
    nock(API)
      .post('/crm/v3/objects/tasks/batch/create')
      .reply(207, {
        status: 'COMPLETE',
        results: [hubspotRecord('31', {}, { objectWriteTraceId: 't1' })],
        numErrors: 2,
        errors: [
          {
            status: 'error',
            category: 'VALIDATION_ERROR',
            message: 'Property values were not valid',
            context: { objectWriteTraceId: ['t2'], propertyName: ['hs_task_priority'] },
            errors: [{ message: 'INVALID_OPTION', code: 'INVALID_OPTION' }],
            links: {},
            subCategory: {},
          },
          {
            status: 'error',
            category: 'OBJECT_NOT_FOUND',
            message: 'Association target not found',
            context: { ids: ['c404'] },
          },
        ],
        ...TIMES,
      });

    const answer = await client().batchCreateObjects('tasks', [1, 2, 3].map(emailInput));

    expect(answer.results.map((record) => record.id)).toEqual(['31']);
    expect(answer.errors).toEqual([
      {
        status: 'error',
        category: 'VALIDATION_ERROR',
        message: 'Property values were not valid',
        context: { objectWriteTraceId: ['t2'], propertyName: ['hs_task_priority'] },
        traceIds: ['t2'],
      },
      {
        status: 'error',
        category: 'OBJECT_NOT_FOUND',
        message: 'Association target not found',
        context: { ids: ['c404'] },
        traceIds: [],
      },
    ]);
  });

  it('isolates the one input that makes HubSpot refuse a chunk as a whole (400), by halves', async () => {
    const invalid = {
      status: 'error',
      message: 'Property values were not valid: hs_email_direction "SIDEWAYS" is not an option',
      correlationId: 'c0ffee',
      category: 'VALIDATION_ERROR',
    };
    // The chunk, its halves down to the bad input (t3), then the next chunk: in this order.
    const expected: Array<[number, number]> = [
      [0, 100],
      [0, 50],
      [50, 100],
      [0, 25],
      [25, 50],
      [0, 13],
      [13, 25],
      [0, 7],
      [7, 13],
      [0, 4],
      [4, 7],
      [0, 2],
      [2, 4],
      [2, 3],
      [3, 4],
      [100, 120],
    ];
    for (const [from, to] of expected) {
      const inputs = range(from, to);
      const call = nock(API).post('/crm/v3/objects/emails/batch/create', {
        inputs: inputs.map(emailInputBody),
      });
      if (inputs.includes(3)) call.reply(400, invalid);
      else
        call.reply(201, {
          status: 'COMPLETE',
          results: inputs.map((n) => hubspotRecord(`e${n}`, {}, { objectWriteTraceId: `t${n}` })),
          ...TIMES,
        });
    }

    const answer = await client().batchCreateObjects('emails', range(0, 120).map(emailInput));

    expect(answer.results.map((record) => record.objectWriteTraceId).sort()).toEqual(
      range(0, 120)
        .filter((n) => n !== 3)
        .map((n) => `t${n}`)
        .sort(),
    );
    expect(answer.errors).toEqual([
      {
        status: 'error',
        category: 'VALIDATION_ERROR',
        message: 'Property values were not valid: hs_email_direction "SIDEWAYS" is not an option',
        context: {},
        traceIds: ['t3'],
      },
    ]);
  });

  it('fails a chunk whose halves are both refused with their errors (the request, not one input)', async () => {
    const invalid = (message: string) => ({
      status: 'error',
      message,
      category: 'VALIDATION_ERROR',
    });
    nock(API)
      .post('/crm/v3/objects/emails/batch/create', { inputs: range(0, 4).map(emailInputBody) })
      .reply(400, invalid('Property "os_x" does not exist'))
      .post('/crm/v3/objects/emails/batch/create', { inputs: range(0, 2).map(emailInputBody) })
      .reply(400, invalid('Property "os_x" does not exist'))
      .post('/crm/v3/objects/emails/batch/create', { inputs: range(2, 4).map(emailInputBody) })
      .reply(400, invalid('Property "os_x" does not exist'));

    const answer = await client().batchCreateObjects('emails', range(0, 4).map(emailInput));

    expect(answer.results).toEqual([]);
    expect(answer.errors.map((error) => error.traceIds)).toEqual([
      ['t0', 't1'],
      ['t2', 't3'],
    ]);
  });

  it('carries what the first half wrote when the second meets a rate limit', async () => {
    nock(API)
      .post('/crm/v3/objects/emails/batch/create', { inputs: range(0, 4).map(emailInputBody) })
      .reply(400, { status: 'error', message: 'bad value', category: 'VALIDATION_ERROR' })
      .post('/crm/v3/objects/emails/batch/create', { inputs: range(0, 2).map(emailInputBody) })
      .reply(201, {
        status: 'COMPLETE',
        results: [0, 1].map((n) => hubspotRecord(`e${n}`, {}, { objectWriteTraceId: `t${n}` })),
        ...TIMES,
      })
      .post('/crm/v3/objects/emails/batch/create', { inputs: range(2, 4).map(emailInputBody) })
      .reply(429, { status: 'error', message: 'ten_secondly_rolling', category: 'RATE_LIMITS' });

    const error = await failureOf(
      client({ retries: 0 }).batchCreateObjects('emails', range(0, 4).map(emailInput)),
    );

    expect(error).toBeInstanceOf(HubspotBatchInterruptedError);
    expect(
      (error as HubspotBatchInterruptedError<HubspotRecord>).completed.results.map(
        (record) => record.objectWriteTraceId,
      ),
    ).toEqual(['t0', 't1']);
  });

  it('turns a 409 conflict of a chunk into an error for its inputs', async () => {
    nock(API).post('/crm/v3/objects/contacts/batch/create').reply(409, {
      status: 'error',
      message: 'Contact already exists. Existing ID: 501',
      category: 'CONFLICT',
    });

    const answer = await client().batchCreateObjects('contacts', [
      { properties: { email: 'ana@acme.test' }, objectWriteTraceId: 'ana' },
    ]);

    expect(answer).toEqual({
      results: [],
      errors: [
        {
          status: 'error',
          category: 'CONFLICT',
          message: 'Contact already exists. Existing ID: 501',
          context: {},
          traceIds: ['ana'],
        },
      ],
    });
  });

  it('does not repeat a create after a 502 (the pipeline decides)', async () => {
    nock(API).post('/crm/v3/objects/emails/batch/create').reply(502, 'Bad Gateway');

    const error = await failureOf(client().batchCreateObjects('emails', [emailInput(1)]));

    expect(error).toMatchObject({ code: 'unavailable', status: 502, retryable: true });
  });

  it('waits out a 429 with Retry-After and sends the chunk again', async () => {
    nock(API)
      .post('/crm/v3/objects/emails/batch/create', { inputs: [emailInputBody(1)] })
      .reply(
        429,
        {
          status: 'error',
          message: 'You have reached your secondly limit.',
          errorType: 'RATE_LIMIT',
          policyName: 'SECONDLY',
        },
        { 'Retry-After': '1' },
      )
      .post('/crm/v3/objects/emails/batch/create', { inputs: [emailInputBody(1)] })
      .reply(201, {
        status: 'COMPLETE',
        results: [hubspotRecord('901', {}, { objectWriteTraceId: 't1' })],
        ...TIMES,
      });

    const answer = await client().batchCreateObjects('emails', [emailInput(1)]);

    expect(answer.results.map((record) => record.id)).toEqual(['901']);
  });

  it('refreshes the token once on 401 and sends the chunk again', async () => {
    const tokens = auth();
    nock(API)
      .post('/crm/v3/objects/emails/batch/create', { inputs: [emailInputBody(1)] })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(401, {
        status: 'error',
        message: 'The OAuth token used to make this call expired.',
        category: 'EXPIRED_AUTHENTICATION',
      })
      .post('/crm/v3/objects/emails/batch/create', { inputs: [emailInputBody(1)] })
      .matchHeader('authorization', 'Bearer access-2')
      .reply(201, {
        status: 'COMPLETE',
        results: [hubspotRecord('901', {}, { objectWriteTraceId: 't1' })],
        ...TIMES,
      });

    const answer = await client({ tokens }).batchCreateObjects('emails', [emailInput(1)]);

    expect(answer.results.map((record) => record.id)).toEqual(['901']);
    expect(tokens.refreshes).toBe(1);
  });

  it('throws missing scopes as they are instead of failing the inputs', async () => {
    nock(API)
      .post('/crm/v3/objects/emails/batch/create')
      .reply(403, {
        status: 'error',
        message: "This app hasn't been granted all required scopes to make this call.",
        category: 'MISSING_SCOPES',
        errors: [{ message: 'One or more of the following scopes are required.' }],
      });

    const error = await failureOf(client().batchCreateObjects('emails', [emailInput(1)]));

    expect(error).toMatchObject({ code: 'missing_scopes', status: 403 });
  });

  it('throws an outage of a later chunk with what the earlier chunks created, kept out of logs', async () => {
    nock(API)
      .post('/crm/v3/objects/emails/batch/create', { inputs: range(0, 100).map(emailInputBody) })
      .reply(201, {
        status: 'COMPLETE',
        results: range(0, 100).map((n) =>
          hubspotRecord(
            `e${n}`,
            { hs_email_subject: 'secret@person.test' },
            {
              objectWriteTraceId: `t${n}`,
            },
          ),
        ),
        ...TIMES,
      })
      .post('/crm/v3/objects/emails/batch/create', { inputs: range(100, 101).map(emailInputBody) })
      .reply(503, 'Service Unavailable');

    const error = await failureOf(
      client({ retries: 0 }).batchCreateObjects('emails', range(0, 101).map(emailInput)),
    );

    expect(error).toBeInstanceOf(HubspotBatchInterruptedError);
    expect(error).toMatchObject({ code: 'unavailable', status: 503, retryable: true });
    const completed = (error as HubspotBatchInterruptedError).completed;
    expect(completed.results).toHaveLength(100);
    expect(completed.results[99]).toMatchObject({ id: 'e99', objectWriteTraceId: 't99' });
    expect(JSON.stringify(error)).not.toContain('secret@person.test');
    expect(error.message).toContain('after the first 100 inputs were sent');
  });
});

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

describe('property groups and properties', () => {
  it('lists the group names', async () => {
    nock(API)
      .get('/crm/v3/properties/contacts/groups')
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        results: [
          { name: 'contactinformation', label: 'Contact information', displayOrder: 0 },
          { name: 'outsync', label: 'OutSync', displayOrder: -1, archived: false },
        ],
      });

    await expect(client().listPropertyGroups('contacts')).resolves.toEqual([
      'contactinformation',
      'outsync',
    ]);
  });

  it('creates a group, and takes a 409 as an existing one', async () => {
    nock(API)
      .post('/crm/v3/properties/contacts/groups', { name: 'outsync', label: 'OutSync' })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(201, { name: 'outsync', label: 'OutSync', displayOrder: -1, archived: false })
      .post('/crm/v3/properties/companies/groups', { name: 'outsync', label: 'OutSync' })
      .reply(409, {
        status: 'error',
        message: 'A property group named outsync already exists.',
        category: 'OBJECT_ALREADY_EXISTS',
      });

    const api = client();
    await expect(
      api.createPropertyGroup('contacts', { name: 'outsync', label: 'OutSync' }),
    ).resolves.toBe('created');
    await expect(
      api.createPropertyGroup('companies', { name: 'outsync', label: 'OutSync' }),
    ).resolves.toBe('exists');
  });

  it('does not take another refusal of a group for an existing one', async () => {
    nock(API).post('/crm/v3/properties/contacts/groups').reply(400, {
      status: 'error',
      message: 'name must be lower case',
      category: 'VALIDATION_ERROR',
    });

    const error = await failureOf(
      client().createPropertyGroup('contacts', { name: 'Out Sync', label: 'OutSync' }),
    );

    expect(error).toMatchObject({ code: 'invalid_request', status: 400 });
  });

  it('creates properties in a batch and maps the ones refused', async () => {
    nock(API)
      .post('/crm/v3/properties/contacts/batch/create', {
        inputs: [
          {
            name: 'os_last_platform',
            label: 'Last platform',
            type: 'enumeration',
            fieldType: 'select',
            groupName: 'outsync',
            description: 'The platform of the last event',
            options: [
              { label: 'Smartlead', value: 'smartlead', displayOrder: 0, hidden: false },
              { label: 'HeyReach', value: 'heyreach', hidden: false },
            ],
          },
          {
            name: 'os_open_count',
            label: 'Opens',
            type: 'number',
            fieldType: 'number',
            groupName: 'outsync',
          },
        ],
      })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(207, {
        status: 'COMPLETE',
        results: [
          {
            name: 'os_last_platform',
            label: 'Last platform',
            type: 'enumeration',
            fieldType: 'select',
            groupName: 'outsync',
            description: 'The platform of the last event',
            options: [],
          },
        ],
        numErrors: 1,
        errors: [
          {
            status: 'error',
            category: 'OBJECT_ALREADY_EXISTS',
            message: 'Property named os_open_count already exists.',
            context: { name: ['os_open_count'] },
          },
        ],
        ...TIMES,
      });

    const answer = await client().batchCreateProperties('contacts', [
      {
        name: 'os_last_platform',
        label: 'Last platform',
        type: 'enumeration',
        fieldType: 'select',
        groupName: 'outsync',
        description: 'The platform of the last event',
        options: [
          { label: 'Smartlead', value: 'smartlead', displayOrder: 0 },
          { label: 'HeyReach', value: 'heyreach' },
        ],
      },
      {
        name: 'os_open_count',
        label: 'Opens',
        type: 'number',
        fieldType: 'number',
        groupName: 'outsync',
      },
    ]);

    expect(answer).toEqual({
      results: [{ name: 'os_last_platform' }],
      errors: [
        {
          status: 'error',
          category: 'OBJECT_ALREADY_EXISTS',
          message: 'Property named os_open_count already exists.',
          context: { name: ['os_open_count'] },
          traceIds: [],
        },
      ],
    });
  });
});
