import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

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
  /** The scroll viewport's height (a CSS length). */
  height?: string;
  /** The first estimate of a row's height in pixels, before it is measured. */
  estimateRowHeight?: number;
  /** Rows rendered beyond the visible ones, each side. */
  overscan?: number;
  /** The viewport's size before it is measured (server rendering, tests). */
  initialRect?: { width: number; height: number };
  className?: string;
}

export const infiniteDefaults = {
  loadMoreThreshold: 5,
  loadingText: 'Loading...',
  height: '70vh',
  estimateRowHeight: 48,
  overscan: 6,
} as const;

/** Calls `onLoadMore` when the rendered rows come near the end (see InfiniteRowsProps). */
export function useLoadMoreNearEnd({
  lastRenderedIndex,
  count,
  listKey,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  threshold = infiniteDefaults.loadMoreThreshold,
}: {
  lastRenderedIndex: number;
  count: number;
  /** Tells one list from another of the same length (the first row's key). */
  listKey: string | number | undefined;
  hasMore?: boolean;
  loadingMore?: boolean;
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

/** The polite live line above the rows. */
export function StatusLine({ children }: { children: ReactNode }) {
  return <StatusText role="status">{children}</StatusText>;
}

export const VirtualRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const StatusText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.inkMuted};
`;

/** The scroll container: focusable so keyboards scroll it, named by the caller. */
export const Viewport = styled.div<{ $height: string }>`
  height: ${({ $height }) => $height};
  overflow: auto;
  overscroll-behavior: contain;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

export const CenteredMessage = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.inkMuted};
`;
