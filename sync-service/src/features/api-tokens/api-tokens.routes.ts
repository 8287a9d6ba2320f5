import {
  accountsRoutes,
  ApiTokenErrorCodes,
  ApiTokenErrorMessages,
} from '@outsync/contracts/accounts';
import { HttpError } from '../../platform/http/http-error';
import { addRoute } from '../../platform/http/route';
import type { AppContext, AppRouter } from '../../platform/http/types';
import type { ApiTokensService } from './api-tokens.service';

/**
 * The signed-in user's own API tokens (issue 34, item 5). A session alone manages them: the
 * bearer middleware already refuses a token on these routes (their contracts say `apiToken:
 * false`), and each handler checks again, so a token can never mint, list or revoke tokens.
 */
export function registerApiTokensRoutes(
  router: AppRouter,
  deps: { apiTokens: ApiTokensService },
): void {
  const { apiTokens } = deps;

  addRoute(router, accountsRoutes.apiTokens, (_input, ctx) => apiTokens.list(sessionUser(ctx)));

  addRoute(router, accountsRoutes.createApiToken, async ({ body }, ctx) => {
    const created = await apiTokens.create(sessionUser(ctx), body);
    // A credential: no cache may keep it.
    ctx.set('Cache-Control', 'no-store');
    return created;
  });

  addRoute(router, accountsRoutes.revokeApiToken, ({ params }, ctx) =>
    apiTokens.revoke(sessionUser(ctx), params.id),
  );
}

/** The session's user (addRoute has authenticated); 403 when the request came with a token. */
function sessionUser(ctx: AppContext) {
  const user = ctx.state.user;
  if (!user || ctx.state.apiToken !== undefined || ctx.state.embed !== undefined) {
    throw new HttpError(
      403,
      ApiTokenErrorCodes.routeNotAllowed,
      ApiTokenErrorMessages.routeNotAllowed,
    );
  }
  return user;
}
