import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { csrfTokenQueryOptions, renewCsrfToken } from '@outsync/app-runtime';

/**
 * The page's CSRF token (the cache the sign-in client reads its header from). The login screen
 * fetches it on open, once nobody turned out to be signed in (spec 01 §2.3).
 */
export function useCsrfToken({ enabled }: { enabled: boolean }) {
  return useQuery({ ...csrfTokenQueryOptions, enabled });
}

/** Which action a renewal interrupted: its button shows busy meanwhile. */
export type RenewalFor = 'verify' | 'resend';

/** Fetches a fresh token in place of a missing or refused one (spec 01 §5, verify). */
export function useRenewCsrfToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (_for: RenewalFor) => renewCsrfToken(queryClient) });
}
