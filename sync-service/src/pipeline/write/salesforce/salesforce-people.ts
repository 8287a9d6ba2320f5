import type {
  SalesforceRow,
  SalesforceSaveResult,
} from '../../../connectors/crm/salesforce/salesforce-objects.types';
import { claimCreates } from '../create-claims';
import { mergeByRecord, type WrittenCounts } from '../lead-groups';
import { readWrittenCounts, recordContactWritten } from '../lead-lookup';
import {
  counterIncrements,
  customFields,
  missingFieldsWarning,
  newPersonFields,
  updateOnlyMessage,
} from './salesforce-mapping';
import { mergedFields, visible } from './salesforce-person-fields';
import { findPeople, groupPeopleByLead } from './salesforce-person-lookup';
import { attachAccounts } from './salesforce-accounts';
import {
  personCacheKey,
  refuse,
  saveRecords,
  type PersonGroup,
  type PersonObjectContext,
  type PersonWrite,
  type SalesforceItem,
} from './salesforce-write-context';

/**
 * The person step for one object: each lead's person looked up, then updated (found) or created
 * (not found, unless the webhook only updates) in sObject Collections, a new Contact with the
 * Account of its lead's company (salesforce-accounts.ts); the person is recorded on the events it
 * wrote.
 */
export async function writePeople(context: PersonObjectContext, batch: SalesforceItem[]) {
  warnMissingFields(context, batch);
  const pending = batch.filter((item) => !item.steps.contactWritten);
  if (pending.length === 0) return;
  const found = groupPeopleByLead(context, pending);
  const counters = found.some((group) =>
    group.items.some(
      (item) => Object.keys(counterIncrements(item.event, item.settings)).length > 0,
    ),
  );
  const current = await findPeople(context, found, counters);
  const written = counters
    ? await readWrittenCounts(pending, context.writtenEventCounts, (item) =>
        counterIncrements(item.event, item.settings),
      )
    : null;
  // Two lookups (an os_objectlookup_id and an e-mail) may find one person: one write for it.
  const groups = mergeByRecord(found, (group) => group.recordId);
  await savePeople(context, planPersonWrites(context, groups, current, written));
}

/** The warning stands on every event that would write a missing field, written now or before. */
function warnMissingFields(context: PersonObjectContext, batch: SalesforceItem[]) {
  for (const item of batch) {
    const wanted = [
      ...Object.keys(customFields(item.event, item.settings)),
      ...Object.keys(counterIncrements(item.event, item.settings)),
    ];
    const missing = wanted.filter((name) => !context.fields.has(name.toLowerCase()));
    if (missing.length > 0)
      context.outcomes.warn(item.id, missingFieldsWarning(context.object, missing));
  }
}

function planPersonWrites(
  context: PersonObjectContext,
  groups: PersonGroup[],
  current: Map<string, SalesforceRow>,
  written: WrittenCounts | null,
): { updates: PersonWrite[]; creates: PersonWrite[] } {
  const { object, fields } = context;
  const updates: PersonWrite[] = [];
  const creates: PersonWrite[] = [];
  for (const group of groups) {
    const first = group.items[0];
    if (!first) continue;
    const row = group.recordId === null ? undefined : current.get(group.recordId);
    const merged = mergedFields(group, row, written);
    if (group.recordId !== null) {
      updates.push({ group, fields: visible(merged, fields) });
    } else if (first.settings.salesforceOnlyUpdate) {
      context.outcomes.skip(
        group.items.map((item) => item.id),
        updateOnlyMessage(object, group.keys),
      );
    } else {
      const created = { ...newPersonFields(first.event, first.settings, group.keys), ...merged };
      creates.push({ group, fields: visible(created, fields) });
    }
  }
  return { updates, creates };
}

/** Sends the updates, then the creates; records each person written on its events. */
async function savePeople(
  context: PersonObjectContext,
  plan: { updates: PersonWrite[]; creates: PersonWrite[] },
) {
  const { client, object } = context;
  // A refused group's person is not written: its events must not record it as done.
  const refused = new Set<PersonGroup>();
  const apply = (writes: PersonWrite[], results: SalesforceSaveResult[]) =>
    applyResults(context, { writes, results, refused });
  // An update with nothing to set costs a call for nothing: the person is as the event wants.
  const toUpdate = plan.updates.filter((update) => Object.keys(update.fields).length > 0);
  await saveRecords(
    toUpdate,
    () =>
      client.updateRecords(
        object,
        toUpdate.map(({ group, fields }) => ({ ...fields, Id: group.recordId ?? '' })),
      ),
    apply,
  );
  const unchanged = plan.updates.filter((update) => Object.keys(update.fields).length === 0);
  await recordPeople(context, unchanged, refused);
  await createPeople(context, await attachAccounts(context, plan.creates), apply);
}

/**
 * Creates the new people, each claimed first (shared by every worker): a person another worker
 * created or is creating meanwhile, or one a worker that stopped mid-create may have created, is
 * left to the next attempt, whose lookup finds it.
 */
async function createPeople(
  context: PersonObjectContext,
  creates: PersonWrite[],
  apply: (writes: PersonWrite[], results: SalesforceSaveResult[]) => Promise<void>,
) {
  if (creates.length === 0) return;
  const { client, object } = context;
  const keyOf = ({ group }: PersonWrite) =>
    `salesforce:${context.orgId}:${object}:${group.keys.map(personCacheKey).join('|')}`;
  const claimed = await claimCreates(context.createClaims, creates.map(keyOf));
  try {
    const mine = creates.filter((create) => {
      const claim = claimed.claims.get(keyOf(create));
      if (claim?.kind === 'mine' && !claim.afterAnother) return true;
      context.outcomes.retry(
        create.group.items.map((item) => item.id),
        'person',
        `Another OutSync worker was creating this ${object} at the same moment; the next attempt updates it.`,
        'contention',
      );
      return false;
    });
    await saveRecords(
      mine,
      () =>
        client.createRecords(
          object,
          mine.map((create) => create.fields),
        ),
      async (writes, results) => {
        await apply(writes, results);
        await Promise.all(
          writes.map((write, index) => {
            const result = results[index];
            return result?.success ? claimed.created(keyOf(write), result.id) : undefined;
          }),
        );
      },
    );
  } finally {
    await claimed.releaseUncreated();
  }
}

/** Takes each saved person's id; settles the events of each refused one. */
async function applyResults(
  context: PersonObjectContext,
  saved: { writes: PersonWrite[]; results: SalesforceSaveResult[]; refused: Set<PersonGroup> },
) {
  saved.results.forEach((result, index) => {
    const group = saved.writes[index]?.group;
    if (!group) return;
    if (result.success) {
      group.recordId = result.id;
      return;
    }
    // An update refused (the person deleted or merged since, or anything else): the next
    // attempt looks the lead up again instead of trusting a remembered id.
    if (group.recordId !== null) context.personIds.forget(group.recordId);
    saved.refused.add(group);
    const ids = group.items.map((item) => item.id);
    refuse(context, { ids, step: 'person', object: context.object, errors: result.errors });
  });
  await recordPeople(context, saved.writes, saved.refused);
}

async function recordPeople(
  context: PersonObjectContext,
  writes: PersonWrite[],
  refused: Set<PersonGroup>,
) {
  await Promise.all(
    writes.map(({ group }) =>
      refused.has(group) || group.recordId === null
        ? undefined
        : recordContactWritten(group, group.recordId, context.personIds, context.record),
    ),
  );
}
