import { HISTORY_FIRST_PAGE, HISTORY_PAGE_SIZE } from '@outsync/contracts';

/** What the paging rule needs of an answered page. */
export interface AnsweredPage {
  page: number;
  limit: number;
  data: readonly unknown[];
}

/**
 * The page after `lastPage`, or undefined at the end. The spec gives two readings (stop when a
 * page returned no data; load while totalItems/limit > page); this stops at whichever comes
 * first of: a page with fewer than `limit` rows (no later page can have any), or the known
 * total reached (page × limit ≥ totalItems), so the last full page costs no empty request.
 */
export function nextPageAfter(lastPage: AnsweredPage, totalItems?: number): number | undefined {
  const limit = lastPage.limit > 0 ? lastPage.limit : HISTORY_PAGE_SIZE;
  if (lastPage.data.length < limit) return undefined;
  if (totalItems !== undefined && lastPage.page * limit >= totalItems) return undefined;
  return lastPage.page + 1;
}

export const firstPage = HISTORY_FIRST_PAGE;
