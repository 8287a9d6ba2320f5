import { render, screen, within } from '@testing-library/react';
import type { TableColumn } from '../data/table-parts';
import { UiProvider } from '../ui-provider';
import { LazyVirtualTable } from './lazy-virtual-table';
import type { VirtualTableProps } from './virtual-table';
import { fakeLayout } from './virtual-test-layout';

interface LogRow {
  id: number;
  email: string;
}

const columns: TableColumn<LogRow>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id, rowHeader: true },
  { id: 'email', header: 'Email', cell: (row) => row.email },
];

const props = (overrides: Partial<VirtualTableProps<LogRow>>): VirtualTableProps<LogRow> => ({
  caption: 'Webhook payloads',
  columns,
  rows: [],
  getRowId: (row) => row.id,
  emptyText: 'No results found.',
  ...overrides,
});

beforeEach(() => fakeLayout({ viewportHeight: 400, rowHeight: () => 40 }));
afterEach(() => jest.restoreAllMocks());

// One page per file: the first test sees the table without its code, the next with it loaded.
test('without rows it draws the table, loading then empty, without the windowing code; rows bring it', async () => {
  const view = render(
    <UiProvider>
      <LazyVirtualTable {...props({ loading: true, statusText: 'Total results: Loading...' })} />
    </UiProvider>,
  );
  const region = screen.getByRole('region', { name: 'Webhook payloads' });
  expect(within(region).getByRole('table').getAttribute('aria-busy')).toBe('true');
  expect(
    within(region)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['ID', 'Email']);
  expect(within(region).getAllByText('Loading...').length).toBeGreaterThan(0);
  expect(screen.getByText('Total results: Loading...').getAttribute('role')).toBe('status');

  view.rerender(
    <UiProvider>
      <LazyVirtualTable {...props({ statusText: 'Total results: 0', totalCount: 0 })} />
    </UiProvider>,
  );
  expect(screen.getByText('No results found.')).toBeTruthy();
  expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('1');

  view.rerender(
    <UiProvider>
      <LazyVirtualTable
        {...props({ rows: [{ id: 7, email: 'lead7@acme.test' }], totalCount: 1 })}
      />
    </UiProvider>,
  );
  // The rows wait under the loading row while the code comes, then show in the real table.
  expect(screen.getAllByText('Loading...').length).toBeGreaterThan(0);
  expect(await screen.findByRole('rowheader', { name: '7' })).toBeTruthy();
  expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('2');
  expect(screen.queryAllByText('Loading...')).toEqual([]);
});

test('once loaded, an empty list stays in the real table', () => {
  render(
    <UiProvider>
      <LazyVirtualTable {...props({})} />
    </UiProvider>,
  );
  expect(screen.getByText('No results found.')).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Webhook payloads' })).toBeTruthy();
});
