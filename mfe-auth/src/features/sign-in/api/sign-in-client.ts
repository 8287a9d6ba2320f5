import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createDashboardApiClient } from '@outsync/app-runtime';
import type { ApiClient } from '@outsync/contracts';

/**
 * The dashboard's client without the 401 → /unauthorized step, not the host's: on the sign-in
 * screens a 401 from `me` only means "not signed in yet". CSRF works as everywhere else: the
 * client sends the page's token, kept in the query cache.
 */
export function useSignInClient(): ApiClient {
  const queryClient = useQueryClient();
  return useMemo(() => createDashboardApiClient({ queryClient }), [queryClient]);
}
