import { historyRoutes } from '@outsync/contracts/history';
import { addCsvRoute } from '../../platform/http/csv-route';
import { addRoute } from '../../platform/http/route';
import type { AppContext, AppRouter, SessionUser } from '../../platform/http/types';
import type { WebhookLogsReads } from './webhook-logs.reads';
import type { WebhookLogsService } from './webhook-logs.service';

function userOf(ctx: AppContext): SessionUser {
  // Every webhook-log route is `auth: 'session'`: addRoute has put the user there.
  return ctx.state.user as SessionUser;
}

/** History > Webhook Logs (spec 02 §7 "History", issues 11, 13, 29): its actions and reads. */
export function registerWebhookLogsRoutes(
  router: AppRouter,
  deps: { webhookLogs: WebhookLogsService; reads: WebhookLogsReads },
): void {
  addRoute(router, historyRoutes.retryWebhookLog, ({ params }, ctx) =>
    deps.webhookLogs.retry(userOf(ctx), params.id),
  );
  addRoute(router, historyRoutes.releaseWebhookLog, ({ params }, ctx) =>
    deps.webhookLogs.release(userOf(ctx), params.id),
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
  const { reads } = deps;
  // The fixed paths before `/webhook-logs/:id`, which would otherwise take `count` as an id.
  addRoute(router, historyRoutes.webhookLogsCount, ({ query }, ctx) =>
    reads.webhookLogsCount(userOf(ctx), query),
  );
  addRoute(router, historyRoutes.webhookLogTypes, () => reads.webhookLogTypes());
  addCsvRoute(router, historyRoutes.webhookLogsExport, ({ query }, ctx) =>
    Promise.resolve(reads.webhookLogsExport(userOf(ctx), query)),
  );
  addRoute(router, historyRoutes.webhookLogsDaily, ({ query }, ctx) =>
    reads.webhookLogsDaily(userOf(ctx), query),
  );
  addRoute(router, historyRoutes.webhookLogs, ({ query }, ctx) =>
    reads.webhookLogs(userOf(ctx), query),
  );
  addRoute(router, historyRoutes.webhookLog, ({ params }, ctx) =>
    reads.webhookLog(userOf(ctx), params.id),
  );
}
