import { fireEvent, render, screen, within } from '@testing-library/react';
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

describe('one sizing rule', () => {
  interface Endpoint {
    id: number;
    url: string;
    description: string;
  }
  const endpoints: Endpoint[] = [
    { id: 1, url: 'https://hooks.example.com/a/0123456789abcdef', description: 'First' },
    { id: 2, url: 'https://hooks.example.com/b/fedcba9876543210', description: 'Second' },
  ];
  const sized: TableColumn<Endpoint>[] = [
    {
      id: 'id',
      header: 'ID',
      cell: (row) => row.id,
      rowHeader: true,
      sizing: 'fixed',
      width: '4rem',
    },
    { id: 'url', header: 'Webhook URL', cell: (row) => row.url, sizing: 'token', priority: 2 },
    { id: 'description', header: 'Description', cell: (row) => row.description, priority: 1 },
    {
      id: 'delete',
      header: 'Delete',
      cell: () => <button type="button">Delete</button>,
      sizing: 'actions',
    },
  ];
  const renderSized = () =>
    render(
      <UiProvider>
        <Table caption="Endpoints" columns={sized} rows={endpoints} getRowId={(row) => row.id} />
      </UiProvider>,
    );
  const headers = () =>
    within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);

  /** A container 700 px wide, and a table 200 px wider per column it shows. */
  const layout = () => {
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(700);
    jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function width(
      this: HTMLElement,
    ) {
      return 200 * this.querySelectorAll('thead th:not([data-sizing="toggle"])').length;
    });
  };
  afterEach(() => jest.restoreAllMocks());

  test('a token is cut on one line with its whole value in the title and in the page', () => {
    renderSized();
    const cell = screen.getByText('https://hooks.example.com/a/0123456789abcdef');
    expect(cell.getAttribute('title')).toBe('https://hooks.example.com/a/0123456789abcdef');
    expect(getComputedStyle(cell).textOverflow).toBe('ellipsis');
    expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
  });

  test('words never break inside, except a word longer than a `wrap` column is wide', () => {
    render(
      <UiProvider>
        <Table
          caption="Endpoints"
          columns={[
            { id: 'role', header: 'Role', cell: () => 'Customer' },
            { id: 'note', header: 'Note', cell: () => 'pasted-token-without-spaces', wrap: true },
          ]}
          rows={[{ id: 1 }]}
          getRowId={(row) => row.id}
        />
      </UiProvider>,
    );
    expect(getComputedStyle(screen.getByText('Customer')).overflowWrap).toBe('normal');
    expect(getComputedStyle(screen.getByText('pasted-token-without-spaces')).overflowWrap).toBe(
      'anywhere',
    );
  });

  test('without layout (or when it fits) every column shows and rows have no details', () => {
    renderSized();
    expect(headers()).toEqual(['ID', 'Webhook URL', 'Description', 'Delete']);
    expect(screen.queryByRole('button', { name: 'Details' })).toBeNull();
  });

  test('too narrow, the highest priority folds into a detail row each row opens', () => {
    layout();
    renderSized();
    // 4 columns are 800 px in 700: the URL (priority 2) folds; 600 px fit, the rest stays.
    expect(headers()).toEqual(['Details', 'ID', 'Description', 'Delete']);
    expect(screen.queryByRole('region', { name: 'Endpoints' })).toBeNull();

    const toggles = screen.getAllByRole('button', { name: 'Details' });
    expect(toggles).toHaveLength(2);
    expect(toggles[0]!.getAttribute('aria-expanded')).toBe('false');
    expect(toggles[0]!.getAttribute('title')).toBe('Webhook URL');
    expect(screen.queryByText('https://hooks.example.com/a/0123456789abcdef')).toBeNull();

    fireEvent.click(toggles[0]!);
    expect(toggles[0]!.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggles[0]!.getAttribute('aria-controls') ?? '');
    expect(within(details!).getByRole('term').textContent).toBe('Webhook URL');
    expect(within(details!).getByRole('definition').textContent).toBe(
      'https://hooks.example.com/a/0123456789abcdef',
    );
    // The second row stays closed.
    expect(screen.queryByText('https://hooks.example.com/b/fedcba9876543210')).toBeNull();

    fireEvent.click(toggles[0]!);
    expect(details!.isConnected).toBe(false);
  });

  test('a table too wide by two columns folds both, as folding one at a time would', () => {
    // Each header 200 px, the container 450: 800 px → fold the URL and the description (400 px).
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function width(
      this: HTMLElement,
    ) {
      return this.tagName === 'TH' ? 200 : 450;
    });
    jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function width(
      this: HTMLElement,
    ) {
      return 200 * this.querySelectorAll('thead th:not([data-sizing="toggle"])').length;
    });
    renderSized();
    expect(headers()).toEqual(['Details', 'ID', 'Delete']);
    expect(screen.queryByRole('region', { name: 'Endpoints' })).toBeNull();
  });

  test('columns without a priority never fold: too wide even so, it scrolls with its actions in view', () => {
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(600);
    renderSized();
    expect(headers()).toEqual(['Details', 'ID', 'Delete']);
    expect(screen.getByRole('region', { name: 'Endpoints' }).tabIndex).toBe(0);
    expect(screen.getByRole('table').hasAttribute('data-overflowing')).toBe(true);
  });
});
