import {
  apiRoutes,
  SYNC_ALERT_FAILED_WINDOW_HOURS,
  type CrmKind,
  type SyncAlert,
  type SyncAlertsResponse,
} from '@outsync/contracts';
import { Types } from 'mongoose';
import { addRoute } from '../../platform/http/route';
import type { AppRouter, SessionUser } from '../../platform/http/types';
import type { CrmCircuitModel } from './crm-circuit.model';
import type { WebhookEventModel } from './webhook-event.model';

/** Past this many the banner says "1000+": counting further costs and changes nothing. */
export const SYNC_ALERT_FAILED_LIMIT = 1000;
const HOUR_MS = 3_600_000;

/** A CRM account of the user's, as the banner names it. */
export type AlertAccount = { id: string; crm: CrmKind; name: string };

export type SyncAlertsDeps = {
  circuits: CrmCircuitModel;
  events: WebhookEventModel;
  /** The user's CRM accounts (their profiles), with the name the banner shows. */
  accountsOf(userId: string): Promise<AlertAccount[]>;
  now: () => Date;
};

export type SyncAlerts = ReturnType<typeof createSyncAlerts>;

/**
 * The signed-in user's sync problems (issue 29 "Alerts", the dashboard's banner): each of their
 * CRM accounts whose circuit is open, and their events that failed in the last day. Everyone
 * sees their own only: staff included, since the banner is about the reader's syncs.
 */
export function createSyncAlerts(deps: SyncAlertsDeps) {
  return {
    async of(user: SessionUser): Promise<SyncAlertsResponse> {
      const accounts = await deps.accountsOf(user.id);
      const open = await deps.circuits
        .find({ _id: { $in: accounts.map((account) => account.id) }, openedAt: { $ne: null } })
        .sort({ openedAt: 1 })
        .lean();
      const byId = new Map(accounts.map((account) => [account.id, account]));
      const alerts: SyncAlert[] = open.flatMap((circuit) => {
        const account = byId.get(circuit._id);
        return account && circuit.openedAt
          ? [
              {
                kind: 'crm_unavailable' as const,
                crm: account.crm,
                account: account.name,
                since: circuit.openedAt.toISOString(),
                reason: circuit.lastReason,
              },
            ]
          : [];
      });
      const failed = Types.ObjectId.isValid(user.id)
        ? await deps.events.countDocuments(
            {
              userId: new Types.ObjectId(user.id),
              status: 'failed',
              receivedAt: {
                $gte: new Date(deps.now().getTime() - SYNC_ALERT_FAILED_WINDOW_HOURS * HOUR_MS),
              },
            },
            { limit: SYNC_ALERT_FAILED_LIMIT },
          )
        : 0;
      if (failed > 0) {
        alerts.push({ kind: 'events_failed', count: failed, limit: SYNC_ALERT_FAILED_LIMIT });
      }
      return { alerts };
    },
  };
}

export function registerSyncAlertsRoutes(router: AppRouter, deps: { alerts: SyncAlerts }): void {
  // `auth: 'session'`: addRoute has put the user there.
  addRoute(router, apiRoutes.syncAlerts, (_input, ctx) =>
    deps.alerts.of(ctx.state.user as SessionUser),
  );
}
