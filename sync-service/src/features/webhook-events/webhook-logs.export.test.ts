// History > Webhook Logs exported as CSV (issue 34 item 4; set-up in webhook-logs.test-support.ts):
// the list's rows and scoping, as a file a spreadsheet opens safely.
import type { HistoryCount } from '@outsync/contracts/history';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { parseCsv } from '../../testing/parse-csv';
import {
  LOGS,
  NOW,
  type ErrorBody,
  admin,
  ada,
  app,
  bob,
  useWebhookLogsApp,
  logOf,
  store,
} from './webhook-logs.test-support';

guardOutboundCalls();
useWebhookLogsApp();

const EXPORT = `${LOGS}/export`;

/** The download as the browser receives it, bytes and all. */
function rawExport(caller: typeof ada): Promise<Response> {
  return fetch(`${app.url}${EXPORT}`, {
    headers: { cookie: `outsync.sid=${caller.client.cookie('outsync.sid') ?? ''}` },
  });
}

async function exportOf(client: typeof ada.client, query = '') {
  const response = await client.get<string>(`${EXPORT}${query ? `?${query}` : ''}`);
  return { response, text: String(response.body) };
}

const HEADER = [
  'ID',
  'User',
  'Hub ID',
  'Webhook ID',
  'Webhook URL',
  'Platform',
  'Event Type',
  'To Email',
  'From Email',
  'Subject',
  'Status',
  'State',
  'What happened',
  'Error Response',
  'Attempts',
  'Test',
  'Contact in CRM',
  'Activity in CRM',
  'Created',
  'Synced',
];

describe('webhook logs export', () => {
  it('downloads the caller’s own logs, newest first, as a UTF-8 CSV attachment', async () => {
    const older = logOf(ada, { receivedAt: new Date(NOW.getTime() - 120_000) });
    const newer = logOf(ada, {
      status: 'failed',
      errors: [
        { step: 'contact', message: 'HubSpot: 503 unavailable', at: NOW, code: 'unavailable' },
      ],
      summary: {
        subject: 'Prices, "special" offer\nfor you',
        to_email: 'müller@prospect.test',
        from_email: 'rep@agency.test',
        event_type: 'EMAIL_SENT',
      },
    });
    await store(older, newer, logOf(bob));

    const { response, text } = await exportOf(ada.client);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="outsync-webhook-logs-2030-03-15T1200.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    // The file's first bytes are UTF-8's byte-order mark (fetch's text() drops it).
    const bytes = new Uint8Array(await (await rawExport(ada)).arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'I'.charCodeAt(0)]);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(HEADER);
    expect(rows.map((row) => row[0])).toEqual([newer._id.toString(), older._id.toString()]);
    const cell = (row: string[] | undefined, name: string) => row?.[HEADER.indexOf(name)];
    const [first, second] = rows;
    expect(cell(first, 'User')).toBe(ada.email);
    expect(cell(first, 'Hub ID')).toBe('5550001');
    expect(cell(first, 'Subject')).toBe('Prices, "special" offer\nfor you');
    expect(cell(first, 'To Email')).toBe('müller@prospect.test');
    expect(cell(first, 'Status')).toBe('failed');
    expect(cell(first, 'State')).toBe('Failed');
    expect(cell(first, 'Error Response')).toContain('HubSpot: 503 unavailable');
    expect(cell(first, 'Created')).toBe('2030-03-15T11:59:00.000Z');
    expect(cell(second, 'Status')).toBe('synced');
    expect(cell(second, 'Event Type')).toBe('EMAIL_SENT');
    expect(cell(second, 'Test')).toBe('false');
  });

  it('writes a text a spreadsheet would run as a formula as plain text', async () => {
    await store(
      logOf(ada, {
        summary: {
          subject: '=HYPERLINK("http://evil.test","Click")',
          to_email: '+1 555 0100',
          from_email: '@rep',
          event_type: '-EMAIL_SENT',
        },
      }),
    );
    const [, row] = parseCsv((await exportOf(ada.client)).text);
    expect(row?.[HEADER.indexOf('Subject')]).toBe('\'=HYPERLINK("http://evil.test","Click")');
    expect(row?.[HEADER.indexOf('To Email')]).toBe("'+1 555 0100");
    expect(row?.[HEADER.indexOf('From Email')]).toBe("'@rep");
  });

  it('has as many rows as the count under the same filters, across many batches', async () => {
    const logs = Array.from({ length: 1_234 }, (_, i) =>
      logOf(ada, {
        status: i % 3 === 0 ? 'failed' : 'synced',
        receivedAt: new Date(NOW.getTime() - (i + 1) * 1_000),
      }),
    );
    await store(...logs);
    const query = 'status=failed';
    const count = (await ada.client.get<HistoryCount>(`${LOGS}/count?${query}`)).body.totalItems;
    const rows = parseCsv((await exportOf(ada.client, query)).text).slice(1);
    expect(count).toBe(412);
    expect(rows).toHaveLength(412);
    const created = rows.map((row) => row[HEADER.indexOf('Created')] ?? '');
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(rows.map((row) => row[0])).size).toBe(412);
  });

  it('gives managers and admins everyone’s logs and their filters', async () => {
    await store(logOf(ada), logOf(bob, { hubId: '888' }));
    const everyone = parseCsv((await exportOf(admin.client)).text).slice(1);
    expect(everyone.map((row) => row[HEADER.indexOf('User')]).sort()).toEqual(
      [ada.email, bob.email].sort(),
    );
    const bobs = parseCsv((await exportOf(admin.client, 'hubId=888')).text).slice(1);
    expect(bobs.map((row) => row[HEADER.indexOf('User')])).toEqual([bob.email]);
  });

  it('refuses a customer a manager-and-admin filter, and a stranger, with the JSON envelope', async () => {
    const refused = await ada.client.get<ErrorBody>(`${EXPORT}?hubId=888`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'forbidden',
      message: 'The User, Webhook ID, Webhook URL and Hub ID filters are for managers and admins.',
    });
    const anonymous = await app.asAnonymous().get<ErrorBody>(EXPORT);
    expect(anonymous.status).toBe(401);
    const malformed = await ada.client.get<ErrorBody>(`${EXPORT}?status=lost`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('validation_error');
  });

  it('exports only the header when nothing matches', async () => {
    const { text } = await exportOf(bob.client);
    expect(text).toBe(`${HEADER.join(',')}\r\n`);
  });
});
