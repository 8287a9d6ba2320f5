import { useCallback, useLayoutEffect, useState } from 'react';
import type { TableColumn, TableRowId } from './table-parts';

/**
 * The columns a table shows in its container (`ref`) and those it folds into detail rows: while
 * the table is wider than the container, one more foldable column folds, the highest priority
 * number first; when the container gets wider, every column comes back and folding starts
 * over. `overflowing`: wider even so (the container then scrolls sideways). Without layout
 * (jsdom), nothing folds.
 */
export function useFittingColumns<Row, T extends HTMLElement>(
  columns: readonly TableColumn<Row>[],
  rows: readonly Row[],
  {
    keepWidths = false,
  }: {
    /**
     * A column never gets narrower than it has been (`floors`, px) while the same columns show
     * in the same container. A virtual table needs it: its columns size by the rows rendered,
     * which change with the rows' heights, which change with the columns' widths — without a
     * floor, two sets of rows can take turns for ever.
     */
    keepWidths?: boolean;
  } = {},
) {
  const [container, setContainer] = useState<T | null>(null);
  const [foldCount, setFoldCount] = useState(0);
  const [overflowing, setOverflowing] = useState(false);
  const [resized, remeasure] = useState(0);
  const [widened, startOver] = useState(0);
  const [floors, setFloors] = useState<{ key: string; widths: Record<string, number> }>({
    key: '',
    widths: {},
  });
  const order = foldOrder(columns);
  const count = Math.min(foldCount, order.length);
  const foldedIds = new Set(order.slice(0, count));
  const floorsKey = `${widened}:${count}:${columns.map((column) => column.id).join()}`;

  // When the columns, the rows or the table's size change: more folds while the table is too
  // wide (foldsToFit). A layout effect: the folds are made before the browser paints.
  useLayoutEffect(() => {
    if (!container) return;
    const measure = () => {
      const excess = container.scrollWidth - container.clientWidth;
      const tooWide = excess > 1;
      const candidates = foldOrder(columns).slice(count);
      if (tooWide && candidates.length > 0) {
        setFoldCount(count + foldsToFit(container, candidates, excess));
      } else setOverflowing(tooWide);
    };
    measure();
  }, [container, columns, rows, count, resized]);

  // Once the table fits: each column's width, kept as its floor when it is the widest yet.
  useLayoutEffect(() => {
    if (!keepWidths || !container) return;
    const keep = () => {
      if (container.scrollWidth > container.clientWidth + 1) return;
      const fresh = floors.key !== floorsKey;
      const widths = fresh ? {} : { ...floors.widths };
      let grew = fresh;
      for (const header of container.querySelectorAll<HTMLElement>('thead th[data-column]')) {
        const id = header.dataset['column'] ?? '';
        // As min-width reads it: the whole box where boxes size by their border (the theme's).
        const style = getComputedStyle(header);
        const padding =
          style.boxSizing === 'border-box'
            ? 0
            : parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        const width = Math.floor(header.clientWidth - padding);
        if (width > (widths[id] ?? 0) + 1) {
          widths[id] = width;
          grew = true;
        }
      }
      if (grew) setFloors({ key: floorsKey, widths });
    };
    keep();
  }, [keepWidths, container, floors, floorsKey, rows, columns, resized]);

  useLayoutEffect(() => {
    // jsdom has no ResizeObserver: there, the first measure is the only one.
    if (!container || typeof ResizeObserver === 'undefined') return undefined;
    // The narrowest the container has been since the columns last came back.
    let narrowest = container.clientWidth;
    const observer = new ResizeObserver(() => {
      const width = container.clientWidth;
      // Wider by more than a scrollbar (one coming and going must not refold the table in a
      // loop): every column back, and folding starts over.
      if (width > narrowest + 16) {
        narrowest = width;
        setFoldCount(0);
        startOver((times) => times + 1);
        return;
      }
      // Narrower, or the table changed on its own (a font arrived, a cell grew): measure again.
      narrowest = Math.min(narrowest, width);
      remeasure((times) => times + 1);
    });
    observer.observe(container);
    if (container.firstElementChild) observer.observe(container.firstElementChild);
    return () => observer.disconnect();
  }, [container]);

  const ref = useCallback((node: T | null) => setContainer(node), []);
  return {
    ref,
    overflowing,
    shown: columns.filter((column) => !foldedIds.has(column.id)),
    folded: columns.filter((column) => foldedIds.has(column.id)),
    /** With `keepWidths`: the narrowest each shown column may get, in px. */
    floors: floors.key === floorsKey ? floors.widths : undefined,
  };
}

/** The ids of the columns that may fold, in the order they fold: the highest priority first. */
function foldOrder<Row>(columns: readonly TableColumn<Row>[]): string[] {
  return columns
    .filter((column) => column.priority !== undefined)
    .sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0))
    .map((column) => column.id);
}

/**
 * How many of `candidates` (in folding order) fold in one go: the fewest whose header widths add
 * up to `excess`, at least one. Folding a column frees at most its width, so folding them one by
 * one would fold at least as many; each fold is a render of every row and a layout, and a wide
 * table's first paint waited for all of them in turn (issue 32). A header not found ends the
 * count; a table that still does not fit folds more on the next measure.
 */
function foldsToFit(container: HTMLElement, candidates: readonly string[], excess: number): number {
  const widths = new Map<string, number>();
  for (const header of container.querySelectorAll<HTMLElement>('thead th[data-column]')) {
    widths.set(header.dataset['column'] ?? '', header.clientWidth);
  }
  let freed = 0;
  let folds = 0;
  for (const id of candidates) {
    const width = widths.get(id);
    if (width === undefined) break;
    freed += width;
    folds += 1;
    if (freed >= excess) break;
  }
  return Math.max(1, folds);
}

/** Which rows show their details: toggled one by one, kept by row id. */
export function useExpandedRows() {
  const [expanded, setExpanded] = useState<ReadonlySet<TableRowId>>(() => new Set());
  const toggle = useCallback(
    (id: TableRowId) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  return { expanded, toggle };
}
