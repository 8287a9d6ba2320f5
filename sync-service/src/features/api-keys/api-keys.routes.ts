import { accountsRoutes } from '@outsync/contracts/accounts';
import { addRoute } from '../../platform/http/route';
import { authenticate } from '../../platform/http/session';
import type { AppContext, AppRouter } from '../../platform/http/types';
import type { ApiKeysService } from './api-keys.service';

/** The API keys and lead categories routes (spec 02 §7 "API keys", "Lead categories"). */
export function registerApiKeysRoutes(router: AppRouter, deps: { apiKeys: ApiKeysService }): void {
  const { apiKeys } = deps;

  addRoute(router, accountsRoutes.apiKeys, async (_input, ctx) => apiKeys.list(await caller(ctx)));

  addRoute(router, accountsRoutes.checkApiKey, async ({ body }, ctx) => {
    await caller(ctx);
    return apiKeys.check(body);
  });

  addRoute(router, accountsRoutes.createApiKey, async ({ body }, ctx) =>
    apiKeys.create(await caller(ctx), body),
  );

  addRoute(router, accountsRoutes.updateApiKey, async ({ params, body }, ctx) =>
    apiKeys.update(await caller(ctx), params.id, body),
  );

  addRoute(router, accountsRoutes.validateApiKey, async ({ params }, ctx) =>
    apiKeys.validate(await caller(ctx), params.id),
  );

  addRoute(router, accountsRoutes.revealApiKey, async ({ params }, ctx) => {
    // The one answer that carries a key: never cached, whatever the app-wide default becomes.
    ctx.set('Cache-Control', 'no-store');
    return apiKeys.reveal(await caller(ctx), params.id, ctx.state.log);
  });

  addRoute(router, accountsRoutes.deleteApiKey, async ({ params }, ctx) =>
    apiKeys.remove(await caller(ctx), params.id),
  );

  addRoute(router, accountsRoutes.profileApiKeys, async ({ params, query }, ctx) =>
    apiKeys.listOfProfile(await caller(ctx), params.userId, query.platform),
  );

  addRoute(router, accountsRoutes.leadCategories, async ({ params }, ctx) =>
    apiKeys.leadCategories(await caller(ctx), params.id),
  );

  addRoute(router, accountsRoutes.addLeadCategories, async ({ params, body }, ctx) =>
    apiKeys.addLeadCategories(await caller(ctx), params.id, body.categories),
  );
}

/** The signed-in user (addRoute has authenticated; noStoreWhenSignedIn keeps answers uncached). */
function caller(ctx: AppContext) {
  return authenticate(ctx);
}
