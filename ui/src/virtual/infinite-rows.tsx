import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { infiniteDefaults, type InfiniteRowsFrameSettings } from './infinite-frame';

export { InfiniteRowsFrame } from './infinite-frame';

/** Infinite loading and the count line, shared by VirtualList and VirtualTable. */
export interface InfiniteRowsProps {
  /** More rows exist beyond the loaded ones. */
  hasMore?: boolean;
  /** The next page is loading: shows a spinner row and holds further `onLoadMore` calls. */
  loadingMore?: boolean;
  /**
   * Asked for the next page once the last rendered row is within `loadMoreThreshold` rows of
   * the end, while `hasMore && !loadingMore`. Asked at most once per list length, so a failed
   * page is not retried in a loop: offer a retry that loads it directly.
   */
  onLoadMore?: () => void;
  loadMoreThreshold?: number;
  loadingMoreText?: string;
  /** A line announced politely as it changes, e.g. a count ('Total results: 120'). */
  statusText?: ReactNode;
  /** Shows `loadingText` with a spinner while there are no rows yet. */
  loading?: boolean;
  loadingText?: string;
  /** Shown when there are no rows and nothing is loading. */
  emptyText?: ReactNode;
  /**
   * The scroll viewport's height (a CSS length). By default it takes the screen's height below
   * the host's sticky header (`--outsync-toast-offset-top`, which hosts set below it), so a
   * list uses the page's height; with fewer rows it is as tall as they are.
   */
  height?: string;
  /** The first estimate of a row's height in pixels, before it is measured. */
  estimateRowHeight?: number;
  /** Rows rendered beyond the visible ones, each side. */
  overscan?: number;
  /** The viewport's size before it is measured (server rendering, tests). */
  initialRect?: { width: number; height: number };
  className?: string;
}

/**
 * What VirtualList and VirtualTable share: the virtualizer over the rows (measured as they
 * render), the next page asked for near the end, and what the rows show while nothing is there.
 */
export function useInfiniteRows<Row>(
  rows: readonly Row[],
  getRowKey: (row: Row, index: number) => string | number,
  {
    hasMore = false,
    loadingMore = false,
    onLoadMore,
    loadMoreThreshold,
    loadingMoreText = infiniteDefaults.loadingText,
    statusText,
    loading = false,
    loadingText = infiniteDefaults.loadingText,
    emptyText,
    height,
    estimateRowHeight = infiniteDefaults.estimateRowHeight,
    overscan = infiniteDefaults.overscan,
    initialRect,
    className,
  }: InfiniteRowsProps,
) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  // React Compiler would skip this hook (the virtualizer's functions are not memoisable); we do
  // not run the compiler, and nothing memoised receives them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => viewport,
    estimateSize: () => estimateRowHeight,
    getItemKey: (index) => getRowKey(rows[index]!, index),
    overscan,
    initialRect,
  });
  const virtualRows = virtualizer.getVirtualItems();
  useLoadMoreNearEnd({
    lastRenderedIndex: virtualRows.at(-1)?.index ?? -1,
    count: rows.length,
    listKey: rows[0] === undefined ? undefined : getRowKey(rows[0], 0),
    hasMore,
    loadingMore,
    onLoadMore,
    threshold: loadMoreThreshold,
  });

  const frame: InfiniteRowsFrameSettings = {
    viewportRef: setViewport,
    statusText,
    height,
    className,
  };
  return {
    virtualizer,
    virtualRows,
    frame,
    busy: loading || loadingMore || undefined,
    /** The spinner's text while the first rows or the next page load; null otherwise. */
    loadingMessage: loading ? loadingText : loadingMore ? loadingMoreText : null,
    showEmpty: !loading && rows.length === 0 && emptyText !== undefined,
  };
}

/** Calls `onLoadMore` when the rendered rows come near the end (see InfiniteRowsProps). */
function useLoadMoreNearEnd({
  lastRenderedIndex,
  count,
  listKey,
  hasMore,
  loadingMore,
  onLoadMore,
  threshold = infiniteDefaults.loadMoreThreshold,
}: {
  lastRenderedIndex: number;
  count: number;
  /** Tells one list from another of the same length (the first row's key). */
  listKey: string | number | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore?: () => void;
  threshold?: number;
}) {
  const askedFor = useRef<string | null>(null);
  const loadMore = useEffectEvent(() => onLoadMore?.());
  const list = `${count}:${String(listKey)}`;

  useEffect(() => {
    if (!hasMore || loadingMore || count === 0 || askedFor.current === list) return;
    if (lastRenderedIndex < count - 1 - threshold) return;
    askedFor.current = list;
    loadMore();
  }, [lastRenderedIndex, count, list, hasMore, loadingMore, threshold]);
}
