// salesforce-objects: writing records in collections (createRecords, updateRecords).
import nock from 'nock';
import { failureOf } from '../../test-support';
import { SalesforceBatchInterruptedError } from './salesforce-objects';
import {
  installNockHooks,
  INSTANCE,
  DATA,
  auth,
  client,
  saved,
  range,
} from './salesforce-objects.test-support';

installNockHooks();

describe('createRecords', () => {
  it('posts one collection with allOrNone false and answers each record in input order', async () => {
    nock(INSTANCE)
      .post(`${DATA}/composite/sobjects`, {
        allOrNone: false,
        records: [
          { attributes: { type: 'Lead' }, LastName: 'Lima', Company: 'Acme', Email: 'a@x.test' },
          { attributes: { type: 'Lead' }, LastName: 'Bo', Company: null, NumberOfEmployees: 5 },
        ],
      })
      .matchHeader('authorization', 'Bearer session-1')
      .reply(200, [
        saved('00QA'),
        {
          success: false,
          errors: [
            {
              statusCode: 'REQUIRED_FIELD_MISSING',
              message: 'Required fields are missing: [Company]',
              fields: ['Company'],
            },
          ],
        },
      ]);

    const results = await client().createRecords('Lead', [
      { LastName: 'Lima', Company: 'Acme', Email: 'a@x.test' },
      { LastName: 'Bo', Company: null, NumberOfEmployees: 5 },
    ]);

    expect(results).toEqual([
      { success: true, id: '00QA' },
      {
        success: false,
        id: null,
        errors: [
          {
            statusCode: 'REQUIRED_FIELD_MISSING',
            message: 'Required fields are missing: [Company]',
            fields: ['Company'],
          },
        ],
      },
    ]);
  });

  it('sends 200 records a call and merges the results in input order', async () => {
    const records = range(0, 450).map((n) => ({ LastName: `L${n}` }));
    const body = (from: number, to: number) => ({
      allOrNone: false,
      records: range(from, to).map((n) => ({ attributes: { type: 'Contact' }, LastName: `L${n}` })),
    });
    const answer = (from: number, to: number) => range(from, to).map((n) => saved(`003${n}`));
    nock(INSTANCE)
      .post(`${DATA}/composite/sobjects`, body(0, 200))
      .reply(200, answer(0, 200))
      .post(`${DATA}/composite/sobjects`, body(200, 400))
      .reply(200, answer(200, 400))
      .post(`${DATA}/composite/sobjects`, body(400, 450))
      .reply(200, answer(400, 450));

    const results = await client().createRecords('Contact', records);

    expect(results).toEqual(range(0, 450).map((n) => ({ success: true, id: `003${n}` })));
  });

  it('makes no call for no records', async () => {
    await expect(client().createRecords('Contact', [])).resolves.toEqual([]);
  });

  it('hands back what earlier chunks wrote when a later one is refused', async () => {
    const records = range(0, 250).map((n) => ({ LastName: `L${n}` }));
    nock(INSTANCE)
      .post(`${DATA}/composite/sobjects`)
      .reply(
        200,
        range(0, 200).map((n) => saved(`003${n}`)),
      )
      .post(`${DATA}/composite/sobjects`)
      .reply(503, [{ message: 'Server unavailable', errorCode: 'SERVER_UNAVAILABLE' }]);

    const error = await failureOf(client().createRecords('Contact', records));

    expect(error).toBeInstanceOf(SalesforceBatchInterruptedError);
    expect(error).toMatchObject({ code: 'unavailable', status: 503, retryable: true });
    expect(error.message).toBe(
      'Salesforce createRecords (POST /services/data/v62.0/composite/sobjects) failed: 503 unavailable (Server unavailable) (after the first 200 records were sent)',
    );
    const { completed } = error as SalesforceBatchInterruptedError;
    expect(completed).toEqual(range(0, 200).map((n) => ({ success: true, id: `003${n}` })));
    // The records' results stay out of logs.
    expect(JSON.stringify(error)).not.toContain('0030');
  });

  it('fails as the plain error when the first chunk is refused, without repeating the POST', async () => {
    nock(INSTANCE)
      .post(`${DATA}/composite/sobjects`)
      .reply(503, [{ message: 'Server unavailable', errorCode: 'SERVER_UNAVAILABLE' }]);

    const error = await failureOf(client().createRecords('Contact', [{ LastName: 'Lima' }]));

    expect(error).not.toBeInstanceOf(SalesforceBatchInterruptedError);
    expect(error).toMatchObject({ code: 'unavailable', retryable: true });
  });

  it('fails as invalid_request with the vendor message when Salesforce refuses the whole call', async () => {
    nock(INSTANCE)
      .post(`${DATA}/composite/sobjects`)
      .reply(400, [
        {
          message: "No such column 'OSLastReplyAt__c' on sobject of type Contact",
          errorCode: 'INVALID_FIELD',
        },
      ]);

    const error = await failureOf(
      client().createRecords('Contact', [{ LastName: 'Lima', OSLastReplyAt__c: 'x' }]),
    );

    expect(error).toMatchObject({
      code: 'invalid_request',
      status: 400,
      vendorCode: 'INVALID_FIELD',
      vendorMessage: "No such column 'OSLastReplyAt__c' on sobject of type Contact",
    });
  });

  it('fails as rate_limited, waiting a minute, when the org has spent its API budget', async () => {
    nock(INSTANCE)
      .post(`${DATA}/composite/sobjects`)
      .reply(403, [
        { message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' },
      ]);

    const error = await failureOf(client().createRecords('Contact', [{ LastName: 'Lima' }]));

    expect(error).toMatchObject({
      code: 'rate_limited',
      status: 403,
      retryable: true,
      retryAfterSeconds: 60,
    });
  });

  it('refreshes the session once on INVALID_SESSION_ID and sends the records again', async () => {
    const tokens = auth();
    const body = {
      allOrNone: false,
      records: [{ attributes: { type: 'Contact' }, LastName: 'L' }],
    };
    nock(INSTANCE)
      .post(`${DATA}/composite/sobjects`, body)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }])
      .post(`${DATA}/composite/sobjects`, body)
      .matchHeader('authorization', 'Bearer session-2')
      .reply(200, [saved('003A')]);

    await expect(client({ tokens }).createRecords('Contact', [{ LastName: 'L' }])).resolves.toEqual(
      [{ success: true, id: '003A' }],
    );
    expect(tokens.refreshes).toBe(1);
  });

  it('refreshes only once: a second INVALID_SESSION_ID fails as unauthorized', async () => {
    const tokens = auth();
    nock(INSTANCE)
      .post(`${DATA}/composite/sobjects`)
      .times(2)
      .reply(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);

    const error = await failureOf(client({ tokens }).createRecords('Contact', [{ LastName: 'L' }]));

    expect(error).toMatchObject({ code: 'unauthorized', status: 401, retryable: false });
    expect(tokens.refreshes).toBe(1);
  });

  it('fails as unexpected when Salesforce answers fewer results than records', async () => {
    nock(INSTANCE)
      .post(`${DATA}/composite/sobjects`)
      .reply(200, [saved('003A')]);

    const error = await failureOf(
      client().createRecords('Contact', [{ LastName: 'A' }, { LastName: 'B' }]),
    );

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe('Salesforce createRecords answered 1 results for 2 records');
  });

  it('refuses an object name that is not an API name, before calling Salesforce', async () => {
    const error = await failureOf(client().createRecords('Contact/../User', [{ LastName: 'L' }]));

    expect(error).toMatchObject({
      code: 'invalid_request',
      message: 'Salesforce createRecords: "Contact/../User" is not a valid object API name',
    });
  });
});

describe('updateRecords', () => {
  it('patches one collection with the ids, clearing fields set to null', async () => {
    nock(INSTANCE)
      .patch(`${DATA}/composite/sobjects`, {
        allOrNone: false,
        records: [
          { attributes: { type: 'Contact' }, Id: '003A', Title: null, HasOptedOutOfEmail: true },
          { attributes: { type: 'Contact' }, Id: '003B', Title: 'CTO' },
        ],
      })
      .matchHeader('authorization', 'Bearer session-1')
      .reply(200, [
        saved('003A'),
        {
          id: null,
          success: false,
          errors: [{ statusCode: 'ENTITY_IS_DELETED', message: 'entity is deleted', fields: [] }],
        },
      ]);

    const results = await client().updateRecords('Contact', [
      { Id: '003A', Title: null, HasOptedOutOfEmail: true },
      { Id: '003B', Title: 'CTO' },
    ]);

    expect(results).toEqual([
      { success: true, id: '003A' },
      {
        success: false,
        id: null,
        errors: [{ statusCode: 'ENTITY_IS_DELETED', message: 'entity is deleted', fields: [] }],
      },
    ]);
  });

  it('repeats the update after a 503, since setting the same values again is harmless', async () => {
    nock(INSTANCE)
      .patch(`${DATA}/composite/sobjects`)
      .reply(503, [{ message: 'Server unavailable', errorCode: 'SERVER_UNAVAILABLE' }])
      .patch(`${DATA}/composite/sobjects`)
      .reply(200, [saved('003A')]);

    await expect(
      client().updateRecords('Contact', [{ Id: '003A', Title: 'CTO' }]),
    ).resolves.toEqual([{ success: true, id: '003A' }]);
  });

  it('hands back the first chunk when the second is refused as a whole', async () => {
    const records = range(0, 201).map((n) => ({ Id: `003${n}`, Title: 'CTO' }));
    nock(INSTANCE)
      .patch(
        `${DATA}/composite/sobjects`,
        (body: { records: unknown[] }) => body.records.length === 200,
      )
      .reply(
        200,
        range(0, 200).map((n) => saved(`003${n}`)),
      )
      .patch(`${DATA}/composite/sobjects`, {
        allOrNone: false,
        records: [{ attributes: { type: 'Contact' }, Id: '003200', Title: 'CTO' }],
      })
      .reply(400, [{ message: "No such column 'Title'", errorCode: 'INVALID_FIELD' }]);

    const error = await failureOf(client().updateRecords('Contact', records));

    expect(error).toBeInstanceOf(SalesforceBatchInterruptedError);
    expect(error).toMatchObject({ code: 'invalid_request', vendorCode: 'INVALID_FIELD' });
    expect((error as SalesforceBatchInterruptedError).completed).toHaveLength(200);
  });
});
