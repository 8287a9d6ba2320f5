import {
  ErrorCodes,
  type Role,
  type RequestPart,
  type RouteDefinition,
  type RouteOutput,
  type RouteParsedInput,
  type ValidationErrorDetails,
  type ValidationIssue,
} from '@outsync/contracts';
import { HttpError } from './http-error';
import { assertRole, authenticate } from './session';
import type { AppContext, AppRouter } from './types';

export type RouteHandler<R extends RouteDefinition> = (
  input: RouteParsedInput<R>,
  ctx: AppContext,
) => RouteOutput<R> | Promise<RouteOutput<R>>;

export type RouteOptions = {
  /** Only signed-in users with one of these roles (403 `forbidden` otherwise). */
  roles?: readonly Role[];
};

/**
 * Mounts a contracts route. Routes are `auth: 'session'` unless they say `'none'`: without a
 * valid session cookie they answer 401 `unauthorized` before anything else, and the handler
 * finds the user on `ctx.state.user`. Params, query and body are validated with the route's
 * schemas before the handler runs (400 `validation_error` listing every issue otherwise), and
 * the handler's return value is the response body, sent with the route's success status.
 */
export function addRoute<R extends RouteDefinition>(
  router: AppRouter,
  route: R,
  handler: RouteHandler<R>,
  options: RouteOptions = {},
): void {
  router.register(route.path, [route.method.toUpperCase()], async (ctx) => {
    if ((route.auth ?? 'session') === 'session') {
      const user = await authenticate(ctx);
      if (options.roles) assertRole(user, options.roles);
    }
    const input = validateRequest(route, {
      params: ctx.params,
      query: ctx.query,
      body: ctx.request.body,
    });
    const output = await handler(input, ctx);
    ctx.status = route.status ?? 200;
    ctx.body = output;
  });
}

/** Parses each request part the route declares; throws one HttpError listing all issues. */
export function validateRequest<R extends RouteDefinition>(
  route: R,
  raw: Record<RequestPart, unknown>,
): RouteParsedInput<R> {
  const parsed: Partial<Record<RequestPart, unknown>> = {};
  const issues: ValidationIssue[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = route.request?.[part];
    if (!schema) continue;
    const result = schema.safeParse(raw[part]);
    if (result.success) {
      parsed[part] = result.data;
    } else {
      for (const issue of result.error.issues) {
        issues.push({
          in: part,
          path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
          message: issue.message,
        });
      }
    }
  }
  if (issues.length > 0) {
    const details: ValidationErrorDetails = { issues };
    // The first issue is the message: forms check in the spec's order, so it is the one to show.
    const message = issues[0]?.message ?? 'Invalid request';
    throw new HttpError(400, ErrorCodes.validationError, message, details);
  }
  // Each declared part was parsed by its own schema above.
  return parsed as RouteParsedInput<R>;
}
