// `@outsync/ui/virtual`: long lists on TanStack Virtual, with infinite loading. A subpath entry,
// so only the modules that show such lists bundle it.
export { VirtualTable, type VirtualTableProps } from './virtual-table';
export { VirtualList, type VirtualListProps } from './virtual-list';
export type { InfiniteRowsProps } from './infinite-rows';
