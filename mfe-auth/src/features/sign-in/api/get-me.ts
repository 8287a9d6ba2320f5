import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { DEFAULT_REDIRECT_URL, type ApiClient, type MeResponse } from '@outsync/contracts';
import { useSignInClient } from './sign-in-client';

/** The signed-in user and where the sign-in screens send them; a visitor gets a 401. */
export function getMe(client: ApiClient, signal?: AbortSignal): Promise<MeResponse> {
  return client.me({ signal });
}

/**
 * "Is someone signed in already?", asked afresh each time a sign-in screen opens: never fresh,
 * dropped as soon as no screen shows it, and never retried (any failure means "sign in").
 */
export function meQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: ['sign-in', 'me'] as const,
    queryFn: ({ signal }) => getMe(client, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  const client = useSignInClient();
  return useQuery({ ...meQueryOptions(client), enabled });
}

/** Where a signed-in visitor goes (the server's redirectUrl, else the default); null otherwise. */
export function signedInRedirect(me: UseQueryResult<MeResponse>): string | null {
  if (!me.isSuccess) return null;
  return me.data.redirectUrl || DEFAULT_REDIRECT_URL;
}
