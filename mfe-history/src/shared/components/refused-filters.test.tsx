// Issue 31, item 4: a filter value the service refuses shows the service's message under the
// field, and the previous results stay (the three history screens and the audit log). The fake
// service refuses with the route's own schemas, as the service does.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { findToast } from '@outsync/app-runtime/testing';
import {
  aBlockListLog,
  aCategoryRecord,
  anAuditEntry,
  aWebhookLog,
  manager,
  oid,
} from '../../test/fixtures';
import { fakeHistoryService } from '../../test/fake-history-service';
import { fakeLayout, renderPage } from '../../test/render-page';

beforeEach(() => fakeLayout());
afterEach(() => jest.restoreAllMocks());

const idMessage = 'Expected an id (24 hexadecimal digits).';
const notSearched = 'Not searched: the results below are from the previous search.';

/** Types `value` into the text filter `label` and presses Enter. */
function search(label: string, value: string) {
  const field = screen.getByRole('textbox', { name: label });
  fireEvent.change(field, { target: { value } });
  fireEvent.keyDown(field, { key: 'Enter' });
  return field;
}

/** The error under a field, as its description (`aria-describedby`) reads. */
function errorUnder(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** How many rows the table shows (each has a row header). */
const rowCount = (table: string) =>
  within(screen.getByRole('table', { name: table })).queryAllByRole('rowheader').length;

test('webhook logs: Webhook ID "abc" + Enter shows the 400 under the field; the total, chart and rows stay; the next search clears it', async () => {
  const api = fakeHistoryService({
    webhookLogs: [aWebhookLog(1), aWebhookLog(2)],
    daily: { days: [{ date: '2026-11-20', synced: 2, held: 0, failed: 0, notSynced: 0 }] },
  });
  renderPage('/admin/dashboard/history/webhook-logs', { user: manager });
  await screen.findByText('Total results: 2');
  const chartName = 'Last 14 days by status: 2 synced, 0 held, 0 failed, 0 not synced.';
  await screen.findByRole('img', { name: chartName });
  const listCalls = api.sent('webhookLogs').length;

  const field = search('Webhook ID', 'abc');
  await waitFor(() => expect(errorUnder(field)).toBe(idMessage));
  // The service was asked and said no.
  expect(api.sent('webhookLogs').length).toBeGreaterThan(listCalls);
  expect(api.sent('webhookLogs').at(-1)!.query.get('webhookId')).toBe('abc');
  // The previous results stay: count, chart and rows.
  expect(screen.getByText('Total results: 2')).toBeTruthy();
  expect(screen.getByRole('img', { name: chartName })).toBeTruthy();
  expect(rowCount('Webhook logs')).toBe(2);
  expect(screen.getByText('lead2@prospect.test', { exact: false })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe(notSearched);
  expect((field as HTMLInputElement).value).toBe('abc');

  search('Webhook ID', oid(0x50));
  await waitFor(() => expect(errorUnder(field)).toBeNull());
  expect(screen.queryByText(notSearched)).toBeNull();
  expect(await screen.findByText('Total results: 2')).toBeTruthy();
});

test('category base filter: a refused Webhook ID keeps the rows and shows no toast', async () => {
  fakeHistoryService({ categoryRecords: [aCategoryRecord(1)] });
  renderPage('/admin/dashboard/history/category-base-filter-logs');
  await screen.findByText('Total results: 1');

  const field = search('Webhook ID', 'not-an-id');
  await waitFor(() => expect(errorUnder(field)).toBe(idMessage));
  expect(screen.getByText('Total results: 1')).toBeTruthy();
  expect(rowCount('Category base filter payloads')).toBe(1);
  expect(screen.getByText('Held 1', { exact: false })).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Notifications' }).textContent).toBe('');
});

test('block list history: a refused Email keeps the rows; the message is the service’s', async () => {
  fakeHistoryService({ blockListLogs: [aBlockListLog(1)] });
  renderPage('/admin/dashboard/history/block-list-logs');
  await screen.findByText('Total results: 1');

  const field = search('Email', `${'x'.repeat(330)}@acme.test`);
  await waitFor(() => expect(errorUnder(field)).toBe('At most 320 characters.'));
  expect(rowCount('Block list runs')).toBe(1);
  expect(screen.getByText('rival1.test')).toBeTruthy();
  expect(screen.getByText('Total results: 1')).toBeTruthy();
});

test('audit log: a refusal naming no shown filter says its message above the list; rows stay', async () => {
  const api = fakeHistoryService({ auditEntries: [anAuditEntry(1)] });
  renderPage('/admin/dashboard/history/audit-log');
  await screen.findByText('Total results: 1');

  api.on('auditLog', () => ({
    status: 400,
    error: {
      message: 'Searching is paused during maintenance.',
      code: 'bad_request',
    },
  }));
  const field = search('Email', 'ada@acme.test');
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe(`Searching is paused during maintenance. ${notSearched}`);
  expect(errorUnder(field)).toBeNull();
  expect(rowCount('Audit log entries')).toBe(1);
  expect(screen.getByText('Webhook 1')).toBeTruthy();
});

test('a failure that is not a refusal still shows its toast and no note', async () => {
  const api = fakeHistoryService({ auditEntries: [anAuditEntry(1)] });
  renderPage('/admin/dashboard/history/audit-log');
  await screen.findByText('Total results: 1');
  api.on('auditLog', () => ({
    status: 409,
    error: { message: 'The log is being rebuilt.', code: 'conflict' },
  }));
  search('Email', 'ada@acme.test');
  expect((await findToast('The log is being rebuilt.')).severity).toBe('error');
  expect(screen.queryByText(notSearched)).toBeNull();
});
