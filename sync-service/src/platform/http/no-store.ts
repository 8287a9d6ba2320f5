import type { Middleware } from 'koa';
import type { AppState } from './types';

/**
 * Answers to a signed-in user are theirs alone: `Cache-Control: no-store` keeps them out of
 * browser and proxy caches (a shared computer, a caching proxy). Applies to every request that
 * authenticated (contract routes with `auth: 'session'`, `requireSession`, `requireRole`),
 * errors included; a route that set its own Cache-Control keeps it.
 */
export function noStoreWhenSignedIn(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (ctx.state.user && !ctx.response.get('Cache-Control')) {
        ctx.set('Cache-Control', 'no-store');
      }
    }
  };
}
