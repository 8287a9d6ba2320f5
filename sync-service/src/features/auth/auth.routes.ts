import { apiRoutes, DEFAULT_REDIRECT_URL } from '@outsync/contracts';
import { clearCookie, isSecureRequest, readCookie, setCookie } from '../../platform/http/cookies';
import { issueCsrfToken } from '../../platform/http/csrf';
import { addRoute } from '../../platform/http/route';
import { authenticate, SESSION_COOKIE } from '../../platform/http/session';
import type { AppRouter } from '../../platform/http/types';
import type { UsersService } from '../users';
import type { AuthService } from './auth.service';

export function registerAuthRoutes(
  router: AppRouter,
  deps: { auth: AuthService; users: UsersService },
): void {
  addRoute(router, apiRoutes.csrfToken, (_input, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return { csrfToken: issueCsrfToken(ctx) };
  });

  addRoute(router, apiRoutes.sendCode, async ({ body }, ctx) => {
    await deps.auth.sendCode(body.email, ctx.ip, ctx.state.log);
    return { success: true as const, message: 'Code sent. Check your email.' };
  });

  addRoute(router, apiRoutes.verifyCode, async ({ body }, ctx) => {
    const session = await deps.auth.verifyCode(body, ctx.ip);
    // Signing in again in the same browser replaces its previous session.
    const previous = readCookie(ctx, SESSION_COOKIE);
    if (previous) await deps.auth.endSession(previous);
    setCookie(ctx, SESSION_COOKIE, session.token, {
      maxAgeSeconds: session.maxAgeSeconds,
      secure: isSecureRequest(ctx),
    });
    return { success: true as const, redirectUrl: DEFAULT_REDIRECT_URL, message: 'Signed in.' };
  });

  addRoute(router, apiRoutes.logout, async (_input, ctx) => {
    const token = readCookie(ctx, SESSION_COOKIE);
    if (token) await deps.auth.endSession(token);
    clearCookie(ctx, SESSION_COOKIE, { secure: isSecureRequest(ctx) });
    return { redirectUrl: '/' };
  });

  addRoute(router, apiRoutes.me, async (_input, ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return deps.users.me(await authenticate(ctx));
  });
}
