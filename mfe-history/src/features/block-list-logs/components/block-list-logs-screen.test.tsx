import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aBlockListLog, oid } from '../../../test/fixtures';
import { deferred, fakeHistoryService } from '../../../test/fake-history-service';
import { chooseOption, fakeLayout, renderPage } from '../../../test/render-page';

const path = '/admin/dashboard/history/block-list-logs';

beforeEach(() => fakeLayout());
afterEach(() => jest.restoreAllMocks());

const lastQuery = (api: ReturnType<typeof fakeHistoryService>) =>
  Object.fromEntries(api.sent('blockListLogs').at(-1)!.query);

test('the count, the columns of the spec and the rows', async () => {
  fakeHistoryService({
    blockListLogs: [aBlockListLog(1, { lastError: 'Smartlead said 429' })],
  });
  renderPage(path);
  expect(await screen.findByText('Total results: 1')).toBeTruthy();
  const table = screen.getByRole('table', { name: 'Block list runs' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual([
    'ID',
    'Block List Name',
    'Block List Type',
    'Emails',
    'Synced At',
    'Error Response',
    'Enabled',
  ]);
  // The rows come with the virtual table's code (LazyVirtualTable), which takes the table's place.
  const row = within((await screen.findByRole('rowheader', { name: oid(0x3001) })).closest('tr')!);
  expect(row.getByText('Competitors')).toBeTruthy();
  expect(row.getByText('rival1.test')).toBeTruthy();
  expect(row.getByText('Smartlead said 429')).toBeTruthy();
});

test('Enter in Email and choosing or clearing a block list run the search, with block-list-id', async () => {
  const api = fakeHistoryService({
    blockListLogs: [aBlockListLog(1)],
    blockListOptions: [{ id: oid(0x70), listId: '77', listIdILS: null, listName: 'Competitors' }],
  });
  renderPage(path);
  await screen.findByText('Total results: 1');
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
    target: { value: ' Rival1.TEST ' },
  });
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Email' }), { key: 'Enter' });
  await waitFor(() => expect(lastQuery(api)).toEqual({ page: '1', email: 'rival1.test' }));

  await chooseOption('Block list', '77: Competitors');
  await waitFor(() =>
    expect(lastQuery(api)).toEqual({ page: '1', email: 'rival1.test', 'block-list-id': oid(0x70) }),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Clear the block list filter' }));
  await waitFor(() => expect(lastQuery(api)).toEqual({ page: '1', email: 'rival1.test' }));
});

test('Export CSV links to the export of what the filters show, once the count has rows', async () => {
  const api = fakeHistoryService({
    blockListLogs: [aBlockListLog(1), aBlockListLog(2), aBlockListLog(12)],
    blockListOptions: [{ id: oid(0x70), listId: '77', listIdILS: null, listName: 'Competitors' }],
  });
  renderPage(path);
  await screen.findByText('Total results: 3');
  expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
    '/api/admin/dashboard/smartlead/blocked-lists/history/export',
  );
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
    target: { value: ' Rival1 ' },
  });
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Email' }), { key: 'Enter' });
  await chooseOption('Block list', '77: Competitors');
  await screen.findByText('Total results: 2');
  const link = screen.getByRole('link', { name: 'Export CSV' });
  expect(link.getAttribute('href')).toBe(
    `/api/admin/dashboard/smartlead/blocked-lists/history/export?email=rival1&block-list-id=${oid(0x70)}`,
  );
  expect(link.hasAttribute('download')).toBe(true);
  expect(link.getAttribute('title')).toBe(
    'Downloads the 2 rows these filters show, as a CSV file.',
  );
  expect(lastQuery(api)).toEqual({ page: '1', email: 'rival1', 'block-list-id': oid(0x70) });
});

test('no Export CSV while counting or when nothing matches', async () => {
  const api = fakeHistoryService();
  const page = deferred<{ body: unknown }>();
  api.on('blockListLogs', () => page.promise);
  renderPage(path);
  await screen.findByText('Total results: Loading...');
  expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  await act(async () => page.resolve({ body: { data: [], page: 1, limit: 20, totalItems: 0 } }));
  await screen.findByText('Total results: 0');
  expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
});
