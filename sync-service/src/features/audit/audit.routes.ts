import { historyRoutes } from '@outsync/contracts/history';
import { addCsvRoute } from '../../platform/http/csv-route';
import { addRoute } from '../../platform/http/route';
import type { AppContext, AppRouter, SessionUser } from '../../platform/http/types';
import type { AuditLog } from './audit-log.service';

function userOf(ctx: AppContext): SessionUser {
  // Both routes are `auth: 'session'`: addRoute (addCsvRoute) has put the user there.
  return ctx.state.user as SessionUser;
}

/** The Audit log screen's calls: its pages and its export (issue 34). */
export function registerAuditRoutes(router: AppRouter, deps: { audit: AuditLog }): void {
  addRoute(router, historyRoutes.auditLog, ({ query }, ctx) => deps.audit.page(userOf(ctx), query));
  addCsvRoute(router, historyRoutes.auditLogExport, ({ query }, ctx) =>
    deps.audit.export(userOf(ctx), query),
  );
}
