import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { firstPage, nextPageAfter, type AnsweredPage } from './paging';
import { isToldInPlace } from './use-filter-search';

interface HistoryPagesOptions<Page extends AnsweredPage> {
  /** Holds the filters and the search's number: a new search is a new list from page 1. */
  queryKey: QueryKey;
  fetchPage: (page: number, signal: AbortSignal) => Promise<Page>;
  /** The total when a call of its own counts it (webhook logs); else the page's `totalItems`. */
  totalItems?: number;
  /** Show the service's message when a page fails (not for webhook logs: spec 02 §8). */
  errorToast: boolean;
}

/**
 * The infinite list of a history screen: pages of 20 from page 1, the next asked for by the
 * virtual table near the end, until `nextPageAfter` says the last was reached.
 */
export function useHistoryPages<Page extends AnsweredPage & { totalItems?: number }>({
  queryKey,
  fetchPage,
  totalItems,
  errorToast,
}: HistoryPagesOptions<Page>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: firstPage,
    getNextPageParam: (lastPage) => nextPageAfter(lastPage, totalItems ?? lastPage.totalItems),
    // A 401 goes to /unauthorized whatever this says (the host's client). Refused filters are
    // told under their fields (useFilterSearch), not in a toast.
    meta: errorToast ? { errorToast: { unless: isToldInPlace } } : undefined,
  });
  const pages = query.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.data as Page['data']) as Page['data'];
  const lastPage = pages.at(-1);
  return {
    query,
    rows,
    /** The count the page answered with (category base filter, block lists). */
    pageTotal: lastPage?.totalItems,
    loading: query.isPending,
    loadingMore: query.isFetchingNextPage,
    hasMore: query.hasNextPage,
    nextPageFailed: query.isFetchNextPageError,
    /** The first page failed: the list shows nothing (spec 02 §8), not "no results". */
    failed: query.isError && !query.isFetchNextPageError,
    loadMore: () => void query.fetchNextPage(),
  };
}
