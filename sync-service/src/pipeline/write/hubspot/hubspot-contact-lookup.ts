import type { HubspotRecord } from '../../../connectors/crm/hubspot/hubspot-objects.types';
import { groupByLead } from '../lead-lookup';
import { CLICKS_COUNTER, OPENS_COUNTER, lookupKeys } from './hubspot-mapping';
import {
  searchByValues,
  type ContactGroup,
  type HubspotItem,
  type HubspotWriteContext,
} from './hubspot-write-context';

/** One group per lead: the events whose first lookup key is the same. */
export function groupContactsByLead(
  context: HubspotWriteContext,
  items: HubspotItem[],
): ContactGroup[] {
  return groupByLead(items, {
    keysOf: (item) => lookupKeys(item.event, item.settings),
    groupIdOf: (key) => `${key.property}\u0000${key.value.toLowerCase()}`,
    noKey: (item) =>
      context.outcomes.fail(
        [item.id],
        'contact',
        "The event carries no value for any of the webhook's lookup properties.",
        'settings',
      ),
    recordIds: context.contactIds,
  });
}

/**
 * Finds each group's contact: the lookup keys in order, one round per rank, each round one
 * batch read (e-mail) or IN search per property. Also reads the counters, the owner and the
 * company name of the contacts found, which the writes need.
 */
export async function findContacts(
  context: HubspotWriteContext,
  groups: ContactGroup[],
  counters: boolean,
): Promise<Map<string, HubspotRecord>> {
  const wanted = [
    'email',
    'hubspot_owner_id',
    'company',
    // A counter the portal lacks (not created: no schema scope) is neither read nor written.
    ...(counters
      ? [OPENS_COUNTER, CLICKS_COUNTER].filter((name) => !context.catalog.missing.has(name))
      : []),
  ];
  const found = await readKnownContacts(context, groups, wanted);
  const maxRank = Math.max(0, ...groups.map((group) => group.keys.length));
  for (let rank = 0; rank < maxRank; rank += 1) {
    for (const [property, members] of openGroupsByProperty(groups, rank)) {
      const values = [...new Set(members.map((group) => group.keys[rank]?.value ?? ''))];
      const records = await readByProperty(context, { property, values, wanted });
      for (const group of members) {
        const value = (group.keys[rank]?.value ?? '').toLowerCase();
        const match = records.find(
          (contact) => String(contact.properties[property] ?? '').toLowerCase() === value,
        );
        if (match) {
          group.recordId = match.id;
          found.set(match.id, match);
        }
      }
    }
  }
  return found;
}

/**
 * Reads the contacts the groups already know (from an earlier attempt or the cache). A cached
 * contact HubSpot no longer has (deleted, merged away) is forgotten: the lead is looked up again.
 */
async function readKnownContacts(
  context: HubspotWriteContext,
  groups: ContactGroup[],
  wanted: string[],
): Promise<Map<string, HubspotRecord>> {
  const found = new Map<string, HubspotRecord>();
  const known = groups
    .filter((group) => group.recordId !== null)
    .map((group) => group.recordId ?? '');
  if (known.length > 0) {
    const contacts = await context.client.batchReadObjects('contacts', {
      ids: known,
      properties: wanted,
    });
    for (const contact of contacts) found.set(contact.id, contact);
  }
  for (const group of groups) {
    if (!group.cached || group.recordId === null || found.has(group.recordId)) continue;
    context.contactIds.forget(group.recordId);
    Object.assign(group, { recordId: null, cached: false });
  }
  return found;
}

/** The groups still without a contact that have a key of this rank, by the key's property. */
function openGroupsByProperty(groups: ContactGroup[], rank: number): Map<string, ContactGroup[]> {
  const byProperty = new Map<string, ContactGroup[]>();
  for (const group of groups) {
    const key = group.recordId === null ? group.keys[rank] : undefined;
    if (!key) continue;
    byProperty.set(key.property, [...(byProperty.get(key.property) ?? []), group]);
  }
  return byProperty;
}

async function readByProperty(
  context: HubspotWriteContext,
  lookup: { property: string; values: string[]; wanted: string[] },
): Promise<HubspotRecord[]> {
  const { property, values } = lookup;
  const properties = [...new Set([...lookup.wanted, property])];
  // E-mail is unique in HubSpot: a batch read by it costs one call per 100 and no search quota.
  if (property === 'email')
    return context.client.batchReadObjects('contacts', {
      ids: values,
      idProperty: 'email',
      properties,
    });
  return searchByValues(context.client, { object: 'contacts', property, values, properties });
}
