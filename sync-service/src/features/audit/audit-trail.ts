import type { RouteDefinition } from '@outsync/contracts';
import { auditActionLabels, type AuditAction } from '@outsync/contracts/history';
import type { Middleware } from 'koa';
import { collectAuditMarks } from '../../platform/http/audit-context';
import { routeMatcher, type RoutePattern } from '../../platform/http/embed-auth';
import type { AppState } from '../../platform/http/types';
import type { AuditLog } from './audit-log.service';

/** The test address of a webhook (spec 01 §7): a test event is audited like a change. */
export const sendTestWebhookRoute: RoutePattern = { method: 'post', path: '/webhooks/test/:code' };

/**
 * The audited calls: every route the contracts name in `auditActionLabels`, found in `routes`
 * by name, and the test address. A name with no route is a mistake caught at start-up.
 */
export function auditedCalls(
  routes: Readonly<Record<string, RouteDefinition>>,
): Array<{ action: AuditAction; route: RoutePattern }> {
  return (Object.keys(auditActionLabels) as AuditAction[]).map((action) => {
    const route = action === 'sendTestWebhook' ? sendTestWebhookRoute : routes[action];
    if (!route) throw new Error(`The audited call ${action} is not a route this service serves.`);
    return { action, route };
  });
}

/**
 * Records every audited call that succeeded, with its actor (the signed-in user, or the customer
 * an embed token acts for, with its partner), the accounts its services marked as acted on and
 * the time. A refused or failed call changed nothing and is not recorded. The change is done
 * when the entry is written: a failed write is logged as an error, the caller still gets the
 * answer of the change it made.
 */
export function auditTrail(
  audit: AuditLog,
  calls: Array<{ action: AuditAction; route: RoutePattern }>,
): Middleware<AppState> {
  const matchers = calls.map((call) => ({ ...call, matches: routeMatcher([call.route]) }));
  return async (ctx, next) => {
    const call = matchers.find((candidate) => candidate.matches(ctx.method, ctx.path));
    if (!call) return next();
    const { marks } = await collectAuditMarks(() => next());
    const actor = ctx.state.user;
    if (!actor || ctx.status < 200 || ctx.status >= 300) return;
    try {
      await audit.record({
        action: call.action,
        actor,
        partnerId: ctx.state.embed?.partnerId,
        apiTokenName: ctx.state.apiToken?.name,
        accountIds: marks.accounts,
        target: marks.target,
      });
    } catch (error) {
      ctx.state.log.error({ err: error, action: call.action }, 'audit entry not written');
    }
  };
}
