import type { BlockListLog } from '@outsync/contracts/history';
import type { CsvCell } from '../../platform/http/csv-route';

/**
 * History > Block Lists as a CSV file (issue 34 item 4): the list's columns, with the sync's id
 * (what the Block list filter takes) and when the run was recorded (the list's order; a run that
 * failed has no Synced At). Enabled in the table's words.
 */
export const BLOCK_LIST_LOGS_CSV_HEADER = [
  'ID',
  'Block List ID',
  'Block List Name',
  'Block List Type',
  'Emails',
  'Error Response',
  'Enabled',
  'Created',
  'Synced At',
] as const;

export function blockListLogCsvRow(log: BlockListLog, createdAt: Date): CsvCell[] {
  return [
    log.id,
    log.syncBlockList.id,
    log.syncBlockList.listName,
    log.syncBlockList.blockType,
    // The run's values as the Emails column shows them (a long run's are sampled: "… and 1,200
    // more"); the Email filter finds a run by any one of them.
    log.entityDetails,
    log.lastError,
    log.syncBlockList.isEnabled ? 'Yes' : 'No',
    createdAt.toISOString(),
    log.syncedAt,
  ];
}
