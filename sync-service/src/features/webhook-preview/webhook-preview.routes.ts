import { webhooksRoutes } from '@outsync/contracts/webhooks';
import { addRoute } from '../../platform/http/route';
import type { AppContext, AppRouter, SessionUser } from '../../platform/http/types';
import type { WebhookPreviewService } from './webhook-preview.service';

function userOf(ctx: AppContext): SessionUser {
  // Every route here is `auth: 'session'`: addRoute has put the user there.
  return ctx.state.user as SessionUser;
}

/** The dry-run preview's routes (issue 34, item 2). */
export function registerWebhookPreviewRoutes(
  router: AppRouter,
  deps: { preview: WebhookPreviewService },
): void {
  const { preview } = deps;
  addRoute(router, webhooksRoutes.previewWebhook, ({ body }, ctx) =>
    preview.previewCreate(userOf(ctx), body),
  );
  addRoute(router, webhooksRoutes.previewWebhookUpdate, ({ params, body }, ctx) =>
    preview.previewUpdate(userOf(ctx), params.id, body),
  );
  addRoute(router, webhooksRoutes.webhookPreviewSamples, ({ params }, ctx) =>
    preview.samples(userOf(ctx), params.id),
  );
}
