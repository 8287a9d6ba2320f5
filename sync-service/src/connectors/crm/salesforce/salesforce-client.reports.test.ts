// salesforce-client: listing reports and describing one (listReports, describeReport).
import nock from 'nock';
import { failureOf } from '../../test-support';
import {
  installNockHooks,
  INSTANCE,
  DATA,
  client,
  REPORT_ID,
} from './salesforce-client.test-support';

installNockHooks();

describe('reports', () => {
  it('lists GET /analytics/reports as id and name', async () => {
    nock(INSTANCE)
      .get(`${DATA}/analytics/reports`)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(200, [
        {
          id: REPORT_ID,
          name: 'Do Not Contact - Contacts',
          url: `${DATA}/analytics/reports/${REPORT_ID}`,
          describeUrl: `${DATA}/analytics/reports/${REPORT_ID}/describe`,
          instancesUrl: `${DATA}/analytics/reports/${REPORT_ID}/instances`,
        },
        {
          id: '00O5e000001XyZaEAF',
          name: 'Competitor Accounts',
          url: `${DATA}/analytics/reports/00O5e000001XyZaEAF`,
          describeUrl: `${DATA}/analytics/reports/00O5e000001XyZaEAF/describe`,
          instancesUrl: `${DATA}/analytics/reports/00O5e000001XyZaEAF/instances`,
        },
      ]);

    await expect(client().listReports()).resolves.toEqual([
      { id: REPORT_ID, name: 'Do Not Contact - Contacts' },
      { id: '00O5e000001XyZaEAF', name: 'Competitor Accounts' },
    ]);
  });

  it("reads a report's format and detail columns from GET /analytics/reports/{id}/describe", async () => {
    nock(INSTANCE)
      .get(`${DATA}/analytics/reports/${REPORT_ID}/describe`)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(200, {
        reportMetadata: {
          id: REPORT_ID,
          name: 'Do Not Contact - Contacts',
          reportFormat: 'TABULAR',
          reportType: { type: 'ContactList', label: 'Contacts & Accounts' },
          detailColumns: ['FIRST_NAME', 'EMAIL', 'ACCOUNT.NAME'],
          reportFilters: [
            {
              column: 'EMAIL',
              operator: 'notEqual',
              value: '',
              filterType: 'fieldValue',
              isRunPageEditable: true,
            },
            { column: 'ACCOUNT.TYPE', operator: 'equals', value: 'Competitor' },
          ],
          reportBooleanFilter: '1 OR 2',
        },
        reportExtendedMetadata: { detailColumnInfo: {} },
        reportTypeMetadata: { categories: [] },
      });

    await expect(client().describeReport(REPORT_ID)).resolves.toEqual({
      id: REPORT_ID,
      name: 'Do Not Contact - Contacts',
      format: 'TABULAR',
      detailColumns: ['FIRST_NAME', 'EMAIL', 'ACCOUNT.NAME'],
      reportType: 'ContactList',
      reportFilters: [
        { column: 'EMAIL', operator: 'notEqual', value: '' },
        { column: 'ACCOUNT.TYPE', operator: 'equals', value: 'Competitor' },
      ],
      reportBooleanFilter: '1 OR 2',
    });
  });

  it('describes a report without type, filters or logic as null and none', async () => {
    nock(INSTANCE)
      .get(`${DATA}/analytics/reports/${REPORT_ID}/describe`)
      .reply(200, {
        reportMetadata: {
          id: REPORT_ID,
          name: 'Old report',
          reportFormat: 'SUMMARY',
          detailColumns: ['EMAIL'],
          reportFilters: null,
          reportBooleanFilter: null,
        },
      });

    await expect(client().describeReport(REPORT_ID)).resolves.toEqual({
      id: REPORT_ID,
      name: 'Old report',
      format: 'SUMMARY',
      detailColumns: ['EMAIL'],
      reportType: null,
      reportFilters: [],
      reportBooleanFilter: null,
    });
  });

  it('fails as not_found for a report Salesforce does not have', async () => {
    nock(INSTANCE)
      .get(`${DATA}/analytics/reports/00O5e000009ZZZZEAF/describe`)
      .reply(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);

    const error = await failureOf(client().describeReport('00O5e000009ZZZZEAF'));
    expect(error).toMatchObject({ code: 'not_found', operation: 'describeReport' });
    expect(error.vendorMessage).toBe('The requested resource does not exist');
  });
});
