import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { findToast } from '@outsync/app-runtime/testing';
import { anAuditEntry } from '../../../test/fixtures';
import { deferred, fakeHistoryService } from '../../../test/fake-history-service';
import { fakeLayout, renderPage, scrollTo } from '../../../test/render-page';

const path = '/admin/dashboard/history/audit-log';
const entries = (count: number) =>
  Array.from({ length: count }, (_, index) => anAuditEntry(index + 1));

beforeEach(() => fakeLayout());
afterEach(() => jest.restoreAllMocks());

const lastQuery = (api: ReturnType<typeof fakeHistoryService>) =>
  Object.fromEntries(api.sent('auditLog').at(-1)!.query);
const table = () => screen.getByRole('table', { name: 'Audit log entries' });
/** Each rendered row's cells, as the user reads them, in column order. */
const rowTexts = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((header) =>
      Array.from(header.closest('tr')!.querySelectorAll('th, td')).map((cell) => cell.textContent),
    );
/** toLocaleString('en-US') of an instant on 20 or 21 November 2026, in whatever time zone runs. */
const localTime = /^11\/2[01]\/2026, \d{1,2}:\d{2}:00 [AP]M$/;

test('titled "Audit log" with its intro; the count from totalItems; the columns', async () => {
  const api = fakeHistoryService({ auditEntries: entries(2) });
  const page = deferred<{ body: unknown }>();
  api.on('auditLog', () => page.promise);
  renderPage(path);
  expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
  expect(
    screen.getByText('Every change made in OutSync, who made it and on whose account.'),
  ).toBeTruthy();
  expect(await screen.findByText('Total results: Loading...')).toBeTruthy();
  await act(async () =>
    page.resolve({ body: { data: entries(2), page: 1, limit: 20, totalItems: 57 } }),
  );
  expect(await screen.findByText('Total results: 57')).toBeTruthy();
  expect(
    within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Time', 'Actor', 'Account', 'Action', 'Target']);
  expect(lastQuery(api)).toEqual({ page: '1' });
});

test('a row: the time, the actor with a staff role, the embed partner or the API token, the account or "—", the action and the target or "—"', async () => {
  fakeHistoryService({
    auditEntries: [
      anAuditEntry(1, {
        action: 'revealApiKey',
        actor: {
          email: 'root@outsync.test',
          role: 'ADMIN',
          via: 'dashboard',
          partnerName: null,
          apiTokenName: null,
        },
        target: 'Smartlead key 7',
      }),
      anAuditEntry(2, {
        action: 'updateAdminUser',
        actor: {
          email: 'mia@outsync.test',
          role: 'MANAGER',
          via: 'dashboard',
          partnerName: null,
          apiTokenName: null,
        },
        account: { email: 'lee@shop.test' },
        target: 'lee@shop.test',
      }),
      anAuditEntry(3, {
        action: 'sendTestWebhook',
        actor: {
          email: 'lee@shop.test',
          role: null,
          via: 'embed',
          partnerName: 'Acme Partners',
          apiTokenName: null,
        },
        account: { email: 'lee@shop.test' },
        target: null,
      }),
      anAuditEntry(4, { action: 'revealUserAccountSecret', target: 'Endpoint abc123' }),
      anAuditEntry(6, {
        action: 'retryWebhookLog',
        actor: {
          email: 'ada@acme.test',
          role: null,
          via: 'api-token',
          partnerName: null,
          apiTokenName: 'Nightly retries',
        },
        target: null,
      }),
      // One change across several accounts names none.
      anAuditEntry(5, {
        action: 'webhookLogAction',
        actor: {
          email: 'root@outsync.test',
          role: 'ADMIN',
          via: 'dashboard',
          partnerName: null,
          apiTokenName: null,
        },
        account: null,
        target: null,
      }),
    ],
  });
  renderPage(path);
  await screen.findByText('Total results: 6');
  const rows = rowTexts();
  expect(rows.map(([time]) => time)).toEqual([
    expect.stringMatching(localTime),
    expect.stringMatching(localTime),
    expect.stringMatching(localTime),
    expect.stringMatching(localTime),
    expect.stringMatching(localTime),
    expect.stringMatching(localTime),
  ]);
  expect(rows.map(([, ...rest]) => rest)).toEqual([
    ['root@outsync.test (admin)', 'ada@acme.test', 'Revealed an API key', 'Smartlead key 7'],
    [
      'mia@outsync.test (manager)',
      'lee@shop.test',
      'Changed a user’s permissions',
      'lee@shop.test',
    ],
    ['lee@shop.test via Acme Partners', 'lee@shop.test', 'Sent a test event', '—'],
    ['ada@acme.test', 'ada@acme.test', 'Revealed an endpoint’s signing secret', 'Endpoint abc123'],
    ['ada@acme.test via API token “Nightly retries”', 'ada@acme.test', 'Retried an event', '—'],
    ['root@outsync.test (admin)', '—', 'Acted on events in bulk', '—'],
  ]);
});

test('Enter in Email searches from page 1 with the e-mail lowercased and trimmed; emptied, it shows every change again', async () => {
  const api = fakeHistoryService({
    auditEntries: [
      anAuditEntry(1),
      anAuditEntry(2, { account: { email: 'lee@shop.test' } }),
      anAuditEntry(3, {
        actor: {
          email: 'lee@shop.test',
          role: null,
          via: 'embed',
          partnerName: 'Acme Partners',
          apiTokenName: null,
        },
        account: { email: 'lee@shop.test' },
      }),
    ],
  });
  renderPage(path);
  await screen.findByText('Total results: 3');
  const email = screen.getByRole('textbox', { name: 'Email' });
  expect(email.getAttribute('placeholder')).toBe('Find by actor or account e-mail');
  const first = api.sent('auditLog').length;

  fireEvent.change(email, { target: { value: '  Lee@Shop.TEST ' } });
  // Typing alone searches nothing.
  expect(api.sent('auditLog')).toHaveLength(first);
  fireEvent.keyDown(email, { key: 'Enter' });
  await waitFor(() => expect(lastQuery(api)).toEqual({ page: '1', email: 'lee@shop.test' }));
  expect(await screen.findByText('Total results: 2')).toBeTruthy();
  expect(within(table()).queryByText('Webhook 1')).toBeNull();

  fireEvent.change(email, { target: { value: '   ' } });
  fireEvent.keyDown(email, { key: 'Enter' });
  await waitFor(() => expect(api.sent('auditLog')).toHaveLength(first + 2));
  expect(lastQuery(api)).toEqual({ page: '1' });
  expect(await screen.findByText('Total results: 3')).toBeTruthy();
});

test('scrolling to the end asks for page 2 and stops once the total is reached', async () => {
  const api = fakeHistoryService({ auditEntries: entries(25) });
  renderPage(path);
  await screen.findByText('Total results: 25');
  expect(api.sent('auditLog').map((request) => request.query.get('page'))).toEqual(['1']);
  const region = screen.getByRole('region', { name: 'Audit log entries' });
  scrollTo(region, 20 * 80);
  await waitFor(() =>
    expect(api.sent('auditLog').map((request) => request.query.get('page'))).toEqual(['1', '2']),
  );
  scrollTo(region, 21 * 80);
  expect(await within(table()).findByText('Webhook 25')).toBeTruthy();
  // Page 2 held the last 5 of 25: there is no page 3 to ask for.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(api.sent('auditLog').map((request) => request.query.get('page'))).toEqual(['1', '2']);
  expect(lastQuery(api)).toEqual({ page: '2' });
});

test('an empty log says "No changes recorded yet."', async () => {
  fakeHistoryService();
  renderPage(path);
  expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
  expect(screen.getByText('Total results: 0')).toBeTruthy();
  expect(screen.queryByText('No results found.')).toBeNull();
});

test("a failed load shows the service's message and no empty text; a 401 goes to /unauthorized", async () => {
  const api = fakeHistoryService({ auditEntries: entries(1) });
  api.on('auditLog', () => ({
    status: 400,
    error: { message: 'page must be at most 10000.', code: 'validation_error' },
  }));
  renderPage(path);
  expect((await findToast('page must be at most 10000.')).severity).toBe('error');
  await waitFor(() => expect(table().getAttribute('aria-busy')).toBeNull());
  expect(screen.queryByText('No changes recorded yet.')).toBeNull();
  expect(screen.queryByText(/^Total results/)).toBeNull();
  expect(within(table()).queryByRole('rowheader')).toBeNull();

  api.on('auditLog', () => ({
    status: 401,
    error: { message: 'Please sign in.', code: 'unauthorized' },
  }));
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Email' }), { key: 'Enter' });
  expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeTruthy();
  expect(api.sent('auditLog').at(-1)?.path).toBe('/api/admin/audit-log');
});

test('Export CSV links to the export of what the filter shows, once the count has rows', async () => {
  fakeHistoryService({
    auditEntries: [
      anAuditEntry(1),
      anAuditEntry(2, { account: { email: 'lee@shop.test' } }),
      anAuditEntry(3),
    ],
  });
  renderPage(path);
  await screen.findByText('Total results: 3');
  const everything = screen.getByRole('link', { name: 'Export CSV' });
  expect(everything.getAttribute('href')).toBe('/api/admin/audit-log/export');
  expect(everything.getAttribute('title')).toBe(
    'Downloads the 3 rows these filters show, as a CSV file.',
  );
  const email = screen.getByRole('textbox', { name: 'Email' });
  fireEvent.change(email, { target: { value: ' Lee@Shop.TEST' } });
  fireEvent.keyDown(email, { key: 'Enter' });
  await screen.findByText('Total results: 1');
  const link = screen.getByRole('link', { name: 'Export CSV' });
  expect(link.getAttribute('href')).toBe('/api/admin/audit-log/export?email=lee%40shop.test');
  expect(link.hasAttribute('download')).toBe(true);
  expect(link.getAttribute('title')).toBe('Downloads the 1 row these filters show, as a CSV file.');
});

test('no Export CSV while counting or when nothing matches', async () => {
  const api = fakeHistoryService();
  const page = deferred<{ body: unknown }>();
  api.on('auditLog', () => page.promise);
  renderPage(path);
  await screen.findByText('Total results: Loading...');
  expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  await act(async () => page.resolve({ body: { data: [], page: 1, limit: 20, totalItems: 0 } }));
  await screen.findByText('No changes recorded yet.');
  expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
});
