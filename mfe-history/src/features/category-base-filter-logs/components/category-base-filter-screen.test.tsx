import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCategoryRecord, oid } from '../../../test/fixtures';
import { deferred, fakeHistoryService } from '../../../test/fake-history-service';
import { chooseOption, fakeLayout, renderPage, scrollTo } from '../../../test/render-page';

const path = '/admin/dashboard/history/category-base-filter-logs';
const records = (count: number) =>
  Array.from({ length: count }, (_, index) => aCategoryRecord(index + 1));

beforeEach(() => fakeLayout());
afterEach(() => jest.restoreAllMocks());

const lastQuery = (api: ReturnType<typeof fakeHistoryService>) =>
  Object.fromEntries(api.sent('categoryBaseFilters').at(-1)!.query);
const table = () => screen.getByRole('table', { name: 'Category base filter payloads' });

test('titled per the spec, with the count from totalItems and the columns of the spec', async () => {
  const api = fakeHistoryService({ categoryRecords: records(2) });
  const page = deferred<{ body: unknown }>();
  api.on('categoryBaseFilters', () => page.promise);
  renderPage(path);
  expect(
    screen.getByRole('heading', { level: 1, name: 'Category Base Filter Payloads' }),
  ).toBeTruthy();
  expect(await screen.findByText('Total results: Loading...')).toBeTruthy();
  await act(async () =>
    page.resolve({ body: { data: records(2), page: 1, limit: 20, totalItems: 57 } }),
  );
  expect(await screen.findByText('Total results: 57')).toBeTruthy();
  expect(
    within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual([
    'ID',
    'Webhook URL',
    'Event',
    'Campaign ID',
    'Lead ID',
    'Webhook Categories',
    'Current Lead Category',
    'Payload',
    'Created',
    'Sent At',
  ]);
});

test('an empty Sent At shows "-"', async () => {
  fakeHistoryService({ categoryRecords: [aCategoryRecord(1, { sent_at: null })] });
  renderPage(path);
  await screen.findByText('Total results: 1');
  const row = within(table())
    .getByRole('rowheader', { name: oid(0x2001) })
    .closest('tr')!;
  const cells = within(row).getAllByRole('cell');
  expect(cells.at(-1)?.textContent).toBe('-');
  expect(within(row).getByText('Interested')).toBeTruthy();
  expect(within(row).getByText('Not Interested')).toBeTruthy();
});

test('Enter in a text filter searches from page 1 with trimmed values; the Event Type searches on change', async () => {
  const api = fakeHistoryService({ categoryRecords: records(3) });
  renderPage(path);
  await screen.findByText('Total results: 3');
  fireEvent.change(screen.getByRole('textbox', { name: 'Campaign ID' }), {
    target: { value: '  c-2 ' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: 'Webhook ID' }), {
    target: { value: '0' },
  });
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Lead ID' }), { key: 'Enter' });
  await waitFor(() => expect(lastQuery(api)).toEqual({ page: '1', campaignId: 'c-2' }));
  expect(await screen.findByText('Total results: 1')).toBeTruthy();

  await chooseOption('Event Type', 'LEAD_CATEGORY_UPDATED');
  await waitFor(() =>
    expect(lastQuery(api)).toEqual({
      page: '1',
      campaignId: 'c-2',
      eventType: 'LEAD_CATEGORY_UPDATED',
    }),
  );
});

test('clicking the payload opens the record as JSON', async () => {
  fakeHistoryService({ categoryRecords: [aCategoryRecord(1, { campaign_id: 'camp-42' })] });
  renderPage(path);
  await screen.findByText('Total results: 1');
  fireEvent.click(
    screen.getByRole('button', { name: new RegExp(`open the payload of ${oid(0x2001)}$`) }),
  );
  const dialog = await screen.findByRole('dialog', { name: `Payload ${oid(0x2001)}` });
  expect(within(dialog).getByText('"camp-42"')).toBeTruthy();
});

test('infinite scroll asks for page 2 and stops once the total is reached', async () => {
  const api = fakeHistoryService({ categoryRecords: records(40) });
  renderPage(path);
  await screen.findByText('Total results: 40');
  const region = screen.getByRole('region', { name: 'Category base filter payloads' });
  const next = deferred<{ body: unknown }>();
  api.on('categoryBaseFilters', () => next.promise);
  scrollTo(region, 20 * 80);
  await waitFor(() => expect(lastQuery(api)).toEqual({ page: '2' }));
  // A spinner row while the next page loads.
  expect(within(region).getAllByText('Loading...').length).toBeGreaterThan(0);
  expect(within(region).getByRole('table').getAttribute('aria-busy')).toBe('true');
  await act(async () =>
    next.resolve({
      body: { data: records(40).slice(20), page: 2, limit: 20, totalItems: 40 },
    }),
  );
  scrollTo(region, 36 * 80);
  await screen.findByRole('rowheader', { name: oid(0x2000 + 40) });
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(api.sent('categoryBaseFilters').map((request) => request.query.get('page'))).toEqual([
    '1',
    '2',
  ]);
});

test('Export CSV links to the export of what the filters show, once the count has rows', async () => {
  fakeHistoryService({
    categoryRecords: [
      aCategoryRecord(1, { campaign_id: 'c-7' }),
      aCategoryRecord(2, { campaign_id: 'c-7', webhook_event: 'EMAIL_REPLY' }),
      aCategoryRecord(3, { campaign_id: 'c-7' }),
      aCategoryRecord(4),
    ],
  });
  renderPage(path);
  await screen.findByText('Total results: 4');
  fireEvent.change(screen.getByRole('textbox', { name: 'Campaign ID' }), {
    target: { value: ' c-7 ' },
  });
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Campaign ID' }), { key: 'Enter' });
  await chooseOption('Event Type', 'LEAD_CATEGORY_UPDATED');
  await screen.findByText('Total results: 2');
  const link = screen.getByRole('link', { name: 'Export CSV' });
  expect(link.getAttribute('href')).toBe(
    '/api/admin/category-base-filters/export?campaignId=c-7&eventType=LEAD_CATEGORY_UPDATED',
  );
  expect(link.hasAttribute('download')).toBe(true);
  expect(link.getAttribute('title')).toBe(
    'Downloads the 2 rows these filters show, as a CSV file.',
  );
});

test('no Export CSV while counting or when nothing matches', async () => {
  const api = fakeHistoryService();
  const page = deferred<{ body: unknown }>();
  api.on('categoryBaseFilters', () => page.promise);
  renderPage(path);
  await screen.findByText('Total results: Loading...');
  expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  await act(async () => page.resolve({ body: { data: [], page: 1, limit: 20, totalItems: 0 } }));
  await screen.findByText('Total results: 0');
  expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
});
