import type { QueryClient } from '@tanstack/react-query';
import { createDashboardApiClient } from '@outsync/app-runtime';
import type { ApiClient } from '@outsync/contracts';

export interface ShellApiClientOptions {
  /** Called when a dashboard call answers 401 (spec 01 §6: go to /unauthorized). */
  onUnauthorized: () => void;
  /** The cache that keeps the CSRF token; the page's one by default (tests pass their own). */
  queryClient?: QueryClient;
}

/**
 * The dashboard's API client, handed to every module through `ApiProvider`: state-changing calls
 * carry the page's CSRF token (app-runtime's one mechanism), and a 401 leaves for /unauthorized.
 */
export function createShellApiClient(options: ShellApiClientOptions): ApiClient {
  return createDashboardApiClient(options);
}
