import { useCallback, useId } from 'react';
import styled from 'styled-components';
import {
  BodyRow,
  DataTable,
  MessageRows,
  TableHead,
  type TableContentProps,
} from '../data/table-parts';
import { useExpandedRows, useFittingColumns } from '../data/use-fitting-columns';
import { InfiniteRowsFrame, useInfiniteRows, type InfiniteRowsProps } from './infinite-rows';
import { infiniteRowCount } from './infinite-frame';

export interface VirtualTableProps<Row> extends TableContentProps<Row>, InfiniteRowsProps {
  /** All rows there are, when known (a count endpoint): read out as the table's row count. */
  totalCount?: number;
}

/**
 * A real `<table>` that renders only the rows near the viewport. Spacers above and below stand
 * in for the others, so columns stay aligned and the table keeps its semantics; `aria-rowcount`
 * and `aria-rowindex` tell assistive technology where each row sits. Each row is a row group
 * (with its details, when open), measured as it renders, so rows of any height are fine. Its
 * columns fit as a Table's do (`sizing`, `priority`); by default its viewport takes the
 * screen's height below the host's header, shorter when the rows are fewer.
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
  const { ref, overflowing, shown, folded, floors } = useFittingColumns<Row, HTMLDivElement>(
    columns,
    rows,
    { keepWidths: true },
  );
  const { expanded, toggle } = useExpandedRows();
  // One element is both the virtualizer's scroll element and the container the columns fit.
  const { viewportRef } = frame;
  const bothRefs = useCallback(
    (node: HTMLDivElement | null) => {
      viewportRef(node);
      ref(node);
    },
    [viewportRef, ref],
  );
  const lastVirtualRow = virtualRows.at(-1);
  const spaceAbove = virtualRows[0]?.start ?? 0;
  const spaceBelow = lastVirtualRow ? virtualizer.getTotalSize() - lastVirtualRow.end : 0;
  const rowCount = infiniteRowCount(totalCount, infinite.hasMore, rows.length);
  const colSpan = shown.length + (folded.length > 0 ? 1 : 0);

  return (
    <InfiniteRowsFrame {...frame} viewportRef={bothRefs} aria-labelledby={captionId}>
      <DataTable
        aria-rowcount={rowCount}
        aria-busy={busy}
        $minWidth={minWidth}
        data-overflowing={overflowing || undefined}
      >
        <TableHead
          captionId={captionId}
          caption={caption}
          captionHidden={captionHidden}
          columns={shown}
          withDetails={folded.length > 0}
          floors={floors}
          headerRowIndex={1}
          sticky
        />
        {spaceAbove > 0 ? <Spacer height={spaceAbove} colSpan={colSpan} /> : null}
        {virtualRows.map((virtualRow) => {
          const row = rows[virtualRow.index]!;
          const id = getRowId(row);
          return (
            <tbody
              key={virtualRow.key}
              data-index={virtualRow.index}
              ref={virtualizer.measureElement}
            >
              <BodyRow
                columns={shown}
                folded={folded}
                row={row}
                expanded={expanded.has(id)}
                onToggle={() => toggle(id)}
                aria-rowindex={virtualRow.index + 2}
              />
            </tbody>
          );
        })}
        {spaceBelow > 0 ? <Spacer height={spaceBelow} colSpan={colSpan} /> : null}
        <tbody>
          <MessageRows
            colSpan={colSpan}
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
function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tbody aria-hidden="true">
      <tr>
        <SpacerCell colSpan={colSpan} style={{ height }} />
      </tr>
    </tbody>
  );
}

const SpacerCell = styled.td`
  padding: 0;
  border: 0;
`;
