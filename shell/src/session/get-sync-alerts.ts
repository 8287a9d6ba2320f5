import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { ApiClient } from '@outsync/contracts';

/** A banner about CRM outages and failures need not be faster than a minute. */
export const SYNC_ALERTS_POLL_MS = 60_000;

export function syncAlertsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: ['sync', 'alerts'] as const,
    queryFn: ({ signal }) => client.syncAlerts({ signal }),
    refetchInterval: SYNC_ALERTS_POLL_MS,
    // A failed check shows nothing rather than a false alarm; the next poll is the retry.
    retry: false,
  });
}

/** The signed-in user's sync problems, checked on open and every minute. */
export function useSyncAlerts() {
  return useQuery(syncAlertsQueryOptions(useApi()));
}
