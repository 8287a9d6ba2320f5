// Salesforce reports as block-list sources (issue 14; external-apis.md §2.3): describe with the
// report type's columns (the object's id column among them), runs whose POSTed reportMetadata
// sets detail columns, filters, filter logic and sort, Salesforce's 400 for unknown columns or
// operators, the 2,000-row cap, and paging a 5,000-contact report by id as the sync does.
import { SALESFORCE_DEMO_ACCESS_TOKEN, SALESFORCE_DEMO_INSTANCE_PATH } from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const auth = { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` };
const API = `${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v60.0`;
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

const nonAscii = (text: string) =>
  [...text].some((character) => (character.codePointAt(0) ?? 0) > 127);

type Row = { dataCells: Array<{ label: string; value: unknown }> };

async function reportId(name: string): Promise<string> {
  const reports = await sandbox.request('GET', `${API}/analytics/reports`, { headers: auth });
  const found = (reports.body as Array<{ id: string; name: string }>).find(
    (report) => report.name === name,
  );
  if (!found) throw new Error(`no report ${name}`);
  return found.id;
}

function run(id: string, reportMetadata?: Record<string, unknown>) {
  return sandbox.request('POST', `${API}/analytics/reports/${id}?includeDetails=true`, {
    headers: auth,
    body: reportMetadata === undefined ? {} : { reportMetadata },
  });
}

function rowsOf(body: unknown): Row[] {
  return at(body, 'factMap', 'T!T', 'rows') as Row[];
}

function column(body: unknown, index: number): unknown[] {
  return rowsOf(body).map((row) => row.dataCells[index]?.value);
}

describe('the describe resource', () => {
  it('names the report type, its own filters and the id column among the available columns', async () => {
    const id = await reportId('Do Not Contact - Contacts');
    const describe = await sandbox.request('GET', `${API}/analytics/reports/${id}/describe`, {
      headers: auth,
    });
    expect(describe.status).toBe(200);
    expect(at(describe.body, 'reportMetadata', 'reportFormat')).toBe('TABULAR');
    expect(at(describe.body, 'reportMetadata', 'reportType')).toEqual({
      type: 'ContactList',
      label: 'Contacts & Accounts',
    });
    expect(at(describe.body, 'reportMetadata', 'reportFilters')).toEqual([
      { column: 'EMAIL_OPT_OUT', operator: 'equals', value: 'True', isRunPageEditable: true },
    ]);
    // The id column is not a detail column of this report, so detailColumnInfo leaves it out…
    expect(
      Object.keys(at(describe.body, 'reportExtendedMetadata', 'detailColumnInfo') as object),
    ).toEqual(['FIRST_NAME', 'LAST_NAME', 'EMAIL', 'ACCOUNT.NAME']);
    // …while the report type offers it.
    expect(
      at(describe.body, 'reportTypeMetadata', 'categories', 0, 'columns', 'CONTACT_ID'),
    ).toEqual({
      label: 'Contact ID',
      dataType: 'id',
      filterable: true,
      filterValues: [],
    });
  });

  it('offers LEAD_ID on a lead report and ACCOUNT_ID on an account report', async () => {
    for (const [name, idColumn] of [
      ['Open Leads', 'LEAD_ID'],
      ['Competitor Accounts', 'ACCOUNT_ID'],
    ] as const) {
      const describe = await sandbox.request(
        'GET',
        `${API}/analytics/reports/${await reportId(name)}/describe`,
        { headers: auth },
      );
      expect(
        at(describe.body, 'reportTypeMetadata', 'categories', 0, 'columns', idColumn, 'dataType'),
      ).toBe('id');
    }
  });
});

describe('a run with posted reportMetadata', () => {
  it('adds the id column to the detail columns and to detailColumnInfo', async () => {
    const id = await reportId('Do Not Contact - Contacts');
    const answer = await run(id, { detailColumns: ['EMAIL', 'CONTACT_ID'] });
    expect(answer.status).toBe(200);
    expect(at(answer.body, 'reportMetadata', 'detailColumns')).toEqual(['EMAIL', 'CONTACT_ID']);
    expect(at(answer.body, 'reportExtendedMetadata', 'detailColumnInfo', 'CONTACT_ID')).toEqual({
      label: 'Contact ID',
      dataType: 'id',
      entityColumnName: 'Contact.Id',
    });
    const ids = column(answer.body, 1);
    expect(ids).toHaveLength(48);
    expect(
      ids.every((value) => typeof value === 'string' && /^003[A-Za-z0-9]{15}$/.test(value)),
    ).toBe(true);
  });

  it('runs the posted filters instead of the saved ones; the GET runs the saved ones', async () => {
    const id = await reportId('Do Not Contact - Contacts');
    const saved = await sandbox.request(
      'GET',
      `${API}/analytics/reports/${id}?includeDetails=true`,
      {
        headers: auth,
      },
    );
    expect(rowsOf(saved.body)).toHaveLength(48);
    // No field filter at all: every contact of the org (9 demo people and 45 generated).
    const unfiltered = await run(id, { reportFilters: [] });
    expect(rowsOf(unfiltered.body)).toHaveLength(54);
    const optedOutOnly = await run(id, {
      reportFilters: [
        { column: 'EMAIL_OPT_OUT', operator: 'equals', value: 'True' },
        { column: 'EMAIL', operator: 'contains', value: '@ACME-robotics' },
      ],
    });
    expect(column(optedOutOnly.body, 2)).toEqual(['ava.carter@acme-robotics.example']);
  });

  it.each([
    ['startsWith', 'LAST_NAME', 'car', ['Carter']],
    ['equals', 'FIRST_NAME', 'ava, liam', ['Carter', 'Nguyen']],
    // The opted-out people on free-mail domains (the generated ones at gmail.com, yahoo.com).
    ['notContain', 'EMAIL', 'EXAMPLE', ['Vasquez', 'Becker']],
  ])(
    'filters with %s on %s, comparing text without case',
    async (operator, field, value, lastNames) => {
      const id = await reportId('Do Not Contact - Contacts');
      const answer = await run(id, {
        reportFilters: [
          { column: 'EMAIL_OPT_OUT', operator: 'equals', value: 'True' },
          { column: field, operator, value },
          { column: 'LAST_NAME', operator: 'notEqual', value: 'schmidt' },
        ],
      });
      expect(answer.status).toBe(200);
      expect(column(answer.body, 1)).toEqual(lastNames);
    },
  );

  it('combines filters with reportBooleanFilter', async () => {
    const id = await reportId('Do Not Contact - Contacts');
    const answer = await run(id, {
      reportFilters: [
        { column: 'EMAIL', operator: 'startsWith', value: 'ava.' },
        { column: 'EMAIL', operator: 'startsWith', value: 'liam.' },
        { column: 'EMAIL_OPT_OUT', operator: 'equals', value: 'True' },
      ],
      reportBooleanFilter: '(1 OR 2) AND NOT 3',
    });
    expect(column(answer.body, 2)).toEqual([]);
    const either = await run(id, {
      reportFilters: [
        { column: 'EMAIL', operator: 'startsWith', value: 'ava.' },
        { column: 'EMAIL', operator: 'startsWith', value: 'liam.' },
      ],
      reportBooleanFilter: '1 OR 2',
    });
    expect(column(either.body, 2)).toEqual([
      'ava.carter@acme-robotics.example',
      'liam.nguyen@globex-logistics.example',
    ]);
  });

  it('sorts by sortBy, descending too, and compares ids as strings', async () => {
    const id = await reportId('Do Not Contact - Contacts');
    const byEmail = await run(id, { sortBy: [{ sortColumn: 'EMAIL', sortOrder: 'Desc' }] });
    const emails = column(byEmail.body, 2).map((value) => String(value).toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());
    const byId = await run(id, {
      detailColumns: ['CONTACT_ID'],
      sortBy: [{ sortColumn: 'CONTACT_ID', sortOrder: 'Asc' }],
    });
    const ids = column(byId.body, 0).map(String);
    expect(ids).toEqual([...ids].sort());
    const middle = ids[23] ?? '';
    const after = await run(id, {
      detailColumns: ['CONTACT_ID'],
      sortBy: [{ sortColumn: 'CONTACT_ID', sortOrder: 'Asc' }],
      reportFilters: [
        { column: 'EMAIL_OPT_OUT', operator: 'equals', value: 'True' },
        { column: 'CONTACT_ID', operator: 'greaterThan', value: middle },
      ],
    });
    expect(column(after.body, 0)).toEqual(ids.slice(24));
  });

  it.each([
    [
      { detailColumns: ['EMAIL', 'SHOE_SIZE'] },
      'The detail column SHOE_SIZE is not valid for this report type.',
    ],
    [
      { reportFilters: [{ column: 'EMAIL', operator: 'like', value: 'x' }] },
      'The filter operator like is not valid for the column EMAIL (email).',
    ],
    [
      { reportFilters: [{ column: 'EMAIL_OPT_OUT', operator: 'contains', value: 'x' }] },
      'The filter operator contains is not valid for the column EMAIL_OPT_OUT (boolean).',
    ],
    [
      { reportFilters: [{ column: 'NOPE', operator: 'equals', value: 'x' }] },
      'The filter column NOPE is not valid for this report type.',
    ],
    [
      { sortBy: [{ sortColumn: 'NOPE', sortOrder: 'Asc' }] },
      'The sort column NOPE is not valid for this report type.',
    ],
    [
      { sortBy: [{ sortColumn: 'EMAIL', sortOrder: 'Up' }] },
      'sortOrder must be Asc or Desc, not Up.',
    ],
    [
      {
        reportFilters: [{ column: 'EMAIL', operator: 'contains', value: 'x' }],
        reportBooleanFilter: '1 AND 2',
      },
      'The filter logic "1 AND 2" is not valid.',
    ],
  ])(
    'answers 400 BAD_REQUEST in Salesforce’s error array for %j',
    async (reportMetadata, message) => {
      const answer = await run(await reportId('Do Not Contact - Contacts'), reportMetadata);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual([{ errorCode: 'BAD_REQUEST', message }]);
    },
  );
});

describe('a 5,000-contact report', () => {
  it('is seeded in one call and read whole by id pages of 2,000 (sort by id, greaterThan the last)', async () => {
    const seeded = await sandbox.request('POST', '/_sandbox/salesforce/orgs/demo/reports/seed', {
      body: { size: 5000, name: 'Suppression 5k' },
    });
    expect(seeded.status).toBe(201);
    expect(seeded.body).toMatchObject({ name: 'Suppression 5k', size: 5000 });
    // Salesforce refuses malformed and space-padded e-mails itself: those two traps stay out.
    expect(at(seeded.body, 'traps')).toEqual({
      freeMail: 200,
      upperCase: 100,
      whitespace: 0,
      idnDomain: 100,
      nonAsciiLocalPart: 100,
      invalidEmail: 0,
    });
    const id = String(at(seeded.body, 'reportId'));

    const plain = await sandbox.request(
      'GET',
      `${API}/analytics/reports/${id}?includeDetails=true`,
      {
        headers: auth,
      },
    );
    expect(rowsOf(plain.body)).toHaveLength(2000);
    expect(at(plain.body, 'allData')).toBe(false);
    expect(at(plain.body, 'factMap', 'T!T', 'aggregates', 0, 'value')).toBe(5000);

    const ids: string[] = [];
    const emails: string[] = [];
    const pageSizes: number[] = [];
    let allData = false;
    while (!allData) {
      const last = ids[ids.length - 1];
      const page = await run(id, {
        detailColumns: ['EMAIL', 'CONTACT_ID'],
        sortBy: [{ sortColumn: 'CONTACT_ID', sortOrder: 'Asc' }],
        reportFilters: last ? [{ column: 'CONTACT_ID', operator: 'greaterThan', value: last }] : [],
      });
      expect(page.status).toBe(200);
      const rows = rowsOf(page.body);
      pageSizes.push(rows.length);
      for (const row of rows) {
        emails.push(String(row.dataCells[0]?.value));
        ids.push(String(row.dataCells[1]?.value));
      }
      allData = at(page.body, 'allData') === true;
      if (pageSizes.length > 5) throw new Error('paging did not end');
    }
    expect(pageSizes).toEqual([2000, 2000, 1000]);
    expect(new Set(ids).size).toBe(5000);
    expect(ids).toEqual([...ids].sort());
    expect(
      emails.filter((email) => /@(gmail|yahoo|outlook|hotmail)\.com$/.test(email)),
    ).toHaveLength(200);
  }, 30_000);

  it('refuses a seed size outside 1–100,000 and an unknown org', async () => {
    const zero = await sandbox.request('POST', '/_sandbox/salesforce/orgs/demo/reports/seed', {
      body: { size: 0 },
    });
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual({ message: 'size must be a whole number from 1 to 100000' });
    const nowhere = await sandbox.request(
      'POST',
      '/_sandbox/salesforce/orgs/nowhere/reports/seed',
      {
        body: { size: 1 },
      },
    );
    expect(nowhere.body).toEqual({ message: 'No org with key nowhere' });
  });
});

describe('the demo org', () => {
  it('has a contact report with an e-mail column, a few dozen rows and the e-mail traps', async () => {
    const id = await reportId('Do Not Contact - Contacts');
    const answer = await sandbox.request(
      'GET',
      `${API}/analytics/reports/${id}?includeDetails=true`,
      {
        headers: auth,
      },
    );
    expect(at(answer.body, 'reportMetadata', 'detailColumns')).toContain('EMAIL');
    const emails = column(answer.body, 2).map(String);
    expect(emails).toHaveLength(48);
    expect(emails.some((email) => /@(gmail|yahoo|outlook|hotmail)\.com$/.test(email))).toBe(true);
    expect(emails.some((email) => /[A-Z]/.test(email))).toBe(true);
    expect(emails.some((email) => nonAscii(email.split('@')[1] ?? ''))).toBe(true);
    expect(emails.some((email) => nonAscii(email.split('@')[0] ?? ''))).toBe(true);
  });
});
