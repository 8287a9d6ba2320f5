import { render, screen, within } from '@testing-library/react';
import { UiProvider } from '../ui-provider';
import { Table } from './table';
import type { TableColumn } from './table-parts';

interface Webhook {
  id: number;
  url: string;
  description: string;
}

const columns: TableColumn<Webhook>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id, rowHeader: true, width: '80px', align: 'end' },
  { id: 'url', header: 'Webhook URL', cell: (row) => row.url },
  { id: 'description', header: 'Description', cell: (row) => row.description },
];

const webhooks: Webhook[] = [
  { id: 1, url: 'https://example.com/hooks/a', description: 'First' },
  { id: 2, url: 'https://example.com/hooks/b', description: 'Second' },
];

function renderTable(props: Partial<Parameters<typeof Table<Webhook>>[0]> = {}) {
  return render(
    <UiProvider>
      <Table
        caption="Webhooks"
        columns={columns}
        rows={webhooks}
        getRowId={(row) => row.id}
        {...props}
      />
    </UiProvider>,
  );
}

test('a semantic table named by its caption, with column and row headers', () => {
  renderTable();
  const table = screen.getByRole('table', { name: 'Webhooks' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual(['ID', 'Webhook URL', 'Description']);

  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(3);
  expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('1');
  expect(
    within(rows[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['https://example.com/hooks/a', 'First']);
});

test('a hidden caption still names the table', () => {
  renderTable({ caption: 'Existing webhooks:', captionHidden: true });
  expect(screen.getByRole('table', { name: 'Existing webhooks:' })).toBeTruthy();
});

test('while loading, a row shows a spinner with the default text', () => {
  renderTable({ rows: [], loading: true, emptyText: 'No webhooks' });
  const table = screen.getByRole('table', { name: 'Webhooks' });
  expect(table.getAttribute('aria-busy')).toBe('true');
  const loadingCell = within(table).getByRole('cell');
  expect(loadingCell.getAttribute('colspan')).toBe('3');
  expect(within(loadingCell).getByRole('status').textContent).toBe('Loading...');
  // The empty text waits until loading is over.
  expect(screen.queryByText('No webhooks')).toBeNull();
});

test('the loading text can be replaced', () => {
  renderTable({ rows: [], loading: true, loadingText: 'Loading webhooks' });
  expect(screen.getByRole('status').textContent).toBe('Loading webhooks');
});

test('with no rows, the empty text fills one full-width row', () => {
  renderTable({ rows: [], emptyText: 'No webhooks yet' });
  const table = screen.getByRole('table', { name: 'Webhooks' });
  const cell = within(table).getByRole('cell');
  expect(cell.textContent).toBe('No webhooks yet');
  expect(cell.getAttribute('colspan')).toBe('3');
  expect(table.getAttribute('aria-busy')).toBeNull();
});

test('a minimum width keeps a wide table from squeezing its columns', () => {
  renderTable({ minWidth: '1400px' });
  expect(getComputedStyle(screen.getByRole('table')).minWidth).toBe('1400px');
});

describe('horizontal overflow', () => {
  const sizes = (scrollWidth: number, clientWidth: number) => {
    jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  };
  afterEach(() => jest.restoreAllMocks());

  test('a table wider than its container scrolls in a focusable region named by the caption', () => {
    sizes(1200, 600);
    renderTable();
    const region = screen.getByRole('region', { name: 'Webhooks' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table')).toBeTruthy();
  });

  test('a table that fits adds no tab stop', () => {
    sizes(600, 600);
    renderTable();
    expect(screen.queryByRole('region', { name: 'Webhooks' })).toBeNull();
    expect(screen.getByRole('table').parentElement?.hasAttribute('tabindex')).toBe(false);
  });
});
