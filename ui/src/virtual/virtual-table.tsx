import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { LoadingMessage } from '../data/loading-message';
import {
  BodyCells,
  BodyRow,
  ColumnWidths,
  DataTable,
  FullWidthRow,
  HeaderCells,
  TableCaption,
  type TableColumn,
  type TableRowId,
} from '../data/table-parts';
import {
  infiniteDefaults,
  StatusLine,
  useLoadMoreNearEnd,
  Viewport,
  VirtualRoot,
  type InfiniteRowsProps,
} from './infinite-rows';

export interface VirtualTableProps<Row> extends InfiniteRowsProps {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => TableRowId;
  /** Names the table and its scroll region. */
  caption: ReactNode;
  captionHidden?: boolean;
  /** All rows there are, when known (a count endpoint): read out as the table's row count. */
  totalCount?: number;
  /** The narrowest the table gets (a CSS length); a narrower viewport scrolls sideways. */
  minWidth?: string;
}

/**
 * A real `<table>` that renders only the rows near the viewport. Spacer rows above and below
 * stand in for the others, so columns stay aligned and the table keeps its semantics;
 * `aria-rowcount` and `aria-rowindex` tell assistive technology where each row sits. Rows are
 * measured as they render, so wrapping cells of any height are fine.
 */
export function VirtualTable<Row>({
  columns,
  rows,
  getRowId,
  caption,
  captionHidden = false,
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
  minWidth,
  className,
}: VirtualTableProps<Row>) {
  const captionId = useId();
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  // React Compiler would skip this component (the virtualizer's functions are not memoisable);
  // we do not run the compiler, and nothing memoised receives them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => viewport,
    estimateSize: () => estimateRowHeight,
    getItemKey: (index) => getRowId(rows[index]!),
    overscan,
    initialRect,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastVirtualRow = virtualRows.at(-1);
  useLoadMoreNearEnd({
    lastRenderedIndex: lastVirtualRow?.index ?? -1,
    count: rows.length,
    listKey: rows[0] === undefined ? undefined : getRowId(rows[0]),
    hasMore,
    loadingMore,
    onLoadMore,
    threshold: loadMoreThreshold,
  });

  const spaceAbove = virtualRows[0]?.start ?? 0;
  const spaceBelow = lastVirtualRow ? virtualizer.getTotalSize() - lastVirtualRow.end : 0;
  // The header row counts; -1 means the total is not known yet.
  const rowCount = totalCount !== undefined ? totalCount + 1 : hasMore ? -1 : rows.length + 1;
  const showEmpty = !loading && rows.length === 0 && emptyText !== undefined;

  return (
    <VirtualRoot className={className}>
      {statusText !== undefined ? <StatusLine>{statusText}</StatusLine> : null}
      <Viewport
        ref={setViewport}
        $height={height}
        role="region"
        tabIndex={0}
        aria-labelledby={captionId}
      >
        <DataTable
          aria-rowcount={rowCount}
          aria-busy={loading || loadingMore || undefined}
          $minWidth={minWidth}
        >
          <TableCaption id={captionId} hidden={captionHidden}>
            {caption}
          </TableCaption>
          <ColumnWidths columns={columns} />
          <thead>
            <tr aria-rowindex={1}>
              <HeaderCells columns={columns} sticky />
            </tr>
          </thead>
          <tbody>
            {spaceAbove > 0 ? <SpacerRow height={spaceAbove} colSpan={columns.length} /> : null}
            {virtualRows.map((virtualRow) => {
              const row = rows[virtualRow.index]!;
              return (
                <BodyRow
                  key={virtualRow.key}
                  data-index={virtualRow.index}
                  ref={virtualizer.measureElement}
                  aria-rowindex={virtualRow.index + 2}
                >
                  <BodyCells columns={columns} row={row} />
                </BodyRow>
              );
            })}
            {spaceBelow > 0 ? <SpacerRow height={spaceBelow} colSpan={columns.length} /> : null}
            {loading || loadingMore ? (
              <FullWidthRow colSpan={columns.length}>
                <LoadingMessage text={loading ? loadingText : loadingMoreText} />
              </FullWidthRow>
            ) : null}
            {showEmpty ? <FullWidthRow colSpan={columns.length}>{emptyText}</FullWidthRow> : null}
          </tbody>
        </DataTable>
      </Viewport>
    </VirtualRoot>
  );
}

/** Holds the place of the rows that are not rendered. */
function SpacerRow({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true">
      <SpacerCell colSpan={colSpan} style={{ height }} />
    </tr>
  );
}

const SpacerCell = styled.td`
  padding: 0;
  border: 0;
`;
