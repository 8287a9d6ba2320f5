import type { CategoryBaseFilterRecord } from '@outsync/contracts/history';
import type { CsvCell } from '../../platform/http/csv-route';

/**
 * History > Category Base Filter as a CSV file (issue 34 item 4): the list's columns, flattened
 * into what a spreadsheet filters on (the webhook's id beside its URL, the payload's subject
 * and addresses each their own, the webhook log of the held event), times in ISO.
 */
export const CATEGORY_BASE_FILTERS_CSV_HEADER = [
  'ID',
  'Webhook ID',
  'Webhook URL',
  'Event',
  'Campaign ID',
  'Lead ID',
  'Webhook Categories',
  'Current Lead Category',
  'To Email',
  'From Email',
  'Subject',
  'Webhook Log ID',
  'Created',
  'Sent At',
] as const;

export function categoryBaseFilterCsvRow(record: CategoryBaseFilterRecord): CsvCell[] {
  return [
    record.id,
    record.webhookId,
    record.webhook_url,
    record.webhook_event,
    record.campaign_id,
    record.lead_id,
    // One a line, as the cell shows them (a category's name may hold a comma).
    record.smartlead_base_categories.map((category) => category.name).join('\n'),
    record.category_name,
    record.dto.to_email,
    record.dto.from_email,
    record.dto.subject,
    record.eventId,
    record.created_at,
    // Empty while the event is held; set once the lead's category released it.
    record.sent_at,
  ];
}
