// A fake sync-service for component tests, driven by the contracts' route tables: fetch answers
// as the service would. A request is matched by method and path against the core `apiRoutes`
// plus the area's table (`:name` segments are path params), checked for the CSRF token when it
// changes state, validated with the route's own request schemas (the service's 400
// `validation_error` envelope, whose message is the first issue), then answered by the handler
// the area's tests registered for that route. The client parses each answer with the route's
// response schema, so a wrong shape fails the test. A request no route matches, or a route with
// no handler, is answered 404 with a message naming it: a test never passes on a silent default.
//
// API:
//   const api = createFakeService({ routes?, handlers?, csrfToken?, unmatched? })   replaces fetch
//   api.on(route, handler)     replaces one route's handler; it gets ({ params, query, body },
//                              request) already validated, and answers { body }, { status, error },
//                              { status, text } (a page not in JSON), or a Response as it is
//   api.onUnmatched(handler)   answers the requests no route matches
//   api.authorize(check)       replaces the CSRF check (an embedded module's bearer token, …)
//   api.sent(route)            the requests that reached a route, in order
//   api.requests               every request, matched or not (route null)
//   api.restore()              puts the real fetch back (jest.restoreAllMocks() does too)
//   deferred<T>()              a promise the test settles, to look at a pending screen
import {
  apiRoutes,
  CSRF_HEADER,
  ErrorCodes,
  type ApiRoutes,
  type ErrorEnvelope,
  type RouteDefinition,
  type RouteOutput,
  type RouteParsedInput,
  type RouteTable,
  type ValidationIssue,
} from '@outsync/contracts';

/** The core routes and an area's: what the fake serves. */
export type ServiceRoutes<T extends RouteTable> = ApiRoutes & T;

/** One request the page sent, as the service saw it. */
export interface SentRequest<N extends string = string> {
  /** The route it matched, or null. */
  route: N | null;
  method: string;
  /** The whole address, e.g. for a call to another host. */
  url: string;
  path: string;
  /** As sent on the wire. */
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body (the text when it is not JSON); undefined without one. */
  body: unknown;
  /** The request itself. */
  request: Request;
}

/**
 * One answer: a body (the route's success status unless `status` says otherwise; a string goes
 * as plain text), an error envelope, a page not in JSON, or a Response sent as it is.
 */
export type FakeReply<R extends RouteDefinition = RouteDefinition> =
  | { status?: number; body: RouteOutput<R> }
  | { status: number; error: ErrorEnvelope }
  | { status: number; text: string }
  | Response;

/** A route's handler: gets the request already validated by the route's schemas. */
export type FakeHandler<R extends RouteDefinition, N extends string = string> = (
  input: RouteParsedInput<R>,
  request: SentRequest<N>,
) => FakeReply<R> | Promise<FakeReply<R>>;

/** Handlers by route name (a table's own, or `ServiceRoutes<T>` with the core routes). */
export type FakeHandlers<T extends RouteTable> = { [N in keyof T & string]?: FakeHandler<T[N]> };

/** Answers a request no route matches. */
export type UnmatchedHandler<N extends string = string> = (
  request: SentRequest<N>,
) => FakeReply | Promise<FakeReply>;

/** Runs before validation; a reply refuses the request, undefined lets it through. */
export type RequestCheck<N extends string = string> = (
  request: SentRequest<N>,
  route: N,
) => FakeReply | undefined;

export interface FakeServiceOptions<T extends RouteTable> {
  /** The area's route table; the core `apiRoutes` are always served. */
  routes?: T;
  /** The handlers the area's tests start from. */
  handlers?: FakeHandlers<ServiceRoutes<T>>;
  /**
   * The page's CSRF token: `GET /auth/csrf-token` answers it (unless a handler is given) and a
   * state-changing call without it is refused 403 `csrf_invalid`, as the service does.
   * null: neither; the tests answer the token route themselves. Default 'csrf-1'.
   */
  csrfToken?: string | null;
  /** Answers the requests no route matches; by default a 404 naming the request. */
  unmatched?: UnmatchedHandler<keyof ServiceRoutes<T> & string>;
}

/** service (platform/http/csrf.ts): 403 from a state-changing call without the cookie's token. */
export const csrfInvalid: ErrorEnvelope = {
  message: 'Your session has expired. Refresh the page and try again.',
  code: 'csrf_invalid',
};

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** 'POST /auth/code': how a route is written in a test's keyed answers. */
export function routeKey(route: RouteDefinition): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

/** The fake's answer to a request nobody answers: a 404 that says what is missing. */
export function noAnswer(request: SentRequest): { status: number; error: ErrorEnvelope } {
  const message =
    request.route === null
      ? `The fake service has no route for ${request.method} ${request.path}.`
      : `The fake service has no handler for route '${request.route}' (${request.method} ${request.path}): register one with on('${request.route}', …).`;
  return { status: 404, error: { message, code: ErrorCodes.notFound } };
}

interface RouteEntry {
  name: string;
  route: RouteDefinition;
  pattern: RegExp;
}

function routeEntries(routes: RouteTable): RouteEntry[] {
  return (
    Object.entries(routes)
      .map(([name, route]) => ({
        name,
        route,
        pattern: new RegExp(`^${route.path.replace(/:([A-Za-z_]\w*)/g, '(?<$1>[^/]+)')}$`),
      }))
      // Fewer parameters first: '/webhooks/generate' before '/webhooks/:id'.
      .sort((a, b) => a.route.path.split(':').length - b.route.path.split(':').length)
  );
}

function matchRoute(entries: RouteEntry[], method: string, path: string) {
  for (const entry of entries) {
    if (entry.route.method.toUpperCase() !== method) continue;
    const match = entry.pattern.exec(path);
    if (match) return { entry, params: { ...match.groups } };
  }
  return null;
}

/** Validates each request part the route declares, as the service does before any handler. */
function validate(route: RouteDefinition, raw: Record<'params' | 'query' | 'body', unknown>) {
  const input: Record<string, unknown> = {};
  const issues: ValidationIssue[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = route.request?.[part];
    if (!schema) continue;
    const result = schema.safeParse(raw[part]);
    if (result.success) {
      input[part] = result.data;
      continue;
    }
    for (const issue of result.error.issues) {
      issues.push({
        in: part,
        path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
        message: issue.message,
      });
    }
  }
  if (issues.length === 0) return { input };
  const refusal: FakeReply = {
    status: 400,
    error: {
      message: issues[0]?.message ?? 'Invalid request',
      code: ErrorCodes.validationError,
      details: { issues },
    },
  };
  return { refusal };
}

function jsonResponse(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function toResponse(reply: FakeReply, successStatus = 200): Response {
  if (reply instanceof Response) return reply;
  if ('text' in reply) return new Response(reply.text, { status: reply.status });
  if ('error' in reply) return jsonResponse(reply.status, reply.error);
  const status = reply.status ?? successStatus;
  if (typeof reply.body === 'string') {
    return new Response(reply.body, { status, headers: { 'content-type': 'text/plain' } });
  }
  return jsonResponse(status, reply.body);
}

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Replaces fetch with the fake service (see the API at the top of this file). */
export function createFakeService<const T extends RouteTable = Record<never, never>>(
  options: FakeServiceOptions<T> = {},
) {
  type Routes = ServiceRoutes<T>;
  type Name = keyof Routes & string;
  type Sent = SentRequest<Name>;
  const { csrfToken = 'csrf-1' } = options;
  const entries = routeEntries({ ...apiRoutes, ...options.routes });
  const handlers: Partial<Record<string, FakeHandler<RouteDefinition, Name>>> = {
    ...(csrfToken === null ? {} : { csrfToken: () => ({ body: { csrfToken } }) }),
    ...(options.handlers as unknown as Record<string, FakeHandler<RouteDefinition, Name>>),
  };
  const requests: Sent[] = [];
  let unmatched: UnmatchedHandler<Name> = options.unmatched ?? noAnswer;
  let check: RequestCheck<Name> = (request) =>
    csrfToken !== null &&
    unsafeMethods.has(request.method) &&
    request.headers.get(CSRF_HEADER) !== csrfToken
      ? { status: 403, error: csrfInvalid }
      : undefined;

  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const matched = matchRoute(entries, request.method, url.pathname);
    const sent: Sent = {
      route: (matched?.entry.name ?? null) as Name | null,
      method: request.method,
      url: url.href,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: undefined,
      request,
    };
    // Recorded before the body is read: a test sees the request as soon as it is sent.
    requests.push(sent);
    sent.body = await bodyOf(request);
    if (!matched || sent.route === null) return toResponse(await unmatched(sent));
    const refusal = check(sent, sent.route);
    if (refusal) return toResponse(refusal);
    const checked = validate(matched.entry.route, {
      params: matched.params,
      query: Object.fromEntries(url.searchParams),
      body: sent.body,
    });
    if (checked.refusal) return toResponse(checked.refusal);
    const handler = handlers[sent.route];
    if (!handler) return toResponse(noAnswer(sent));
    const reply = await handler(checked.input as never, sent);
    return toResponse(reply, matched.entry.route.status);
  });

  return {
    requests,
    /** Replaces what one route answers (the others keep theirs). */
    on<N extends Name>(name: N, handler: FakeHandler<Routes[N], Name>) {
      handlers[name] = handler as unknown as FakeHandler<RouteDefinition, Name>;
    },
    /** Answers the requests no route matches. */
    onUnmatched(handler: UnmatchedHandler<Name>) {
      unmatched = handler;
    },
    /** Replaces the check every matched request passes before validation (CSRF by default). */
    authorize(next: RequestCheck<Name>) {
      check = next;
    },
    /** The requests that reached one route, e.g. `sent('createWebhook')`. */
    sent(name: Name): Sent[] {
      return requests.filter((request) => request.route === name);
    },
    /** Puts the real fetch back. */
    restore() {
      spy.mockRestore();
    },
  };
}

export type FakeService<T extends RouteTable = Record<never, never>> = ReturnType<
  typeof createFakeService<T>
>;

/** A promise the test settles itself, to look at the page while a request is in flight. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
