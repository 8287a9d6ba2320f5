import { useId } from 'react';
import styled from 'styled-components';
import {
  BodyRow,
  DataTable,
  MessageRows,
  TableHead,
  type TableContentProps,
} from '../data/table-parts';
import { InfiniteRowsFrame, useInfiniteRows, type InfiniteRowsProps } from './infinite-rows';

export interface VirtualTableProps<Row> extends TableContentProps<Row>, InfiniteRowsProps {
  /** All rows there are, when known (a count endpoint): read out as the table's row count. */
  totalCount?: number;
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
  minWidth,
  ...infinite
}: VirtualTableProps<Row>) {
  const captionId = useId();
  const { virtualizer, virtualRows, frame, busy, loadingMessage, showEmpty } = useInfiniteRows(
    rows,
    getRowId,
    infinite,
  );
  const lastVirtualRow = virtualRows.at(-1);
  const spaceAbove = virtualRows[0]?.start ?? 0;
  const spaceBelow = lastVirtualRow ? virtualizer.getTotalSize() - lastVirtualRow.end : 0;
  // The header row counts; -1 means the total is not known yet.
  const rowCount =
    totalCount !== undefined ? totalCount + 1 : infinite.hasMore ? -1 : rows.length + 1;

  return (
    <InfiniteRowsFrame {...frame} aria-labelledby={captionId}>
      <DataTable aria-rowcount={rowCount} aria-busy={busy} $minWidth={minWidth}>
        <TableHead
          captionId={captionId}
          caption={caption}
          captionHidden={captionHidden}
          columns={columns}
          headerRowIndex={1}
          sticky
        />
        <tbody>
          {spaceAbove > 0 ? <SpacerRow height={spaceAbove} colSpan={columns.length} /> : null}
          {virtualRows.map((virtualRow) => (
            <BodyRow
              key={virtualRow.key}
              columns={columns}
              row={rows[virtualRow.index]!}
              data-index={virtualRow.index}
              ref={virtualizer.measureElement}
              aria-rowindex={virtualRow.index + 2}
            />
          ))}
          {spaceBelow > 0 ? <SpacerRow height={spaceBelow} colSpan={columns.length} /> : null}
          <MessageRows
            colSpan={columns.length}
            loadingText={loadingMessage}
            showEmpty={showEmpty}
            emptyText={infinite.emptyText}
          />
        </tbody>
      </DataTable>
    </InfiniteRowsFrame>
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
