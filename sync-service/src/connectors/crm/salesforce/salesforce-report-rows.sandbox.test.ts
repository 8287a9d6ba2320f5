// runReportRows against the sandbox's Salesforce: proves the paging protocol (sorted by record
// id, each run filtered past the last id) reads a report beyond the Reports API's 2,000 rows.
import { SALESFORCE_DEMO_ORG_KEY, startSandbox, type RunningSandbox } from '@outsync/sandbox';
import { z } from 'zod';
import { guardOutboundCalls } from '../../../testing/nock-guard';
import { demoSalesforceClient } from '../../test-support';
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

/** A tabular Contact report over `size` new contacts, made by the sandbox's seeding route. */
async function seedReport(size: number, name: string): Promise<string> {
  const response = await fetch(
    `${sandbox.url}/_sandbox/salesforce/orgs/${SALESFORCE_DEMO_ORG_KEY}/reports/seed`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ size, name }),
    },
  );
  expect(response.status).toBe(201);
  const seeded = z.object({ reportId: z.string(), size: z.number() }).parse(await response.json());
  expect(seeded.size).toBe(size);
  return seeded.reportId;
}

describe('runReportRows against the sandbox', () => {
  it('reads all 5,000 rows of a report in runs of at most 2,000', async () => {
    const reportId = await seedReport(5000, 'Do not contact (5,000)');
    const progress: number[] = [];

    const rows = await salesforce.runReportRows(reportId, ['EMAIL', 'LAST_NAME'], {
      onPage: (rowsSoFar) => {
        progress.push(rowsSoFar);
      },
    });

    expect(rows).toHaveLength(5000);
    expect(progress).toEqual([2000, 4000, 5000]);
    // The same people, each once, as the org's contacts (the report is scoped to the seeded ones).
    const contacts = await salesforce.query(
      'SELECT Email, LastName FROM Contact',
      z.looseObject({ Email: z.string().nullable(), LastName: z.string() }),
    );
    const fromReport = rows.map((row) => `${row.EMAIL ?? ''}|${row.LAST_NAME ?? ''}`).sort();
    const fromOrg = contacts.map((row) => `${row.Email ?? ''}|${row.LastName}`).sort();
    expect(fromReport).toEqual(fromOrg);
    expect(new Set(fromReport).size).toBe(5000);
  });

  it('reads a report of fewer than 2,000 rows in one run', async () => {
    const reportId = await seedReport(3, 'Do not contact (3)');
    const progress: number[] = [];

    const rows = await salesforce.runReportRows(reportId, ['EMAIL'], {
      onPage: (rowsSoFar) => {
        progress.push(rowsSoFar);
      },
    });

    expect(rows).toHaveLength(3);
    expect(progress).toEqual([3]);
  });
});
