import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookLogsPage } from '@outsync/contracts/history';
import { useHistoryApi } from '../../../shared/api/history-api';
import { useHistoryPages } from '../../../shared/api/use-history-pages';
import type { FilterSearch } from '../../../shared/api/use-filter-search';
import type { WebhookLogFilterQuery } from './webhook-log-filters';

/** One search: the filters as sent and its number (searching again starts a fresh list). */
export type WebhookLogSearch = FilterSearch<WebhookLogFilterQuery>;

/** Tells the screen's search what the service said of a call made for it (useFilterSearch). */
export type SearchGuard = <T>(search: WebhookLogSearch, call: Promise<T>) => Promise<T>;
const unguarded: SearchGuard = (_search, call) => call;

export const webhookLogKeys = {
  all: ['history', 'webhook-logs'] as const,
  lists: ['history', 'webhook-logs', 'list'] as const,
  list: (search: WebhookLogSearch) => [...webhookLogKeys.lists, search] as const,
  counts: ['history', 'webhook-logs', 'count'] as const,
  count: (search: WebhookLogSearch) => [...webhookLogKeys.counts, search] as const,
  dailies: ['history', 'webhook-logs', 'daily'] as const,
  daily: (search: WebhookLogSearch, utcOffsetMinutes: number) =>
    [...webhookLogKeys.dailies, search, utcOffsetMinutes] as const,
  types: ['history', 'webhook-logs', 'types'] as const,
  detail: (id: string) => ['history', 'webhook-logs', 'detail', id] as const,
};

/**
 * GET /api/admin/webhook-logs/count. A failure shows nothing (spec 02 §8 "Webhook log load
 * fails"); a 401 goes to /unauthorized (the host's client).
 */
export function useWebhookLogsCount(search: WebhookLogSearch, guard = unguarded) {
  const client = useHistoryApi();
  return useQuery({
    queryKey: webhookLogKeys.count(search),
    queryFn: ({ signal }) =>
      guard(search, client.webhookLogsCount({ query: search.filters }, { signal })),
  });
}

/** GET /api/admin/webhook-logs, page after page; the total is the count call's. */
export function useWebhookLogs(
  search: WebhookLogSearch,
  totalItems: number | undefined,
  guard = unguarded,
) {
  const client = useHistoryApi();
  return useHistoryPages<WebhookLogsPage>({
    queryKey: webhookLogKeys.list(search),
    fetchPage: (page, signal) =>
      guard(search, client.webhookLogs({ query: { ...search.filters, page } }, { signal })),
    totalItems,
    errorToast: false,
  });
}

/** GET /api/admin/webhook-logs/types: ANY, then the event types. */
export function useWebhookLogTypes() {
  const client = useHistoryApi();
  return useQuery(
    queryOptions({
      queryKey: webhookLogKeys.types,
      queryFn: ({ signal }) => client.webhookLogTypes({ signal }),
      staleTime: Infinity,
    }),
  );
}

/** The viewer's offset from UTC in minutes (east positive), so the chart's days are theirs. */
export function viewerUtcOffsetMinutes(): number {
  return -new Date().getTimezoneOffset();
}

/** GET /api/admin/webhook-logs/daily under the active filters (the chart). */
export function useWebhookLogsDaily(search: WebhookLogSearch, guard = unguarded) {
  const client = useHistoryApi();
  const utcOffsetMinutes = viewerUtcOffsetMinutes();
  return useQuery({
    queryKey: webhookLogKeys.daily(search, utcOffsetMinutes),
    queryFn: ({ signal }) =>
      guard(
        search,
        client.webhookLogsDaily({ query: { ...search.filters, utcOffsetMinutes } }, { signal }),
      ),
  });
}

/** GET /api/admin/webhook-logs/:id: the row with the full payload (the Payload dialog). */
export function useWebhookLogDetail(id: string) {
  const client = useHistoryApi();
  return useQuery({
    queryKey: webhookLogKeys.detail(id),
    queryFn: ({ signal }) => client.webhookLog({ params: { id } }, { signal }),
    meta: { errorToast: {} },
  });
}
