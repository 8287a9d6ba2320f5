import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookLog } from '@outsync/contracts/history';
import { aWebhookLog, customer, manager, oid } from '../../../test/fixtures';
import { deferred, fakeHistoryService } from '../../../test/fake-history-service';
import { chooseOption, fakeLayout, renderPage, scrollTo } from '../../../test/render-page';

const path = '/admin/dashboard/history/webhook-logs';
const logs = (count: number) => Array.from({ length: count }, (_, index) => aWebhookLog(index + 1));

beforeEach(() => fakeLayout());
afterEach(() => jest.restoreAllMocks());

/** The query of the last list request, as sent on the wire. */
const lastListQuery = (api: ReturnType<typeof fakeHistoryService>) =>
  Object.fromEntries(api.sent('webhookLogs').at(-1)!.query);

const table = () => screen.getByRole('table', { name: 'Webhook logs' });
const rowOf = (id: string) => within(table()).getByRole('rowheader', { name: id }).closest('tr')!;
const findRowOf = async (id: string) => {
  await screen.findByText('Total results: 1');
  return rowOf(id);
};

/**
 * After a Retry or Release, the event is still queued at the first look and synced at the
 * second; answers how many looks the screen has taken.
 */
function syncedOnSecondLook(api: ReturnType<typeof fakeHistoryService>, row: WebhookLog) {
  let looks = 0;
  api.on('webhookLog', () => {
    looks += 1;
    const queued = { ...row, status: 'received' as const, canRetry: false, canRelease: false };
    const answer =
      looks < 2
        ? queued
        : {
            ...queued,
            status: 'synced' as const,
            webhookLogResults: { errors: [] },
            explanation: aWebhookLog(1).explanation,
          };
    return { body: { ...answer, payload: {} } };
  });
  return () => looks;
}

test('titled "Webhook payloads"; the count line says Loading... until the count answers', async () => {
  const api = fakeHistoryService({ webhookLogs: logs(3) });
  const count = deferred<{ body: { totalItems: number } }>();
  api.on('webhookLogsCount', () => count.promise);
  renderPage(path);

  expect(screen.getByRole('heading', { level: 1, name: 'Webhook payloads' })).toBeTruthy();
  expect(await screen.findByText('Total results: Loading...')).toBeTruthy();
  await screen.findByText('lead1@prospect.test', { exact: false });
  await act(async () => count.resolve({ body: { totalItems: 3 } }));
  expect(await screen.findByText('Total results: 3')).toBeTruthy();
  expect(screen.queryByText('Total results: Loading...')).toBeNull();
});

test('a capped count shows "+" and says the count stops there', async () => {
  const api = fakeHistoryService({ webhookLogs: logs(2) });
  api.on('webhookLogsCount', () => ({ body: { totalItems: 10000, capped: true } }));
  renderPage(path);
  const line = await screen.findByText('Total results: 10000+');
  expect(line.getAttribute('title')).toMatch(/stops at 10000/);
});

test('the table shows the columns and cells of the spec, with the status rule', async () => {
  fakeHistoryService({
    webhookLogs: [
      aWebhookLog(1),
      aWebhookLog(2, {
        status: 'failed',
        webhookLogResults: {
          errors: [{ step: 'contact', message: 'HubSpot said 400', at: '2026-11-20T11:00:00Z' }],
        },
        explanation: {
          state: 'failed',
          label: 'Failed',
          summary: "HubSpot refused this event's data.",
          next: null,
          action: {
            kind: 'check_settings',
            text: "Check the webhook's settings and the fields they write, then Retry.",
          },
          detail: 'contact: HubSpot said 400',
        },
      }),
    ],
  });
  renderPage(path);
  await screen.findByText('Total results: 2');
  expect(
    within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['ID', 'User', 'Webhook URL', 'Payload', 'Status', 'Error Response', 'Created']);

  const ok = within(rowOf(oid(0x1001)));
  expect(ok.getByText('Success')).toBeTruthy();
  expect(ok.getByText('Hub ID: 20519234')).toBeTruthy();
  expect(ok.getByText(`Webhook ID: ${oid(0x50)}`)).toBeTruthy();
  expect(ok.getByText('Hello 1', { exact: false })).toBeTruthy();

  const failed = within(rowOf(oid(0x1002)));
  expect(failed.getByText('Error')).toBeTruthy();
  // Beside the spec's "Error": the state and what happened in words; the message behind a fold.
  expect(failed.getByText('Failed')).toBeTruthy();
  expect(failed.getByText("HubSpot refused this event's data.")).toBeTruthy();
  expect(
    failed.getByText("Check the webhook's settings and the fields they write, then Retry."),
  ).toBeTruthy();
  const detail = failed.getByRole('button', { name: 'Technical detail' });
  expect(detail.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(detail);
  expect(failed.getByText('contact: HubSpot said 400')).toBeTruthy();
});

test('a retrying event says what happened, the attempt to come and when, in the viewer’s time', async () => {
  const next = new Date();
  next.setHours(14, 2, 0, 0);
  fakeHistoryService({
    webhookLogs: [
      aWebhookLog(1, {
        status: 'received',
        webhookLogResults: {
          errors: [
            {
              step: 'contact',
              message: 'HubSpot batch read contacts failed: 503 unavailable',
              at: '2026-11-20T11:00:00Z',
            },
          ],
        },
        explanation: {
          state: 'retrying',
          label: 'Retrying',
          summary: 'HubSpot was unavailable.',
          next: { attempt: 3, of: 8, at: next.toISOString() },
          action: null,
          detail: 'contact: HubSpot batch read contacts failed: 503 unavailable',
        },
      }),
    ],
  });
  renderPage(path);
  const row = within(await findRowOf(oid(0x1001)));
  expect(row.getByText('Error')).toBeTruthy();
  expect(row.getByText('Retrying')).toBeTruthy();
  expect(row.getByText('HubSpot was unavailable.')).toBeTruthy();
  expect(row.getByText('Retrying: attempt 3 of 8, next at 14:02.')).toBeTruthy();
});

test('a refused sign-in links to the CRM’s accounts screen to reconnect', async () => {
  fakeHistoryService({
    webhookLogs: [
      aWebhookLog(1, {
        status: 'failed',
        crm: 'SALESFORCE',
        webhookLogResults: {
          errors: [{ step: 'person', message: 'refused (401)', at: '2026-11-20T11:00:00Z' }],
        },
        explanation: {
          state: 'failed',
          label: 'Failed',
          summary: "Salesforce refused OutSync's access: the connection expired or was revoked.",
          next: null,
          action: {
            kind: 'reconnect',
            text: 'Reconnect Salesforce on its accounts screen; the waiting events are then written.',
          },
          detail: 'person: refused (401)',
        },
      }),
    ],
  });
  renderPage(path);
  const row = within(await findRowOf(oid(0x1001)));
  const link = row.getByRole('link', { name: 'Open Salesforce accounts' });
  expect(link.getAttribute('href')).toBe('/admin/dashboard/salesforce');
});

test('a free-plan row reads "Not synced" beside the spec’s "Success", with the way out', async () => {
  fakeHistoryService({
    webhookLogs: [
      aWebhookLog(1, {
        status: 'not_synced',
        reason: 'Not synced: free plan. Upgrade to sync live events into your CRM.',
        explanation: {
          state: 'not_synced',
          label: 'Not synced',
          summary: 'Not synced: free plan.',
          next: null,
          action: { kind: 'upgrade', text: 'Upgrade to sync live events into your CRM.' },
          detail: null,
        },
      }),
    ],
  });
  renderPage(path);
  const row = within(await findRowOf(oid(0x1001)));
  expect(row.getByText('Success')).toBeTruthy();
  expect(row.getByText('Not synced')).toBeTruthy();
  expect(row.getByText('Not synced: free plan.')).toBeTruthy();
  // Said once, as the way out.
  expect(row.getAllByText(/Upgrade to sync live events into your CRM\./)).toHaveLength(1);
  expect(row.queryByRole('button', { name: 'Technical detail' })).toBeNull();
});

test('Enter in Email searches from page 1 with the e-mail lowercased and trimmed, on a cleared list', async () => {
  const api = fakeHistoryService({ webhookLogs: logs(3) });
  renderPage(path);
  await screen.findByText('Total results: 3');
  const first = api.sent('webhookLogs').length;

  const email = screen.getByRole('textbox', { name: 'Email' });
  expect(email.getAttribute('placeholder')).toBe('Find By email');
  fireEvent.change(email, { target: { value: '  LEAD2@Prospect.TEST ' } });
  // Typing alone searches nothing.
  expect(api.sent('webhookLogs')).toHaveLength(first);

  const page = deferred<{ body: unknown }>();
  api.on('webhookLogs', () => page.promise);
  fireEvent.keyDown(email, { key: 'Enter' });
  await waitFor(() => expect(api.sent('webhookLogs')).toHaveLength(first + 1));
  expect(lastListQuery(api)).toEqual({ page: '1', email: 'lead2@prospect.test' });
  expect(Object.fromEntries(api.sent('webhookLogsCount').at(-1)!.query)).toEqual({
    email: 'lead2@prospect.test',
  });
  // The old rows are gone while the new search loads.
  expect(screen.queryByText('lead1@prospect.test', { exact: false })).toBeNull();
  await act(async () => page.resolve({ body: { data: [aWebhookLog(2)], page: 1, limit: 20 } }));
  expect(await screen.findByText('lead2@prospect.test', { exact: false })).toBeTruthy();
});

test('the Event Type select: prompt, values from the service, choosing searches, ANY is not sent, no emptying', async () => {
  const api = fakeHistoryService({ webhookLogs: logs(2) });
  renderPage(path);
  await screen.findByText('Total results: 2');
  const select = screen.getByRole('combobox', { name: 'Event Type' });
  expect(select.textContent).toContain('-- Select Event Type --');

  fireEvent.click(select);
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
  expect(options[0]).toBe('ANY');
  expect(options).toHaveLength(15);
  fireEvent.click(screen.getByRole('option', { name: 'EMAIL_REPLY' }));
  await waitFor(() => expect(lastListQuery(api)).toEqual({ page: '1', eventType: 'EMAIL_REPLY' }));

  await chooseOption('Event Type', 'ANY');
  await waitFor(() => expect(lastListQuery(api)).toEqual({ page: '1' }));
  expect(screen.queryByRole('button', { name: /clear/i })).toBeNull();
});

test('the Status select searches on change; "All statuses" sends none', async () => {
  const api = fakeHistoryService({ webhookLogs: logs(2) });
  renderPage(path);
  await screen.findByText('Total results: 2');
  await chooseOption('Status', 'failed');
  await waitFor(() => expect(lastListQuery(api)).toEqual({ page: '1', status: 'failed' }));
  expect(await screen.findByText('Total results: 0')).toBeTruthy();
  await chooseOption('Status', 'All statuses');
  await waitFor(() => expect(lastListQuery(api)).toEqual({ page: '1' }));
});

test("?status=failed (the sync problems banner's link) opens with Status failed, searched at once", async () => {
  const api = fakeHistoryService({ webhookLogs: logs(2) });
  renderPage(`${path}?status=failed`);
  await waitFor(() => expect(lastListQuery(api)).toEqual({ page: '1', status: 'failed' }));
  expect(api.sent('webhookLogs')).toHaveLength(1);
  expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toContain('failed');
});

test('an unknown ?status= is ignored: every status, as without it', async () => {
  const api = fakeHistoryService({ webhookLogs: logs(2) });
  renderPage(`${path}?status=exploded`);
  await screen.findByText('Total results: 2');
  expect(lastListQuery(api)).toEqual({ page: '1' });
});

test('a customer sees no staff filters; a manager does, and they are sent normalised', async () => {
  fakeHistoryService({ webhookLogs: logs(1) });
  const view = renderPage(path, { user: customer });
  await screen.findByText('Total results: 1');
  for (const name of ['User', 'Webhook ID', 'Webhook URL', 'Hub ID']) {
    expect(screen.queryByRole('textbox', { name })).toBeNull();
  }
  view.router.dispose();
  document.body.innerHTML = '';

  const api = fakeHistoryService({ webhookLogs: logs(1) });
  renderPage(path, { user: manager });
  await screen.findByText('Total results: 1');
  const user = screen.getByRole('textbox', { name: 'User' });
  expect(user.getAttribute('placeholder')).toBe('Find By user');
  fireEvent.change(user, { target: { value: ' Ada@ACME.test ' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Hub ID' }), {
    target: { value: ' 20519234 ' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: 'Webhook URL' }), {
    target: { value: '   ' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: 'Webhook ID' }), {
    target: { value: ` ${oid(0x50).toUpperCase()} ` },
  });
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Hub ID' }), { key: 'Enter' });
  await waitFor(() =>
    expect(lastListQuery(api)).toEqual({
      page: '1',
      userEmail: 'ada@acme.test',
      hubId: '20519234',
      webhookId: oid(0x50),
    }),
  );
});

test('scrolling to the end asks for page 2, then 3, and stops at the last page', async () => {
  const api = fakeHistoryService({ webhookLogs: logs(45) });
  renderPage(path);
  await screen.findByText('Total results: 45');
  expect(api.sent('webhookLogs').map((request) => request.query.get('page'))).toEqual(['1']);

  const region = screen.getByRole('region', { name: 'Webhook logs' });
  scrollTo(region, 20 * 80);
  await waitFor(() =>
    expect(api.sent('webhookLogs').map((request) => request.query.get('page'))).toEqual(['1', '2']),
  );
  scrollTo(region, 36 * 80);
  await screen.findByRole('rowheader', { name: oid(0x1000 + 40) });
  scrollTo(region, 41 * 80);
  await screen.findByRole('rowheader', { name: oid(0x1000 + 45) });
  // Page 3 had 5 rows of 20: there is no page 4 to ask for.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(api.sent('webhookLogs').map((request) => request.query.get('page'))).toEqual([
    '1',
    '2',
    '3',
  ]);
});

test('a full last page that reaches the total asks for no empty page after it', async () => {
  const api = fakeHistoryService({ webhookLogs: logs(40) });
  renderPage(path);
  await screen.findByText('Total results: 40');
  const region = screen.getByRole('region', { name: 'Webhook logs' });
  scrollTo(region, 20 * 80);
  await waitFor(() => expect(api.sent('webhookLogs')).toHaveLength(2));
  scrollTo(region, 36 * 80);
  await screen.findByRole('rowheader', { name: oid(0x1000 + 40) });
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(api.sent('webhookLogs').map((request) => request.query.get('page'))).toEqual(['1', '2']);
});

test('clicking the payload opens the full JSON, fetched from the log', async () => {
  const api = fakeHistoryService({
    webhookLogs: logs(1),
    payloads: { [oid(0x1001)]: { event_type: 'EMAIL_SENT', campaign_id: 'camp-777' } },
  });
  renderPage(path);
  await screen.findByText('Total results: 1');
  fireEvent.click(
    screen.getByRole('button', { name: new RegExp(`open the payload of ${oid(0x1001)}$`) }),
  );
  const dialog = await screen.findByRole('dialog', { name: `Payload ${oid(0x1001)}` });
  expect(await within(dialog).findByText('"camp-777"')).toBeTruthy();
  expect(api.sent('webhookLog').at(-1)?.path).toBe(`/api/admin/webhook-logs/${oid(0x1001)}`);
});

test('Retry calls the route, then follows the event until it is final and updates the row', async () => {
  const failedRow = aWebhookLog(1, {
    status: 'failed',
    canRetry: true,
    webhookLogResults: {
      errors: [{ step: 'activity', message: 'CRM down', at: '2026-11-20T11:00:00Z' }],
    },
    attempts: [
      { at: '2026-11-20T11:00:00Z', durationMs: 90, outcome: 'retrying', message: 'CRM down' },
      { at: '2026-11-20T11:10:00Z', durationMs: 95, outcome: 'failed', message: 'CRM down' },
    ],
    explanation: {
      state: 'failed',
      label: 'Failed',
      summary: 'HubSpot was unavailable.',
      next: null,
      action: { kind: 'retry', text: 'Retry sends it again.' },
      detail: 'activity: CRM down',
    },
  });
  const api = fakeHistoryService({ webhookLogs: [failedRow] });
  const looks = syncedOnSecondLook(api, failedRow);
  renderPage(path);
  await screen.findByText('Total results: 1');
  const row = within(rowOf(failedRow.id));
  fireEvent.click(row.getByRole('button', { name: 'Attempts (2)' }));
  expect(row.getAllByText('CRM down').length).toBeGreaterThan(0);

  fireEvent.click(row.getByRole('button', { name: `Retry ${failedRow.id}` }));
  await waitFor(() => expect(api.sent('retryWebhookLog')).toHaveLength(1));
  expect(api.sent('retryWebhookLog')[0]?.path).toBe(
    `/api/admin/webhook-logs/${failedRow.id}/retry`,
  );
  await waitFor(() => expect(within(rowOf(failedRow.id)).getByText('Synced')).toBeTruthy());
  expect(within(rowOf(failedRow.id)).getByText('Success')).toBeTruthy();
  expect(within(rowOf(failedRow.id)).queryByRole('button', { name: /Retry/ })).toBeNull();
  expect(looks()).toBe(2);
  // The chart and the count are asked again: their counts by status changed.
  await waitFor(() => expect(api.sent('webhookLogsDaily')).toHaveLength(2));
  await waitFor(() => expect(api.sent('webhookLogsCount')).toHaveLength(2));
});

test('Release on a held row calls the route, then follows the event until it is synced', async () => {
  const heldRow = aWebhookLog(1, {
    status: 'held',
    canRelease: true,
    explanation: {
      state: 'held',
      label: 'Held',
      summary:
        'Held until the lead reaches an approved category (Interested); its category is Out Of Office.',
      next: null,
      action: { kind: 'release', text: 'Release writes it to the CRM now.' },
      detail: null,
    },
  });
  const api = fakeHistoryService({ webhookLogs: [heldRow] });
  syncedOnSecondLook(api, heldRow);
  renderPage(path);
  await screen.findByText('Total results: 1');
  const row = within(rowOf(heldRow.id));
  expect(row.getByText('Release writes it to the CRM now.')).toBeTruthy();
  expect(row.queryByRole('button', { name: /^Retry/ })).toBeNull();

  fireEvent.click(row.getByRole('button', { name: `Release ${heldRow.id}` }));
  await waitFor(() => expect(api.sent('releaseWebhookLog')).toHaveLength(1));
  expect(api.sent('releaseWebhookLog')[0]?.path).toBe(
    `/api/admin/webhook-logs/${heldRow.id}/release`,
  );
  await waitFor(() => expect(within(rowOf(heldRow.id)).getByText('Synced')).toBeTruthy());
  expect(within(rowOf(heldRow.id)).queryByRole('button', { name: /Release/ })).toBeNull();
  expect(await screen.findByText(`Release of ${heldRow.id} finished: synced.`)).toBeTruthy();
  expect(api.sent('retryWebhookLog')).toHaveLength(0);
});

test('the Payload dialog of a held row offers its Release too, and shows the outcome', async () => {
  const heldRow = aWebhookLog(1, {
    status: 'held',
    canRelease: true,
    explanation: {
      state: 'held',
      label: 'Held',
      summary: 'Held until the lead reaches an approved category (Interested).',
      next: null,
      action: { kind: 'release', text: 'Release writes it to the CRM now.' },
      detail: null,
    },
  });
  const api = fakeHistoryService({ webhookLogs: [heldRow] });
  let released = false;
  api.on('releaseWebhookLog', () => {
    released = true;
    return { body: { id: heldRow.id, status: 'received' as const } };
  });
  api.on('webhookLog', () => ({
    body: released
      ? {
          ...heldRow,
          status: 'synced' as const,
          canRelease: false,
          explanation: aWebhookLog(1).explanation,
          payload: {},
        }
      : { ...heldRow, payload: {} },
  }));
  renderPage(path);
  await screen.findByText('Total results: 1');
  fireEvent.click(
    await screen.findByRole('button', { name: new RegExp(`open the payload of ${heldRow.id}$`) }),
  );
  const dialog = await screen.findByRole('dialog', { name: `Payload ${heldRow.id}` });
  const standing = within(await within(dialog).findByRole('region', { name: 'Where it stands' }));
  expect(standing.getByText('Release writes it to the CRM now.')).toBeTruthy();
  fireEvent.click(standing.getByRole('button', { name: `Release ${heldRow.id}` }));
  await waitFor(() => expect(api.sent('releaseWebhookLog')).toHaveLength(1));
  await waitFor(() => expect(standing.getByText('Synced')).toBeTruthy());
  expect(standing.queryByRole('button', { name: /^Release/ })).toBeNull();
});

test('rows of a service older than this module (no canRelease) still show, with no Release', async () => {
  const { canRelease: _absent, ...olderRow } = aWebhookLog(1, { status: 'held' });
  fakeHistoryService({ webhookLogs: [olderRow as WebhookLog] });
  renderPage(path);
  const row = within(await findRowOf(oid(0x1001)));
  expect(row.getByText('Success')).toBeTruthy();
  expect(row.queryByRole('button', { name: /^Release/ })).toBeNull();
  expect(screen.queryByText(/Unexpected response/)).toBeNull();
});

test('a row the caller may not act on (a manager’s view of a customer’s) names no Retry or Release', async () => {
  fakeHistoryService({
    webhookLogs: [
      aWebhookLog(1, {
        status: 'held',
        canRelease: false,
        explanation: {
          state: 'held',
          label: 'Held',
          summary: 'Held until the lead reaches an approved category (Interested).',
          next: null,
          action: { kind: 'release', text: 'Release writes it to the CRM now.' },
          detail: null,
        },
      }),
      aWebhookLog(2, {
        status: 'failed',
        canRetry: false,
        explanation: {
          state: 'failed',
          label: 'Failed',
          summary: 'HubSpot was unavailable.',
          next: null,
          action: { kind: 'retry', text: 'Retry sends it again.' },
          detail: null,
        },
      }),
    ],
  });
  renderPage(path);
  await screen.findByText('Total results: 2');
  expect(
    screen.getByText('Held until the lead reaches an approved category (Interested).'),
  ).toBeTruthy();
  expect(screen.getByText('HubSpot was unavailable.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^(Release|Retry)/ })).toBeNull();
  expect(screen.queryByText('Release writes it to the CRM now.')).toBeNull();
  expect(screen.queryByText('Retry sends it again.')).toBeNull();
});

test('CRM links open in a new tab, only when known', async () => {
  fakeHistoryService({
    webhookLogs: [
      aWebhookLog(1, {
        crmLinks: { contact: 'https://crm.test/contact/9', activity: null },
      }),
    ],
  });
  renderPage(path);
  const link = await screen.findByRole('link', { name: 'Contact in CRM' });
  expect(link.getAttribute('href')).toBe('https://crm.test/contact/9');
  expect(link.getAttribute('target')).toBe('_blank');
  expect(screen.queryByRole('link', { name: 'Activity in CRM' })).toBeNull();
});

test('the chart of the last 14 days follows the filters and reads out its figures', async () => {
  const days = Array.from({ length: 14 }, (_, index) => ({
    date: `2026-11-${String(index + 7).padStart(2, '0')}`,
    synced: index === 13 ? 5 : 1,
    held: index === 0 ? 2 : 0,
    failed: index === 12 ? 3 : 0,
    notSynced: 0,
  }));
  const api = fakeHistoryService({ webhookLogs: logs(1), daily: { days } });
  renderPage(path);
  const chart = await screen.findByRole('img', {
    name: 'Last 14 days by status: 18 synced, 2 held, 3 failed, 0 not synced.',
  });
  const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
  expect(description?.textContent).toContain(
    '2026-11-20: 5 synced, 0 held, 0 failed, 0 not synced',
  );
  expect(description?.textContent).toContain(
    '2026-11-19: 1 synced, 0 held, 3 failed, 0 not synced',
  );
  const daily = Object.fromEntries(api.sent('webhookLogsDaily').at(-1)!.query);
  expect(daily).toEqual({ utcOffsetMinutes: String(-new Date().getTimezoneOffset()) });

  await chooseOption('Status', 'held');
  await waitFor(() =>
    expect(Object.fromEntries(api.sent('webhookLogsDaily').at(-1)!.query)).toEqual({
      status: 'held',
      utcOffsetMinutes: String(-new Date().getTimezoneOffset()),
    }),
  );
});

test('a failed load shows nothing, but a 401 goes to /unauthorized', async () => {
  const api = fakeHistoryService();
  api.on('webhookLogs', () => ({
    status: 400,
    error: { message: 'Boom', code: 'validation_error' },
  }));
  renderPage(path);
  await waitFor(() => expect(api.sent('webhookLogs')).toHaveLength(1));
  await waitFor(() => expect(table().getAttribute('aria-busy')).toBeNull());
  expect(screen.queryByText('Boom')).toBeNull();
  expect(screen.queryByText('No results found.')).toBeNull();
  expect(within(screen.getByRole('region', { name: 'Notifications' })).queryAllByText(/./)).toEqual(
    [],
  );

  api.on('webhookLogs', () => ({
    status: 401,
    error: { message: 'Please sign in.', code: 'unauthorized' },
  }));
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Email' }), { key: 'Enter' });
  expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeTruthy();
});

describe('the time range (beyond the spec: issue 29)', () => {
  // The fields hold the viewer's time; the service gets the same instant in UTC.
  const nineOClock = new Date(2026, 10, 28, 9, 0).toISOString();
  const noon = new Date(2026, 10, 28, 12, 0).toISOString();
  const receivedFrom = () => screen.getByLabelText('Received from');
  const receivedTo = () => screen.getByLabelText('Received to');
  const lastQuery = (api: ReturnType<typeof fakeHistoryService>, route: 'webhookLogsCount') =>
    Object.fromEntries(api.sent(route).at(-1)!.query);

  test('Enter in a bound searches with it as a UTC instant: the list, its count and its chart', async () => {
    const api = fakeHistoryService({ webhookLogs: logs(3) });
    renderPage(path);
    await screen.findByText('Total results: 3');
    expect(receivedFrom().getAttribute('type')).toBe('datetime-local');
    const first = api.sent('webhookLogs').length;

    fireEvent.change(receivedFrom(), { target: { value: '2026-11-28T09:00' } });
    expect(api.sent('webhookLogs')).toHaveLength(first);
    fireEvent.keyDown(receivedFrom(), { key: 'Enter' });
    await waitFor(() =>
      expect(lastListQuery(api)).toEqual({ page: '1', receivedFrom: nineOClock }),
    );
    expect(nineOClock).toMatch(/^2026-11-2\dT\d\d:00:00\.000Z$/);

    fireEvent.change(receivedTo(), { target: { value: '2026-11-28T12:00' } });
    fireEvent.keyDown(receivedTo(), { key: 'Enter' });
    await waitFor(() =>
      expect(lastListQuery(api)).toEqual({
        page: '1',
        receivedFrom: nineOClock,
        receivedTo: noon,
      }),
    );
    expect(lastQuery(api, 'webhookLogsCount')).toEqual({
      receivedFrom: nineOClock,
      receivedTo: noon,
    });
    await waitFor(() =>
      expect(Object.fromEntries(api.sent('webhookLogsDaily').at(-1)!.query)).toEqual({
        receivedFrom: nineOClock,
        receivedTo: noon,
        utcOffsetMinutes: String(-new Date().getTimezoneOffset()),
      }),
    );
  });

  test('leaving a changed bound searches (a date picked with the mouse); leaving it unchanged does not', async () => {
    const api = fakeHistoryService({ webhookLogs: logs(2) });
    renderPage(path);
    await screen.findByText('Total results: 2');
    const first = api.sent('webhookLogs').length;

    fireEvent.blur(receivedTo());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.sent('webhookLogs')).toHaveLength(first);

    fireEvent.change(receivedTo(), { target: { value: '2026-11-28T12:00' } });
    fireEvent.blur(receivedTo());
    await waitFor(() => expect(lastListQuery(api)).toEqual({ page: '1', receivedTo: noon }));
    fireEvent.blur(receivedTo());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.sent('webhookLogs')).toHaveLength(first + 1);

    // Emptied (in Chromium, deleting any part of it empties its value): no bound again.
    fireEvent.change(receivedTo(), { target: { value: '' } });
    fireEvent.blur(receivedTo());
    await waitFor(() => expect(lastListQuery(api)).toEqual({ page: '1' }));
  });

  test('a range that ends where it starts, or before, says so and searches nothing', async () => {
    const api = fakeHistoryService({ webhookLogs: logs(2) });
    renderPage(path);
    await screen.findByText('Total results: 2');
    const first = api.sent('webhookLogs').length;

    fireEvent.change(receivedFrom(), { target: { value: '2026-11-28T12:00' } });
    fireEvent.change(receivedTo(), { target: { value: '2026-11-28T12:00' } });
    expect(screen.getByText('Received to must be later than Received from.')).toBeTruthy();
    expect(receivedTo().getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(receivedTo(), { key: 'Enter' });
    fireEvent.blur(receivedTo());
    await chooseOption('Status', 'failed');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.sent('webhookLogs')).toHaveLength(first);

    fireEvent.change(receivedFrom(), { target: { value: '2026-11-28T09:00' } });
    expect(screen.queryByText('Received to must be later than Received from.')).toBeNull();
    fireEvent.keyDown(receivedFrom(), { key: 'Enter' });
    await waitFor(() =>
      expect(lastListQuery(api)).toEqual({
        page: '1',
        status: 'failed',
        receivedFrom: nineOClock,
        receivedTo: noon,
      }),
    );
  });

  test('?receivedFrom=…&receivedTo=… opens with the range in the viewer’s time, searched at once', async () => {
    const api = fakeHistoryService({ webhookLogs: logs(2) });
    renderPage(`${path}?status=failed&receivedFrom=${nineOClock}&receivedTo=${noon}`);
    await waitFor(() =>
      expect(lastListQuery(api)).toEqual({
        page: '1',
        status: 'failed',
        receivedFrom: nineOClock,
        receivedTo: noon,
      }),
    );
    expect(api.sent('webhookLogs')).toHaveLength(1);
    expect((receivedFrom() as HTMLInputElement).value).toBe('2026-11-28T09:00');
    expect((receivedTo() as HTMLInputElement).value).toBe('2026-11-28T12:00');
  });

  test('a link’s malformed or reversed range is ignored, as an unknown status is', async () => {
    const api = fakeHistoryService({ webhookLogs: logs(2) });
    const view = renderPage(`${path}?receivedFrom=${noon}&receivedTo=${nineOClock}`);
    await screen.findByText('Total results: 2');
    expect(lastListQuery(api)).toEqual({ page: '1' });
    expect(screen.queryByText('Received to must be later than Received from.')).toBeNull();
    expect((receivedFrom() as HTMLInputElement).value).toBe('');
    view.router.dispose();
    document.body.innerHTML = '';

    const again = fakeHistoryService({ webhookLogs: logs(2) });
    renderPage(`${path}?receivedFrom=yesterday&receivedTo=${noon}`);
    await screen.findByText('Total results: 2');
    expect(lastListQuery(again)).toEqual({ page: '1', receivedTo: noon });
  });
});

test('Export CSV links to the export of what the filters show, once the count has rows', async () => {
  const failed = [1, 2, 3].map((index) => aWebhookLog(index, { status: 'failed' }));
  const api = fakeHistoryService({ webhookLogs: failed });
  renderPage(`${path}?status=failed`);
  await screen.findByText('Total results: 3');
  const link = screen.getByRole('link', { name: 'Export CSV' });
  expect(link.getAttribute('href')).toBe('/api/admin/webhook-logs/export?status=failed');
  expect(link.hasAttribute('download')).toBe(true);
  expect(link.getAttribute('title')).toBe(
    'Downloads the 3 rows these filters show, as a CSV file.',
  );
  expect(lastListQuery(api)).toMatchObject({ status: 'failed' });
});

test('no Export CSV while counting or when nothing matches', async () => {
  const api = fakeHistoryService({ webhookLogs: [] });
  const count = deferred<{ body: { totalItems: number } }>();
  api.on('webhookLogsCount', () => count.promise);
  renderPage(path);
  await screen.findByText('Total results: Loading...');
  expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  await act(async () => count.resolve({ body: { totalItems: 0 } }));
  await screen.findByText('Total results: 0');
  expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
});
