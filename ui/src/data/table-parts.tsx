import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { VisuallyHidden } from '../spinner';
import { LoadingMessage } from './loading-message';

/** One column of a Table (and of `@outsync/ui/virtual`'s VirtualTable). */
export interface TableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** A CSS length ('120px', '20%'); columns without one share the rest. */
  width?: string;
  align?: 'start' | 'center' | 'end';
  /** Marks this column's cells as the row's header (`<th scope="row">`), e.g. an ID. */
  rowHeader?: boolean;
}

export type TableRowId = string | number;

/** The props Table and VirtualTable share. */
export interface TableContentProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => TableRowId;
  /** Names the table, and its scroll region where there is one. */
  caption: ReactNode;
  /** Keeps the caption for assistive technology only. */
  captionHidden?: boolean;
  /**
   * The narrowest the table gets (a CSS length). Cells wrap anywhere, so without it a table
   * squeezes into any width; with it, a narrower container scrolls the table sideways.
   */
  minWidth?: string;
}

// The parts Table and VirtualTable share; not exported from the package.

/** What stands above the body rows: the caption, the column widths and the header row. */
export function TableHead<Row>({
  captionId,
  caption,
  captionHidden,
  columns,
  headerRowIndex,
  sticky = false,
}: {
  captionId: string;
  caption: ReactNode;
  captionHidden: boolean;
  columns: readonly TableColumn<Row>[];
  /** The header row's `aria-rowindex`, in a table that renders only some of its rows. */
  headerRowIndex?: number;
  sticky?: boolean;
}) {
  return (
    <>
      <TableCaption id={captionId} hidden={captionHidden}>
        {caption}
      </TableCaption>
      <ColumnWidths columns={columns} />
      <thead>
        <tr aria-rowindex={headerRowIndex}>
          <HeaderCells columns={columns} sticky={sticky} />
        </tr>
      </thead>
    </>
  );
}

/** A body row: a cell per column, the row header's a `<th>`. */
export function BodyRow<Row>({
  columns,
  row,
  ...rowAttributes
}: {
  columns: readonly TableColumn<Row>[];
  row: Row;
} & ComponentPropsWithRef<'tr'>) {
  return (
    <HoverRow {...rowAttributes}>
      {columns.map((column) =>
        column.rowHeader ? (
          <DataCell key={column.id} as="th" scope="row" $align={column.align}>
            {column.cell(row)}
          </DataCell>
        ) : (
          <DataCell key={column.id} $align={column.align}>
            {column.cell(row)}
          </DataCell>
        ),
      )}
    </HoverRow>
  );
}

/**
 * What follows the body rows, each a row of one cell across every column: a spinner while rows
 * load (`loadingText`, null when nothing loads), the empty text when there are none.
 */
export function MessageRows({
  colSpan,
  loadingText,
  showEmpty,
  emptyText,
}: {
  colSpan: number;
  loadingText: string | null;
  showEmpty: boolean;
  emptyText: ReactNode;
}) {
  return (
    <>
      {loadingText !== null ? (
        <FullWidthRow colSpan={colSpan}>
          <LoadingMessage text={loadingText} />
        </FullWidthRow>
      ) : null}
      {showEmpty ? <FullWidthRow colSpan={colSpan}>{emptyText}</FullWidthRow> : null}
    </>
  );
}

function TableCaption({
  id,
  hidden,
  children,
}: {
  id: string;
  hidden: boolean;
  children: ReactNode;
}) {
  return hidden ? (
    <VisuallyHidden as="caption" id={id}>
      {children}
    </VisuallyHidden>
  ) : (
    <VisibleCaption id={id}>{children}</VisibleCaption>
  );
}

function ColumnWidths<Row>({ columns }: { columns: readonly TableColumn<Row>[] }) {
  if (!columns.some((column) => column.width)) return null;
  return (
    <colgroup>
      {columns.map((column) => (
        <col key={column.id} style={column.width ? { width: column.width } : undefined} />
      ))}
    </colgroup>
  );
}

function HeaderCells<Row>({
  columns,
  sticky,
}: {
  columns: readonly TableColumn<Row>[];
  sticky: boolean;
}) {
  return (
    <>
      {columns.map((column) => (
        <HeaderCell key={column.id} scope="col" $align={column.align} $sticky={sticky}>
          {column.header}
        </HeaderCell>
      ))}
    </>
  );
}

function FullWidthRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <MessageCell colSpan={colSpan}>{children}</MessageCell>
    </tr>
  );
}

type Align = TableColumn<unknown>['align'];

/** `$minWidth`: below it the table stops squeezing its columns and scrolls sideways instead. */
export const DataTable = styled.table<{ $minWidth?: string }>`
  width: 100%;
  min-width: ${({ $minWidth = '0' }) => $minWidth};
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.ink};
`;

const HoverRow = styled.tr`
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const VisibleCaption = styled.caption`
  padding-bottom: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: 600;
  text-align: start;
`;

const cellStyles = css<{ $align?: Align }>`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  text-align: ${({ $align = 'start' }) => $align};
  /* Long values (URLs, ids, e-mails) wrap instead of stretching the table; the minimum width
     keeps a column from being squeezed to one letter (the table scrolls sideways instead). */
  overflow-wrap: anywhere;
  min-width: ${({ theme }) => theme.space(16)};
`;

const HeaderCell = styled.th<{ $align?: Align; $sticky: boolean }>`
  ${cellStyles}
  /* Headers are words: they wrap between words, never inside one ("Acco-unt"). */
  overflow-wrap: normal;
  vertical-align: bottom;
  font-weight: 600;
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  ${({ $sticky }) =>
    $sticky &&
    css`
      position: sticky;
      top: 0;
      z-index: 1;
    `}
`;

const DataCell = styled.td<{ $align?: Align }>`
  ${cellStyles}
  vertical-align: top;
  font-weight: inherit;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const MessageCell = styled.td`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(3)}`};
  text-align: center;
  color: ${({ theme }) => theme.colors.inkMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
