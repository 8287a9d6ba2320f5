import type { CrmKind } from '@outsync/contracts';
import type { CrmAlertModel } from './crm-alert.model';

/** At most one e-mail of a kind per CRM account an hour. */
export const ALERT_INTERVAL_MS = 60 * 60_000;

export const CRM_NAMES: Record<CrmKind, string> = { HUBSPOT: 'HubSpot', SALESFORCE: 'Salesforce' };
export const ACCOUNT_NAMES: Record<CrmKind, string> = { HUBSPOT: 'portal', SALESFORCE: 'org' };

/** History > Webhooks in the dashboard at `publicUrl`, with an optional query (`?status=failed`). */
export function webhookLogsUrl(publicUrl: string, query = ''): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/dashboard/history/webhook-logs${query}`;
}

/** Claims this hour's e-mail under `key` (atomic); false when one went out within the hour. */
export async function claimHourlyAlert(
  alerts: CrmAlertModel,
  key: string,
  now: Date,
): Promise<boolean> {
  try {
    await alerts.updateOne(
      { _id: key, sentAt: { $lte: new Date(now.getTime() - ALERT_INTERVAL_MS) } },
      { $set: { sentAt: now } },
      { upsert: true },
    );
    return true;
  } catch (error) {
    // The upsert met the account's recent alert (its filter did not match it).
    if ((error as { code?: unknown }).code === 11000) return false;
    throw error;
  }
}

/** An alert e-mail: its subject, and its lines as plain text and as HTML of the same words. */
export function alertMail(subject: string, lines: readonly string[]) {
  return {
    subject,
    text: lines.join('\n'),
    html: lines
      .filter((line) => line !== '')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n'),
  };
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
