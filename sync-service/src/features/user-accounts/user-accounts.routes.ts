import { accountsRoutes } from '@outsync/contracts/accounts';
import { addRoute } from '../../platform/http/route';
import { authenticate } from '../../platform/http/session';
import type { AppContext, AppRouter } from '../../platform/http/types';
import type { UserAccountsService } from './user-accounts.service';

/** The additional webhook endpoint routes (spec 02 §7 "Additional webhook endpoints"). */
export function registerUserAccountsRoutes(
  router: AppRouter,
  deps: { userAccounts: UserAccountsService },
): void {
  const { userAccounts } = deps;

  addRoute(router, accountsRoutes.userAccounts, async (_input, ctx) =>
    userAccounts.list(await caller(ctx)),
  );

  addRoute(router, accountsRoutes.createUserAccount, async ({ body }, ctx) =>
    userAccounts.create(await caller(ctx), body),
  );

  addRoute(router, accountsRoutes.revealUserAccountSecret, async ({ params }, ctx) => {
    // The one answer that carries the secret: never cached, whatever the app-wide default becomes.
    ctx.set('Cache-Control', 'no-store');
    return userAccounts.revealSigningSecret(await caller(ctx), params.id, ctx.state.log);
  });

  addRoute(router, accountsRoutes.updateUserAccount, async ({ params, body }, ctx) =>
    userAccounts.update(await caller(ctx), params.id, body),
  );

  addRoute(router, accountsRoutes.deleteUserAccount, async ({ params }, ctx) =>
    userAccounts.remove(await caller(ctx), params.id),
  );
}

/** The signed-in user (addRoute has authenticated; noStoreWhenSignedIn keeps answers uncached). */
function caller(ctx: AppContext) {
  return authenticate(ctx);
}
