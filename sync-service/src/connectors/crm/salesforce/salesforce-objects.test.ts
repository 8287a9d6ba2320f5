import nock from 'nock';
import type { TokenAuth } from '../../http';
import { assertNockDone, failureOf } from '../../test-support';
import { createSalesforceClient } from './salesforce-client';
import { SalesforceBatchInterruptedError } from './salesforce-objects';

// Data calls go to the org's instance URL, which differs from the login domain.
const INSTANCE = 'https://acme.my.salesforce.com';
const DATA = '/services/data/v62.0';

function auth(): TokenAuth & { refreshes: number } {
  let current = 'session-1';
  const value = {
    kind: 'bearer' as const,
    refreshes: 0,
    getAccessToken: () => Promise.resolve(current),
    refresh: () => {
      value.refreshes++;
      current = 'session-2';
      return Promise.resolve(current);
    },
  };
  return value;
}

function client({ tokens = auth(), retries }: { tokens?: TokenAuth; retries?: number } = {}) {
  return createSalesforceClient({
    instanceUrl: INSTANCE,
    apiVersion: '62.0',
    auth: tokens,
    retries,
  });
}

/** A row as SOQL answers it, `attributes` included. */
function row(type: string, fields: { Id: string } & Record<string, unknown>) {
  return { attributes: { type, url: `${DATA}/sobjects/${type}/${fields.Id}` }, ...fields };
}

function page(records: unknown[], nextRecordsUrl?: string) {
  return nextRecordsUrl === undefined
    ? { totalSize: records.length, done: true, records }
    : { totalSize: records.length + 1, done: false, nextRecordsUrl, records };
}

const saved = (id: string) => ({ id, success: true, errors: [] });

const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => from + index);

beforeAll(() => nock.disableNetConnect());
afterEach(assertNockDone);
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('findRecords', () => {
  it('selects Id, the field and the rest once, with escaped values, without repeats or empties', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({
        q: "SELECT Id, Email, FirstName, Owner.Email FROM Contact WHERE Email IN ('ana@acme.test', 'o\\'brien@acme.test', 'back\\\\slash@acme.test')",
      })
      .matchHeader('authorization', 'Bearer session-1')
      .reply(
        200,
        page([
          row('Contact', { Id: '003A', Email: 'ana@acme.test', FirstName: null, Owner: null }),
          row('Contact', { Id: '003B', Email: "o'brien@acme.test", FirstName: 'Bo', Owner: null }),
        ]),
      );

    const rows = await client().findRecords({
      sobject: 'Contact',
      field: 'Email',
      values: [
        'ana@acme.test',
        '',
        "o'brien@acme.test",
        'ana@acme.test',
        '  ',
        'back\\slash@acme.test',
      ],
      select: ['FirstName', 'email', 'Id', 'Owner.Email'],
    });

    expect(rows).toEqual([
      { Id: '003A', Email: 'ana@acme.test', FirstName: null, Owner: null },
      { Id: '003B', Email: "o'brien@acme.test", FirstName: 'Bo', Owner: null },
    ]);
  });

  it('leaves converted leads out when asked', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({
        q: "SELECT Id, LinkedIn_URL__c FROM Lead WHERE LinkedIn_URL__c IN ('https://www.linkedin.com/in/ana') AND IsConverted = false",
      })
      .reply(200, page([]));

    await expect(
      client().findRecords({
        sobject: 'Lead',
        field: 'LinkedIn_URL__c',
        values: ['https://www.linkedin.com/in/ana'],
        select: [],
        excludeConvertedLeads: true,
      }),
    ).resolves.toEqual([]);
  });

  it('asks at most 200 values a query, and answers the rows of every query in order', async () => {
    const emails = range(0, 250).map((n) => `u${n}@acme.test`);
    const soql = (values: string[]) =>
      `SELECT Id, Email FROM Contact WHERE Email IN (${values.map((v) => `'${v}'`).join(', ')})`;
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({ q: soql(emails.slice(0, 200)) })
      .reply(200, page([row('Contact', { Id: '003A', Email: 'u7@acme.test' })]))
      .get(`${DATA}/query`)
      .query({ q: soql(emails.slice(200)) })
      .reply(200, page([row('Contact', { Id: '003B', Email: 'u201@acme.test' })]));

    const rows = await client().findRecords({
      sobject: 'Contact',
      field: 'Email',
      values: emails,
      select: [],
    });

    expect(rows.map((found) => found.Id)).toEqual(['003A', '003B']);
  });

  it('starts a new query before the URL would pass 12,000 characters', async () => {
    // Each literal takes 1,006 characters in the URL and each separator 4: eleven fit, twelve do not.
    const values = range(0, 12).map((n) => `v${String(n).padStart(3, '0')}${'x'.repeat(996)}`);
    const soql = (chunk: string[]) =>
      `SELECT Id, Email FROM Contact WHERE Email IN (${chunk.map((v) => `'${v}'`).join(', ')})`;
    // The path and query string each request was sent with, as the client encodes them.
    const urls: string[] = [];
    const exactly = (q: string) => (query: Record<string, unknown>) => {
      if (query.q !== q) return false;
      urls.push(`${DATA}/query?${new URLSearchParams({ q }).toString()}`);
      return true;
    };
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query(exactly(soql(values.slice(0, 11))))
      .reply(200, page([]))
      .get(`${DATA}/query`)
      .query(exactly(soql(values.slice(11))))
      .reply(200, page([]));

    await client().findRecords({ sobject: 'Contact', field: 'Email', values, select: [] });

    expect(urls).toHaveLength(2);
    expect(urls[0]?.length).toBeGreaterThan(11_000);
    expect(urls[0]?.length).toBeLessThanOrEqual(12_000);
  });

  it('leaves out a value too long for any query URL', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({ q: "SELECT Id, Email FROM Contact WHERE Email IN ('ana@acme.test')" })
      .reply(200, page([]));

    await expect(
      client().findRecords({
        sobject: 'Contact',
        field: 'Email',
        values: ['x'.repeat(12_000), 'ana@acme.test'],
        select: [],
      }),
    ).resolves.toEqual([]);
  });

  it('follows nextRecordsUrl', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({ q: "SELECT Id, Email FROM Contact WHERE Email IN ('ana@acme.test')" })
      .reply(
        200,
        page([row('Contact', { Id: '003A', Email: 'ana@acme.test' })], `${DATA}/query/01g-2000`),
      )
      .get(`${DATA}/query/01g-2000`)
      .reply(200, page([row('Contact', { Id: '003B', Email: 'ana@acme.test' })]));

    const rows = await client().findRecords({
      sobject: 'Contact',
      field: 'Email',
      values: ['ana@acme.test'],
      select: [],
    });

    expect(rows.map((found) => found.Id)).toEqual(['003A', '003B']);
  });

  it('makes no call when there is nothing to look for', async () => {
    await expect(
      client().findRecords({ sobject: 'Contact', field: 'Email', values: [], select: [] }),
    ).resolves.toEqual([]);
    await expect(
      client().findRecords({ sobject: 'Contact', field: 'Email', values: ['', ' '], select: [] }),
    ).resolves.toEqual([]);
  });

  it.each([
    ['object', 'Contact WHERE Id != null', { sobject: 'Contact WHERE Id != null' }],
    ['field', "Email IN ('x') OR Email", { field: "Email IN ('x') OR Email" }],
    ['field', 'Name, (SELECT Id FROM Tasks)', { select: ['Name, (SELECT Id FROM Tasks)'] }],
    // Only selected fields may be relationship paths.
    ['field', 'Owner.Email', { field: 'Owner.Email' }],
  ])(
    'refuses a name that is not an %s API name (%s), before calling Salesforce',
    async (kind, name, names) => {
      const error = await failureOf(
        client().findRecords({
          sobject: 'Contact',
          field: 'Email',
          select: [],
          values: ['ana@acme.test'],
          ...names,
        }),
      );

      expect(error.code).toBe('invalid_request');
      expect(error.message).toBe(
        `Salesforce findRecords: ${JSON.stringify(name)} is not a valid ${kind} API name`,
      );
    },
  );

  it.each([
    ['MALFORMED_QUERY', "unexpected token: 'OR'"],
    ['INVALID_FIELD', "No such column 'Linkedin__c' on entity 'Contact'."],
  ])('fails as invalid_request with the vendor message on 400 %s', async (errorCode, message) => {
    nock(INSTANCE).get(`${DATA}/query`).query(true).reply(400, [{ message, errorCode }]);

    const error = await failureOf(
      client().findRecords({
        sobject: 'Contact',
        field: 'Linkedin__c',
        values: ['x'],
        select: [],
      }),
    );

    expect(error).toMatchObject({
      code: 'invalid_request',
      status: 400,
      vendorCode: errorCode,
      vendorMessage: message,
      retryable: false,
    });
  });

  it('repeats the query after a 503, since it only reads', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query(true)
      .reply(503, [{ message: 'Server unavailable', errorCode: 'SERVER_UNAVAILABLE' }])
      .get(`${DATA}/query`)
      .query(true)
      .reply(200, page([row('Contact', { Id: '003A' })]));

    const rows = await client().findRecords({
      sobject: 'Contact',
      field: 'Email',
      values: ['ana@acme.test'],
      select: [],
    });

    expect(rows).toEqual([{ Id: '003A' }]);
  });
});

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

describe('apiUsage', () => {
  it('reads the daily API requests from /limits', async () => {
    nock(INSTANCE)
      .get(`${DATA}/limits`)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(200, {
        ConcurrentAsyncGetReportInstances: { Max: 200, Remaining: 200 },
        DailyApiRequests: { Max: 100000, Remaining: 99412, 'Ant Migration Tool': {} },
        DailyBulkApiBatches: { Max: 15000, Remaining: 15000 },
      });

    await expect(client().apiUsage()).resolves.toEqual({ used: 588, max: 100000 });
  });

  it('fails as unexpected when DailyApiRequests is missing', async () => {
    nock(INSTANCE)
      .get(`${DATA}/limits`)
      .reply(200, { DailyBulkApiBatches: { Max: 1, Remaining: 1 } });

    const error = await failureOf(client().apiUsage());

    expect(error.code).toBe('unexpected');
  });
});
