import type { Agenda } from 'agenda';
import type { Logger } from '../../platform/logger';
import type { EndpointNotices } from './endpoint-notices';

export const DELIVER_SYNC_ALERTS_JOB = 'deliver-sync-alerts';
/** How often due sync alerts are looked for: an alert reaches its endpoints within this. */
export const DELIVER_SYNC_ALERTS_EVERY_MS = 10_000;

/** Delivers the sync alerts due to endpoints (one worker at a time; each notice is claimed). */
export function defineDeliverSyncAlertsJob(
  agenda: Agenda,
  deps: { notices: EndpointNotices; logger: Logger; lockLifetimeMs?: number },
): void {
  agenda.define(
    DELIVER_SYNC_ALERTS_JOB,
    async () => {
      const counts = await deps.notices.deliverDue();
      if (counts.delivered + counts.retrying + counts.given_up > 0)
        deps.logger.info(counts, 'sync alerts sent to endpoints');
    },
    { lockLifetime: deps.lockLifetimeMs ?? 5 * 60_000 },
  );
}

export async function startDeliverSyncAlerts(agenda: Agenda): Promise<void> {
  await agenda.every(DELIVER_SYNC_ALERTS_EVERY_MS, DELIVER_SYNC_ALERTS_JOB, undefined, {
    skipImmediate: false,
  });
}
