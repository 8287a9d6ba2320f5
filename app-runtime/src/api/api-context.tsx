import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, isApiError, type ApiClient } from '@outsync/contracts';
import { useToast } from '@outsync/ui';

/** Same-origin client: what a module uses when its host provides none. */
const defaultClient = createApiClient();

const ApiClientContext = createContext<ApiClient>(defaultClient);

/**
 * The host's configured API client (the shell adds the CSRF header and sends a 401 to
 * /unauthorized); every module's data hooks take it from here.
 */
export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

export function useApi(): ApiClient {
  return useContext(ApiClientContext);
}

/** The one mapping from a failed call to the spec's error toast: the server's message. */
export function useApiErrorToast() {
  const toast = useToast();
  return (error: unknown, options: { fallback?: string; life?: number } = {}) => {
    const detail = isApiError(error) ? error.message : (options.fallback ?? 'Something went wrong');
    toast.show({ severity: 'error', detail, life: options.life });
  };
}
