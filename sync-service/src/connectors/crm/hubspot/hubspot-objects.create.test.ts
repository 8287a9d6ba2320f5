// hubspot-objects: batchCreateObjects (chunks, 207 and 400 answers, halving, rate limits,
// refreshes, outages part-way).
import nock from 'nock';
import { failureOf } from '../../test-support';
import { HubspotBatchInterruptedError } from './hubspot-objects';
import type { HubspotRecord } from './hubspot-objects.types';
import {
  installNockHooks,
  API,
  TIMES,
  auth,
  client,
  hubspotRecord,
  emailInput,
  emailInputBody,
  range,
} from './hubspot-objects.test-support';

installNockHooks();

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
        code: 'invalid_request',
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
          code: 'invalid_request',
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
