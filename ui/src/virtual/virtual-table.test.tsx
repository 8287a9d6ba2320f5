import { fireEvent, screen, within } from '@testing-library/react';
import type { TableColumn } from '../data/table-parts';
import { fakeLayout, scrollTo } from './virtual-test-layout';
import { renderVirtual } from './virtual-test-render';
import { VirtualTable, type VirtualTableProps } from './virtual-table';

interface LogRow {
  id: number;
  email: string;
}

const makeRows = (count: number, from = 1): LogRow[] =>
  Array.from({ length: count }, (_, index) => ({
    id: from + index,
    email: `lead${from + index}@acme.test`,
  }));

const columns: TableColumn<LogRow>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id, rowHeader: true },
  { id: 'email', header: 'Email', cell: (row) => row.email },
];

function renderLogs(props: Partial<VirtualTableProps<LogRow>> = {}) {
  return renderVirtual(
    VirtualTable<LogRow>,
    {
      caption: 'Webhook payloads',
      columns,
      rows: makeRows(100),
      getRowId: (row) => row.id,
      estimateRowHeight: 40,
      ...props,
    },
    'Webhook payloads',
  );
}

/** The ids of the body rows in the DOM. */
const renderedIds = () =>
  within(screen.getByRole('table'))
    .queryAllByRole('rowheader')
    .map((cell) => Number(cell.textContent));

beforeEach(() => fakeLayout({ viewportHeight: 200, rowHeight: () => 40 }));
afterEach(() => jest.restoreAllMocks());

test('a real table in a focusable scroll region, rendering only the rows near the viewport', () => {
  const { viewport } = renderLogs();
  expect(viewport.tabIndex).toBe(0);
  const table = within(viewport).getByRole('table', { name: 'Webhook payloads' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['ID', 'Email']);
  expect(table.getAttribute('aria-rowcount')).toBe('101');

  const ids = renderedIds();
  expect(ids[0]).toBe(1);
  expect(ids.length).toBeGreaterThanOrEqual(5);
  expect(ids.length).toBeLessThan(20);
  // Each row says where it sits among all rows (the header is row 1).
  const firstRow = screen.getByText('lead1@acme.test').closest('tr');
  expect(firstRow?.getAttribute('aria-rowindex')).toBe('2');
});

test('scrolling renders the rows that come into view', () => {
  const { viewport } = renderLogs();
  scrollTo(viewport, 3000);
  const ids = renderedIds();
  expect(ids).toContain(76);
  expect(ids).not.toContain(1);
  expect(screen.getByText('lead76@acme.test').closest('tr')?.getAttribute('aria-rowindex')).toBe(
    '77',
  );
});

describe('infinite loading', () => {
  test('asks for the next page once when the end comes near, and shows a spinner row while it loads', () => {
    const onLoadMore = jest.fn();
    const { viewport, update } = renderLogs({ rows: makeRows(20), hasMore: true, onLoadMore });
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('-1');

    scrollTo(viewport, 600);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    scrollTo(viewport, 560);
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    update({ rows: makeRows(20), hasMore: true, onLoadMore, loadingMore: true });
    const spinnerRow = within(screen.getByRole('table')).getByRole('status');
    expect(spinnerRow.textContent).toBe('Loading...');

    // The page arrives: nothing more is asked until the new end comes near.
    update({ rows: makeRows(40), hasMore: true, onLoadMore, loadingMore: false });
    expect(within(screen.getByRole('table')).queryByRole('status')).toBeNull();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    scrollTo(viewport, 1400);
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  test('asks nothing while a page is loading or when there is no more', () => {
    const onLoadMore = jest.fn();
    const { viewport, update } = renderLogs({
      rows: makeRows(20),
      hasMore: true,
      loadingMore: true,
      onLoadMore,
    });
    scrollTo(viewport, 600);
    expect(onLoadMore).not.toHaveBeenCalled();

    update({ rows: makeRows(20), hasMore: false, onLoadMore });
    scrollTo(viewport, 590);
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  test('a page that failed is not asked for again in a loop', () => {
    const onLoadMore = jest.fn();
    const { viewport, update } = renderLogs({ rows: makeRows(20), hasMore: true, onLoadMore });
    scrollTo(viewport, 600);
    update({ rows: makeRows(20), hasMore: true, onLoadMore, loadingMore: true });
    update({ rows: makeRows(20), hasMore: true, onLoadMore, loadingMore: false });
    scrollTo(viewport, 590);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  test('a new search of the same length is a new list: its next page is asked for', () => {
    const onLoadMore = jest.fn();
    const { viewport, update } = renderLogs({ rows: makeRows(20), hasMore: true, onLoadMore });
    scrollTo(viewport, 600);
    update({ rows: makeRows(20, 500), hasMore: true, onLoadMore });
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  test('the threshold sets how near the end the next page is asked for', () => {
    const onLoadMore = jest.fn();
    renderLogs({ rows: makeRows(20), hasMore: true, onLoadMore, loadMoreThreshold: 15 });
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});

test('the count line is a polite status the caller words', () => {
  const { update } = renderLogs({ statusText: 'Total results: Loading...' });
  const status = screen.getByText('Total results: Loading...');
  expect(status.getAttribute('role')).toBe('status');
  update({ statusText: 'Total results: 120', totalCount: 120 });
  expect(status.textContent).toBe('Total results: 120');
  expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('121');
});

test('before the first page, a loading row; with no rows, the empty text', () => {
  const { update } = renderLogs({ rows: [], loading: true, emptyText: 'No payloads' });
  const table = screen.getByRole('table', { name: 'Webhook payloads' });
  expect(table.getAttribute('aria-busy')).toBe('true');
  expect(within(table).getByRole('status').textContent).toBe('Loading...');
  expect(screen.queryByText('No payloads')).toBeNull();

  update({ rows: [], loading: false });
  const cell = within(screen.getByRole('table')).getByRole('cell');
  expect(cell.textContent).toBe('No payloads');
  expect(cell.getAttribute('colspan')).toBe('2');
});

test('by default the viewport takes the page height below the host header, and contains its rows', () => {
  const { viewport } = renderLogs();
  const style = getComputedStyle(viewport);
  expect(style.height).toBe('');
  expect(style.maxHeight).toBe('calc(100dvh - var(--outsync-toast-offset-top, 16px) - 5rem)');
  // Visually hidden texts far down the list are positioned inside it, not against the page.
  expect(style.position).toBe('relative');
});

test('a given height is kept', () => {
  const { viewport } = renderLogs({ height: '360px' });
  expect(getComputedStyle(viewport).height).toBe('360px');
});

test('folded columns open in a detail row inside the row group the virtualizer measures', () => {
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function width(
    this: HTMLElement,
  ) {
    return 500 * this.querySelectorAll('thead th:not([data-sizing="toggle"])').length;
  });
  renderLogs({
    columns: [columns[0]!, { ...columns[1]!, sizing: 'token', priority: 1 }],
  });
  expect(
    within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Details', 'ID']);
  const toggle = screen.getAllByRole('button', { name: 'Details' })[0]!;
  fireEvent.click(toggle);
  const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  expect(details?.textContent).toBe('Emaillead1@acme.test');
  expect(details?.closest('tbody')?.getAttribute('data-index')).toBe('0');
});
