import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { createApiClient, isApiError } from '@outsync/contracts';

/** Code of the ApiError a state-changing call rejects with when no CSRF token could be had. */
export const CSRF_TOKEN_UNAVAILABLE = 'csrf_token_unavailable';

// Fetching the token needs neither a token nor a session, so a plain client will do.
const tokenClient = createApiClient();

/** A CSRF token for this browser; the service sets the same value as its cookie. */
export async function getCsrfToken(signal?: AbortSignal): Promise<string> {
  const { csrfToken } = await tokenClient.csrfToken({ signal });
  return csrfToken;
}

/**
 * The page's CSRF token, in the page's query cache: fetched once, kept until a 403 says it is
 * stale. Never retried here: the next state-changing call is the retry.
 */
export const csrfTokenQueryOptions = queryOptions({
  queryKey: ['auth', 'csrf-token'] as const,
  queryFn: ({ signal }) => getCsrfToken(signal),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** The token state-changing calls send: the kept one, else a fetched one. */
export function ensureCsrfToken(queryClient: QueryClient): Promise<string> {
  return queryClient.fetchQuery(csrfTokenQueryOptions);
}

/** Makes `token` the one calls send (the sign-in screens keep theirs across a reload). */
export function keepCsrfToken(queryClient: QueryClient, token: string): void {
  queryClient.setQueryData(csrfTokenQueryOptions.queryKey, token);
}

/** Marks the kept token stale, so the next state-changing call fetches a fresh one. */
export function forgetCsrfToken(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    queryKey: csrfTokenQueryOptions.queryKey,
    exact: true,
    refetchType: 'none',
  });
}

/** Fetches a fresh token now, in place of the kept one. */
export function renewCsrfToken(queryClient: QueryClient): Promise<string> {
  return queryClient.fetchQuery({ ...csrfTokenQueryOptions, staleTime: 0 });
}

/** The service's answer to a missing or stale token (403 `csrf_invalid`, spec 01 §7). */
export function isCsrfRejection(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/** The call was not sent: no CSRF token could be fetched for it. */
export function isCsrfTokenUnavailable(error: unknown): boolean {
  return isApiError(error) && error.code === CSRF_TOKEN_UNAVAILABLE;
}
