import { useVirtualizer } from '@tanstack/react-virtual';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { LoadingMessage } from '../data/loading-message';
import {
  CenteredMessage,
  infiniteDefaults,
  StatusLine,
  useLoadMoreNearEnd,
  Viewport,
  VirtualRoot,
  type InfiniteRowsProps,
} from './infinite-rows';

export interface VirtualListProps<Item> extends InfiniteRowsProps {
  items: readonly Item[];
  renderItem: (item: Item, index: number) => ReactNode;
  getItemKey: (item: Item, index: number) => string | number;
  /** Names the list's scroll region. */
  label: string;
  /** All items there are, when known: read out as each item's set size. */
  totalCount?: number;
}

/**
 * A list (`role="list"`) that renders only the items near the viewport, for content that is not
 * tabular (cards, log lines). Items are measured as they render, so their heights may vary.
 */
export function VirtualList<Item>({
  items,
  renderItem,
  getItemKey,
  label,
  totalCount,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  loadMoreThreshold,
  loadingMoreText = infiniteDefaults.loadingText,
  statusText,
  loading = false,
  loadingText = infiniteDefaults.loadingText,
  emptyText,
  height = infiniteDefaults.height,
  estimateRowHeight = infiniteDefaults.estimateRowHeight,
  overscan = infiniteDefaults.overscan,
  initialRect,
  className,
}: VirtualListProps<Item>) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  // React Compiler would skip this component (the virtualizer's functions are not memoisable);
  // we do not run the compiler, and nothing memoised receives them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => viewport,
    estimateSize: () => estimateRowHeight,
    getItemKey: (index) => getItemKey(items[index]!, index),
    overscan,
    initialRect,
  });
  const virtualItems = virtualizer.getVirtualItems();
  useLoadMoreNearEnd({
    lastRenderedIndex: virtualItems.at(-1)?.index ?? -1,
    count: items.length,
    listKey: items[0] === undefined ? undefined : getItemKey(items[0], 0),
    hasMore,
    loadingMore,
    onLoadMore,
    threshold: loadMoreThreshold,
  });
  // -1: the total is not known yet.
  const setSize = totalCount ?? (hasMore ? -1 : items.length);

  return (
    <VirtualRoot className={className}>
      {statusText !== undefined ? <StatusLine>{statusText}</StatusLine> : null}
      <Viewport
        ref={setViewport}
        $height={height}
        role="region"
        tabIndex={0}
        aria-label={label}
        aria-busy={loading || loadingMore || undefined}
      >
        {items.length > 0 ? (
          <ListBody role="list" style={{ height: virtualizer.getTotalSize() }}>
            {virtualItems.map((virtualItem) => (
              <ListItem
                key={virtualItem.key}
                role="listitem"
                data-index={virtualItem.index}
                ref={virtualizer.measureElement}
                aria-posinset={virtualItem.index + 1}
                aria-setsize={setSize}
                style={{ transform: `translateY(${virtualItem.start}px)` }}
              >
                {renderItem(items[virtualItem.index]!, virtualItem.index)}
              </ListItem>
            ))}
          </ListBody>
        ) : null}
        {loading || loadingMore ? (
          <CenteredMessage>
            <LoadingMessage text={loading ? loadingText : loadingMoreText} />
          </CenteredMessage>
        ) : null}
        {!loading && items.length === 0 && emptyText !== undefined ? (
          <CenteredMessage>{emptyText}</CenteredMessage>
        ) : null}
      </Viewport>
    </VirtualRoot>
  );
}

const ListBody = styled.div`
  position: relative;
  width: 100%;
`;

// Positioned by transform; its height is whatever its content needs, then measured.
const ListItem = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
`;
