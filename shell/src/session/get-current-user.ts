import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '@outsync/app-runtime';
import type { ApiClient, CurrentUser } from '@outsync/contracts';

/** The signed-in user (spec 01 §3); `redirectUrl` is for the sign-in screens only. */
export async function getCurrentUser(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<CurrentUser> {
  const { redirectUrl: _forSignInScreens, ...user } = await client.me({ signal });
  return user;
}

/**
 * Loaded on entry to the dashboard (spec 01 §2.2) and kept while it stays open; dropped when
 * the dashboard closes, so the next entry asks the server again.
 */
export function currentUserQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: ['session', 'current-user'] as const,
    queryFn: ({ signal }) => getCurrentUser(client, signal),
    gcTime: 0,
  });
}

/** Through the host's client: a 401 sends the browser to /unauthorized (spec 01 §2.1). */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions(useApi()));
}
