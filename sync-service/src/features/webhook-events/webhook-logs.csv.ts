import type { WebhookLog } from '@outsync/contracts/history';
import type { CsvCell } from '../../platform/http/csv-route';

/**
 * History > Webhook Logs as a CSV file (issue 34 item 4): the list's columns, flattened into
 * what a spreadsheet filters on (the payload's summary and the user cell's lines get a column
 * each), and the event's standing in words, as the row and the payload dialog say it.
 */
export const WEBHOOK_LOGS_CSV_HEADER = [
  'ID',
  'User',
  'Hub ID',
  'Webhook ID',
  'Webhook URL',
  'Platform',
  'Event Type',
  'To Email',
  'From Email',
  'Subject',
  'Status',
  'State',
  'What happened',
  'Error Response',
  'Attempts',
  'Test',
  'Contact in CRM',
  'Activity in CRM',
  'Created',
  'Synced',
] as const;

export function webhookLogCsvRow(log: WebhookLog): CsvCell[] {
  const { payload } = log.smartleadPayload;
  return [
    log.id,
    log.user.email,
    log.user.organizationId,
    log.webhookId,
    log.webhookUrl,
    log.platform,
    log.eventType ?? payload.event_type,
    payload.to_email,
    payload.from_email,
    payload.subject,
    // The spec's word for the row ("Success"/"Error") is the list's chip; the file keeps the
    // status a filter can be set to.
    log.status,
    log.explanation.label,
    log.explanation.summary,
    log.explanation.detail,
    log.attempts.length,
    log.test,
    log.crmLinks.contact,
    log.crmLinks.activity,
    log.createdAt,
    log.syncedAt,
  ];
}
