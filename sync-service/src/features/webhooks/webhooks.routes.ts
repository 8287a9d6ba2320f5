import { webhooksRoutes } from '@outsync/contracts/webhooks';
import { addRoute } from '../../platform/http/route';
import type { AppContext, AppRouter, SessionUser } from '../../platform/http/types';
import type { WebhooksService } from './webhooks.service';

function userOf(ctx: AppContext): SessionUser {
  // Every route here is `auth: 'session'`: addRoute has put the user there.
  return ctx.state.user as SessionUser;
}

/** The webhook routes (spec 01 §7 "Webhooks"). */
export function registerWebhooksRoutes(
  router: AppRouter,
  deps: { webhooks: WebhooksService },
): void {
  const { webhooks } = deps;

  addRoute(router, webhooksRoutes.webhooks, (_input, ctx) => webhooks.list(userOf(ctx)));

  // A string body goes out as text/plain: the spec's "plain-text code".
  addRoute(router, webhooksRoutes.generateWebhookCode, (_input, ctx) =>
    webhooks.generateCode(userOf(ctx)),
  );

  addRoute(router, webhooksRoutes.createWebhook, ({ body }, ctx) =>
    webhooks.create(userOf(ctx), body),
  );

  addRoute(router, webhooksRoutes.updateWebhook, ({ params, body }, ctx) =>
    webhooks.update(userOf(ctx), params.id, body),
  );

  addRoute(router, webhooksRoutes.deleteWebhook, ({ params }, ctx) =>
    webhooks.remove(userOf(ctx), params.id),
  );
}
