import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { BodyRow, DataTable, MessageRows, TableHead, type TableContentProps } from './table-parts';
import { useExpandedRows, useFittingColumns } from './use-fitting-columns';

export interface TableProps<Row> extends TableContentProps<Row> {
  /** Adds a row with a spinner and `loadingText` after the rows. */
  loading?: boolean;
  loadingText?: string;
  /** Shown in a single full-width row when there are no rows and nothing is loading. */
  emptyText?: ReactNode;
  className?: string;
}

/**
 * A semantic table that fits its container (ui/README.md, "Tables: one sizing rule"): each
 * column sizes by its `sizing`; while the table is still too wide, the columns with the highest
 * `priority` number fold into a detail row each row opens with a toggle. Wider even so, it
 * scrolls sideways inside a region that takes keyboard focus, its actions kept in view.
 */
export function Table<Row>({
  columns,
  rows,
  getRowId,
  caption,
  captionHidden = false,
  loading = false,
  loadingText = 'Loading...',
  emptyText,
  minWidth,
  className,
}: TableProps<Row>) {
  const captionId = useId();
  const { ref, overflowing, shown, folded } = useFittingColumns<Row, HTMLDivElement>(columns, rows);
  const { expanded, toggle } = useExpandedRows();
  const showEmpty = !loading && rows.length === 0 && emptyText !== undefined;
  const colSpan = shown.length + (folded.length > 0 ? 1 : 0);

  return (
    <ScrollContainer
      ref={ref}
      className={className}
      {...(overflowing ? { role: 'region', tabIndex: 0, 'aria-labelledby': captionId } : undefined)}
    >
      <DataTable
        aria-busy={loading || undefined}
        $minWidth={minWidth}
        data-overflowing={overflowing || undefined}
      >
        <TableHead
          captionId={captionId}
          caption={caption}
          captionHidden={captionHidden}
          columns={shown}
          withDetails={folded.length > 0}
        />
        <tbody>
          {rows.map((row) => {
            const id = getRowId(row);
            return (
              <BodyRow
                key={id}
                columns={shown}
                folded={folded}
                row={row}
                expanded={expanded.has(id)}
                onToggle={() => toggle(id)}
              />
            );
          })}
          <MessageRows
            colSpan={colSpan}
            loadingText={loading ? loadingText : null}
            showEmpty={showEmpty}
            emptyText={emptyText}
          />
        </tbody>
      </DataTable>
    </ScrollContainer>
  );
}

const ScrollContainer = styled.div`
  /* Contains absolutely positioned cell content (visually hidden texts): positioned against
     the page, it would widen the page past the table's own scroll region. */
  position: relative;
  max-width: 100%;
  overflow-x: auto;
`;
