import type { AuditLogPage } from '@outsync/contracts/history';
import { useHistoryApi } from '../../../shared/api/history-api';
import { useHistoryPages } from '../../../shared/api/use-history-pages';
import type { FilterSearch } from '../../../shared/api/use-filter-search';

/** What the filter holds: an actor's or an account's e-mail, as typed. */
export interface AuditLogFilterForm {
  email: string;
}

/** The filter as sent: only with a value, the e-mail lowercased and trimmed (spec 02 §5). */
export interface AuditLogFilterQuery {
  email?: string;
}

export function auditLogQuery(form: AuditLogFilterForm): AuditLogFilterQuery {
  const email = form.email.trim().toLowerCase();
  return email ? { email } : {};
}

export type AuditLogSearch = FilterSearch<AuditLogFilterQuery>;

/**
 * GET /api/admin/audit-log, page after page, newest first; the total is `totalItems`. Each call
 * goes through the screen's `guard` (useFilterSearch), which is told of a refusal.
 */
export function useAuditLog(
  search: AuditLogSearch,
  guard: <T>(search: AuditLogSearch, call: Promise<T>) => Promise<T> = (_, call) => call,
) {
  const client = useHistoryApi();
  return useHistoryPages<AuditLogPage>({
    queryKey: ['history', 'audit-log', 'list', search],
    fetchPage: (page, signal) =>
      guard(search, client.auditLog({ query: { ...search.filters, page } }, { signal })),
    // As the other history lists: a failed page shows the service's message.
    errorToast: true,
  });
}
