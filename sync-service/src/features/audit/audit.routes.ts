import { historyRoutes } from '@outsync/contracts/history';
import { addRoute } from '../../platform/http/route';
import type { AppRouter, SessionUser } from '../../platform/http/types';
import type { AuditLog } from './audit-log.service';

/** The Audit log screen's call. */
export function registerAuditRoutes(router: AppRouter, deps: { audit: AuditLog }): void {
  addRoute(router, historyRoutes.auditLog, ({ query }, ctx) =>
    // `auth: 'session'`: addRoute has put the user there.
    deps.audit.page(ctx.state.user as SessionUser, query),
  );
}
