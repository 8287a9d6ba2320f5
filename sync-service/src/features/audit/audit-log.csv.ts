import { auditActionLabels, type AuditEntry } from '@outsync/contracts/history';
import type { CsvCell } from '../../platform/http/csv-route';

/**
 * The Audit log as a CSV file (issue 34 item 4): the log's columns, flattened into what a
 * spreadsheet filters on (the Actor cell's e-mail, staff role, embed partner and API token each their own),
 * the action in the log's words, the time in ISO, and the entry's id last.
 */
export const AUDIT_LOG_CSV_HEADER = [
  'Time',
  'Actor',
  'Actor Role',
  'Via',
  'Partner',
  'API Token',
  'Account',
  'Action',
  'Target',
  'ID',
] as const;

/** A staff role as the Actor cell says it ("(admin)"); a customer has none. */
const ROLE_WORDS = { ADMIN: 'admin', MANAGER: 'manager' } as const;

export function auditEntryCsvRow(entry: AuditEntry): CsvCell[] {
  return [
    entry.at,
    entry.actor.email,
    entry.actor.role ? ROLE_WORDS[entry.actor.role] : null,
    // `dashboard`; `embed`: through a partner's embedded module with its token; `api-token`.
    entry.actor.via,
    entry.actor.partnerName,
    entry.actor.apiTokenName,
    // Empty when one change spanned several accounts (an admin's bulk retry), as the log's "—".
    entry.account?.email,
    auditActionLabels[entry.action],
    entry.target,
    entry.id,
  ];
}
