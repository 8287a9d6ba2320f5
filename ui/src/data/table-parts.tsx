import {
  Fragment,
  useId,
  type ComponentPropsWithRef,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { theme, VisuallyHidden } from '@outsync/ui';
import styled, { css } from 'styled-components';
import { LoadingMessage } from './loading-message';

/**
 * How a column takes its width (ui/README.md, "Tables: one sizing rule"):
 * - `text` (the default): words wrap between them, never inside one; at least `minWidth`. With
 *   `wrap` (text people type, error messages), a word longer than the column's width wraps
 *   inside, where it must, instead of widening the column.
 * - `token`: ids, URLs, e-mails, JSON. One line cut with an ellipsis, the whole value in its
 *   title and in the page (selected and copied whole); at least `minWidth`. With `wrap`, or in
 *   the row's details, it wraps instead: after / . @ ? & = _ -, and inside a part only when the
 *   part is longer than a line.
 * - `fixed`: exactly `width` (statuses, dates, counts, checkboxes); wraps between words.
 * - `actions`: as wide as its buttons, which never wrap; kept in view at the table's end.
 */
export type ColumnSizing = 'text' | 'token' | 'fixed' | 'actions';

/** One column of a Table (and of `@outsync/ui/virtual`'s VirtualTable). */
export interface TableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** How the column takes its width; `text` unless given. */
  sizing?: ColumnSizing;
  /**
   * A CSS length ('120px', '9rem', '20%'): the width of a `fixed` or `actions` column, the one
   * a `text` or `token` column prefers.
   */
  width?: string;
  /** The narrowest a `text` or `token` column gets (a CSS length); 6rem unless given. */
  minWidth?: string;
  /**
   * When the table is wider than its container, columns fold into an expandable detail row
   * under each row, the highest priority number first (1 folds last). A column without one
   * never folds: the row header, what a row is recognised by, its status and its actions.
   */
  priority?: number;
  /** A `token` cell's whole value for its title; the cell's text when that is a string. */
  text?: (row: Row) => string;
  /**
   * Long words wrap where they must instead of widening a `text` column; a `token` column's
   * values wrap (an id on two lines) instead of being cut.
   */
  wrap?: boolean;
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
   * The narrowest the table gets (a CSS length), below which it scrolls sideways. Screens do
   * not need it: columns fold into the detail row instead (`priority`).
   */
  minWidth?: string;
}

/** The texts of the detail rows' toggles (ours). */
export const tableTexts = {
  details: 'Details',
} as const;

// The parts Table and VirtualTable share; not exported from the package.

const defaultMinWidth = '6rem';

/** A column's width and minimum, set on its header and cells; `floor`: a kept width, in px. */
function sizeStyle<Row>(
  { sizing = 'text', width, minWidth }: TableColumn<Row>,
  floor?: number,
): CSSProperties {
  if (sizing === 'fixed') return { width, minWidth: width, maxWidth: width };
  const least = sizing === 'actions' ? undefined : (minWidth ?? defaultMinWidth);
  const kept = floor === undefined ? least : least ? `max(${least}, ${floor}px)` : `${floor}px`;
  return { width: sizing === 'actions' ? (width ?? '1%') : width, minWidth: kept };
}

/**
 * What stands above the body rows: the caption, the column widths and the header row; with
 * folded columns, a first column for the detail toggles.
 */
export function TableHead<Row>({
  captionId,
  caption,
  captionHidden,
  columns,
  withDetails,
  floors,
  headerRowIndex,
  sticky = false,
}: {
  captionId: string;
  caption: ReactNode;
  captionHidden: boolean;
  /** The columns shown (the folded ones are in the detail rows). */
  columns: readonly TableColumn<Row>[];
  withDetails: boolean;
  /** The narrowest each column may get, in px, by id (a virtual table's kept widths). */
  floors?: Readonly<Record<string, number>>;
  /** The header row's `aria-rowindex`, in a table that renders only some of its rows. */
  headerRowIndex?: number;
  sticky?: boolean;
}) {
  return (
    <>
      <TableCaption id={captionId} hidden={captionHidden}>
        {caption}
      </TableCaption>
      <thead>
        <tr aria-rowindex={headerRowIndex}>
          {withDetails ? (
            <HeaderCell scope="col" data-sticky={sticky || undefined} data-sizing="toggle">
              <VisuallyHidden>{tableTexts.details}</VisuallyHidden>
            </HeaderCell>
          ) : null}
          {columns.map((column) => (
            <HeaderCell
              key={column.id}
              scope="col"
              data-align={column.align}
              data-sticky={sticky || undefined}
              data-column={column.id}
              data-sizing={column.sizing ?? 'text'}
              style={sizeStyle(column, floors?.[column.id])}
            >
              {column.header}
            </HeaderCell>
          ))}
        </tr>
      </thead>
    </>
  );
}

/**
 * A body row: a cell per shown column, the row header's a `<th>`; with folded columns, a toggle
 * first and, while open, a row under it with the folded columns' headers and values.
 */
export function BodyRow<Row>({
  columns,
  folded,
  row,
  expanded,
  onToggle,
  ...rowAttributes
}: {
  columns: readonly TableColumn<Row>[];
  folded: readonly TableColumn<Row>[];
  row: Row;
  expanded: boolean;
  onToggle: () => void;
} & ComponentPropsWithRef<'tr'>) {
  const detailId = useId();
  const withDetails = folded.length > 0;
  return (
    <>
      <HoverRow {...rowAttributes}>
        {withDetails ? (
          <DataCell data-sizing="toggle">
            <DetailToggle
              type="button"
              aria-label={tableTexts.details}
              aria-expanded={expanded}
              aria-controls={expanded ? detailId : undefined}
              title={folded.map((column) => headerText(column)).join(', ')}
              onClick={onToggle}
            >
              <Chevron aria-hidden="true" data-open={expanded || undefined} />
            </DetailToggle>
          </DataCell>
        ) : null}
        {columns.map((column) => (
          <DataCell
            key={column.id}
            as={column.rowHeader ? 'th' : 'td'}
            scope={column.rowHeader ? 'row' : undefined}
            data-align={column.align}
            data-sizing={column.sizing ?? 'text'}
            data-wrap={column.wrap || undefined}
            style={sizeStyle(column)}
          >
            <CellContent column={column} row={row} />
          </DataCell>
        ))}
      </HoverRow>
      {withDetails && expanded ? (
        <tr id={detailId}>
          <DetailCell colSpan={columns.length + 1}>
            <DetailList>
              {folded.map((column) => (
                <div key={column.id}>
                  <dt>{column.header}</dt>
                  <dd>
                    <CellContent column={column} row={row} inDetails />
                  </dd>
                </div>
              ))}
            </DetailList>
          </DetailCell>
        </tr>
      ) : null}
    </>
  );
}

function headerText<Row>(column: TableColumn<Row>): string {
  return typeof column.header === 'string' ? column.header : column.id;
}

/** A cell's content; a `token` column's inside a Token (cut in the row, whole in the details). */
function CellContent<Row>({
  column,
  row,
  inDetails = false,
}: {
  column: TableColumn<Row>;
  row: Row;
  inDetails?: boolean;
}) {
  const content = column.cell(row);
  if (column.sizing !== 'token') return <>{content}</>;
  const text = typeof content === 'number' ? String(content) : content;
  return (
    <Token title={column.text?.(row)} wrap={column.wrap === true || inDetails}>
      {text}
    </Token>
  );
}

/**
 * A long unbroken value (an id, a URL, an e-mail) on one line, cut with an ellipsis where its
 * box ends, the whole of it in the title and in the page, so it is read and copied whole. A
 * block: put it on a line of its own (a table cell, a line of a cell). With `wrap`, and in a
 * row's details, it wraps instead: after / . @ ? & = _ - (a URL's path stays in words), and
 * inside a part only where the part is longer than the line.
 */
export function Token({
  children,
  title,
  wrap = false,
  className,
}: {
  children: ReactNode;
  /** The whole value, when `children` is not its text. */
  title?: string;
  wrap?: boolean;
  /** Styles of its own (`styled(Token)`, a line's `as={Token}`). */
  className?: string;
}) {
  const text = typeof children === 'string' ? children : undefined;
  return (
    <TokenText
      className={className}
      title={wrap ? undefined : (title ?? text)}
      data-wrap={wrap || undefined}
    >
      {/* Chrome breaks at <wbr> even where white-space forbids it: only a wrapping token has them. */}
      {text !== undefined && wrap ? withBreaks(text) : children}
    </TokenText>
  );
}

/** The text with a line break opportunity after each separator of a URL, e-mail or path. */
function withBreaks(text: string): ReactNode {
  const parts = text.split(/(?<=[/.@?&=_-])/);
  if (parts.length === 1) return text;
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

const wrappedToken = css`
  width: auto;
  white-space: normal;
  overflow-wrap: anywhere;
`;

const TokenText = styled.span`
  display: block;
  /* Adds nothing to the column's width: the column sizes by its other cells and its minimum. */
  width: 0;
  min-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  &[data-wrap] {
    ${wrappedToken}
  }
`;

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

function FullWidthRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <MessageCell colSpan={colSpan}>{children}</MessageCell>
    </tr>
  );
}

/**
 * `$minWidth`: below it the table stops squeezing its columns and scrolls sideways instead.
 * `data-overflowing`: it does; a last column of actions stays in view at its end.
 */
export const DataTable = styled.table<{ $minWidth?: string }>`
  width: 100%;
  min-width: ${({ $minWidth = '0' }) => $minWidth};
  border-collapse: collapse;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.ink};

  /* Words wrap between them, never inside one ("Admi-n"); tokens are cut (Token). */
  th,
  td {
    overflow-wrap: normal;
    word-break: normal;
  }
  /* Only a word longer than the column's width (its minimum keeps words whole). */
  td[data-wrap] {
    overflow-wrap: anywhere;
  }
  /* Buttons on one line; the header wraps between its words. */
  td[data-sizing='actions'] {
    white-space: nowrap;
  }
  [data-sizing='toggle'] {
    width: 1%;
    padding-right: 0;
  }
  /* Only the last: several columns stuck at the same edge would cover each other. */
  &[data-overflowing] tr > [data-sizing='actions']:last-child {
    position: sticky;
    right: 0;
    background: ${theme.colors.surface};
    box-shadow: -1px 0 0 ${theme.colors.border};
  }
`;

const HoverRow = styled.tr`
  &:hover {
    background: ${theme.colors.surfaceHover};
  }
`;

const VisibleCaption = styled.caption`
  padding-bottom: ${theme.space(2)};
  font-size: ${theme.font.size.md};
  font-weight: 600;
  text-align: start;
`;

// Variants as attributes, not props: a styled component whose styles take no function is static,
// its CSS made once, where a prop makes it compute and hash its CSS for every cell of every
// render (issue 32: styled-components was ~0.4 s of a throttled Webhooks load).
const cellStyles = css`
  padding: ${theme.space(2)} ${theme.space(3)};
  text-align: start;
  &[data-align='center'] {
    text-align: center;
  }
  &[data-align='end'] {
    text-align: end;
  }
`;

const HeaderCell = styled.th`
  ${cellStyles}
  vertical-align: bottom;
  font-weight: 600;
  border-bottom: 1px solid ${theme.colors.borderStrong};
  background: ${theme.colors.surface};
  &[data-sticky] {
    position: sticky;
    top: 0;
    z-index: 1;
  }
`;

const DataCell = styled.td`
  ${cellStyles}
  vertical-align: top;
  font-weight: inherit;
  border-bottom: 1px solid ${theme.colors.border};
`;

const DetailToggle = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${theme.space(6)};
  height: ${theme.space(6)};
  padding: 0;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  color: inherit;
  cursor: pointer;
`;

const Chevron = styled.span`
  display: inline-block;
  width: 0.45em;
  height: 0.45em;
  border-right: 2px solid currentColor;
  border-bottom: 2px solid currentColor;
  transform: rotate(-45deg);
  &[data-open] {
    transform: translateY(-25%) rotate(45deg);
  }
`;

const DetailCell = styled.td`
  padding: ${theme.space(2)} ${theme.space(3)} ${theme.space(3)};
  border-bottom: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceHover};
`;

/** The folded columns of a row: each header over its value, as many side by side as fit. */
const DetailList = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: ${theme.space(2)} ${theme.space(6)};
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    min-width: 0;
    /* A long word (a path in an error) wraps rather than widen the table it opened in. */
    overflow-wrap: anywhere;
  }
  /* Here a token has the room to show whole: it wraps. */
  ${TokenText} {
    ${wrappedToken}
  }
`;

const MessageCell = styled.td`
  padding: ${theme.space(3)} ${theme.space(3)};
  text-align: center;
  color: ${theme.colors.inkMuted};
  border-bottom: 1px solid ${theme.colors.border};
`;
