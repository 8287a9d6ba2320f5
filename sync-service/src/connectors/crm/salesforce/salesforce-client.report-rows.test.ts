// salesforce-client: runReportRows (paging a tabular report by record id, its own filters,
// refusals and unexpected answers).
import nock from 'nock';
import { failureOf } from '../../test-support';
import {
  installNockHooks,
  INSTANCE,
  DATA,
  client,
  REPORT_ID,
  describeAnswer,
  runAnswer,
  sortedBy,
} from './salesforce-client.test-support';

installNockHooks();

describe('runReportRows', () => {
  const RUN = `${DATA}/analytics/reports/${REPORT_ID}`;
  const DESCRIBE = `${RUN}/describe`;

  it('pages past 2,000 rows by record id: three runs, sorted, each after the last id', async () => {
    const columns = ['EMAIL', 'ACCOUNT.WEBSITE', 'CONTACT_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(
        200,
        describeAnswer({}, [
          {
            label: 'Contact Information',
            columns: {
              CONTACT_ID: { label: 'Contact ID', dataType: 'id', filterable: true },
              EMAIL: { label: 'Email', dataType: 'email', filterable: true },
            },
          },
          {
            label: 'Account Information',
            columns: {
              ACCOUNT_ID: { label: 'Account ID', dataType: 'id', filterable: true },
              'ACCOUNT.WEBSITE': { label: 'Website', dataType: 'url', filterable: true },
            },
          },
        ]),
      )
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('CONTACT_ID'),
          reportFilters: [],
        },
      })
      .query({ includeDetails: 'true' })
      .matchHeader('authorization', 'Bearer session-1')
      .reply(
        200,
        runAnswer(
          columns,
          [
            ['ana@acme.test', 'https://acme.test', '0035e00000AAAA1AAA'],
            ['bo@globex.test', null, '0035e00000AAAA2AAA'],
          ],
          false,
        ),
      )
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('CONTACT_ID'),
          reportFilters: [
            { column: 'CONTACT_ID', operator: 'greaterThan', value: '0035e00000AAAA2AAA' },
          ],
        },
      })
      .query({ includeDetails: 'true' })
      .reply(
        200,
        runAnswer(
          columns,
          [
            ['cy@initech.test', ['', '-'], '0035e00000AAAA3AAA'],
            [['', ''], 'umbrella.test', '0035e00000AAAA4AAA'],
          ],
          false,
        ),
      )
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('CONTACT_ID'),
          reportFilters: [
            { column: 'CONTACT_ID', operator: 'greaterThan', value: '0035e00000AAAA4AAA' },
          ],
        },
      })
      .query({ includeDetails: 'true' })
      .reply(
        200,
        runAnswer(columns, [['dee@hooli.test', 'hooli.test', '0035e00000AAAA5AAA']], true),
      );
    const progress: number[] = [];

    const rows = await client().runReportRows(REPORT_ID, ['EMAIL', 'ACCOUNT.WEBSITE'], {
      onPage: (rowsSoFar) => {
        progress.push(rowsSoFar);
        return Promise.resolve();
      },
    });

    expect(rows).toEqual([
      { EMAIL: 'ana@acme.test', 'ACCOUNT.WEBSITE': 'https://acme.test' },
      { EMAIL: 'bo@globex.test', 'ACCOUNT.WEBSITE': null },
      { EMAIL: 'cy@initech.test', 'ACCOUNT.WEBSITE': null },
      { EMAIL: null, 'ACCOUNT.WEBSITE': 'umbrella.test' },
      { EMAIL: 'dee@hooli.test', 'ACCOUNT.WEBSITE': 'hooli.test' },
    ]);
    expect(progress).toEqual([2, 4, 5]);
  });

  it('keeps the report’s own filters on every run, before the id filter', async () => {
    const ownFilter = { column: 'LEAD_SOURCE', operator: 'equals', value: 'Purchased List' };
    const columns = ['EMAIL', 'LEAD_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(
        200,
        describeAnswer({
          name: 'Purchased leads',
          reportType: { type: 'LeadList', label: 'Leads' },
          detailColumns: ['EMAIL', 'COMPANY'],
          reportFilters: [{ ...ownFilter, filterType: 'fieldValue', isRunPageEditable: true }],
        }),
      )
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('LEAD_ID'),
          reportFilters: [ownFilter],
        },
      })
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [['ana@acme.test', '00Q5e00000BBBB1AAA']], false))
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('LEAD_ID'),
          reportFilters: [
            ownFilter,
            { column: 'LEAD_ID', operator: 'greaterThan', value: '00Q5e00000BBBB1AAA' },
          ],
        },
      })
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [['bo@globex.test', '00Q5e00000BBBB2AAA']], true));

    await expect(client().runReportRows(REPORT_ID, ['EMAIL'])).resolves.toEqual([
      { EMAIL: 'ana@acme.test' },
      { EMAIL: 'bo@globex.test' },
    ]);
  });

  it('keeps the report’s filter logic, with the id filter ANDed to it', async () => {
    const own = [
      { column: 'EMAIL', operator: 'contains', value: '@competitor.test' },
      { column: 'ACCOUNT.TYPE', operator: 'equals', value: 'Competitor' },
    ];
    const columns = ['EMAIL', 'CONTACT_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer({ reportFilters: own, reportBooleanFilter: '1 OR 2' }))
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('CONTACT_ID'),
          reportFilters: own,
          reportBooleanFilter: '1 OR 2',
        },
      })
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [['ana@competitor.test', '0035e00000AAAA1AAA']], false))
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('CONTACT_ID'),
          reportFilters: [
            ...own,
            { column: 'CONTACT_ID', operator: 'greaterThan', value: '0035e00000AAAA1AAA' },
          ],
          reportBooleanFilter: '(1 OR 2) AND 3',
        },
      })
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [], true));

    await expect(client().runReportRows(REPORT_ID, ['EMAIL'])).resolves.toEqual([
      { EMAIL: 'ana@competitor.test' },
    ]);
  });

  it('pages a custom report type by the column its describe types id, read in the answer’s order', async () => {
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(
        200,
        describeAnswer(
          {
            reportType: { type: 'Donors_with_Gifts__c', label: 'Donors with Gifts' },
            detailColumns: ['Donor__c.Email__c'],
          },
          [
            {
              label: 'Donors',
              columns: {
                CUST_NAME: { label: 'Donor Name', dataType: 'string' },
                CUST_ID: { label: 'Donor ID', dataType: 'id' },
                'Donor__c.Email__c': { label: 'Email', dataType: 'email' },
              },
            },
          ],
        ),
      )
      .post(RUN, {
        reportMetadata: {
          // The id column is asked for once, though it is chosen too.
          detailColumns: ['Donor__c.Email__c', 'CUST_ID'],
          sortBy: sortedBy('CUST_ID'),
          reportFilters: [],
        },
      })
      .query({ includeDetails: 'true' })
      .reply(
        200,
        runAnswer(
          ['CUST_ID', 'Donor__c.Email__c'],
          [['a0B5e000001XYZ1AAA', 'ana@acme.test']],
          true,
        ),
      );

    await expect(
      client().runReportRows(REPORT_ID, ['Donor__c.Email__c', 'CUST_ID']),
    ).resolves.toEqual([{ 'Donor__c.Email__c': 'ana@acme.test', CUST_ID: 'a0B5e000001XYZ1AAA' }]);
  });

  it('stops, failing, when a run adds no row though Salesforce says more remain', async () => {
    const columns = ['EMAIL', 'CONTACT_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [], false));

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error).toMatchObject({ operation: 'runReportRows', code: 'unexpected' });
    expect(error.message).toBe(
      'Salesforce report "Do Not Contact - Contacts" stopped adding rows after 0 while saying more remain (allData false).',
    );
  });

  it('stops, failing, when a run answers only rows it had already (the id filter ignored)', async () => {
    const columns = ['EMAIL', 'CONTACT_ID'];
    const page = runAnswer(
      columns,
      [
        ['ana@acme.test', '0035e00000AAAA1AAA'],
        ['bo@globex.test', '0035e00000AAAA2AAA'],
      ],
      false,
    );
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .times(2)
      .reply(200, page);

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'Salesforce report "Do Not Contact - Contacts" stopped adding rows after 2 while saying more remain (allData false).',
    );
  });

  it.each(['SUMMARY', 'MATRIX'])('refuses a %s report before running it', async (format) => {
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer({ reportFormat: format }));

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error).toMatchObject({
      system: 'salesforce',
      operation: 'runReportRows',
      code: 'unexpected',
    });
    expect(error.message).toBe(
      `Salesforce report "Do Not Contact - Contacts" is a ${format} report; it must be tabular (Format: Tabular) for its rows to be read.`,
    );
  });

  it('fails as not_found for a report Salesforce does not have', async () => {
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error).toMatchObject({ operation: 'runReportRows', code: 'not_found', status: 404 });
  });

  it('fails as invalid_request when Salesforce refuses the run', async () => {
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(400, [
        { errorCode: 'BAD_REQUEST', message: 'The column EMAILS does not exist in this report.' },
      ]);

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAILS']));

    expect(error).toMatchObject({
      operation: 'runReportRows',
      code: 'invalid_request',
      status: 400,
      vendorCode: 'BAD_REQUEST',
      vendorMessage: 'The column EMAILS does not exist in this report.',
    });
  });

  it('repeats a run after a 503, since it only reads', async () => {
    const columns = ['EMAIL', 'CONTACT_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(503, 'Service Unavailable')
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [['ana@acme.test', '0035e00000AAAA1AAA']], true));

    await expect(client().runReportRows(REPORT_ID, ['EMAIL'])).resolves.toEqual([
      { EMAIL: 'ana@acme.test' },
    ]);
  });

  it('fails as unexpected when a run does not say whether it has all the data', async () => {
    const { allData: _allData, ...withoutAllData } = runAnswer(['EMAIL', 'CONTACT_ID'], [], true);
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(200, withoutAllData);

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      `Salesforce runReportRows (POST ${RUN}) answered in an unexpected shape: allData: Invalid input: expected boolean, received undefined`,
    );
  });

  it('fails as unexpected when a row comes without its record id', async () => {
    const columns = ['EMAIL', 'CONTACT_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [['ana@acme.test', null]], false));

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error.message).toBe(
      'Salesforce report "Do Not Contact - Contacts" answered a row without its CONTACT_ID.',
    );
  });
});
