// Data display in the main bundle: Table and Chip. Selects, the virtualised list and the JSON
// viewer are subpath entries (`@outsync/ui/select`, `/virtual`, `/json`) that only the modules
// using them bundle.
export { Chip, type ChipProps, type ChipTone } from './chip';
export { Table, type TableProps } from './table';
export { formatUsDateTime } from './us-date-time';
export { Token, type ColumnSizing, type TableColumn, type TableRowId } from './table-parts';
