import ky, { HTTPError, isHTTPError, isNetworkError, isTimeoutError, type Input } from 'ky';
import type { z } from 'zod';
import {
  ConnectorError,
  SYSTEM_NAMES,
  isConnectorError,
  type ConnectorErrorCode,
  type ConnectorSystem,
} from './connector-error';
import { redact } from './redact';
import { errorCodeFor, parseRetryAfter, readVendorError } from './vendor-errors';

/**
 * The fetch the service passes in (its SSRF-safe one, metered); the global fetch by default.
 * `call` names the system, so the service's metrics count each attempt by vendor.
 */
export type ConnectorFetch = (
  input: string | URL,
  init?: RequestInit,
  call?: { system: ConnectorSystem },
) => Promise<Response>;

/** OAuth bearer tokens, refreshed once when the vendor answers 401. */
export type TokenAuth = {
  kind: 'bearer';
  getAccessToken(): Promise<string>;
  /** Called once on a 401; returns the new token or throws. */
  refresh(): Promise<string>;
};

/** Places a static key on each request: a header, or a query parameter on `url`. */
export type StaticAuth = (request: { headers: Headers; url: URL }) => void;

export type HttpClientOptions = {
  system: ConnectorSystem;
  /** Origin plus any path prefix the vendor paths hang under, e.g. `https://api.hubapi.com`. */
  baseUrl: string;
  fetch?: ConnectorFetch;
  /** Per attempt. Default 15 000. */
  timeoutMs?: number;
  /** Retries of a failed attempt. Default 2. */
  retries?: number;
  /** A longer `Retry-After` is not waited for: the call fails as rate_limited. Default 10 000. */
  maxRetryAfterMs?: number;
  auth?: TokenAuth | StaticAuth;
  /** Values scrubbed from every error (API keys, tokens, client secrets). */
  secrets?: () => readonly string[];
  /**
   * Awaited before every attempt, the first and each retry: where a per-account rate limit
   * (shared by the account's clients) plugs in. It may throw a ConnectorError to refuse the call.
   */
  throttle?: (request: { method: string; url: string }) => Promise<void>;
  /** Sees every response (its headers: the vendor's rate-limit and usage counters). */
  observe?: (response: Response) => void;
};

/** The knobs every vendor client passes through to its HTTP client. */
export type ClientTuning = Pick<
  HttpClientOptions,
  'fetch' | 'timeoutMs' | 'retries' | 'maxRetryAfterMs' | 'throttle' | 'observe'
>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

export type RequestSpec<Schema extends z.ZodType> = {
  /** The connector call, named in errors: `listOwners`. */
  operation: string;
  method: HttpMethod;
  /** Appended to the base URL; starts with `/` (or is empty for the base URL itself). */
  path: string;
  /** Validates the answer; its output is what `request` resolves to. */
  schema: Schema;
  query?: Readonly<Record<string, QueryValue>>;
  json?: unknown;
  form?: Readonly<Record<string, string>>;
  /** A POST that only reads (a search), so repeating it after an outage is harmless. */
  idempotent?: boolean;
};

export type HttpClient = {
  readonly system: ConnectorSystem;
  request<Schema extends z.ZodType>(spec: RequestSpec<Schema>): Promise<z.output<Schema>>;
};

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_RETRIES = 2;
const DEFAULT_MAX_RETRY_AFTER_MS = 10_000;
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['get', 'put', 'delete', 'head']);
/** 429 means the vendor did nothing, so any method may repeat; outages only idempotent ones. */
const RETRY_STATUS_CODES = [429, 502, 503, 504];

/**
 * One client per vendor account: base URL, auth placement, timeouts, retries that honour
 * `Retry-After` up to a cap, a single token refresh on 401, vendor errors turned into
 * `ConnectorError` with secrets scrubbed, and answers validated by zod.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const system = options.system;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const auth = options.auth;
  const tokenAuth = typeof auth === 'object' ? auth : undefined;
  const staticAuth = typeof auth === 'function' ? auth : undefined;
  /** Tokens this client has sent, so an error can never show one. */
  const usedTokens = new Set<string>();
  let refreshing: Promise<string> | undefined;

  const { throttle, observe } = options;
  const api = ky.create({
    fetch: adaptFetch(fetchImpl, system),
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    throwHttpErrors: true,
    hooks: {
      ...(throttle
        ? {
            beforeRequest: [({ request }) => throttle(request)],
            beforeRetry: [({ request }) => throttle(request)],
          }
        : {}),
      ...(observe ? { afterResponse: [({ response }) => observe(response)] } : {}),
    },
  });

  const secrets = (): string[] => [...(options.secrets?.() ?? []), ...usedTokens];
  const scrub = (value: string): string => redact(value, secrets());

  /** One request (with ky's retries); resolves to the body text, read within the timeout. */
  async function send<Schema extends z.ZodType>(
    spec: RequestSpec<Schema>,
    token: string | undefined,
  ): Promise<string> {
    const url = buildUrl(options.baseUrl, spec.path, spec.query);
    const headers = new Headers({ accept: 'application/json' });
    if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
    if (spec.form !== undefined) headers.set('content-type', 'application/x-www-form-urlencoded');
    staticAuth?.({ headers, url });
    const idempotent =
      spec.idempotent === true || IDEMPOTENT_METHODS.has(spec.method.toLowerCase());
    return api(url, {
      method: spec.method,
      headers,
      ...(spec.json !== undefined ? { json: spec.json } : {}),
      ...(spec.form !== undefined ? { body: new URLSearchParams(spec.form).toString() } : {}),
      retry: {
        limit: retries,
        // Every method reaches shouldRetry, which lets only idempotent ones repeat after outages.
        methods: ['get', 'put', 'delete', 'head', 'post', 'patch'],
        statusCodes: RETRY_STATUS_CODES,
        afterStatusCodes: [429, 503],
        maxRetryAfter: maxRetryAfterMs,
        shouldRetry: ({ error }) => {
          if (isHTTPError(error)) {
            if (waitExceeds(error.response, maxRetryAfterMs)) return false;
            if (error.response.status === 429) return windowStillClosed(error) ? false : undefined;
          }
          return idempotent ? undefined : false;
        },
      },
    }).text();
  }

  async function refreshToken(auth: TokenAuth, refused: string): Promise<string> {
    // Another request may have refreshed meanwhile; then its token is the one to use.
    const current = await auth.getAccessToken();
    if (current !== refused) return current;
    refreshing ??= auth.refresh().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  async function attempt<Schema extends z.ZodType>(spec: RequestSpec<Schema>): Promise<string> {
    if (!tokenAuth) return send(spec, undefined);
    const token = await tokenAuth.getAccessToken();
    usedTokens.add(token);
    try {
      return await send(spec, token);
    } catch (error) {
      if (!(isHTTPError(error) && error.response.status === 401)) throw error;
      const fresh = await refreshToken(tokenAuth, token).catch((refreshError: unknown) => {
        throw refreshFailure(refreshError, spec);
      });
      usedTokens.add(fresh);
      return send(spec, fresh);
    }
  }

  function refreshFailure(error: unknown, spec: RequestSpec<z.ZodType>): ConnectorError {
    if (isConnectorError(error)) return error;
    const detail = error instanceof Error ? error.message : String(error);
    return new ConnectorError({
      system,
      operation: spec.operation,
      code: 'unauthorized',
      status: 401,
      message: scrub(
        `${describeCall(system, spec)} was refused (401) and the access token could not be refreshed: ${detail}`,
      ),
    });
  }

  function toConnectorError(error: unknown, spec: RequestSpec<z.ZodType>): ConnectorError {
    if (isConnectorError(error)) return error;
    const call = describeCall(system, spec);
    if (error instanceof HTTPError) {
      const status = error.response.status;
      const vendor = readVendorError(error.data);
      const code = errorCodeFor(status, vendor.code);
      const vendorMessage = vendor.message === undefined ? undefined : scrub(vendor.message);
      const retryAfterSeconds =
        parseRetryAfter(error.response.headers.get('retry-after')) ?? vendor.retryAfterSeconds;
      return new ConnectorError({
        system,
        operation: spec.operation,
        code,
        status,
        retryAfterSeconds: code === 'rate_limited' ? retryAfterSeconds : undefined,
        vendorMessage,
        vendorCode: vendor.code === undefined ? undefined : scrub(vendor.code),
        message: scrub(
          `${call} failed: ${status} ${code}${vendorMessage ? ` (${vendorMessage})` : ''}`,
        ),
      });
    }
    if (isTimeoutError(error)) {
      return failure(spec, 'timeout', `${call} timed out`);
    }
    const reason = networkReason(error);
    const label = isNetworkError(error) ? 'could not reach the server' : 'failed before an answer';
    return failure(spec, 'network', `${call} ${label}${reason ? `: ${reason}` : ''}`);
  }

  function failure(
    spec: RequestSpec<z.ZodType>,
    code: ConnectorErrorCode,
    message: string,
  ): ConnectorError {
    return new ConnectorError({ system, operation: spec.operation, code, message: scrub(message) });
  }

  async function request<Schema extends z.ZodType>(
    spec: RequestSpec<Schema>,
  ): Promise<z.output<Schema>> {
    let body: unknown;
    try {
      body = parseBody(await attempt(spec));
    } catch (error) {
      throw toConnectorError(error, spec);
    }
    if (body === NOT_JSON) {
      throw failure(
        spec,
        'unexpected',
        `${describeCall(system, spec)} answered with a non-JSON body`,
      );
    }
    const parsed = spec.schema.safeParse(body);
    if (!parsed.success) {
      throw failure(
        spec,
        'unexpected',
        `${describeCall(system, spec)} answered in an unexpected shape: ${describeIssues(parsed.error)}`,
      );
    }
    return parsed.data;
  }

  return { system, request };
}

/** The URL of a vendor path: base URL (trailing slashes dropped) + path + query. */
export function buildUrl(
  baseUrl: string,
  path: string,
  query: Readonly<Record<string, QueryValue>> = {},
): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

/**
 * ky hands fetch a `Request`; the service's fetch takes a URL and init. The body is small JSON or
 * form text, so it is read whole rather than streamed.
 */
function adaptFetch(fetchImpl: ConnectorFetch, system: ConnectorSystem) {
  const call = { system };
  return async (input: Input, init?: RequestInit): Promise<Response> => {
    if (!(input instanceof Request)) return fetchImpl(input, init, call);
    const body = input.body === null ? undefined : await input.arrayBuffer();
    return fetchImpl(
      input.url,
      {
        ...init,
        method: input.method,
        headers: input.headers,
        body,
        redirect: input.redirect,
        signal: init?.signal ?? input.signal,
      },
      call,
    );
  };
}

/**
 * A 429 without Retry-After whose body names a window longer than a second (HubSpot's
 * TEN_SECONDLY_ROLLING, DAILY): a quick backoff would only spend requests in a window known to be
 * closed, so the call fails at once with the wait for the scheduler.
 */
function windowStillClosed(error: HTTPError): boolean {
  if (error.response.headers.has('retry-after')) return false;
  const policy = readVendorError(error.data).policy;
  return policy !== undefined && policy !== 'SECONDLY';
}

function waitExceeds(response: Response, maxRetryAfterMs: number): boolean {
  const seconds = parseRetryAfter(response.headers.get('retry-after'));
  return seconds !== undefined && seconds * 1000 > maxRetryAfterMs;
}

const NOT_JSON = Symbol('not JSON');

/** The answer's JSON; `undefined` for an empty body (204, HeyReach's key check). */
function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function describeCall(system: ConnectorSystem, spec: RequestSpec<z.ZodType>): string {
  return `${SYSTEM_NAMES[system]} ${spec.operation} (${spec.method} ${spec.path.split('?')[0] || '/'})`;
}

/** Where the answer differs from what we expect, by path; values are left out (they may be personal). */
function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.');
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

function networkReason(error: unknown): string | undefined {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : undefined;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const root = cause?.cause instanceof Error ? cause.cause : cause;
  const code = (root as { code?: unknown } | undefined)?.code;
  const message = root?.message ?? error.message;
  return typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message;
}
