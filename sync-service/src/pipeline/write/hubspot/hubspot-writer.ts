import type { HubspotClient } from '../../../connectors/crm/hubspot';
import {
  HUBSPOT_ASSOCIATION_TYPES,
  type HubspotBatchError,
  type HubspotProperties,
  type HubspotRecord,
} from '../../../connectors/crm/hubspot/hubspot-objects.types';
import type {
  CrmWriter,
  StepRecorder,
  WriteItem as AnyWriteItem,
  WriteOutcome,
  WrittenEventCounts,
} from '../crm-writer';
import {
  CLICKS_COUNTER,
  OPENS_COUNTER,
  companyOf,
  contactProperties,
  counterIncrements,
  engagementOf,
  identityProperties,
  lookupKeys,
  type HubspotWriteSettings,
  type LookupKey,
} from './hubspot-mapping';
import { ensureOutsyncProperties, type PropertyCache } from './hubspot-properties';
import type { RecordIdCache } from '../record-id-cache';
import { batchFailureOutcome, byOccurrence, grownCounters, mergeByRecord } from '../lead-groups';

/** HubSpot's IN filter takes up to 100 values. */
const IN_VALUES = 100;
const SEARCH_PAGE = 200;

type WriteItem = AnyWriteItem<HubspotWriteSettings>;

export type HubspotWriterDeps = {
  client: HubspotClient;
  /** The portal (hub id): the property cache's key. */
  portalId: string;
  propertyCache: PropertyCache;
  /** Counters from the log; without it they are the contact's value plus the batch's events. */
  writtenEventCounts?: WrittenEventCounts;
  /** Contacts found by lookup key (shared by the writers of a process); none: always look up. */
  contactIds?: RecordIdCache;
};

/**
 * The events of one lead in one batch: written to one contact. `cached`: the contact id came
 * from the record id cache, not from a lookup or an earlier attempt.
 */
type LeadGroup = {
  items: WriteItem[];
  keys: LookupKey[];
  contactId: string | null;
  cached?: boolean;
};

/** A lookup key as the record id cache holds it (property names and values compare in lower case). */
const cacheKeyOf = (key: LookupKey) =>
  `${key.property.toLowerCase()}\u0000${key.value.toLowerCase()}`;

/**
 * Writes the events of one HubSpot portal (issue 11 "Write to HubSpot"), step by step for the
 * whole batch: contacts (looked up per the webhook's lookup method, then updated or created),
 * companies and their association, then engagements. Each completed step is recorded on its
 * events before the next starts, so a retry skips finished work. One event's refusal fails that
 * event only; a rate limit or an outage sends every unfinished event back for a retry.
 */
export function createHubspotWriter(deps: HubspotWriterDeps): CrmWriter<HubspotWriteSettings> {
  const { client } = deps;
  const cacheScope = `hubspot:${deps.portalId}:contacts`;
  /** Set per write: sends events back for a retry (the outcome map is per call). */
  let retry: (ids: Iterable<string>, step: string, message: string) => void = () => undefined;

  return {
    async write(items, record) {
      const outcomes = new Map<string, WriteOutcome>();
      const open = () => items.filter((item) => !outcomes.has(item.id));
      const fail = (ids: Iterable<string>, step: string, message: string) => {
        for (const id of ids)
          if (!outcomes.has(id)) outcomes.set(id, { kind: 'failed', step, message });
      };
      retry = (ids, step, message) => {
        for (const id of ids)
          if (!outcomes.has(id)) outcomes.set(id, { kind: 'retry', step, message });
      };
      let step = 'properties';
      try {
        if (items.some((item) => item.settings.createContactCustomProperties)) {
          await ensureOutsyncProperties(client, deps.portalId, deps.propertyCache);
        }
        step = 'contact';
        await writeContacts(open(), record, fail);
        step = 'company';
        await writeCompanies(open(), record, fail);
        step = 'engagement';
        await writeEngagements(open(), record, fail);
      } catch (error) {
        for (const item of open()) outcomes.set(item.id, batchFailureOutcome(error, step));
      }
      for (const item of open()) outcomes.set(item.id, { kind: 'written' });
      return outcomes;
    },
  };

  type Fail = (ids: Iterable<string>, step: string, message: string) => void;

  async function writeContacts(items: WriteItem[], record: StepRecorder, fail: Fail) {
    const pending = items.filter((item) => !item.steps.contactWritten);
    if (pending.length === 0) return;
    const found = groupByLead(pending, fail);
    const counters = found.some((group) =>
      group.items.some((item) => item.settings.createContactCustomProperties),
    );
    const current = await findContacts(found, counters);
    const written = counters ? await writtenCounts(pending) : null;
    // Two lookups (an os_objectlookup_id and an e-mail) may find one contact: one write for it.
    const groups = mergeByRecord(found, (group) => group.contactId);

    const updates: Array<{ group: LeadGroup; properties: HubspotProperties }> = [];
    const upserts: Array<{ group: LeadGroup; properties: HubspotProperties; email: string }> = [];
    const creates: Array<{ group: LeadGroup; properties: HubspotProperties }> = [];
    for (const group of groups) {
      const found = group.contactId === null ? undefined : current.get(group.contactId);
      const properties = mergedProperties(group, found, written);
      if (group.contactId !== null) {
        updates.push({ group, properties });
        continue;
      }
      const withIdentity = { ...identityProperties(group.keys), ...properties };
      const owner = ownerOf(group);
      if (owner) withIdentity.hubspot_owner_id = owner;
      const email = group.items[0]?.event.lead.email;
      if (email) upserts.push({ group, properties: withIdentity, email });
      else creates.push({ group, properties: withIdentity });
    }

    const traceOf = (group: LeadGroup) => group.items[0]?.id ?? '';
    const byTrace = new Map(groups.map((group) => [traceOf(group), group]));
    // A refused group's contact is not written: its events must not record it as done.
    const refused = new Set<LeadGroup>();
    const failGroups = (errors: HubspotBatchError[]) => {
      for (const error of errors) {
        // Someone deleted one of OutSync's properties in HubSpot: check them again next time.
        const missingProperty = error.message.includes('PROPERTY_DOESNT_EXIST');
        if (missingProperty) deps.propertyCache.delete(deps.portalId);
        // A contact deleted or merged since the lookup: the retry looks the lead up again.
        const vanished = error.category === 'OBJECT_NOT_FOUND';
        for (const group of groupsOf(error)) {
          refused.add(group);
          if (vanished && group.contactId !== null)
            deps.contactIds?.forget(cacheScope, group.contactId);
          const ids = group.items.map((item) => item.id);
          if (missingProperty || vanished) retry(ids, 'contact', describe(error));
          else fail(ids, 'contact', describe(error));
        }
      }
    };
    /** The groups an error concerns: by trace id, else by the contact ids it names (updates). */
    const groupsOf = (error: HubspotBatchError): LeadGroup[] => {
      const traced = error.traceIds.flatMap((trace) => byTrace.get(trace) ?? []);
      if (traced.length > 0) return traced;
      const named = new Set(error.context.ids ?? []);
      return groups.filter((group) => group.contactId !== null && named.has(group.contactId));
    };

    if (updates.length > 0) {
      const answer = await client.batchUpdateObjects(
        'contacts',
        updates.map(({ group, properties }) => ({
          id: group.contactId ?? '',
          properties,
          objectWriteTraceId: traceOf(group),
        })),
      );
      failGroups(answer.errors);
    }
    if (upserts.length > 0) {
      const answer = await client.batchUpsertObjects(
        'contacts',
        upserts.map(({ group, properties, email }) => ({
          idProperty: 'email',
          id: email,
          properties,
          objectWriteTraceId: traceOf(group),
        })),
      );
      failGroups(answer.errors);
      const byEmail = new Map(upserts.map((upsert) => [upsert.email, upsert.group]));
      for (const result of answer.results) {
        const group =
          (result.objectWriteTraceId && byTrace.get(result.objectWriteTraceId)) ||
          byEmail.get(String(result.properties.email ?? '').toLowerCase());
        if (group) group.contactId = result.id;
      }
    }
    if (creates.length > 0) {
      const answer = await client.batchCreateObjects(
        'contacts',
        creates.map(({ group, properties }) => ({
          properties,
          objectWriteTraceId: traceOf(group),
        })),
      );
      failGroups(answer.errors);
      for (const result of answer.results) {
        const group = result.objectWriteTraceId
          ? byTrace.get(result.objectWriteTraceId)
          : undefined;
        if (group) group.contactId = result.id;
      }
    }

    await Promise.all(
      groups.flatMap((group) =>
        group.items.map(async (item) => {
          if (refused.has(group)) return;
          if (group.contactId === null) {
            fail([item.id], 'contact', 'HubSpot did not answer the contact it wrote.');
            return;
          }
          deps.contactIds?.set(cacheScope, group.keys.map(cacheKeyOf), group.contactId);
          item.steps.contactId = group.contactId;
          item.steps.contactWritten = true;
          await record(item.id, { contactId: group.contactId, contactWritten: true });
        }),
      ),
    );
  }

  /** One group per lead: the events whose first lookup key is the same. */
  function groupByLead(items: WriteItem[], fail: Fail): LeadGroup[] {
    const groups = new Map<string, LeadGroup>();
    for (const item of [...items].sort(byOccurrence)) {
      const keys = lookupKeys(item.event, item.settings);
      const first = keys[0];
      if (!first) {
        fail(
          [item.id],
          'contact',
          "The event carries no value for any of the webhook's lookup properties.",
        );
        continue;
      }
      const id = `${first.property}\u0000${first.value.toLowerCase()}`;
      const group = groups.get(id) ?? { items: [], keys, contactId: item.steps.contactId ?? null };
      group.items.push(item);
      group.contactId ??= item.steps.contactId ?? null;
      groups.set(id, group);
    }
    for (const group of groups.values()) {
      if (group.contactId !== null) continue;
      const cached = group.keys
        .map((key) => deps.contactIds?.get(cacheScope, cacheKeyOf(key)))
        .find((id) => id !== undefined);
      if (cached !== undefined) Object.assign(group, { contactId: cached, cached: true });
    }
    return [...groups.values()];
  }

  /**
   * Finds each group's contact: the lookup keys in order, one round per rank, each round one
   * batch read (e-mail) or IN search per property. Also reads the counters and the owner of the
   * contacts found, which the writes need.
   */
  async function findContacts(
    groups: LeadGroup[],
    counters: boolean,
  ): Promise<Map<string, HubspotRecord>> {
    const found = new Map<string, HubspotRecord>();
    const wanted = [
      'email',
      'hubspot_owner_id',
      ...(counters ? [OPENS_COUNTER, CLICKS_COUNTER] : []),
    ];
    const known = groups
      .filter((group) => group.contactId !== null)
      .map((group) => group.contactId ?? '');
    if (known.length > 0) {
      for (const contact of await client.batchReadObjects('contacts', {
        ids: known,
        properties: wanted,
      }))
        found.set(contact.id, contact);
    }
    // A cached contact HubSpot no longer has (deleted, merged away): look the lead up again.
    for (const group of groups) {
      if (!group.cached || group.contactId === null || found.has(group.contactId)) continue;
      deps.contactIds?.forget(cacheScope, group.contactId);
      Object.assign(group, { contactId: null, cached: false });
    }
    const maxRank = Math.max(0, ...groups.map((group) => group.keys.length));
    for (let rank = 0; rank < maxRank; rank += 1) {
      const open = groups.filter((group) => group.contactId === null && group.keys[rank]);
      const byProperty = new Map<string, LeadGroup[]>();
      for (const group of open) {
        const key = group.keys[rank];
        if (!key) continue;
        byProperty.set(key.property, [...(byProperty.get(key.property) ?? []), group]);
      }
      for (const [property, members] of byProperty) {
        const values = [...new Set(members.map((group) => group.keys[rank]?.value ?? ''))];
        const records = await readByProperty(property, values, wanted);
        for (const group of members) {
          const value = (group.keys[rank]?.value ?? '').toLowerCase();
          const match = records.find(
            (contact) => String(contact.properties[property] ?? '').toLowerCase() === value,
          );
          if (match) {
            group.contactId = match.id;
            found.set(match.id, match);
          }
        }
      }
    }
    return found;
  }

  async function readByProperty(
    property: string,
    values: string[],
    wanted: string[],
  ): Promise<HubspotRecord[]> {
    const properties = [...new Set([...wanted, property])];
    // E-mail is unique in HubSpot: a batch read by it costs one call per 100 and no search quota.
    if (property === 'email')
      return client.batchReadObjects('contacts', { ids: values, idProperty: 'email', properties });
    const records: HubspotRecord[] = [];
    for (let start = 0; start < values.length; start += IN_VALUES) {
      records.push(
        ...(await client.searchObjects('contacts', {
          filterGroups: [
            {
              filters: [
                {
                  propertyName: property,
                  operator: 'IN',
                  values: values.slice(start, start + IN_VALUES),
                },
              ],
            },
          ],
          properties,
          limit: SEARCH_PAGE,
        })),
      );
    }
    return records;
  }

  /** The log's counts for the leads of these events (none asked when none counts). */
  async function writtenCounts(items: WriteItem[]) {
    if (!deps.writtenEventCounts) return null;
    const keys = new Set(
      items.flatMap((item) =>
        item.leadKey && Object.keys(counterIncrements(item.event, item.settings)).length > 0
          ? [item.leadKey]
          : [],
      ),
    );
    return keys.size > 0 ? deps.writtenEventCounts([...keys]) : new Map();
  }

  /** The group's events' properties, latest event last (its values win); counters added up. */
  function mergedProperties(
    group: LeadGroup,
    current: HubspotRecord | undefined,
    written: Map<string, { opens: number; clicks: number }> | null,
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
    if (owner && current && !current.properties.hubspot_owner_id)
      properties.hubspot_owner_id = owner;
    return properties;
  }

  function ownerOf(group: LeadGroup): string | null {
    const settings = group.items[0]?.settings;
    return settings?.assignContactOwner && settings.hubspotOwnerId ? settings.hubspotOwnerId : null;
  }

  async function writeCompanies(items: WriteItem[], record: StepRecorder, fail: Fail) {
    const pending = items.flatMap((item) => {
      const company = companyOf(item.event, item.settings);
      return company && !item.steps.companyAssociated && item.steps.contactId
        ? [{ item, company }]
        : [];
    });
    if (pending.length === 0) return;
    const idOf = new Map<string, string>();
    for (const { item, company } of pending)
      if (item.steps.companyId) idOf.set(company.domain, item.steps.companyId);

    const unknown = [...new Set(pending.map(({ company }) => company.domain))].filter(
      (domain) => !idOf.has(domain),
    );
    for (let start = 0; start < unknown.length; start += IN_VALUES) {
      const records = await client.searchObjects('companies', {
        filterGroups: [
          {
            filters: [
              {
                propertyName: 'domain',
                operator: 'IN',
                values: unknown.slice(start, start + IN_VALUES),
              },
            ],
          },
        ],
        properties: ['domain', 'name', 'hubspot_owner_id'],
        limit: SEARCH_PAGE,
      });
      // The oldest company of a domain is the one people work in (HubSpot keeps domains non-unique).
      for (const company of [...records].sort((a, b) => Number(a.id) - Number(b.id))) {
        const domain = String(company.properties.domain ?? '').toLowerCase();
        if (!idOf.has(domain)) idOf.set(domain, company.id);
      }
    }
    const toCreate = new Map<string, HubspotProperties>();
    for (const { company } of pending)
      if (!idOf.has(company.domain) && !toCreate.has(company.domain))
        toCreate.set(company.domain, company.properties);
    if (toCreate.size > 0) {
      const answer = await client.batchCreateObjects(
        'companies',
        [...toCreate].map(([domain, properties]) => ({ properties, objectWriteTraceId: domain })),
      );
      for (const result of answer.results) {
        const domain = result.objectWriteTraceId ?? String(result.properties.domain ?? '');
        idOf.set(domain, result.id);
      }
      for (const error of answer.errors)
        for (const domain of error.traceIds)
          fail(
            pending.filter(({ company }) => company.domain === domain).map(({ item }) => item.id),
            'company',
            describe(error),
          );
    }

    const pairs = pending.flatMap(({ item, company }) => {
      const companyId = idOf.get(company.domain);
      return companyId && item.steps.contactId
        ? [{ item, companyId, contactId: item.steps.contactId }]
        : [];
    });
    const unique = new Map(pairs.map((pair) => [`${pair.contactId}:${pair.companyId}`, pair]));
    const answer = await client.batchAssociateDefault(
      'contacts',
      'companies',
      [...unique.values()].map(({ contactId, companyId }) => ({
        fromId: contactId,
        toId: companyId,
      })),
    );
    if (answer.errors.length > 0) {
      const message = answer.errors.map(describe).join(' ');
      fail(
        pairs.map(({ item }) => item.id),
        'company',
        message,
      );
      // Not associated: a later attempt must not skip the step.
      return;
    }
    await Promise.all(
      pairs.map(async ({ item, companyId }) => {
        item.steps.companyId = companyId;
        item.steps.companyAssociated = true;
        await record(item.id, { companyId, companyAssociated: true });
      }),
    );
  }

  async function writeEngagements(items: WriteItem[], record: StepRecorder, fail: Fail) {
    const planned = items.flatMap((item) => {
      const plan = engagementOf(item.event, item.settings);
      return plan && !item.steps.engagementId && item.steps.contactId ? [{ item, plan }] : [];
    });
    if (planned.length === 0) return;
    const toCreate: typeof planned = [];
    for (const entry of planned) {
      const adopted = entry.item.steps.engagementStartedAt ? await findStarted(entry) : null;
      if (adopted) await done(entry.item, entry.plan.type, adopted);
      else toCreate.push(entry);
    }
    const now = new Date();
    await Promise.all(toCreate.map(({ item }) => record(item.id, { engagementStartedAt: now })));
    for (const type of ['emails', 'tasks'] as const) {
      const batch = toCreate.filter(({ plan }) => plan.type === type);
      if (batch.length === 0) continue;
      const answer = await client.batchCreateObjects(
        type,
        batch.map(({ item, plan }) => ({
          properties: plan.properties,
          associations: associationsOf(type, item.steps.contactId ?? '', item.steps.companyId),
          objectWriteTraceId: item.id,
        })),
      );
      for (const error of answer.errors) fail(error.traceIds, 'engagement', describe(error));
      const byId = new Map(batch.map(({ item }) => [item.id, item]));
      await Promise.all(
        answer.results.map(async (result) => {
          const item = result.objectWriteTraceId ? byId.get(result.objectWriteTraceId) : undefined;
          if (item) await done(item, type, result.id);
        }),
      );
      for (const { item } of batch)
        if (!item.steps.engagementId)
          fail([item.id], 'engagement', 'HubSpot did not answer the activity it created.');
    }

    async function done(item: WriteItem, type: 'emails' | 'tasks', id: string) {
      item.steps.engagementId = id;
      item.steps.engagementType = type;
      await record(item.id, { engagementId: id, engagementType: type });
    }
  }

  /**
   * An engagement whose create was sent by an attempt that stopped before recording the answer:
   * the contact's engagement with the same timestamp and subject, if HubSpot has it.
   */
  async function findStarted(entry: { item: WriteItem; plan: ReturnType<typeof engagementOf> }) {
    const plan = entry.plan;
    if (!plan) return null;
    const subjectProperty = plan.type === 'emails' ? 'hs_email_subject' : 'hs_task_subject';
    const timestamp = Date.parse(plan.properties.hs_timestamp ?? '');
    const records = await client.searchObjects(plan.type, {
      filterGroups: [
        { filters: [{ propertyName: 'hs_timestamp', operator: 'EQ', value: String(timestamp) }] },
      ],
      properties: [subjectProperty],
      limit: SEARCH_PAGE,
    });
    const match = records.find(
      (record) =>
        (record.properties[subjectProperty] ?? '') === (plan.properties[subjectProperty] ?? ''),
    );
    return match?.id ?? null;
  }
}

function associationsOf(
  type: 'emails' | 'tasks',
  contactId: string,
  companyId: string | undefined,
) {
  const toContact =
    type === 'emails'
      ? HUBSPOT_ASSOCIATION_TYPES.emailToContact
      : HUBSPOT_ASSOCIATION_TYPES.taskToContact;
  const toCompany =
    type === 'emails'
      ? HUBSPOT_ASSOCIATION_TYPES.emailToCompany
      : HUBSPOT_ASSOCIATION_TYPES.taskToCompany;
  return [
    { toId: contactId, associationTypeId: toContact },
    ...(companyId ? [{ toId: companyId, associationTypeId: toCompany }] : []),
  ];
}

function describe(error: HubspotBatchError): string {
  return `HubSpot refused it: ${error.message}`;
}
