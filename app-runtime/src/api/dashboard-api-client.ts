import type { QueryClient } from '@tanstack/react-query';
import { ApiError, createApiClient, CSRF_HEADER, type ApiClient } from '@outsync/contracts';
import { CSRF_TOKEN_UNAVAILABLE, ensureCsrfToken, forgetCsrfToken } from './csrf';
import { getPageQueryClient } from './query-client';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface DashboardApiClientOptions {
  /**
   * Called when a call answers 401. The shell sends the browser to /unauthorized (spec 01 §6);
   * leave it out where a 401 is an expected answer (the sign-in screens' `me`).
   */
  onUnauthorized?: () => void;
  /** The cache that keeps the CSRF token; the page's one by default. */
  queryClient?: QueryClient;
}

/**
 * The typed client every dashboard screen calls the API through. Each state-changing call carries
 * `X-CSRF-Token`: the page's token (fetched once into the query cache, again after a 403).
 */
export function createDashboardApiClient({
  onUnauthorized,
  queryClient,
}: DashboardApiClientOptions = {}): ApiClient {
  // Resolved per call, so a client made at module load does not create the cache too early.
  const cache = () => queryClient ?? getPageQueryClient();
  return createApiClient({
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          if (!safeMethods.has(request.method)) {
            request.headers.set(CSRF_HEADER, await csrfTokenFor(cache()));
          }
        },
      ],
      afterResponse: [
        ({ response }) => {
          if (response.status === 401) onUnauthorized?.();
          // A stale token (the cookie expired or was cleared): the next call fetches a fresh one.
          if (response.status === 403) forgetCsrfToken(cache());
        },
      ],
    },
  });
}

async function csrfTokenFor(queryClient: QueryClient): Promise<string> {
  try {
    return await ensureCsrfToken(queryClient);
  } catch (error) {
    throw new ApiError({
      status: 0,
      code: CSRF_TOKEN_UNAVAILABLE,
      message: 'No CSRF token could be fetched; the request was not sent',
      details: { cause: error },
    });
  }
}
