import { apiRoutes } from '@outsync/contracts';
import { addRoute } from '../../platform/http/route';
import { authenticate } from '../../platform/http/session';
import type { AppContext, AppRouter } from '../../platform/http/types';
import type { ApiKeysService } from './api-keys.service';

/** The API keys and lead categories routes (spec 02 §7 "API keys", "Lead categories"). */
export function registerApiKeysRoutes(router: AppRouter, deps: { apiKeys: ApiKeysService }): void {
  const { apiKeys } = deps;

  addRoute(router, apiRoutes.apiKeys, async (_input, ctx) => apiKeys.list(await caller(ctx)));

  addRoute(router, apiRoutes.checkApiKey, async ({ body }, ctx) => {
    await caller(ctx);
    return apiKeys.check(body);
  });

  addRoute(router, apiRoutes.createApiKey, async ({ body }, ctx) =>
    apiKeys.create(await caller(ctx), body),
  );

  addRoute(router, apiRoutes.updateApiKey, async ({ params, body }, ctx) =>
    apiKeys.update(await caller(ctx), params.id, body),
  );

  addRoute(router, apiRoutes.validateApiKey, async ({ params }, ctx) =>
    apiKeys.validate(await caller(ctx), params.id),
  );

  addRoute(router, apiRoutes.revealApiKey, async ({ params }, ctx) => {
    // The one answer that carries a key: never cached, whatever the app-wide default becomes.
    ctx.set('Cache-Control', 'no-store');
    return apiKeys.reveal(await caller(ctx), params.id, ctx.state.log);
  });

  addRoute(router, apiRoutes.deleteApiKey, async ({ params }, ctx) =>
    apiKeys.remove(await caller(ctx), params.id),
  );

  addRoute(router, apiRoutes.profileApiKeys, async ({ params, query }, ctx) =>
    apiKeys.listOfProfile(await caller(ctx), params.userId, query.platform),
  );

  addRoute(router, apiRoutes.leadCategories, async ({ params }, ctx) =>
    apiKeys.leadCategories(await caller(ctx), params.id),
  );

  addRoute(router, apiRoutes.addLeadCategories, async ({ params, body }, ctx) =>
    apiKeys.addLeadCategories(await caller(ctx), params.id, body.categories),
  );
}

/** The signed-in user (addRoute has authenticated; noStoreWhenSignedIn keeps answers uncached). */
function caller(ctx: AppContext) {
  return authenticate(ctx);
}
