import type {
  HubspotBatchError,
  HubspotProperties,
  HubspotRecord,
} from '../../../connectors/crm/hubspot/hubspot-objects.types';
import { grownCounters, mergeByRecord, type WrittenCounts } from '../lead-groups';
import { readWrittenCounts, recordContactWritten } from '../lead-lookup';
import {
  CLICKS_COUNTER,
  OPENS_COUNTER,
  contactProperties,
  counterIncrements,
  identityProperties,
} from './hubspot-mapping';
import { findContacts, groupContactsByLead } from './hubspot-contact-lookup';
import {
  describe,
  type ContactGroup,
  type HubspotItem,
  type HubspotWriteContext,
} from './hubspot-write-context';

type ContactWrite = { group: ContactGroup; properties: HubspotProperties };
type ContactWrites = {
  updates: ContactWrite[];
  upserts: Array<ContactWrite & { email: string }>;
  creates: ContactWrite[];
};

/**
 * The contact step: each lead's contact looked up, then updated (found), upserted by e-mail or
 * created (not found), one batch call each; the contact is recorded on the events it wrote.
 */
export async function writeContacts(context: HubspotWriteContext, items: HubspotItem[]) {
  const pending = items.filter((item) => !item.steps.contactWritten);
  if (pending.length === 0) return;
  const found = groupContactsByLead(context, pending);
  const counters = found.some((group) =>
    group.items.some((item) => item.settings.createContactCustomProperties),
  );
  const current = await findContacts(context, found, counters);
  const written = counters
    ? await readWrittenCounts(pending, context.writtenEventCounts, (item) =>
        counterIncrements(item.event, item.settings),
      )
    : null;
  // Two lookups (an os_objectlookup_id and an e-mail) may find one contact: one write for it.
  const groups = mergeByRecord(found, (group) => group.recordId);
  for (const [id, contact] of current) {
    const company = contact.properties.company;
    if (typeof company === 'string' && company.trim() !== '')
      context.contactCompanies.set(id, company);
  }
  const refused = await sendContactWrites(
    context,
    groups,
    planContactWrites(groups, current, written),
  );
  await recordContacts(context, groups, refused);
}

function planContactWrites(
  groups: ContactGroup[],
  current: Map<string, HubspotRecord>,
  written: WrittenCounts | null,
): ContactWrites {
  const plan: ContactWrites = { updates: [], upserts: [], creates: [] };
  for (const group of groups) {
    const found = group.recordId === null ? undefined : current.get(group.recordId);
    const properties = mergedProperties(group, found, written);
    if (group.recordId !== null) {
      plan.updates.push({ group, properties });
      continue;
    }
    const withIdentity = { ...identityProperties(group.keys), ...properties };
    const owner = ownerOf(group);
    if (owner) withIdentity.hubspot_owner_id = owner;
    const email = group.items[0]?.event.lead.email;
    if (email) plan.upserts.push({ group, properties: withIdentity, email });
    else plan.creates.push({ group, properties: withIdentity });
  }
  return plan;
}

const traceOf = (group: ContactGroup) => group.items[0]?.id ?? '';

/** Sends the updates, upserts and creates; answers the groups HubSpot refused. */
async function sendContactWrites(
  context: HubspotWriteContext,
  groups: ContactGroup[],
  plan: ContactWrites,
): Promise<Set<ContactGroup>> {
  const { client } = context;
  const byTrace = new Map(groups.map((group) => [traceOf(group), group]));
  const refusal = contactRefusals(context, groups, byTrace);
  if (plan.updates.length > 0) {
    const answer = await client.batchUpdateObjects(
      'contacts',
      plan.updates.map(({ group, properties }) => ({
        id: group.recordId ?? '',
        properties,
        objectWriteTraceId: traceOf(group),
      })),
    );
    refusal.refuse(answer.errors);
  }
  if (plan.upserts.length > 0) {
    const answer = await client.batchUpsertObjects(
      'contacts',
      plan.upserts.map(({ group, properties, email }) => ({
        idProperty: 'email',
        id: email,
        properties,
        objectWriteTraceId: traceOf(group),
      })),
    );
    refusal.refuse(answer.errors);
    const byEmail = new Map(plan.upserts.map((upsert) => [upsert.email, upsert.group]));
    for (const result of answer.results) {
      const group =
        (result.objectWriteTraceId && byTrace.get(result.objectWriteTraceId)) ||
        byEmail.get(String(result.properties.email ?? '').toLowerCase());
      if (group) group.recordId = result.id;
    }
  }
  if (plan.creates.length > 0) {
    const answer = await client.batchCreateObjects(
      'contacts',
      plan.creates.map(({ group, properties }) => ({
        properties,
        objectWriteTraceId: traceOf(group),
      })),
    );
    refusal.refuse(answer.errors);
    for (const result of answer.results) {
      const group = result.objectWriteTraceId ? byTrace.get(result.objectWriteTraceId) : undefined;
      if (group) group.recordId = result.id;
    }
  }
  return refusal.refused;
}

/**
 * Settles the events of the groups a batch's errors concern. A refused group's contact is not
 * written: its events must not record it as done.
 */
function contactRefusals(
  context: HubspotWriteContext,
  groups: ContactGroup[],
  byTrace: Map<string, ContactGroup>,
) {
  const refused = new Set<ContactGroup>();
  /** The groups an error concerns: by trace id, else by the contact ids it names (updates). */
  const groupsOf = (error: HubspotBatchError): ContactGroup[] => {
    const traced = error.traceIds.flatMap((trace) => byTrace.get(trace) ?? []);
    if (traced.length > 0) return traced;
    const named = new Set(error.context.ids ?? []);
    return groups.filter((group) => group.recordId !== null && named.has(group.recordId));
  };
  const refuse = (errors: HubspotBatchError[]) => {
    for (const error of errors) {
      // Someone deleted one of OutSync's properties in HubSpot: check them again next time.
      const missingProperty = error.message.includes('PROPERTY_DOESNT_EXIST');
      if (missingProperty) context.propertyCache.delete(context.portalId);
      // A contact deleted or merged since the lookup: the retry looks the lead up again.
      const vanished = error.category === 'OBJECT_NOT_FOUND';
      for (const group of groupsOf(error)) {
        refused.add(group);
        if (vanished && group.recordId !== null) context.contactIds.forget(group.recordId);
        const ids = group.items.map((item) => item.id);
        if (missingProperty || vanished) context.outcomes.retry(ids, 'contact', describe(error));
        else context.outcomes.fail(ids, 'contact', describe(error));
      }
    }
  };
  return { refused, refuse };
}

/** Records the contact on the events of each group HubSpot wrote. */
async function recordContacts(
  context: HubspotWriteContext,
  groups: ContactGroup[],
  refused: Set<ContactGroup>,
) {
  await Promise.all(
    groups.map(async (group) => {
      if (refused.has(group)) return;
      if (group.recordId === null) {
        context.outcomes.fail(
          group.items.map((item) => item.id),
          'contact',
          'HubSpot did not answer the contact it wrote.',
        );
        return;
      }
      await recordContactWritten(group, group.recordId, context.contactIds, context.record);
    }),
  );
}

/** The group's events' properties, latest event last (its values win); counters added up. */
function mergedProperties(
  group: ContactGroup,
  current: HubspotRecord | undefined,
  written: WrittenCounts | null,
): HubspotProperties {
  const properties: HubspotProperties = {};
  for (const item of group.items)
    Object.assign(properties, contactProperties(item.event, item.settings));
  const counters = grownCounters(
    { opens: OPENS_COUNTER, clicks: CLICKS_COUNTER },
    group.items,
    (item) => counterIncrements(item.event, item.settings),
    written,
    (name) => Number(current?.properties[name] ?? 0),
  );
  for (const [name, total] of Object.entries(counters)) properties[name] = String(total);
  // An owner is given to a contact that has none; one the customer chose is kept.
  const owner = ownerOf(group);
  if (owner && current && !current.properties.hubspot_owner_id) properties.hubspot_owner_id = owner;
  return properties;
}

function ownerOf(group: ContactGroup): string | null {
  const settings = group.items[0]?.settings;
  return settings?.assignContactOwner && settings.hubspotOwnerId ? settings.hubspotOwnerId : null;
}
