import { ConnectorError, SYSTEM_NAMES, type ConnectorSystem } from './connector-error';

export type Page<Item, Cursor> = { items: readonly Item[]; next?: Cursor };

/** Enough for any list we read (500 pages of 100 owners); more means the cursor never ends. */
const DEFAULT_MAX_PAGES = 500;

/**
 * Reads every page, following the vendor's cursor until it has none. A cursor that repeats or a
 * list longer than `maxPages` fails as `unexpected` instead of looping for ever.
 */
export async function collectPages<Item, Cursor extends string | number>(
  context: { system: ConnectorSystem; operation: string; maxPages?: number },
  readPage: (cursor: Cursor | undefined) => Promise<Page<Item, Cursor>>,
): Promise<Item[]> {
  const items: Item[] = [];
  const seen = new Set<Cursor>();
  let cursor: Cursor | undefined;
  for (let page = 0; page < (context.maxPages ?? DEFAULT_MAX_PAGES); page++) {
    const result = await readPage(cursor);
    items.push(...result.items);
    if (result.next === undefined || result.items.length === 0) return items;
    if (seen.has(result.next)) throw pagingError(context, 'repeated its paging cursor');
    seen.add(result.next);
    cursor = result.next;
  }
  throw pagingError(context, 'returned more pages than expected');
}

function pagingError(
  context: { system: ConnectorSystem; operation: string },
  problem: string,
): ConnectorError {
  return new ConnectorError({
    system: context.system,
    operation: context.operation,
    code: 'unexpected',
    message: `${SYSTEM_NAMES[context.system]} ${context.operation} ${problem}`,
  });
}
