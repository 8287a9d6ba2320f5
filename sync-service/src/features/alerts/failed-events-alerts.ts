import type { CrmKind } from '@outsync/contracts';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mailer';
import {
  ACCOUNT_NAMES,
  ALERT_INTERVAL_MS,
  alertMail,
  claimHourlyAlert,
  CRM_NAMES,
  webhookLogsUrl,
} from './alert-mail';
import type { CrmAlertModel } from './crm-alert.model';
import { eventsFailedDetails, type EndpointNotices } from './endpoint-notices';

/** The causes a digest names, commonest first; the rest are counted together. */
const CAUSES_SHOWN = 3;

/** A CRM account's events that failed in a window, and why (each cause with its count). */
export type FailedEvents = {
  accountKey: string;
  count: number;
  causes: Array<{ message: string; count: number }>;
};

export type FailedEventsAlertsDeps = {
  alerts: CrmAlertModel;
  /** Every CRM account with events that failed (for good) since `since`. */
  failedSince(since: Date): Promise<FailedEvents[]>;
  accountOf(
    accountKey: string,
  ): Promise<{ ownerEmail: string; crm: CrmKind; organizationId: string } | null>;
  /** Absent where no mail can be sent: the digest is logged only. */
  mailer?: Mailer | undefined;
  /** The endpoints that asked for sync alerts; absent where none are sent. */
  notices?: EndpointNotices | undefined;
  publicUrl: string;
  now(): Date;
  logger: Logger;
};

export type FailedEventsAlerts = ReturnType<typeof createFailedEventsAlerts>;

/**
 * Tells a CRM account's owner about events that failed (issue 29 "Alerts"): one e-mail an hour
 * at most per account, with how many failed in the last hour, the causes in the CRM's words,
 * and the fix. Run every few minutes by the worker: failures between two runs wait for the next
 * digest instead of each sending one.
 */
export function createFailedEventsAlerts(deps: FailedEventsAlertsDeps) {
  const log = deps.logger.child({ component: 'alerts' });

  return {
    /** Sends the digests due now; answers how many went out. */
    async sendDue(): Promise<number> {
      const now = deps.now();
      const failing = await deps.failedSince(new Date(now.getTime() - ALERT_INTERVAL_MS));
      let sent = 0;
      for (const failed of failing) {
        const account = await deps.accountOf(failed.accountKey);
        if (!account) continue;
        const key = `failed:${failed.accountKey}`;
        if (!(await claimHourlyAlert(deps.alerts, key, now))) continue;
        const subject = {
          profileId: failed.accountKey,
          crm: account.crm,
          organizationId: account.organizationId,
        };
        await deps.notices?.raise(
          'sync.failed',
          subject,
          eventsFailedDetails({
            account: subject,
            failedEvents: failed.count,
            windowStart: new Date(now.getTime() - ALERT_INTERVAL_MS),
            windowEnd: now,
            causes: failed.causes,
            historyUrl: webhookLogsUrl(deps.publicUrl, '?status=failed'),
          }),
        );
        if (!deps.mailer) {
          log.warn(
            { account: failed.accountKey, failed: failed.count },
            'events failed; no mailer',
          );
          continue;
        }
        const message = failedEventsMail({ ...account, ...failed, publicUrl: deps.publicUrl });
        try {
          await deps.mailer.send({ to: account.ownerEmail, ...message });
          sent += 1;
        } catch (error) {
          // The next run tries again rather than stay silent for an hour.
          log.error(
            { err: error, account: failed.accountKey },
            'could not send the failures digest',
          );
          await deps.alerts.deleteOne({ _id: key, sentAt: now });
        }
      }
      return sent;
    },
  };
}

/** The digest's subject and body (plain text and HTML of the same words). */
export function failedEventsMail(input: {
  crm: CrmKind;
  organizationId: string;
  count: number;
  causes: FailedEvents['causes'];
  publicUrl: string;
}) {
  const crm = CRM_NAMES[input.crm];
  const account = `${ACCOUNT_NAMES[input.crm]} ${input.organizationId}`;
  const events = input.count === 1 ? '1 event' : `${input.count} events`;
  const shown = input.causes.slice(0, CAUSES_SHOWN);
  const others = input.count - shown.reduce((sum, cause) => sum + cause.count, 0);
  const history = webhookLogsUrl(input.publicUrl, '?status=failed');
  const lines = [
    `In the last hour, ${events} could not be written to ${crm} ${account}, after every attempt OutSync makes. They are kept in History with their payloads.`,
    '',
    'Why:',
    ...shown.map((cause) => `${cause.count} × ${cause.message}`),
    ...(others > 0 ? [`${others} × other causes`] : []),
    '',
    `Fix the cause (a reconnected ${crm} profile, a field or permission in ${crm}, the webhook's settings), then retry them: History, Webhooks, Status failed, "Retry all…".`,
    '',
    `The failed events: ${history}`,
  ];
  return alertMail(`OutSync: ${events} failed for ${crm} ${account}`, lines);
}
