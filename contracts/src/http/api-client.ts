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
 * How a client sends its calls: `prefix: 'http://host:4000'` for an absolute base (in the
 * browser nothing is needed, the paths resolve against the page's origin). No retries: the
 * caller's query cache decides about retrying. The client is plain `fetch` (ky's 8 KB gzip was
 * the shell's for the few options below; docs/decisions.md, "Bundle budgets (issue 32)").
 */
export interface HttpClientInit {
  /** Base URL the route paths are joined to; a path of its own is kept (`https://gw/outsync/`). */
  prefix?: string;
  /** Headers every call sends (a call's own headers win). */
  headers?: Record<string, string>;
  credentials?: 'omit' | 'same-origin' | 'include';
  /** Milliseconds until a call without an answer fails with `timeout` (default 10 s). */
  timeout?: number;
  /** The fetch to call (a test's, or one with a proxy); the global one by default. */
  fetch?: (input: Request) => Promise<Response>;
  hooks?: {
    /** Run in order before each call is sent; may set headers on the request. */
    beforeRequest?: Array<(state: { request: Request }) => void | Promise<void>>;
    /** Run in order on every answer, failures included, before it is read. */
    afterResponse?: Array<
      (state: { request: Request; response: Response }) => void | Promise<void>
    >;
  };
}

const DEFAULT_TIMEOUT_MS = 10_000;

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
  const entries = Object.entries(routes).map(([name, route]) => {
    const call = (...args: unknown[]) => {
      const [input, options] = hasRequest(route)
        ? [args[0] as RawInput, args[1] as CallOptions | undefined]
        : [{}, args[0] as CallOptions | undefined];
      return send(http, route, input, options);
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
  http: HttpClientInit,
  route: RouteDefinition,
  input: RawInput,
  options: CallOptions = {},
): Promise<unknown> {
  const path = fillPath(route.path, input.params ?? {});
  const url = joinUrl(http.prefix, path, toSearchParams(input.query));
  const hasBody = Boolean(route.request?.body) && input.body !== undefined;
  const headers = new Headers(http.headers);
  headers.set('accept', 'application/json');
  if (hasBody) headers.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  // The caller's abort passes through unchanged; our own timeout becomes a `timeout` error.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, http.timeout ?? DEFAULT_TIMEOUT_MS);
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  let response: Response;
  try {
    const request = new Request(url, {
      method: route.method.toUpperCase(),
      headers,
      body: hasBody ? JSON.stringify(input.body) : undefined,
      credentials: http.credentials,
      signal: controller.signal,
    });
    for (const hook of http.hooks?.beforeRequest ?? []) await hook({ request });
    try {
      response = await (http.fetch ? http.fetch(request) : fetch(request));
    } catch (error) {
      throw fetchError(error, timedOut);
    }
    for (const hook of http.hooks?.afterResponse ?? []) await hook({ request, response });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  const body = await readBody(response);
  if (!response.ok) throw ApiError.fromResponse(response.status, body);
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

/**
 * A route's URL with its params and query filled in, for what the browser fetches itself: a
 * download link (`produces`) is followed, not called, so the file streams to disk at any size.
 */
export function routeUrl<R extends RouteDefinition>(
  route: R,
  input: Partial<RouteInput<R>> = {},
  prefix?: string,
): string {
  const raw = input as RawInput;
  return joinUrl(prefix, fillPath(route.path, raw.params ?? {}), toSearchParams(raw.query));
}

/** `prefix` + `path` (one slash between them) + the query. */
function joinUrl(prefix: string | undefined, path: string, query?: URLSearchParams): string {
  const base = prefix ? `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : path;
  const search = query?.toString();
  return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
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

/**
 * What a failed fetch means: our timeout, or no connection (fetch rejects with a TypeError);
 * aborts by the caller and programming errors pass through unchanged, so callers can tell them
 * apart. HTTP errors are answers: `send` reads their envelope.
 */
function fetchError(error: unknown, timedOut: boolean): unknown {
  if (timedOut) {
    return new ApiError({
      status: 0,
      code: ClientErrorCodes.timeout,
      message: 'Request timed out',
    });
  }
  if (error instanceof TypeError) {
    return new ApiError({
      status: 0,
      code: ClientErrorCodes.networkError,
      message: 'Could not reach the server',
    });
  }
  return error;
}
