import type { Middleware, ParameterizedContext } from 'koa';

/** The context every sandbox handler receives (router params included). */
export type Ctx = ParameterizedContext & { params: Record<string, string> };
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parsed request body as an object; anything else (no body, an array) reads as `{}`. */
export function bodyObject(ctx: ParameterizedContext): JsonObject {
  const body: unknown = ctx.request.body;
  return isObject(body) ? body : {};
}

/** The parsed request body when the API takes a bare JSON array. */
export function bodyArray(ctx: ParameterizedContext): unknown[] {
  const body: unknown = ctx.request.body;
  return Array.isArray(body) ? body : [];
}

export function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asStringArray(value: unknown): string[] {
  return asArray(value).flatMap((item) => {
    const text = asString(item);
    return text === undefined ? [] : [text];
  });
}

export function asNumber(value: unknown, fallback: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : fallback;
}

/** A query parameter as one string (koa gives arrays for repeated keys). */
export function queryString(ctx: ParameterizedContext, name: string): string | undefined {
  const value = ctx.query[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Every value of a query parameter, in order: `?a=1&a=2` gives both (koa parses repeated keys
 * into an array), where `queryString` keeps only the first. Generated API clients send list
 * parameters this way (`?properties=email&properties=firstname`).
 */
export function queryValues(ctx: ParameterizedContext, name: string): string[] {
  const value = ctx.query[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function queryInt(ctx: ParameterizedContext, name: string, fallback: number): number {
  return Math.trunc(asNumber(queryString(ctx, name), fallback));
}

export function bearerToken(ctx: ParameterizedContext): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim();
}

export function sendJson(ctx: ParameterizedContext, status: number, body: unknown): void {
  ctx.status = status;
  ctx.body = body;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** An absolute http(s) URL (redirect_uri, webhook URLs). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Guards every path under `prefix` with a platform's API-key check: `refusal` returns the
 * platform's own 401 body when the key is missing or wrong, nothing when it is fine.
 */
export function apiKeyGuard(
  prefix: string,
  refusal: (ctx: ParameterizedContext) => JsonObject | undefined,
): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(`${prefix}/`)) return next();
    const body = refusal(ctx);
    if (body) {
      ctx.status = 401;
      ctx.body = body;
      return;
    }
    await next();
  };
}
