import { screen, within } from '@testing-library/react';
import { VirtualList, type VirtualListProps } from './virtual-list';
import { fakeLayout, scrollTo } from './virtual-test-layout';
import { renderVirtual } from './virtual-test-render';

interface Line {
  id: string;
  text: string;
}

const makeLines = (count: number): Line[] =>
  Array.from({ length: count }, (_, index) => ({ id: `line-${index}`, text: `Line ${index}` }));

function renderList(props: Partial<VirtualListProps<Line>> = {}) {
  return renderVirtual(
    VirtualList<Line>,
    {
      label: 'Block list sync log',
      items: makeLines(50),
      getItemKey: (line) => line.id,
      renderItem: (line) => <p>{line.text}</p>,
      estimateRowHeight: 40,
      ...props,
    },
    'Block list sync log',
  );
}

afterEach(() => jest.restoreAllMocks());

test('a named, focusable list that renders the items near the viewport at their measured heights', () => {
  // Items wrap to different heights: odd ones are twice as tall.
  fakeLayout({ viewportHeight: 200, rowHeight: (index) => (index % 2 ? 80 : 40) });
  const { viewport } = renderList();
  expect(viewport.tabIndex).toBe(0);
  const items = within(within(viewport).getByRole('list')).getAllByRole('listitem');
  expect(items.length).toBeLessThan(50);
  expect(items[0]!.getAttribute('aria-posinset')).toBe('1');
  expect(items[0]!.getAttribute('aria-setsize')).toBe('50');

  // Item 3 starts after 40 + 80 + 40 pixels: measured, not the estimate.
  const third = screen.getByText('Line 3').closest('[role="listitem"]') as HTMLElement;
  expect(third.style.transform).toBe('translateY(160px)');
});

test('scrolling to the end asks once for more, and a spinner shows while it loads', () => {
  fakeLayout({ viewportHeight: 200, rowHeight: () => 40 });
  const onLoadMore = jest.fn();
  const { viewport, update } = renderList({ hasMore: true, onLoadMore });
  expect(screen.getAllByRole('listitem')[0]!.getAttribute('aria-setsize')).toBe('-1');
  expect(onLoadMore).not.toHaveBeenCalled();

  scrollTo(viewport, 50 * 40 - 200);
  scrollTo(viewport, 50 * 40 - 240);
  expect(onLoadMore).toHaveBeenCalledTimes(1);
  expect(screen.getByText('Line 49')).toBeTruthy();

  update({ hasMore: true, onLoadMore, loadingMore: true, loadingMoreText: 'Loading more lines' });
  expect(within(viewport).getByRole('status').textContent).toBe('Loading more lines');
  expect(viewport.getAttribute('aria-busy')).toBe('true');
});

test('status, loading and empty states', () => {
  fakeLayout({ viewportHeight: 200, rowHeight: () => 40 });
  const { viewport, update } = renderList({
    items: [],
    loading: true,
    statusText: 'Total results: Loading...',
    emptyText: 'No lines yet',
  });
  expect(screen.getByText('Total results: Loading...').getAttribute('role')).toBe('status');
  expect(within(viewport).getByRole('status').textContent).toBe('Loading...');
  expect(within(viewport).queryByRole('list')).toBeNull();

  update({ items: [], loading: false, statusText: 'Total results: 0', emptyText: 'No lines yet' });
  expect(screen.getByText('Total results: 0')).toBeTruthy();
  expect(within(viewport).getByText('No lines yet')).toBeTruthy();
});
