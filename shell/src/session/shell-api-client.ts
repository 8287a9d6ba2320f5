import { createApiClient, CSRF_HEADER, type ApiClient } from '@outsync/contracts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ShellApiClientOptions {
  /** Called when a dashboard call answers 401 (spec 01 §6: go to /unauthorized). */
  onUnauthorized: () => void;
}

/**
 * The dashboard's API client, handed to every module through `ApiProvider`: state-changing calls
 * carry the CSRF token (fetched once, again after a 403), and a 401 leaves for /unauthorized.
 */
export function createShellApiClient({ onUnauthorized }: ShellApiClientOptions): ApiClient {
  let csrfToken: Promise<string> | undefined;
  const plain = createApiClient();
  const token = () => {
    csrfToken ??= plain.csrfToken().then(
      (answer) => answer.csrfToken,
      (error: unknown) => {
        csrfToken = undefined;
        throw error;
      },
    );
    return csrfToken;
  };

  return createApiClient({
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          if (!safeMethods.has(request.method)) request.headers.set(CSRF_HEADER, await token());
        },
      ],
      afterResponse: [
        ({ response }) => {
          if (response.status === 401) onUnauthorized();
          // A stale token (expired cookie): fetch a fresh one for the next call.
          if (response.status === 403) csrfToken = undefined;
        },
      ],
    },
  });
}
