import type {
  HubspotBatchError,
  HubspotProperties,
  HubspotRecord,
} from '../../../connectors/crm/hubspot/hubspot-objects.types';
import { claimCreates } from '../create-claims';
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
  createSkipWarnings,
  isOutsyncProperty,
  isSkippable,
  missingPropertiesOf,
  missingWarning,
  refusedProperties,
  refusedWarning,
  without,
  type RefusedProperty,
  type SkipWarnings,
} from './hubspot-skipped-properties';
import {
  contactCacheKey,
  describe,
  refusalCode,
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
 * OutSync properties the portal lacks are left out, and so are properties HubSpot refuses as
 * read-only or unknown (the write is sent again without them): the events are written with a
 * warning saying what was skipped and why.
 */
export async function writeContacts(context: HubspotWriteContext, items: HubspotItem[]) {
  const warnings = createSkipWarnings();
  // Like a missing Salesforce field, the warning stands on every event that would write a
  // missing property, its contact written now or by an earlier attempt.
  const { refusal } = context.catalog;
  for (const item of items) {
    const missing = missingPropertiesOf(item, context.catalog);
    if (refusal && missing.length > 0) warnings.add([item.id], missingWarning(missing, refusal));
  }
  await writePending(
    context,
    items.filter((item) => !item.steps.contactWritten),
    warnings,
  );
  warnings.warn(context.outcomes);
}

async function writePending(
  context: HubspotWriteContext,
  pending: HubspotItem[],
  warnings: SkipWarnings,
) {
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
  const plan = planContactWrites(groups, current, written, context.catalog.missing);
  // A contact without an e-mail (a LinkedIn lead) is created, not upserted: claimed first, so two
  // workers never create it twice; one another worker holds is left to the next attempt, whose
  // lookup finds it.
  const keyOf = ({ group }: ContactWrite) =>
    `hubspot:${context.portalId}:contacts:${group.keys.map(contactCacheKey).join('|')}`;
  const claimed = await claimCreates(context.createClaims, plan.creates.map(keyOf));
  try {
    plan.creates = plan.creates.filter((create) => {
      const claim = claimed.claims.get(keyOf(create));
      if (claim?.kind === 'mine' && !claim.afterAnother) return true;
      context.outcomes.retry(
        create.group.items.map((item) => item.id),
        'contact',
        'Another OutSync worker was creating this contact at the same moment; the next attempt updates it.',
        'contention',
      );
      return false;
    });
    const refused = await sendContactWrites(context, groups, plan, warnings);
    for (const create of plan.creates)
      if (create.group.recordId !== null && !refused.has(create.group))
        await claimed.created(keyOf(create), create.group.recordId);
    // A group left to the next attempt keeps its retry (an event's first outcome stands).
    await recordContacts(context, groups, refused);
  } finally {
    await claimed.releaseUncreated();
  }
}

/** Each group's write, without the OutSync properties the portal lacks (`missing`). */
function planContactWrites(
  groups: ContactGroup[],
  current: Map<string, HubspotRecord>,
  written: WrittenCounts | null,
  missing: ReadonlySet<string>,
): ContactWrites {
  const plan: ContactWrites = { updates: [], upserts: [], creates: [] };
  for (const group of groups) {
    const found = group.recordId === null ? undefined : current.get(group.recordId);
    const properties = without(mergedProperties(group, found, written), missing);
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

/**
 * Sends the plan; answers the groups HubSpot refused. A group refused only for properties HubSpot
 * will not take (read-only, or not in the portal and not OutSync's) is sent once more without
 * them, and its events are warned.
 */
async function sendContactWrites(
  context: HubspotWriteContext,
  groups: ContactGroup[],
  plan: ContactWrites,
  warnings: SkipWarnings,
): Promise<Set<ContactGroup>> {
  const byTrace = new Map(groups.map((group) => [traceOf(group), group]));
  const refusal = contactRefusals(context, groups, byTrace);
  const skipped = new Map<ContactGroup, RefusedProperty[]>();
  for (const error of await sendPlan(context, plan, byTrace)) {
    const problems = refusedProperties(error);
    if (problems.length === 0 || !problems.every(isSkippable)) {
      refusal.refuse([error]);
      continue;
    }
    for (const group of refusal.groupsOf(error))
      skipped.set(group, [...(skipped.get(group) ?? []), ...problems]);
  }
  if (skipped.size === 0) return refusal.refused;
  const again = <Write extends ContactWrite>(writes: Write[]): Write[] =>
    writes.flatMap((write) => {
      const problems = skipped.get(write.group);
      if (!problems || refusal.refused.has(write.group)) return [];
      const names = new Set(problems.map((problem) => problem.name));
      return [{ ...write, properties: without(write.properties, names) }];
    });
  refusal.refuse(
    await sendPlan(
      context,
      { updates: again(plan.updates), upserts: again(plan.upserts), creates: again(plan.creates) },
      byTrace,
    ),
  );
  for (const [group, problems] of skipped)
    if (!refusal.refused.has(group))
      warnings.add(
        group.items.map((item) => item.id),
        refusedWarning(problems),
      );
  return refusal.refused;
}

/** Sends the updates, upserts and creates; answers HubSpot's errors. New contacts get their id. */
async function sendPlan(
  context: HubspotWriteContext,
  plan: ContactWrites,
  byTrace: Map<string, ContactGroup>,
): Promise<HubspotBatchError[]> {
  const { client } = context;
  const errors: HubspotBatchError[] = [];
  if (plan.updates.length > 0) {
    const answer = await client.batchUpdateObjects(
      'contacts',
      plan.updates.map(({ group, properties }) => ({
        id: group.recordId ?? '',
        properties,
        objectWriteTraceId: traceOf(group),
      })),
    );
    errors.push(...answer.errors);
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
    errors.push(...answer.errors);
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
    errors.push(...answer.errors);
    for (const result of answer.results) {
      const group = result.objectWriteTraceId ? byTrace.get(result.objectWriteTraceId) : undefined;
      if (group) group.recordId = result.id;
    }
  }
  return errors;
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
      // Someone deleted one of OutSync's properties in HubSpot: check them again next time (the
      // retry creates it, or leaves it out with a warning when HubSpot will not let OutSync).
      const missingProperty = lacksOutsyncProperty(error);
      if (missingProperty) context.propertyCache.forget(context.portalId);
      // A contact deleted or merged since the lookup: the retry looks the lead up again.
      const vanished = error.category === 'OBJECT_NOT_FOUND';
      for (const group of groupsOf(error)) {
        refused.add(group);
        if (vanished && group.recordId !== null) context.contactIds.forget(group.recordId);
        const ids = group.items.map((item) => item.id);
        const code = refusalCode(error);
        if (missingProperty || vanished)
          context.outcomes.retry(ids, 'contact', describe(error), code);
        else context.outcomes.fail(ids, 'contact', describe(error), code);
      }
    }
  };
  return { refused, refuse, groupsOf };
}

function lacksOutsyncProperty(error: HubspotBatchError): boolean {
  const problems = refusedProperties(error);
  if (problems.length === 0) return error.message.includes('PROPERTY_DOESNT_EXIST');
  return problems.some(
    (problem) => problem.error === 'PROPERTY_DOESNT_EXIST' && isOutsyncProperty(problem.name),
  );
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
          'unexpected',
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
