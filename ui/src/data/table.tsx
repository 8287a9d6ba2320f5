import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { LoadingMessage } from './loading-message';
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
} from './table-parts';
import { useHorizontalOverflow } from './use-horizontal-overflow';

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => TableRowId;
  /** Names the table (and its scroll region when it overflows). */
  caption: ReactNode;
  /** Keeps the caption for assistive technology only. */
  captionHidden?: boolean;
  /** Adds a row with a spinner and `loadingText` after the rows. */
  loading?: boolean;
  loadingText?: string;
  /** Shown in a single full-width row when there are no rows and nothing is loading. */
  emptyText?: ReactNode;
  /**
   * The narrowest the table gets (a CSS length). Cells wrap anywhere, so without it a table
   * squeezes into any width; with it, a narrower container scrolls the table sideways.
   */
  minWidth?: string;
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
        <TableCaption id={captionId} hidden={captionHidden}>
          {caption}
        </TableCaption>
        <ColumnWidths columns={columns} />
        <thead>
          <tr>
            <HeaderCells columns={columns} />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <BodyRow key={getRowId(row)}>
              <BodyCells columns={columns} row={row} />
            </BodyRow>
          ))}
          {loading ? (
            <FullWidthRow colSpan={columns.length}>
              <LoadingMessage text={loadingText} />
            </FullWidthRow>
          ) : null}
          {showEmpty ? <FullWidthRow colSpan={columns.length}>{emptyText}</FullWidthRow> : null}
        </tbody>
      </DataTable>
    </ScrollContainer>
  );
}

const ScrollContainer = styled.div`
  max-width: 100%;
  overflow-x: auto;
`;
