import type { Context } from 'koa';

export type CookieOptions = {
  /** Seconds; omitted → a browser-session cookie. 0 deletes the cookie. */
  maxAgeSeconds?: number;
  secure: boolean;
};

const COOKIE_VALUE = /^[A-Za-z0-9_-]*$/;

/**
 * Appends a `Set-Cookie` for an HttpOnly, SameSite=Lax cookie on path `/`. Written by hand
 * because Koa's `cookies` only emits `Expires` (from the wall clock), and the spec's
 * lifetimes are clearer as `Max-Age`. Values are base64url tokens, so no encoding is needed.
 */
export function setCookie(ctx: Context, name: string, value: string, options: CookieOptions): void {
  if (!COOKIE_VALUE.test(value)) throw new TypeError(`cookie ${name}: value is not base64url`);
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.secure) parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
}

export function clearCookie(ctx: Context, name: string, options: { secure: boolean }): void {
  setCookie(ctx, name, '', { maxAgeSeconds: 0, secure: options.secure });
}

/** The cookie's value from the request, if it is present and non-empty. */
export function readCookie(ctx: Context, name: string): string | undefined {
  const value = ctx.cookies.get(name);
  return value ? value : undefined;
}

/** `Secure` only over https: `ctx.secure` honours X-Forwarded-Proto when `app.proxy` is on. */
export function isSecureRequest(ctx: Context): boolean {
  return ctx.secure;
}
