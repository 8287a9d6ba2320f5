import type { Agenda } from 'agenda';
import type { Logger } from '../../platform/logger';
import type { FailedEventsAlerts } from './failed-events-alerts';

export const FAILED_EVENTS_ALERTS_JOB = 'alert-failed-events';
/** How often the digests due are looked for: a failure waits at most this long to be told. */
export const FAILED_EVENTS_ALERTS_EVERY_MS = 5 * 60_000;

/** The owners' hourly digest of failed events, looked for every few minutes by one worker. */
export function defineFailedEventsAlertsJob(
  agenda: Agenda,
  deps: { alerts: FailedEventsAlerts; logger: Logger; lockLifetimeMs?: number },
): void {
  agenda.define(
    FAILED_EVENTS_ALERTS_JOB,
    async () => {
      const sent = await deps.alerts.sendDue();
      if (sent > 0) deps.logger.info({ sent }, 'sent failed-events digests');
    },
    { lockLifetime: deps.lockLifetimeMs ?? 60_000 },
  );
}

export async function startFailedEventsAlerts(agenda: Agenda): Promise<void> {
  await agenda.every(FAILED_EVENTS_ALERTS_EVERY_MS, FAILED_EVENTS_ALERTS_JOB, undefined, {
    skipImmediate: false,
  });
}
