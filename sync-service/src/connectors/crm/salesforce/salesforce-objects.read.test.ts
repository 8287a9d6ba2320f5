// salesforce-objects: reading records (findRecords) and the org's API usage (apiUsage).
import nock from 'nock';
import { failureOf } from '../../test-support';
import {
  installNockHooks,
  INSTANCE,
  DATA,
  client,
  row,
  page,
  range,
} from './salesforce-objects.test-support';

installNockHooks();

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
