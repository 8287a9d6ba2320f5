import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@outsync/contracts';
import type { ApiErrorToastOptions } from './api-error-toast';

/** What queries and mutations may say about themselves to the cache-wide handlers. */
export interface ApiQueryMeta extends Record<string, unknown> {
  /** When set, a failure shows the spec's error toast with these options (once per failure). */
  errorToast?: ApiErrorToastOptions;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ApiQueryMeta;
    mutationMeta: ApiQueryMeta;
  }
}

/** Server state is fresh for this long: screens that open again within it make no request. */
export const DEFAULT_STALE_TIME_MS = 30_000;
const MAX_RETRIES = 2;

/**
 * Retries only what may succeed next time: no answer at all, or a 5xx. A 4xx (401, 403,
 * validation) and a contract mismatch answer the same however often they are asked.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const transient = isApiError(error) && (error.status === 0 || error.status >= 500);
  return transient && failureCount < MAX_RETRIES;
}

type ErrorToastHandler = (error: unknown, options: ApiErrorToastOptions) => void;

// Who shows a client's declarative error toasts: the ApiProvider of the React tree that owns the
// toast store. One of them does, so nested providers never show a toast twice: the first to
// register, which for nested providers is the innermost (a child's effects run first).
const errorToastHandlers = new WeakMap<QueryClient, ErrorToastHandler[]>();

/** Lets a React tree show `meta.errorToast` failures of `client`; returns the unregister. */
export function registerErrorToastHandler(
  client: QueryClient,
  handler: ErrorToastHandler,
): () => void {
  const handlers = errorToastHandlers.get(client) ?? [];
  errorToastHandlers.set(client, [...handlers, handler]);
  return () => {
    const current = errorToastHandlers.get(client) ?? [];
    errorToastHandlers.set(
      client,
      current.filter((registered) => registered !== handler),
    );
  };
}

/**
 * A query client with the dashboard's defaults: no retry on 4xx, 30 s of freshness, no refetch
 * when the window regains focus (a tab switch must not fire every query on the page), mutations
 * never retried (they are not idempotent), and `meta.errorToast` handled once for every query
 * and mutation.
 */
export function createQueryClient(): QueryClient {
  const reportError = (error: unknown, meta: ApiQueryMeta | undefined) => {
    if (!meta?.errorToast) return;
    errorToastHandlers.get(client)?.[0]?.(error, meta.errorToast);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => reportError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

let pageQueryClient: QueryClient | undefined;

/**
 * The page's one query cache. `@outsync/app-runtime` is a federation singleton, so the shell and
 * every remote on the page share it: a remote's mutation can invalidate what the shell shows.
 */
export function getPageQueryClient(): QueryClient {
  pageQueryClient ??= createQueryClient();
  return pageQueryClient;
}
