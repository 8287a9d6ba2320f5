import {
  apiRoutes,
  createRouteClient,
  isApiError,
  type ApiClient,
  type RouteClient,
  type RouteTable,
} from '@outsync/contracts';
import { attachRouteClientFactory } from '@outsync/app-runtime';

export interface EmbedApiClientOptions {
  /** The OutSync service's origin (or origin and path prefix), e.g. 'https://api.outsync.io'. */
  apiBaseUrl: string;
  /** The embed token the partner's backend got from `POST /api/partner/embed-tokens`. */
  token: string;
  /**
   * Asked for a fresh token when the service refuses the current one (401: expired, revoked);
   * the partner's page asks its backend. The call that was refused is sent once more with it.
   */
  getToken: () => Promise<string>;
}

/** The embed client and the way to give it a new token without remounting. */
export interface EmbedApiSession {
  /** The core client; `useRouteClient(areaRoutes)` makes area clients with the same token. */
  client: ApiClient;
  /** Makes `token` the one every later call sends (the host refreshed it on its own). */
  setToken(token: string): void;
  /** `Bearer <the current token>`, for a call outside the route table (the test address). */
  authorization(): string;
}

/**
 * One token for every route client of an embedded module. A 401 asks the host once for a fresh
 * token however many calls it refused at the same moment.
 */
class EmbedToken {
  private refreshing: Promise<string> | null = null;

  constructor(
    private current: string,
    private readonly fetchFresh: () => Promise<string>,
  ) {}

  get value(): string {
    return this.current;
  }

  set(token: string): void {
    this.current = token;
  }

  /**
   * A token to retry with, after `refused` was turned down: the current one when another call
   * already replaced `refused`, else a fresh one from the host (one request for concurrent calls).
   */
  async after(refused: string): Promise<string> {
    if (this.current !== refused) return this.current;
    this.refreshing ??= this.fetchFresh()
      .then((fresh) => {
        this.current = fresh;
        return fresh;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }
}

/**
 * The API client of a module embedded in a partner's page (issue 15): calls go to `apiBaseUrl`
 * with `Authorization: Bearer <token>`, never with cookies, and without a CSRF header (a bearer
 * token cannot be sent by a forged cross-site form, so the service needs none). When the service
 * answers 401, the host's `getToken()` is asked once and the call is sent again once; a second
 * 401 (or a `getToken` that fails) rejects with that call's ApiError, as any refusal does.
 * Give it to `ApiProvider`: the module's `useRouteClient` calls then go through it unchanged.
 */
export function createEmbedApiClient(options: EmbedApiClientOptions): EmbedApiSession {
  const token = new EmbedToken(options.token, options.getToken);
  return {
    client: createEmbedRouteClient(apiRoutes, options.apiBaseUrl, token),
    setToken: (fresh) => token.set(fresh),
    authorization: () => `Bearer ${token.value}`,
  };
}

function createEmbedRouteClient<const T extends RouteTable>(
  routes: T,
  apiBaseUrl: string,
  token: EmbedToken,
): RouteClient<T> {
  const http = createRouteClient(routes, {
    prefix: apiBaseUrl,
    credentials: 'omit',
    hooks: {
      beforeRequest: [
        ({ request }) => {
          request.headers.set('Authorization', `Bearer ${token.value}`);
        },
      ],
    },
  });
  const client = Object.fromEntries(
    Object.entries(http).map(([name, call]) => [
      name,
      withOneRefresh(call as (...args: unknown[]) => Promise<unknown>, token),
    ]),
  ) as RouteClient<T>;
  attachRouteClientFactory(client, (other) => createEmbedRouteClient(other, apiBaseUrl, token));
  return client;
}

/** Sends the call; after a 401 sends it once more with a fresh token. */
function withOneRefresh(
  call: (...args: unknown[]) => Promise<unknown>,
  token: EmbedToken,
): (...args: unknown[]) => Promise<unknown> {
  return async (...args) => {
    const sentToken = token.value;
    try {
      return await call(...args);
    } catch (error) {
      if (!isApiError(error) || error.status !== 401) throw error;
      try {
        await token.after(sentToken);
      } catch {
        // The host could not give a token: the service's refusal is what the user is told.
        throw error;
      }
      return call(...args);
    }
  };
}
