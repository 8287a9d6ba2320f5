import {
  SalesforceBatchInterruptedError,
  type SalesforceClient,
} from '../../../connectors/crm/salesforce';
import type {
  SalesforceFields,
  SalesforcePersonObject,
  SalesforceRecordError,
  SalesforceRow,
  SalesforceSaveResult,
} from '../../../connectors/crm/salesforce/salesforce-objects.types';
import type {
  CrmWriter,
  StepRecorder,
  WriteItem as AnyWriteItem,
  WriteOutcome,
  WrittenEventCounts,
} from '../crm-writer';
import { CLICKS_COUNTER_FIELD, OPENS_COUNTER_FIELD } from './salesforce-field-catalog';
import { batchFailureOutcome, byOccurrence, grownCounters, mergeByRecord } from '../lead-groups';
import type { RecordIdCache } from '../record-id-cache';
import {
  activityOf,
  counterIncrements,
  customFields,
  isRecordIdField,
  lookupKeys,
  missingFieldsWarning,
  newPersonFields,
  personFields,
  updateOnlyMessage,
  writesCustomFields,
  type SalesforceLookupKey,
  type SalesforceWriteSettings,
} from './salesforce-mapping';

type WriteItem = AnyWriteItem<SalesforceWriteSettings>;

/** How long an org's field describe is trusted: fields created meanwhile show up after it. */
export const FIELD_CACHE_TTL_MS = 5 * 60_000;
/** A Task found on a retry counts as this attempt's when created at most this long before it. */
const STARTED_SLACK_MS = 60_000;

/**
 * The fields of each org's person objects the connected user can see (a field hidden from the
 * user is absent from describe), per process, for minutes: one describe per object per org, not
 * per event. A failed describe is forgotten, so the next batch tries again.
 */
export type SalesforceFieldCache = {
  /** Lower-cased API names (Salesforce compares them case-insensitively). */
  fieldsOf(
    client: Pick<SalesforceClient, 'describe'>,
    orgId: string,
    object: SalesforcePersonObject,
  ): Promise<ReadonlySet<string>>;
  /** Describe the org's objects again next time (a field was deleted or created). */
  forget(orgId: string): void;
};

export function createSalesforceFieldCache(
  options: { ttlMs?: number; now?: () => number } = {},
): SalesforceFieldCache {
  const ttlMs = options.ttlMs ?? FIELD_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { until: number; fields: Promise<ReadonlySet<string>> }>();
  return {
    fieldsOf(client, orgId, object) {
      const key = `${orgId}\u0000${object}`;
      const known = entries.get(key);
      if (known && known.until > now()) return known.fields;
      const fields = client.describe(object).then(
        (described) => new Set(described.fields.map((field) => field.name.toLowerCase())),
        (error: unknown) => {
          if (entries.get(key)?.fields === fields) entries.delete(key);
          throw error;
        },
      );
      entries.set(key, { until: now() + ttlMs, fields });
      return fields;
    },
    forget(orgId) {
      for (const key of entries.keys()) if (key.startsWith(`${orgId}\u0000`)) entries.delete(key);
    },
  };
}

export type SalesforceWriterDeps = {
  client: SalesforceClient;
  /** The org id: the field cache's key. */
  orgId: string;
  fieldCache: SalesforceFieldCache;
  /** Counters from the log; without it they are the record's value plus the batch's events. */
  writtenEventCounts?: WrittenEventCounts;
  /** People found by lookup key (shared by the writers of a process); none: always look up. */
  personIds?: RecordIdCache;
};

/**
 * The events of one lead in one batch: written to one person (Contact or Lead). `cached`: the
 * person id came from the record id cache, not from a lookup or an earlier attempt.
 */
type LeadGroup = {
  items: WriteItem[];
  keys: SalesforceLookupKey[];
  personId: string | null;
  cached?: boolean;
};

/** A lookup key as the record id cache holds it (field names and values compare in lower case). */
const cacheKeyOf = (key: SalesforceLookupKey) =>
  `${key.field.toLowerCase()}\u0000${key.value.toLowerCase()}`;

/** Per-record refusals that may pass unchanged later. */
const RETRYABLE_RECORD_ERRORS = new Set(['UNABLE_TO_LOCK_ROW', 'REQUEST_LIMIT_EXCEEDED']);
/** Per-record refusals naming a field the describe had: it was deleted or hidden since. */
const FIELD_RECORD_ERRORS = new Set(['INVALID_FIELD', 'INVALID_FIELD_FOR_INSERT_UPDATE']);

/**
 * Writes the events of one Salesforce org (issue 12 "Write to Salesforce"), step by step for the
 * whole batch and per person object: the person (looked up per the webhook's lookup method with
 * one SOQL `IN` query per field, then updated or created in sObject Collections of 200), then the
 * Task. Each completed step is recorded on its events before the next starts, so a retry skips
 * finished work. One record's refusal fails its events only; a rate limit or an outage sends
 * every unfinished event back for a retry, after recording what an interrupted batch completed.
 */
export function createSalesforceWriter(
  deps: SalesforceWriterDeps,
): CrmWriter<SalesforceWriteSettings> {
  const { client } = deps;
  const scopeOf = (object: SalesforcePersonObject) => `salesforce:${deps.orgId}:${object}`;

  return {
    async write(items, record) {
      const outcomes = new Map<string, WriteOutcome>();
      const warnings = new Map<string, string>();
      const settle = (
        kind: 'failed' | 'retry',
        ids: Iterable<string>,
        step: string,
        message: string,
      ) => {
        for (const id of ids) if (!outcomes.has(id)) outcomes.set(id, { kind, step, message });
      };
      const context: Context = {
        record,
        fail: (ids, step, message) => settle('failed', ids, step, message),
        retry: (ids, step, message) => settle('retry', ids, step, message),
        skip: (ids, message) => {
          for (const id of ids)
            if (!outcomes.has(id)) outcomes.set(id, { kind: 'skipped', message });
        },
        warn: (id, message) => warnings.set(id, message),
        isOpen: (item) => !outcomes.has(item.id),
      };
      for (const object of ['Contact', 'Lead'] as const) {
        const batch = items.filter((item) => item.settings.salesforceObjectType === object);
        if (batch.length === 0) continue;
        let step = 'fields';
        try {
          const needsFields = batch.some(
            (item) => !item.steps.contactWritten || writesCustomFields(item.settings),
          );
          const fields = needsFields
            ? await deps.fieldCache.fieldsOf(client, deps.orgId, object)
            : new Set<string>();
          step = 'person';
          await writePeople(object, batch, fields, context);
          step = 'task';
          await writeTasks(batch.filter(context.isOpen), context);
        } catch (error) {
          for (const item of batch.filter(context.isOpen))
            outcomes.set(item.id, batchFailureOutcome(error, step));
        }
      }
      for (const item of items.filter((item) => !outcomes.has(item.id))) {
        const warning = warnings.get(item.id);
        outcomes.set(
          item.id,
          warning ? { kind: 'written', warnings: [warning] } : { kind: 'written' },
        );
      }
      return outcomes;
    },
  };

  async function writePeople(
    object: SalesforcePersonObject,
    batch: WriteItem[],
    fields: ReadonlySet<string>,
    context: Context,
  ) {
    // The warning stands on every event that would write a missing field, written now or before.
    for (const item of batch) {
      const wanted = [
        ...Object.keys(customFields(item.event, item.settings)),
        ...Object.keys(counterIncrements(item.event, item.settings)),
      ];
      const missing = wanted.filter((name) => !fields.has(name.toLowerCase()));
      if (missing.length > 0) context.warn(item.id, missingFieldsWarning(object, missing));
    }
    const pending = batch.filter((item) => !item.steps.contactWritten);
    if (pending.length === 0) return;
    const found = groupByLead(object, pending, fields, context);
    const counters = found.some((group) =>
      group.items.some(
        (item) => Object.keys(counterIncrements(item.event, item.settings)).length > 0,
      ),
    );
    const current = await findPeople(object, found, fields, counters);
    const written = counters ? await writtenCounts(pending) : null;
    // Two lookups (an os_objectlookup_id and an e-mail) may find one person: one write for it.
    const groups = mergeByRecord(found, (group) => group.personId);

    const updates: Array<{ group: LeadGroup; fields: SalesforceFields }> = [];
    const creates: Array<{ group: LeadGroup; fields: SalesforceFields }> = [];
    for (const group of groups) {
      const first = group.items[0];
      if (!first) continue;
      const row = group.personId === null ? undefined : current.get(group.personId);
      const merged = mergedFields(group, row, written);
      if (group.personId !== null) {
        updates.push({ group, fields: visible(merged, fields) });
      } else if (first.settings.salesforceOnlyUpdate) {
        context.skip(
          group.items.map((item) => item.id),
          updateOnlyMessage(object, group.keys),
        );
      } else {
        const created = { ...newPersonFields(first.event, first.settings, group.keys), ...merged };
        creates.push({ group, fields: visible(created, fields) });
      }
    }

    // A refused group's person is not written: its events must not record it as done.
    const refused = new Set<LeadGroup>();
    const apply = (batch: Array<{ group: LeadGroup }>, results: SalesforceSaveResult[]) => {
      results.forEach((result, index) => {
        const group = batch[index]?.group;
        if (!group) return;
        if (result.success) {
          group.personId = result.id;
          return;
        }
        // An update refused (the person deleted or merged since, or anything else): the next
        // attempt looks the lead up again instead of trusting a remembered id.
        if (group.personId !== null) deps.personIds?.forget(scopeOf(object), group.personId);
        refused.add(group);
        refuse(
          group.items.map((item) => item.id),
          'person',
          object,
          result.errors,
          context,
        );
      });
    };
    const done = async (groupsDone: LeadGroup[]) => {
      await Promise.all(
        groupsDone.flatMap((group) =>
          refused.has(group) || group.personId === null
            ? []
            : group.items.map(async (item) => {
                const personId = group.personId ?? '';
                deps.personIds?.set(scopeOf(object), group.keys.map(cacheKeyOf), personId);
                item.steps.contactId = personId;
                item.steps.contactWritten = true;
                await context.record(item.id, { contactId: personId, contactWritten: true });
              }),
        ),
      );
    };

    // An update with nothing to set costs a call for nothing: the person is as the event wants.
    const toUpdate = updates.filter((update) => Object.keys(update.fields).length > 0);
    await save(toUpdate, apply, done, () =>
      client.updateRecords(
        object,
        toUpdate.map(({ group, fields: values }) => ({ ...values, Id: group.personId ?? '' })),
      ),
    );
    await done(
      updates.filter((update) => Object.keys(update.fields).length === 0).map((u) => u.group),
    );
    await save(creates, apply, done, () =>
      client.createRecords(
        object,
        creates.map((create) => create.fields),
      ),
    );
  }

  /**
   * Sends one collections call and applies its results; when a later chunk is refused, the
   * earlier chunks' results are applied and recorded before the error goes on (the events are
   * retried, and must not write those records again).
   */
  async function save(
    batch: Array<{ group: LeadGroup }>,
    apply: (batch: Array<{ group: LeadGroup }>, results: SalesforceSaveResult[]) => void,
    done: (groups: LeadGroup[]) => Promise<void>,
    call: () => Promise<SalesforceSaveResult[]>,
  ) {
    if (batch.length === 0) return;
    try {
      apply(batch, await call());
    } catch (error) {
      if (error instanceof SalesforceBatchInterruptedError) {
        const completed = batch.slice(0, error.completed.length);
        apply(completed, error.completed);
        await done(completed.map((entry) => entry.group));
      }
      throw error;
    }
    await done(batch.map((entry) => entry.group));
  }

  /**
   * One group per lead: the events whose first usable lookup key is the same. Keys on a field the
   * object lacks (or the connected user cannot see) are left out: SOQL would refuse the whole
   * query for it.
   */
  function groupByLead(
    object: SalesforcePersonObject,
    items: WriteItem[],
    fields: ReadonlySet<string>,
    context: Context,
  ): LeadGroup[] {
    const groups = new Map<string, LeadGroup>();
    for (const item of [...items].sort(byOccurrence)) {
      const all = lookupKeys(item.event, item.settings);
      const keys = all.filter((key) => fields.has(key.field.toLowerCase()));
      const first = keys[0];
      if (!first) {
        const unknown = [...new Set(all.map((key) => key.field))];
        context.fail(
          [item.id],
          'person',
          unknown.length > 0
            ? `Salesforce ${object} has no field ${unknown.join(', ')} that the connected user can see: choose another lookup field in the webhook's settings.`
            : "The event carries no value for any of the webhook's lookup fields.",
        );
        continue;
      }
      const id = `${first.field.toLowerCase()}\u0000${first.value.toLowerCase()}`;
      const group = groups.get(id) ?? { items: [], keys, personId: null };
      group.items.push(item);
      group.personId ??= item.steps.contactId ?? null;
      groups.set(id, group);
    }
    for (const group of groups.values()) {
      if (group.personId !== null) continue;
      const cached = group.keys
        .map((key) => deps.personIds?.get(scopeOf(object), cacheKeyOf(key)))
        .find((id) => id !== undefined);
      if (cached !== undefined) Object.assign(group, { personId: cached, cached: true });
    }
    return [...groups.values()];
  }

  /**
   * Finds each group's person with one query per lookup field, whatever the keys' ranks: every
   * value of every group goes into the field's `IN` list, and each group then takes the match of
   * its most specific key. Also reads the records a previous attempt found (by Id) and their
   * counters, which the writes need.
   */
  async function findPeople(
    object: SalesforcePersonObject,
    groups: LeadGroup[],
    fields: ReadonlySet<string>,
    counters: boolean,
  ): Promise<Map<string, SalesforceRow>> {
    const select = [
      'LastModifiedDate',
      ...(counters
        ? [OPENS_COUNTER_FIELD, CLICKS_COUNTER_FIELD].filter((name) =>
            fields.has(name.toLowerCase()),
          )
        : []),
    ];
    const valuesByField = new Map<string, { field: string; values: Set<string> }>();
    const want = (field: string, value: string) => {
      const entry = valuesByField.get(field.toLowerCase()) ?? { field, values: new Set<string>() };
      entry.values.add(value);
      valuesByField.set(field.toLowerCase(), entry);
    };
    for (const group of groups) {
      if (group.personId !== null) want('Id', group.personId);
      // A cached person is read by Id alone; its keys are queried only if it is gone.
      if (!group.cached) for (const key of group.keys) want(key.field, key.value);
    }
    const rowsByField = new Map<string, SalesforceRow[]>();
    for (const [name, { field, values }] of valuesByField) {
      rowsByField.set(
        name,
        await client.findRecords({
          sobject: object,
          field,
          values: [...values],
          select,
          // A converted Lead lives on as a Contact: writing the Lead would be refused.
          excludeConvertedLeads: object === 'Lead',
        }),
      );
    }

    const found = new Map<string, SalesforceRow>();
    const candidatesOf = new Map<LeadGroup, string>();
    for (const group of groups) {
      if (group.cached && group.personId !== null) candidatesOf.set(group, group.personId);
      const candidates = [
        ...(group.personId !== null ? [{ field: 'Id', value: group.personId }] : []),
        ...group.keys,
      ];
      group.personId = null;
      for (const key of candidates) {
        const rows = (rowsByField.get(key.field.toLowerCase()) ?? []).filter((row) =>
          matches(row, key),
        );
        const match = latest(rows);
        if (match) {
          group.personId = match.Id;
          found.set(match.Id, match);
          break;
        }
      }
    }
    // A cached person the org no longer has (deleted, merged away): look the lead up again.
    const vanished = groups.filter((group) => group.cached && group.personId === null);
    for (const group of vanished) {
      group.cached = false;
      const stale = candidatesOf.get(group);
      if (stale) deps.personIds?.forget(scopeOf(object), stale);
    }
    if (vanished.length > 0)
      for (const [id, row] of await findPeople(object, vanished, fields, counters))
        found.set(id, row);
    return found;
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

  async function writeTasks(items: WriteItem[], context: Context) {
    const planned = items.flatMap((item) => {
      const fields = activityOf(item.event, item.settings);
      return fields && !item.steps.engagementId && item.steps.contactId
        ? [{ item, fields: { ...fields, WhoId: item.steps.contactId } }]
        : [];
    });
    if (planned.length === 0) return;
    const done = async (item: WriteItem, id: string) => {
      item.steps.engagementId = id;
      item.steps.engagementType = 'tasks';
      await context.record(item.id, { engagementId: id, engagementType: 'tasks' });
    };
    const adopted = await findStarted(planned.filter(({ item }) => item.steps.engagementStartedAt));
    const toCreate = planned.filter(({ item }) => !adopted.has(item.id));
    for (const { item } of planned) {
      const id = adopted.get(item.id);
      if (id) await done(item, id);
    }
    if (toCreate.length === 0) return;
    const now = new Date();
    await Promise.all(
      toCreate.map(({ item }) => context.record(item.id, { engagementStartedAt: now })),
    );

    const apply = async (batch: typeof toCreate, results: SalesforceSaveResult[]) => {
      for (const [index, result] of results.entries()) {
        const item = batch[index]?.item;
        if (!item) continue;
        if (result.success) await done(item, result.id);
        else refuse([item.id], 'task', 'Task', result.errors, context);
      }
    };
    try {
      await apply(
        toCreate,
        await client.createRecords(
          'Task',
          toCreate.map((entry) => entry.fields),
        ),
      );
    } catch (error) {
      if (error instanceof SalesforceBatchInterruptedError)
        await apply(toCreate.slice(0, error.completed.length), error.completed);
      throw error;
    }
  }

  /**
   * Tasks whose create an earlier attempt sent without recording the answer: the person's Task
   * with the same subject and date, created since shortly before that attempt, if Salesforce has
   * it. One query for all of them.
   */
  async function findStarted(
    entries: Array<{ item: WriteItem; fields: SalesforceFields }>,
  ): Promise<Map<string, string>> {
    const adopted = new Map<string, string>();
    if (entries.length === 0) return adopted;
    const rows = await client.findRecords({
      sobject: 'Task',
      field: 'WhoId',
      values: [...new Set(entries.map(({ item }) => item.steps.contactId ?? ''))],
      select: ['Subject', 'ActivityDate', 'CreatedDate'],
    });
    const taken = new Set<string>();
    for (const { item, fields } of entries) {
      const since = (item.steps.engagementStartedAt?.getTime() ?? 0) - STARTED_SLACK_MS;
      const match = rows.find(
        (row) =>
          !taken.has(row.Id) &&
          sameId(String(row.WhoId ?? ''), item.steps.contactId ?? '') &&
          row.Subject === fields.Subject &&
          row.ActivityDate === fields.ActivityDate &&
          Date.parse(String(row.CreatedDate ?? '')) >= since,
      );
      if (match) {
        taken.add(match.Id);
        adopted.set(item.id, match.Id);
      }
    }
    return adopted;
  }

  /** Fails (or retries) the events of a refused record, naming Salesforce's reason. */
  function refuse(
    ids: string[],
    step: string,
    object: string,
    errors: SalesforceRecordError[],
    context: Context,
  ) {
    const message = `Salesforce refused the ${object}: ${
      errors.map((error) => `${error.statusCode}: ${error.message}`).join('; ') || 'no reason given'
    }`;
    if (errors.some((error) => FIELD_RECORD_ERRORS.has(error.statusCode))) {
      // A field deleted since the describe: describe again, and the retry leaves it out.
      deps.fieldCache.forget(deps.orgId);
      context.retry(ids, step, message);
    } else if (errors.some((error) => RETRYABLE_RECORD_ERRORS.has(error.statusCode))) {
      context.retry(ids, step, message);
    } else if (
      step === 'person' &&
      errors.some((error) => error.statusCode === 'ENTITY_IS_DELETED')
    ) {
      // The person was deleted or merged away since the lookup: the retry looks the lead up again.
      context.retry(ids, step, message);
    } else {
      context.fail(ids, step, message);
    }
  }
}

type Context = {
  record: StepRecorder;
  fail: (ids: Iterable<string>, step: string, message: string) => void;
  retry: (ids: Iterable<string>, step: string, message: string) => void;
  skip: (ids: Iterable<string>, message: string) => void;
  warn: (id: string, message: string) => void;
  isOpen: (item: WriteItem) => boolean;
};

/** The group's events' fields, latest event last (its values win); counters added up. */
function mergedFields(
  group: LeadGroup,
  current: SalesforceRow | undefined,
  written: Map<string, { opens: number; clicks: number }> | null,
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
function visible(fields: SalesforceFields, known: ReadonlySet<string>): SalesforceFields {
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

function matches(row: SalesforceRow, key: SalesforceLookupKey): boolean {
  if (isRecordIdField(key.field)) return sameId(row.Id, key.value);
  const value = fieldOf(row, key.field);
  return typeof value === 'string' && value.toLowerCase() === key.value.toLowerCase();
}

/** Salesforce answers 18-character ids; a 15-character one is the same record (case-sensitive). */
function sameId(a: string, b: string): boolean {
  return a !== '' && a.slice(0, 15) === b.slice(0, 15);
}

/**
 * Several records hold the lookup value (Salesforce does not keep e-mails unique): the one
 * modified most recently is the one people work in, so the event goes there.
 */
function latest(rows: SalesforceRow[]): SalesforceRow | undefined {
  return [...rows].sort((a, b) =>
    String(b.LastModifiedDate ?? '').localeCompare(String(a.LastModifiedDate ?? '')),
  )[0];
}
