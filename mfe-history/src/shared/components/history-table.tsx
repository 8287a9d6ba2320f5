import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, theme } from '@outsync/ui';
import type { TableColumn, TableRowId } from '@outsync/ui/data';
import { LazyVirtualTable, preloadVirtualTable } from '@outsync/ui/lazy';
import { historyTexts } from './history-texts';

/**
 * The ID column every history table starts with: the row's header, a token that wraps in a
 * fixed 8.5rem (an ObjectId on two lines), never folded (ui/README.md, "Tables: one sizing rule").
 */
export function idColumn<Row extends { id: string }>(header: string): TableColumn<Row> {
  return {
    id: 'id',
    header,
    cell: (row) => row.id,
    rowHeader: true,
    sizing: 'token',
    wrap: true,
    width: '8.5rem',
    minWidth: '8.5rem',
  };
}

/** The count line's state: counting, counted (perhaps capped), or nothing to show. */
export type CountState = { counting: true } | { counting: false; count: number; capped?: boolean };

/** The count line of a list whose pages carry their total (block lists, category filter). */
export function pageCountState(list: {
  loading: boolean;
  pageTotal: number | undefined;
}): CountState | undefined {
  if (list.loading) return { counting: true };
  return list.pageTotal === undefined ? undefined : { counting: false, count: list.pageTotal };
}

/** "Total results: Loading..." while counting, then the number (spec 02 §2.9). */
export function CountLine({ state }: { state: CountState }) {
  if (state.counting) return <>{historyTexts.totalLoading}</>;
  if (state.capped) {
    return (
      <span title={historyTexts.cappedNote(state.count)}>
        {historyTexts.totalCapped(state.count)}
      </span>
    );
  }
  return <>{historyTexts.total(state.count)}</>;
}

interface ListState {
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  nextPageFailed: boolean;
  failed: boolean;
  loadMore: () => void;
}

/**
 * A history list: the count line, then a virtualised table that asks for the next page near
 * its end (a spinner row while it loads). A page that failed is offered again with a button:
 * the table asks only once per list length. The windowing code (TanStack Virtual) loads when
 * the first rows or a count above 0 come, not on an empty list (issue 32, "Fourth pass").
 */
export function HistoryTable<Row>({
  caption,
  columns,
  rows,
  getRowId,
  list,
  count,
  minWidth,
  emptyText = historyTexts.empty,
}: {
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => TableRowId;
  list: ListState;
  /** Undefined shows no count line (the count failed). */
  count: CountState | undefined;
  /** Not needed: the columns fold into detail rows instead (ui/README.md, "Tables: one sizing rule"). */
  minWidth?: string;
  /** What an answered list without rows says; "No results found." unless the screen has its own. */
  emptyText?: string;
}) {
  const statusText: ReactNode = count ? <CountLine state={count} /> : undefined;
  // The count often answers before the first page: the table's code loads beside the rows.
  const counted = count !== undefined && !count.counting && count.count > 0;
  useEffect(() => {
    if (counted) void preloadVirtualTable();
  }, [counted]);
  return (
    <Stack>
      <LazyVirtualTable
        caption={caption}
        captionHidden
        columns={columns}
        rows={rows}
        getRowId={getRowId}
        minWidth={minWidth}
        totalCount={count && !count.counting && !count.capped ? count.count : undefined}
        statusText={statusText}
        loading={list.loading}
        loadingText={historyTexts.loading}
        loadingMore={list.loadingMore}
        loadingMoreText={historyTexts.loading}
        hasMore={list.hasMore && !list.nextPageFailed}
        onLoadMore={list.loadMore}
        emptyText={list.failed ? undefined : emptyText}
        estimateRowHeight={88}
      />
      {list.nextPageFailed ? (
        <Retry>
          <span>{historyTexts.loadMoreFailed}</span>
          <Button $variant="secondary" onClick={list.loadMore}>
            {historyTexts.tryAgain}
          </Button>
        </Retry>
      ) : null}
    </Stack>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  min-width: 0;
`;

const Retry = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space(3)};
  color: ${theme.colors.inkMuted};
`;
