import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { BodyRow, DataTable, MessageRows, TableHead, type TableContentProps } from './table-parts';
import { useHorizontalOverflow } from './use-horizontal-overflow';

export interface TableProps<Row> extends TableContentProps<Row> {
  /** Adds a row with a spinner and `loadingText` after the rows. */
  loading?: boolean;
  loadingText?: string;
  /** Shown in a single full-width row when there are no rows and nothing is loading. */
  emptyText?: ReactNode;
  className?: string;
}

/**
 * A semantic table. Cells wrap long text anywhere rather than stretch the table; give columns
 * of short unbreakable values (ids, e-mails, dates) a `width` so they are not split. A table
 * wider than its container (see `minWidth`) scrolls sideways inside a region that takes
 * keyboard focus, so it can be scrolled without a mouse.
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
  const { ref, overflowing } = useHorizontalOverflow<HTMLDivElement>();
  const showEmpty = !loading && rows.length === 0 && emptyText !== undefined;

  return (
    <ScrollContainer
      ref={ref}
      className={className}
      {...(overflowing ? { role: 'region', tabIndex: 0, 'aria-labelledby': captionId } : undefined)}
    >
      <DataTable aria-busy={loading || undefined} $minWidth={minWidth}>
        <TableHead
          captionId={captionId}
          caption={caption}
          captionHidden={captionHidden}
          columns={columns}
        />
        <tbody>
          {rows.map((row) => (
            <BodyRow key={getRowId(row)} columns={columns} row={row} />
          ))}
          <MessageRows
            colSpan={columns.length}
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
