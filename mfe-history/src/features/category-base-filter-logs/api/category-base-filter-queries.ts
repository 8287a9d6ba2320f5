import { useQuery } from '@tanstack/react-query';
import type { CategoryBaseFiltersPage } from '@outsync/contracts/history';
import { useHistoryApi } from '../../../shared/api/history-api';
import { useHistoryPages } from '../../../shared/api/use-history-pages';
import type { FilterSearch } from '../../../shared/api/use-filter-search';

/** What the filters hold (spec 02 §2.11). */
export interface CategoryBaseFilterForm {
  campaignId: string;
  leadId: string;
  webhookId: string;
  webhookUrl: string;
  eventType: string | null;
}

export const emptyCategoryBaseFilterForm: CategoryBaseFilterForm = {
  campaignId: '',
  leadId: '',
  webhookId: '',
  webhookUrl: '',
  eventType: null,
};

export interface CategoryBaseFilterQuery {
  campaignId?: string;
  leadId?: string;
  webhookId?: string;
  webhookUrl?: string;
  eventType?: string;
}

/**
 * Spec 02 §5: texts trimmed, only filters with a value sent, the webhook id only when not empty
 * ('0' counts as empty: ids are 24-hex here, the spec's "greater than 0" reading).
 */
export function categoryBaseFilterQuery(form: CategoryBaseFilterForm): CategoryBaseFilterQuery {
  const webhookId = form.webhookId.trim().toLowerCase();
  const query: CategoryBaseFilterQuery = {
    campaignId: form.campaignId.trim() || undefined,
    leadId: form.leadId.trim() || undefined,
    webhookId: webhookId && webhookId !== '0' ? webhookId : undefined,
    webhookUrl: form.webhookUrl.trim() || undefined,
    eventType: form.eventType && form.eventType !== 'ANY' ? form.eventType : undefined,
  };
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as CategoryBaseFilterQuery;
}

export type CategoryBaseFilterSearch = FilterSearch<CategoryBaseFilterQuery>;

/**
 * GET /api/admin/category-base-filters, page after page; the total is `totalItems`. Each call
 * goes through the screen's `guard` (useFilterSearch), which is told of a refusal.
 */
export function useCategoryBaseFilterLogs(
  search: CategoryBaseFilterSearch,
  guard: <T>(search: CategoryBaseFilterSearch, call: Promise<T>) => Promise<T> = (_, call) => call,
) {
  const client = useHistoryApi();
  return useHistoryPages<CategoryBaseFiltersPage>({
    queryKey: ['history', 'category-base-filters', 'list', search],
    fetchPage: (page, signal) =>
      guard(search, client.categoryBaseFilters({ query: { ...search.filters, page } }, { signal })),
    errorToast: true,
  });
}

/** GET /api/admin/category-base-filters/types: the Event Type select's values. */
export function useCategoryBaseFilterTypes() {
  const client = useHistoryApi();
  return useQuery({
    queryKey: ['history', 'category-base-filters', 'types'],
    queryFn: ({ signal }) => client.categoryBaseFilterTypes({ signal }),
    staleTime: Infinity,
    meta: { errorToast: {} },
  });
}
