import { historyRoutes } from '@outsync/contracts/history';
import { addRoute } from '../../platform/http/route';
import type { AppContext, AppRouter, SessionUser } from '../../platform/http/types';
import type { WebhookLogsService } from './webhook-logs.service';

function userOf(ctx: AppContext): SessionUser {
  return ctx.state.user as SessionUser;
}

export function registerWebhookLogsRoutes(
  router: AppRouter,
  deps: { webhookLogs: WebhookLogsService },
): void {
  addRoute(router, historyRoutes.retryWebhookLog, ({ params }, ctx) =>
    deps.webhookLogs.retry(userOf(ctx), params.id),
  );
  addRoute(router, historyRoutes.webhookLogActionCount, ({ params, query }, ctx) =>
    deps.webhookLogs.actionCount(userOf(ctx), params.action, query),
  );
  addRoute(router, historyRoutes.webhookLogAction, ({ params, body }, ctx) =>
    deps.webhookLogs.runAction(userOf(ctx), params.action, body),
  );
  addRoute(router, historyRoutes.categoryBaseFilterTypes, () =>
    deps.webhookLogs.categoryFilterTypes(),
  );
}
