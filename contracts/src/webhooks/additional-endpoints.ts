import type { ActivityEventType } from '@outsync/contracts';
import { emptyEndpointRow, type EndpointRow } from './webhook-form';

/** 'Endpoint is already selected' (create form, spec 01 §4, §8). */
export const ENDPOINT_ALREADY_SELECTED = 'Endpoint is already selected';

/** A row is complete when it has an account and event types (spec 01 §5 "Additional endpoints"). */
export function isCompleteEndpointRow(row: EndpointRow): boolean {
  return row.userAccountId !== null && row.eventTypes.length > 0;
}

/** '+': adds an empty row only if the current (last) row is complete; otherwise nothing changes. */
export function addEndpointRow(rows: readonly EndpointRow[]): EndpointRow[] {
  const last = rows.at(-1);
  if (last && !isCompleteEndpointRow(last)) return [...rows];
  return [...rows, emptyEndpointRow()];
}

/** '-': removes the row; removing the last remaining row leaves one empty row. */
export function removeEndpointRow(rows: readonly EndpointRow[], index: number): EndpointRow[] {
  const remaining = rows.filter((_row, at) => at !== index);
  return remaining.length > 0 ? remaining : [emptyEndpointRow()];
}

/**
 * Chooses the account of row `index`. An account another row already uses removes this
 * (duplicate) row; `duplicate` tells the create form to say 'Endpoint is already selected'
 * (the settings dialog removes it silently).
 */
export function chooseEndpointAccount(
  rows: readonly EndpointRow[],
  index: number,
  userAccountId: string | null,
): { rows: EndpointRow[]; duplicate: boolean } {
  const usedElsewhere =
    userAccountId !== null &&
    rows.some((row, at) => at !== index && row.userAccountId === userAccountId);
  if (usedElsewhere) return { rows: removeEndpointRow(rows, index), duplicate: true };
  return {
    rows: rows.map((row, at) => (at === index ? { ...row, userAccountId } : row)),
    duplicate: false,
  };
}

export function changeEndpointEventTypes(
  rows: readonly EndpointRow[],
  index: number,
  eventTypes: ActivityEventType[],
): EndpointRow[] {
  return rows.map((row, at) => (at === index ? { ...row, eventTypes } : row));
}
