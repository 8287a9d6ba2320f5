import { lazy, Suspense, useId } from 'react';
import { DataTable, MessageRows, TableHead } from '../data/table-parts';
import { useFittingColumns } from '../data/use-fitting-columns';
import { infiniteDefaults, infiniteRowCount, InfiniteRowsFrame } from './infinite-frame';
import type { VirtualTable as RealVirtualTable, VirtualTableProps } from './virtual-table';

/** Set once the virtual table's chunk (TanStack Virtual) has loaded on this page. */
let virtualTableLoaded = false;
let loadingVirtualTable: Promise<{ default: typeof RealVirtualTable }> | null = null;

/** Starts loading the virtual table (once per page), e.g. beside a request that will fill it. */
export function preloadVirtualTable() {
  loadingVirtualTable ??= import('./virtual-table').then(({ VirtualTable }) => {
    virtualTableLoaded = true;
    return { default: VirtualTable };
  });
  return loadingVirtualTable;
}

const LoadedVirtualTable = lazy(preloadVirtualTable) as unknown as typeof RealVirtualTable;

/**
 * A VirtualTable (`@outsync/ui/virtual`) whose windowing code loads when the first rows come.
 * Without rows (loading, or an empty list) it draws what VirtualTable draws then, the same
 * elements without TanStack Virtual: the status line, the scroll region, the header and the
 * loading or empty row. With rows, the real table takes over; while its chunk loads (one round
 * trip, unless `preloadVirtualTable` started it earlier), the rows wait under the loading row.
 * Once loaded it stays the real one, rows or not.
 */
export function LazyVirtualTable<Row>(props: VirtualTableProps<Row>) {
  if (!virtualTableLoaded && props.rows.length === 0) return <RowlessTable {...props} />;
  return (
    <Suspense fallback={<RowlessTable {...props} loading />}>
      <LoadedVirtualTable {...props} />
    </Suspense>
  );
}

/** VirtualTable as it renders without rows (virtual-table.tsx, with no virtual rows). */
function RowlessTable<Row>({
  columns,
  rows,
  caption,
  captionHidden = false,
  totalCount,
  minWidth,
  hasMore = false,
  loadingMore = false,
  loadingMoreText = infiniteDefaults.loadingText,
  statusText,
  loading = false,
  loadingText = infiniteDefaults.loadingText,
  emptyText,
  height,
  className,
}: VirtualTableProps<Row>) {
  const captionId = useId();
  const { ref, overflowing, shown, folded, floors } = useFittingColumns<Row, HTMLDivElement>(
    columns,
    [],
    { keepWidths: true },
  );
  const rowCount = infiniteRowCount(totalCount, hasMore, rows.length);
  const colSpan = shown.length + (folded.length > 0 ? 1 : 0);
  return (
    <InfiniteRowsFrame
      viewportRef={ref}
      statusText={statusText}
      height={height}
      className={className}
      aria-labelledby={captionId}
    >
      <DataTable
        aria-rowcount={rowCount}
        aria-busy={loading || loadingMore || undefined}
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
        <tbody>
          <MessageRows
            colSpan={colSpan}
            loadingText={loading ? loadingText : loadingMore ? loadingMoreText : null}
            showEmpty={!loading && rows.length === 0 && emptyText !== undefined}
            emptyText={emptyText}
          />
        </tbody>
      </DataTable>
    </InfiniteRowsFrame>
  );
}
