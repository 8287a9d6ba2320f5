import type { CrmKind } from '@outsync/contracts';
import type { CircuitAlerts } from '../../pipeline';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mailer';
import {
  ACCOUNT_NAMES,
  alertMail,
  claimHourlyAlert,
  CRM_NAMES,
  webhookLogsUrl,
} from './alert-mail';
import type { CrmAlertModel } from './crm-alert.model';
import { crmUnavailableDetails, recoveredDetails, type EndpointNotices } from './endpoint-notices';

// At most one e-mail per CRM account an hour, however often its circuit opens.
export { ALERT_INTERVAL_MS } from './alert-mail';

export type CircuitAlertsDeps = {
  alerts: CrmAlertModel;
  /** The CRM account (profile): its owner's e-mail, its CRM and its portal or org id. */
  accountOf(
    accountKey: string,
  ): Promise<{ ownerEmail: string; crm: CrmKind; organizationId: string } | null>;
  /** Absent where no mail can be sent (a harness that does not sync): the alert is logged only. */
  mailer?: Mailer | undefined;
  /** The endpoints that asked for sync alerts; absent where none are sent. */
  notices?: EndpointNotices | undefined;
  publicUrl: string;
  now(): Date;
  logger: Logger;
};

/**
 * Tells a CRM account's owner when its circuit opens (issue 29 "Alerts"): the CRM, since when,
 * the cause in its own words, that nothing is lost, and the fix. One e-mail an hour at most.
 */
export function createCircuitAlerts(deps: CircuitAlertsDeps): CircuitAlerts {
  const log = deps.logger.child({ component: 'alerts' });

  const historyUrl = webhookLogsUrl(deps.publicUrl);

  return {
    async opened({ accountKey, since, reason }) {
      const account = await deps.accountOf(accountKey);
      if (!account) return;
      // Every opening is told to the endpoints (each is paired with a sync.recovered); only
      // the e-mail is limited to one an hour.
      const subject = {
        profileId: accountKey,
        crm: account.crm,
        organizationId: account.organizationId,
      };
      await deps.notices?.raise(
        'sync.failed',
        subject,
        crmUnavailableDetails({ account: subject, since, reason, historyUrl }),
      );
      const now = deps.now();
      if (!(await claimHourlyAlert(deps.alerts, accountKey, now))) return;
      const message = circuitOpenedMail({ ...account, since, reason, publicUrl: deps.publicUrl });
      if (!deps.mailer) {
        log.warn({ account: accountKey }, 'CRM account failing; no mailer to tell its owner');
        return;
      }
      await deps.mailer.send({ to: account.ownerEmail, ...message }).catch((error: unknown) => {
        // Let the next opening try again rather than stay silent for an hour.
        log.error({ err: error, account: accountKey }, 'could not send the CRM failure alert');
        return deps.alerts.deleteOne({ _id: accountKey, sentAt: now });
      });
    },

    /** The endpoints are told; the owner's e-mail said the events wait and will be written. */
    async recovered({ accountKey, since, resumed }) {
      if (!deps.notices) return;
      const account = await deps.accountOf(accountKey);
      if (!account) return;
      const subject = {
        profileId: accountKey,
        crm: account.crm,
        organizationId: account.organizationId,
      };
      await deps.notices.raise(
        'sync.recovered',
        subject,
        recoveredDetails({
          account: subject,
          since,
          recoveredAt: deps.now(),
          resumedEvents: resumed,
        }),
      );
    },
  };
}

/** The alert's subject and body (plain text and HTML of the same words). */
export function circuitOpenedMail(input: {
  crm: CrmKind;
  organizationId: string;
  since: Date;
  reason: string;
  publicUrl: string;
}) {
  const crm = CRM_NAMES[input.crm];
  const account = `${ACCOUNT_NAMES[input.crm]} ${input.organizationId}`;
  const since = `${input.since.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const history = webhookLogsUrl(input.publicUrl);
  const lines = [
    `Since ${since}, ${crm} has refused every write to ${account}:`,
    input.reason,
    '',
    `OutSync holds this account's events and tries ${crm} every 30 seconds. They are written as soon as it answers; nothing is lost, and their attempts are not used up meanwhile.`,
    '',
    `If ${crm}'s status page shows no outage, the connection is the likely cause: reconnect the ${crm} profile in OutSync (Accounts, CRM profiles).`,
    '',
    `The waiting events: ${history}`,
  ];
  return alertMail(`OutSync: ${crm} ${account} is failing; its events are waiting`, lines);
}
