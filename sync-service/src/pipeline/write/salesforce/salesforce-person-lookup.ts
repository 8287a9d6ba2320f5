import type { SalesforceRow } from '../../../connectors/crm/salesforce/salesforce-objects.types';
import { groupByLead } from '../lead-lookup';
import { CLICKS_COUNTER_FIELD, OPENS_COUNTER_FIELD } from './salesforce-field-catalog';
import { lookupKeys } from './salesforce-mapping';
import { latest, matches } from './salesforce-person-fields';
import type { PersonGroup, PersonObjectContext, SalesforceItem } from './salesforce-write-context';

/**
 * One group per lead: the events whose first usable lookup key is the same. Keys on a field the
 * object lacks (or the connected user cannot see) are left out: SOQL would refuse the whole
 * query for it.
 */
export function groupPeopleByLead(
  context: PersonObjectContext,
  items: SalesforceItem[],
): PersonGroup[] {
  const { object, fields } = context;
  return groupByLead(items, {
    keysOf: (item) =>
      lookupKeys(item.event, item.settings).filter((key) => fields.has(key.field.toLowerCase())),
    groupIdOf: (key) => `${key.field.toLowerCase()}\u0000${key.value.toLowerCase()}`,
    noKey: (item) => {
      const unknown = [...new Set(lookupKeys(item.event, item.settings).map((key) => key.field))];
      context.outcomes.fail(
        [item.id],
        'person',
        unknown.length > 0
          ? `Salesforce ${object} has no field ${unknown.join(', ')} that the connected user can see: choose another lookup field in the webhook's settings.`
          : "The event carries no value for any of the webhook's lookup fields.",
        'settings',
      );
    },
    recordIds: context.personIds,
  });
}

/**
 * Finds each group's person with one query per lookup field, whatever the keys' ranks: every
 * value of every group goes into the field's `IN` list, and each group then takes the match of
 * its most specific key. Also reads the records a previous attempt found (by Id) and their
 * counters, which the writes need.
 */
export async function findPeople(
  context: PersonObjectContext,
  groups: PersonGroup[],
  counters: boolean,
): Promise<Map<string, SalesforceRow>> {
  const rowsByField = await queryLookupValues(context, groups, counters);
  const found = new Map<string, SalesforceRow>();
  const cachedIds = new Map<PersonGroup, string>();
  for (const group of groups) {
    if (group.cached && group.recordId !== null) cachedIds.set(group, group.recordId);
    const match = bestMatch(group, rowsByField);
    group.recordId = match?.Id ?? null;
    if (match) found.set(match.Id, match);
  }
  // A cached person the org no longer has (deleted, merged away): look the lead up again.
  const vanished = groups.filter((group) => group.cached && group.recordId === null);
  for (const group of vanished) {
    group.cached = false;
    const stale = cachedIds.get(group);
    if (stale) context.personIds.forget(stale);
  }
  if (vanished.length > 0)
    for (const [id, row] of await findPeople(context, vanished, counters)) found.set(id, row);
  return found;
}

/** The rows of one `IN` query per field, by the field's lower-cased name. */
async function queryLookupValues(
  context: PersonObjectContext,
  groups: PersonGroup[],
  counters: boolean,
): Promise<Map<string, SalesforceRow[]>> {
  const { object, fields } = context;
  const select = [
    'LastModifiedDate',
    ...(counters
      ? [OPENS_COUNTER_FIELD, CLICKS_COUNTER_FIELD].filter((name) => fields.has(name.toLowerCase()))
      : []),
  ];
  const valuesByField = new Map<string, { field: string; values: Set<string> }>();
  const want = (field: string, value: string) => {
    const entry = valuesByField.get(field.toLowerCase()) ?? { field, values: new Set<string>() };
    entry.values.add(value);
    valuesByField.set(field.toLowerCase(), entry);
  };
  for (const group of groups) {
    if (group.recordId !== null) want('Id', group.recordId);
    // A cached person is read by Id alone; its keys are queried only if it is gone.
    if (!group.cached) for (const key of group.keys) want(key.field, key.value);
  }
  const rowsByField = new Map<string, SalesforceRow[]>();
  for (const [name, { field, values }] of valuesByField) {
    rowsByField.set(
      name,
      await context.client.findRecords({
        sobject: object,
        field,
        values: [...values],
        select,
        // A converted Lead lives on as a Contact: writing the Lead would be refused.
        excludeConvertedLeads: object === 'Lead',
      }),
    );
  }
  return rowsByField;
}

/** The group's person: by the Id it had, else by its most specific key that matches a row. */
function bestMatch(
  group: PersonGroup,
  rowsByField: Map<string, SalesforceRow[]>,
): SalesforceRow | undefined {
  const candidates = [
    ...(group.recordId !== null ? [{ field: 'Id', value: group.recordId }] : []),
    ...group.keys,
  ];
  for (const key of candidates) {
    const rows = (rowsByField.get(key.field.toLowerCase()) ?? []).filter((row) =>
      matches(row, key),
    );
    const match = latest(rows);
    if (match) return match;
  }
  return undefined;
}
