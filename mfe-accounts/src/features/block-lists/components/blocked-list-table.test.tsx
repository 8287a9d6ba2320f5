// Spec 02 §2.7 "Blocked List table", §3 "Block-list sync", §4 "Displayed status", §6, §7, §8, §9;
// polling and progress are the lead's decisions (the brief). Every text is spelled out here,
// copied from the spec (or the brief where the spec names none), never imported from the code.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { blockListsSeed } from '../../../test/block-lists-data';
import { aBlockListSync, oid } from '../../../test/fixtures';
import { fakeService, type FakeService } from '../../../test/fake-service';
import { findToast, renderPage } from '../../../test/render-page';

const path = '/admin/dashboard/smartlead-block-lists';

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const longError = 'HubSpot did not answer: the list memberships page timed out after 10 seconds';

const customers = aBlockListSync({
  id: oid(0xb1),
  listId: '101',
  listIdILS: '101',
  listName: 'Customers',
  user: {
    email: 'ada@acme.test',
    accountId: '5150001',
    organizationId: '20519234',
    canBlockList: true,
  },
  apiKey: { id: oid(0xa3), description: 'Instantly main', platform: 'instantly' },
  blockType: 'ADDRESS',
  useDomainForNonLatin: true,
  lastFetchedAt: '2026-11-20T09:00:00.000Z',
  lastAttemptedAt: '2026-11-20T10:00:00.000Z',
  lastError: longError,
  lastSmartleadError: 'Instantly answered 429: too many requests, slow down please and retry',
  countItemsSynced: 1234,
  countItemsNotSynced: 5,
  isEnabled: true,
  status: 'FAILED',
});

const skipping = aBlockListSync({
  id: oid(0xb2),
  listId: '102',
  listIdILS: '102',
  listName: 'Partners',
  apiKey: { id: oid(0xa3), description: 'Instantly main', platform: 'instantly' },
  blockType: 'ADDRESS',
  useDomainForNonLatin: false,
  status: 'SYNCED',
});

const agency = aBlockListSync({
  id: oid(0xb3),
  listId: '202',
  listIdILS: '202',
  listName: 'Target accounts',
  listType: 'COMPANY_LIST',
  apiKey: { id: oid(0xa1), description: 'Main sequencer', platform: 'smartlead' },
  clientDetails: { id: '12', email: 'team@fabrikam.test' },
  blockType: 'DOMAIN',
  status: 'SYNCED',
});

const paused = aBlockListSync({
  id: oid(0xb4),
  listId: '103',
  listIdILS: '103',
  listName: 'Paused list',
  isEnabled: false,
  status: 'SYNCED',
});

const notUpgraded = aBlockListSync({
  id: oid(0xb5),
  listId: '104',
  listIdILS: '104',
  listName: 'Free plan list',
  user: {
    email: 'bob@beta.test',
    accountId: '5150002',
    organizationId: '20519235',
    canBlockList: false,
  },
  isEnabled: false,
  status: 'SYNCED',
  canManage: false,
});

const table = () => screen.getByRole('table', { name: 'Blocked List' });
const rowOf = (text: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text)) as HTMLElement;

async function openScreen(api: FakeService, firstRow: string) {
  renderPage(path);
  await within(await screen.findByRole('table', { name: 'Blocked List' })).findByText(firstRow);
  expect(api.sent('listBlockListSyncs')).toHaveLength(1);
}

test('the table has every column of the spec, in its order', async () => {
  const api = fakeService(blockListsSeed({ blockListSyncs: [agency] }));
  await openScreen(api, '202 : Target accounts');

  expect(
    within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual([
    'List Name',
    'ID',
    'User',
    'API Key',
    'Client',
    'Type',
    'Last Synced At',
    'Last Attempt',
    'Last Error',
    'Last Error From Smartlead',
    'items Were Synced',
    'items Are Not Synced',
    'Enable',
    'Status',
    'Pause / Resume',
    'Delete',
  ]);
});

test('a row shows the list, user, key, client, type, times, errors cut to 55 characters and counts', async () => {
  const api = fakeService(blockListsSeed({ blockListSyncs: [customers, skipping, agency] }));
  await openScreen(api, '101 : Customers');

  const row = rowOf('101 : Customers');
  const cells = within(row).getAllByRole('cell');
  expect(within(row).getByRole('rowheader').textContent).toBe(oid(0xb1));
  expect(cells[0]?.textContent).toBe('101 : Customers');
  expect(within(row).getByText('ada@acme.test')).toBeTruthy();
  expect(within(row).getByText('Account Id: 5150001')).toBeTruthy();
  expect(within(row).getByText('Hub Id: 20519234')).toBeTruthy();
  expect(within(row).getByText(oid(0xa3))).toBeTruthy();
  expect(within(row).getByText('Instantly main')).toBeTruthy();
  expect(within(row).getByText('ADDRESS')).toBeTruthy();
  expect(within(row).getByText('Instantly')).toBeTruthy();
  expect(within(row).getByText('NonLatin: Domain')).toBeTruthy();
  expect(
    within(row).getByText('HubSpot did not answer: the list memberships page timed'),
  ).toBeTruthy();
  expect(
    within(row).getByText('Instantly answered 429: too many requests, slow down pl'),
  ).toBeTruthy();
  expect(within(row).queryByText(longError)).toBeNull();
  expect(within(row).getByText('1,234')).toBeTruthy();
  expect(within(row).getByText('5')).toBeTruthy();
  expect(within(row).getByText('Yes')).toBeTruthy();
  expect(
    within(row).getByText(new Date('2026-11-20T09:00:00.000Z').toLocaleString('en-US')),
  ).toBeTruthy();

  expect(within(rowOf('102 : Partners')).getByText('NonLatin: Skip')).toBeTruthy();
  const smartlead = rowOf('202 : Target accounts');
  expect(within(smartlead).getByText('12: team@fabrikam.test')).toBeTruthy();
  expect(within(smartlead).getByText('DOMAIN')).toBeTruthy();
  expect(within(smartlead).queryByText(/^NonLatin/)).toBeNull();
  // Rows of several platforms: the column names the platform in general.
  expect(
    within(table()).getByRole('columnheader', {
      name: 'Last Error From Sales Engagement Platform',
    }),
  ).toBeTruthy();
});

test('displayed status: PAUSED_PENDING_UPGRADE without canBlockList, PAUSED when disabled, else the server status', async () => {
  const api = fakeService(
    blockListsSeed({ blockListSyncs: [customers, agency, paused, notUpgraded] }),
  );
  await openScreen(api, '101 : Customers');

  expect(within(rowOf('101 : Customers')).getByText('FAILED')).toBeTruthy();
  expect(within(rowOf('202 : Target accounts')).getByText('SYNCED')).toBeTruthy();
  expect(within(rowOf('103 : Paused list')).getByText('PAUSED')).toBeTruthy();
  expect(within(rowOf('103 : Paused list')).getByText('No')).toBeTruthy();
  expect(within(rowOf('104 : Free plan list')).getByText('PAUSED_PENDING_UPGRADE')).toBeTruthy();
});

test('Pause / Resume / Delete show only where the caller may manage the sync', async () => {
  const api = fakeService(blockListsSeed({ blockListSyncs: [customers, paused, notUpgraded] }));
  await openScreen(api, '101 : Customers');

  expect(
    within(rowOf('101 : Customers')).getByRole('button', { name: 'Pause Blocking' }),
  ).toBeTruthy();
  expect(within(rowOf('101 : Customers')).getByRole('button', { name: 'Delete' })).toBeTruthy();
  expect(
    within(rowOf('103 : Paused list')).getByRole('button', { name: 'Resume Blocking' }),
  ).toBeTruthy();
  const locked = rowOf('104 : Free plan list');
  expect(within(locked).queryByRole('button')).toBeNull();
});

test('Pause Blocking: "Paused blocking {listId}: {listName}."; Resume Blocking: "Resumed blocking {listId}: {listName}."', async () => {
  const api = fakeService(
    blockListsSeed({ blockListSyncs: [{ ...customers, listIdILS: 'ILS-101' }] }),
  );
  await openScreen(api, 'ILS-101 : Customers');

  fireEvent.click(within(rowOf('Customers')).getByRole('button', { name: 'Pause Blocking' }));
  expect(await findToast('Paused blocking 101: Customers.')).toEqual({
    severity: 'success',
    summary: 'Success',
    life: 3000,
  });
  expect(api.sent('updateBlockListSync').map((request) => [request.path, request.body])).toEqual([
    [`/api/admin/dashboard/smartlead/blocked-lists/${customers.id}`, { isEnabled: false }],
  ]);
  const row = rowOf('Customers');
  expect(within(row).getByText('PAUSED')).toBeTruthy();
  expect(within(row).getByText('No')).toBeTruthy();

  fireEvent.click(within(row).getByRole('button', { name: 'Resume Blocking' }));
  expect(await findToast('Resumed blocking 101: Customers.')).toMatchObject({
    severity: 'success',
  });
  expect(api.sent('updateBlockListSync')[1]?.body).toEqual({ isEnabled: true });
  expect(within(rowOf('Customers')).getByRole('button', { name: 'Pause Blocking' })).toBeTruthy();
});

test('Delete asks the spec\'s question; No keeps the sync; Yes deletes it: "Deleted {listId}: {listName}"', async () => {
  const api = fakeService(blockListsSeed({ blockListSyncs: [customers, agency] }));
  await openScreen(api, '101 : Customers');

  fireEvent.click(within(rowOf('101 : Customers')).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Do you want to delete 101: Customers?',
  });
  expect(
    within(dialog).getByText(
      'This only deletes the sync. You may want to delete the block list in Instantly and the source list in your CRM.',
    ),
  ).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.sent('deleteBlockListSync')).toHaveLength(0);

  fireEvent.click(within(rowOf('101 : Customers')).getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
  expect(await findToast('Deleted 101: Customers')).toMatchObject({ severity: 'success' });
  expect(api.sent('deleteBlockListSync')[0]?.path).toBe(
    `/api/admin/dashboard/smartlead/blocked-lists/${customers.id}`,
  );
  await waitFor(() => expect(within(table()).queryByText('101 : Customers')).toBeNull());
  expect(within(table()).getByText('202 : Target accounts')).toBeTruthy();
});

test("a refused Pause shows the service's message", async () => {
  const api = fakeService(blockListsSeed({ blockListSyncs: [customers] }));
  api.on('updateBlockListSync', () => ({
    status: 404,
    error: { message: 'No such block list, or it is not yours.', code: 'not_found' },
  }));
  await openScreen(api, '101 : Customers');

  fireEvent.click(within(rowOf('101 : Customers')).getByRole('button', { name: 'Pause Blocking' }));
  expect(await findToast('No such block list, or it is not yours.')).toMatchObject({
    severity: 'error',
  });
  expect(within(rowOf('101 : Customers')).getByText('FAILED')).toBeTruthy();
});

test('a running sync shows its progress and the table reads again every 5 s until no run is queued or under way', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  const running = aBlockListSync({
    ...customers,
    status: 'SYNCING',
    progress: { phase: 'writing', done: 1000, total: 12000 },
    nextRunAt: null,
  });
  const api = fakeService(blockListsSeed({ blockListSyncs: [running, agency] }));
  await openScreen(api, '101 : Customers');
  expect(within(rowOf('101 : Customers')).getByText('SYNCING')).toBeTruthy();
  expect(within(rowOf('101 : Customers')).getByText('Writing 1,000 / 12,000')).toBeTruthy();

  api.db.blockListSyncs = [
    { ...running, progress: { phase: 'reading', done: 0, total: null } },
    agency,
  ];
  await act(async () => {
    await jest.advanceTimersByTimeAsync(5_000);
  });
  await waitFor(() => expect(api.sent('listBlockListSyncs')).toHaveLength(2));
  expect(await within(rowOf('101 : Customers')).findByText('Reading…')).toBeTruthy();

  const nextRunAt = '2026-11-20T11:00:00.000Z';
  api.db.blockListSyncs = [{ ...running, status: 'SYNCED', progress: null, nextRunAt }, agency];
  await act(async () => {
    await jest.advanceTimersByTimeAsync(5_000);
  });
  await waitFor(() => expect(api.sent('listBlockListSyncs')).toHaveLength(3));
  const row = rowOf('101 : Customers');
  expect(await within(row).findByText('SYNCED')).toBeTruthy();
  expect(
    within(row).getByText(`Next run: ${new Date(nextRunAt).toLocaleString('en-US')}`),
  ).toBeTruthy();
  expect(within(row).queryByText(/^Reading|^Writing/)).toBeNull();

  // At rest: no more reads, however long the page stays open.
  await act(async () => {
    await jest.advanceTimersByTimeAsync(60_000);
  });
  expect(api.sent('listBlockListSyncs')).toHaveLength(3);
});

test('a queued sync is polled too; a paused one is not', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  const queued = aBlockListSync({ ...customers, status: 'QUEUED' });
  const api = fakeService(blockListsSeed({ blockListSyncs: [queued] }));
  await openScreen(api, '101 : Customers');

  await act(async () => {
    await jest.advanceTimersByTimeAsync(5_000);
  });
  await waitFor(() => expect(api.sent('listBlockListSyncs')).toHaveLength(2));

  // Paused while queued: the run will not happen, so nothing is left to watch.
  api.db.blockListSyncs = [{ ...queued, isEnabled: false }];
  await act(async () => {
    await jest.advanceTimersByTimeAsync(5_000);
  });
  await waitFor(() => expect(api.sent('listBlockListSyncs')).toHaveLength(3));
  expect(await within(rowOf('101 : Customers')).findByText('PAUSED')).toBeTruthy();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(60_000);
  });
  expect(api.sent('listBlockListSyncs')).toHaveLength(3);
});

test('no syncs yet: the table says so', async () => {
  fakeService(blockListsSeed());
  renderPage(path);
  expect(
    await within(await screen.findByRole('table', { name: 'Blocked List' })).findByText(
      'No block lists yet.',
    ),
  ).toBeTruthy();
});
