import type {
  SalesforceFields,
  SalesforceRow,
} from '../../../connectors/crm/salesforce/salesforce-objects.types';
import { grownCounters, type WrittenCounts } from '../lead-groups';
import { CLICKS_COUNTER_FIELD, OPENS_COUNTER_FIELD } from './salesforce-field-catalog';
import {
  counterIncrements,
  isRecordIdField,
  personFields,
  type SalesforceLookupKey,
} from './salesforce-mapping';
import type { PersonGroup } from './salesforce-write-context';

// Pure: how the Salesforce writer reads the rows it found and merges a lead's fields.

/** The group's events' fields, latest event last (its values win); counters added up. */
export function mergedFields(
  group: PersonGroup,
  current: SalesforceRow | undefined,
  written: WrittenCounts | null,
): SalesforceFields {
  const fields: SalesforceFields = {};
  for (const item of group.items) Object.assign(fields, personFields(item.event, item.settings));
  const counters = grownCounters(
    { opens: OPENS_COUNTER_FIELD, clicks: CLICKS_COUNTER_FIELD },
    group.items,
    (item) => counterIncrements(item.event, item.settings),
    written,
    (name) => Number(fieldOf(current, name) ?? 0),
  );
  Object.assign(fields, counters);
  return fields;
}

/** Only the fields the object has and the connected user can see: Salesforce refuses others. */
export function visible(fields: SalesforceFields, known: ReadonlySet<string>): SalesforceFields {
  return Object.fromEntries(
    Object.entries(fields).filter(([name]) => known.has(name.toLowerCase())),
  );
}

/** A row's field, whatever the case the webhook spelt its name in. */
function fieldOf(row: SalesforceRow | undefined, field: string): unknown {
  if (!row) return undefined;
  const name = Object.keys(row).find((key) => key.toLowerCase() === field.toLowerCase());
  return name === undefined ? undefined : row[name];
}

export function matches(row: SalesforceRow, key: SalesforceLookupKey): boolean {
  if (isRecordIdField(key.field)) return sameId(row.Id, key.value);
  const value = fieldOf(row, key.field);
  return typeof value === 'string' && value.toLowerCase() === key.value.toLowerCase();
}

/** Salesforce answers 18-character ids; a 15-character one is the same record (case-sensitive). */
export function sameId(a: string, b: string): boolean {
  return a !== '' && a.slice(0, 15) === b.slice(0, 15);
}

/**
 * Several records hold the lookup value (Salesforce does not keep e-mails unique): the one
 * modified most recently is the one people work in, so the event goes there.
 */
export function latest(rows: SalesforceRow[]): SalesforceRow | undefined {
  return [...rows].sort((a, b) =>
    String(b.LastModifiedDate ?? '').localeCompare(String(a.LastModifiedDate ?? '')),
  )[0];
}
