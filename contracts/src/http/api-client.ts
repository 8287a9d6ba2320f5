import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance, type Options } from 'ky';
import { apiRoutes, type ApiRoutes } from '../api-routes';
import { ApiError, ClientErrorCodes } from './api-error';
import {
  fillPath,
  type RouteDefinition,
  type RouteInput,
  type RouteResult,
  type RouteTable,
} from './route';

/** Per-call options. */
export type CallOptions = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** One function per route: routes without params, query or body take only the options. */
export type RouteCall<R extends RouteDefinition> = keyof RouteInput<R> extends never
  ? (options?: CallOptions) => Promise<RouteResult<R>>
  : (input: RouteInput<R>, options?: CallOptions) => Promise<RouteResult<R>>;

export type RouteClient<T extends RouteTable> = { [K in keyof T]: RouteCall<T[K]> };
export type ApiClient = RouteClient<ApiRoutes>;

/**
 * A ky instance, or ky options to create one (`prefix: 'http://host:4000'` for an absolute
 * base; in the browser nothing is needed, the paths resolve against the page's origin).
 * Retries are off by default: the caller's query cache decides about retrying.
 */
export type HttpClientInit = KyInstance | Options;

type RawInput = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
};

/** Builds a typed client for any route table. */
export function createRouteClient<const T extends RouteTable>(
  routes: T,
  http: HttpClientInit = {},
): RouteClient<T> {
  const instance = typeof http === 'function' ? http : ky.create({ retry: 0, ...http });
  const entries = Object.entries(routes).map(([name, route]) => {
    const call = (...args: unknown[]) => {
      const [input, options] = hasRequest(route)
        ? [args[0] as RawInput, args[1] as CallOptions | undefined]
        : [{}, args[0] as CallOptions | undefined];
      return send(instance, route, input, options);
    };
    return [name, call] as const;
  });
  return Object.fromEntries(entries) as RouteClient<T>;
}

/** The typed client of the OutSync API: `createApiClient({ prefix: url }).health()`. */
export function createApiClient(http?: HttpClientInit): ApiClient {
  return createRouteClient(apiRoutes, http);
}

function hasRequest(route: RouteDefinition): boolean {
  const request = route.request ?? {};
  return Boolean(request.params ?? request.query ?? request.body);
}

async function send(
  http: KyInstance,
  route: RouteDefinition,
  input: RawInput,
  options: CallOptions = {},
): Promise<unknown> {
  const path = fillPath(route.path, input.params ?? {});
  let response: Response;
  try {
    response = await http(path, {
      method: route.method,
      searchParams: toSearchParams(input.query),
      json: route.request?.body ? input.body : undefined,
      signal: options.signal,
      headers: { accept: 'application/json', ...options.headers },
      throwHttpErrors: true,
    });
  } catch (error) {
    throw toApiError(error);
  }
  const body = await readBody(response);
  const parsed = route.response.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: ClientErrorCodes.invalidResponse,
      message: `Unexpected response from ${route.method.toUpperCase()} ${route.path}`,
      details: { issues: parsed.error.issues },
    });
  }
  return parsed.data;
}

function toSearchParams(query: Record<string, unknown> | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  return params;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** HTTP errors become the server's envelope; lost connections and timeouts get their own codes. */
function toApiError(error: unknown): unknown {
  if (isHTTPError(error)) {
    return ApiError.fromResponse(error.response.status, error.data);
  }
  if (isTimeoutError(error)) {
    return new ApiError({
      status: 0,
      code: ClientErrorCodes.timeout,
      message: 'Request timed out',
    });
  }
  if (isNetworkError(error)) {
    return new ApiError({
      status: 0,
      code: ClientErrorCodes.networkError,
      message: 'Could not reach the server',
    });
  }
  // Aborts and programming errors pass through unchanged, so callers can tell them apart.
  return error;
}
