import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { ApiClient } from '@outsync/contracts';

export const STATUS_POLL_MS = 30_000;

/** The sync-service's readiness: it answers once MongoDB does. */
export function getReadiness(client: ApiClient, signal?: AbortSignal) {
  return client.ready({ signal });
}

/**
 * Checked on open and every 30 s while the page is visible. Not retried: the next poll is the
 * retry.
 */
export function readinessQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: ['service', 'readiness'] as const,
    queryFn: ({ signal }) => getReadiness(client, signal),
    refetchInterval: STATUS_POLL_MS,
    retry: false,
  });
}

export function useReadiness() {
  return useQuery(readinessQueryOptions(useApi()));
}
