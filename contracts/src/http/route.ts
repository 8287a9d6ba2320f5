import type * as z from '@outsync/contracts/zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** `none`: public. `session`: needs a signed-in user's session cookie (the default). */
export type RouteAuth = 'none' | 'session';

/** Params and query are objects of named values; the body may be any schema. */
export type RouteRequest = {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
};

export type RouteDefinition = {
  method: HttpMethod;
  /** Koa-style path; `:name` segments are path parameters and must match `request.params`. */
  path: string;
  request?: RouteRequest;
  /** Schema of the success body (on the wire it is the schema's input, the client gets its output). */
  response: z.ZodType;
  /** Success status, 200 unless said otherwise. */
  status?: number;
  /**
   * A download or a stream rather than JSON: the body is this media type, streamed (`response`
   * then describes it as a string); `text/event-stream` is server-sent events, read with fetch
   * or EventSource, never through the client. Errors still answer with the JSON envelope.
   */
  produces?: 'text/csv' | 'text/event-stream';
  /** Error statuses this route answers with the envelope, beyond the 400 and 500 every route may. */
  errors?: Readonly<Record<number, string>>;
  auth?: RouteAuth;
  /**
   * `false`: the session cookie alone signs in here, a customer API token is refused (the token
   * routes themselves). Otherwise every `auth: 'session'` route takes a token as well.
   */
  apiToken?: false;
  description: string;
};

export type RouteTable = Readonly<Record<string, RouteDefinition>>;

type RequestOf<R extends RouteDefinition> = R extends { request: infer Q extends RouteRequest }
  ? Q
  : Record<never, never>;

type PresentParts<R extends RouteDefinition> = {
  [K in keyof RequestOf<R> & keyof RouteRequest]-?: RequestOf<R>[K] extends z.ZodType ? K : never;
}[keyof RequestOf<R> & keyof RouteRequest];

type SchemaAt<R extends RouteDefinition, K> = K extends keyof RequestOf<R>
  ? RequestOf<R>[K] extends z.ZodType
    ? RequestOf<R>[K]
    : never
  : never;

/** What a caller sends: the input side of each request schema the route declares. */
export type RouteInput<R extends RouteDefinition> = {
  [K in PresentParts<R>]: z.input<SchemaAt<R, K>>;
};

/** What a handler receives after validation: the output side of each request schema. */
export type RouteParsedInput<R extends RouteDefinition> = {
  [K in PresentParts<R>]: z.output<SchemaAt<R, K>>;
};

/** What a handler answers with, i.e. the JSON on the wire. */
export type RouteOutput<R extends RouteDefinition> = z.input<R['response']>;

/** What the client resolves with after parsing the response. */
export type RouteResult<R extends RouteDefinition> = z.output<R['response']>;

/**
 * Whether a customer API token (`Authorization: Bearer osat_…`) opens the route: every route that
 * needs a signed-in user, unless it says `apiToken: false`. Public routes (sign-in and sign-out
 * among them) take none: a token stands for a signed-in user, and there is none to be there.
 */
export function acceptsApiToken(route: RouteDefinition): boolean {
  return (route.auth ?? 'session') === 'session' && route.apiToken !== false;
}

const PATH_PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** Names of the `:name` segments of a route path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => match[1] ?? '');
}

/** `/webhooks/:id` → `/webhooks/{id}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(PATH_PARAM, '{$1}');
}

/** Fills `:name` segments with URL-encoded values. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>>): string {
  return path.replace(PATH_PARAM, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * Declares one API route. Returns the definition unchanged (with its literal types kept, so the
 * client and the server infer params, body and response per route), after checking that the
 * path's `:name` segments and the params schema agree.
 */
export function defineRoute<const R extends RouteDefinition>(route: R): R {
  const inPath = pathParamNames(route.path).sort();
  const inSchema = Object.keys(route.request?.params?.shape ?? {}).sort();
  if (inPath.join(',') !== inSchema.join(',')) {
    throw new TypeError(
      `Route ${route.method.toUpperCase()} ${route.path}: path parameters [${inPath.join(', ')}] ` +
        `do not match request.params [${inSchema.join(', ')}]`,
    );
  }
  return route;
}
