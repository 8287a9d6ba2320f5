// The record calls against the sandbox's Salesforce: proves it accepts the SOQL and the
// collections bodies the connector sends, and answers in the shapes the connector reads.
import { startSandbox, type RunningSandbox } from '@outsync/sandbox';
import { guardOutboundCalls } from '../../../testing/nock-guard';
import { demoSalesforceClient, failureOf } from '../../test-support';
import type { SalesforceClient } from './salesforce-client';

guardOutboundCalls();

let sandbox: RunningSandbox;
let salesforce: SalesforceClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1', seed: false });
  salesforce = demoSalesforceClient(sandbox.url);
});

afterAll(async () => {
  await sandbox.stop();
});

describe('the Salesforce record calls against the sandbox', () => {
  it('creates leads, finds them by an escaped e-mail, and updates them; a bad record fails alone', async () => {
    const created = await salesforce.createRecords('Lead', [
      { LastName: "O'Neil", Company: 'Acme', Email: "o'neil@acme-objects.test" },
      { LastName: 'Lima', Email: 'ana@acme-objects.test' },
      { LastName: 'Back\\slash', Company: 'Acme', Email: 'bo@acme-objects.test' },
    ]);

    expect(created).toMatchObject([
      { success: true },
      { success: false, id: null, errors: [{ statusCode: 'REQUIRED_FIELD_MISSING' }] },
      { success: true },
    ]);
    const [oneil, , bo] = created.map((result) => (result.success ? result.id : ''));

    const found = await salesforce.findRecords({
      sobject: 'Lead',
      field: 'Email',
      values: ["o'neil@acme-objects.test", 'bo@acme-objects.test', 'ana@acme-objects.test', ''],
      select: ['LastName', 'Company'],
      excludeConvertedLeads: true,
    });
    expect(found).toEqual(
      expect.arrayContaining([
        { Id: oneil, Email: "o'neil@acme-objects.test", LastName: "O'Neil", Company: 'Acme' },
        { Id: bo, Email: 'bo@acme-objects.test', LastName: 'Back\\slash', Company: 'Acme' },
      ]),
    );
    expect(found).toHaveLength(2);

    const updated = await salesforce.updateRecords('Lead', [
      { Id: oneil ?? '', Company: 'Acme Corp', Title: null },
      { Id: '00Q000000000000AAA', Company: 'Gone' },
    ]);
    expect(updated).toMatchObject([
      { success: true, id: oneil },
      { success: false, id: null },
    ]);

    const after = await salesforce.findRecords({
      sobject: 'Lead',
      field: 'LastName',
      values: ["O'Neil", 'Back\\slash'],
      select: ['Company'],
    });
    expect(after.map((row) => [row.Id, row.Company])).toEqual(
      expect.arrayContaining([
        [oneil, 'Acme Corp'],
        [bo, 'Acme'],
      ]),
    );
  });

  it('refuses a lookup on a field the org lacks as invalid_request', async () => {
    const error = await failureOf(
      salesforce.findRecords({
        sobject: 'Contact',
        field: 'Not_A_Field__c',
        values: ['x'],
        select: [],
      }),
    );

    expect(error).toMatchObject({ code: 'invalid_request', vendorCode: 'INVALID_FIELD' });
  });

  it('reads the daily API budget', async () => {
    const usage = await salesforce.apiUsage();

    expect(usage.max).toBeGreaterThan(0);
    expect(usage.used).toBeGreaterThan(0);
    expect(usage.used).toBeLessThan(usage.max);
  });
});
