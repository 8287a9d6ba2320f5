import type { CanonicalCategory } from '@outsync/contracts/sync';
import type {
  SalesforceFields,
  SalesforcePersonObject,
  SalesforceSaveResult,
} from '../../../connectors/crm/salesforce/salesforce-objects.types';
import { SalesforceBatchInterruptedError } from '../../../connectors/crm/salesforce';
import { createAfterRecordedStart } from '../crm-writer';
import { activityOf, subjectNamesCategory } from './salesforce-mapping';
import { sameId } from './salesforce-person-fields';
import {
  refuse,
  saveRecords,
  type SalesforceItem,
  type SalesforceWriteContext,
} from './salesforce-write-context';

/** A Task found on a retry counts as this attempt's when created at most this long before it. */
const STARTED_SLACK_MS = 60_000;

type PlannedTask = { item: SalesforceItem; fields: SalesforceFields };

/** OutSync's fields holding the lead's last category, on Lead and Contact. */
const CATEGORY_ID = 'OSLastLeadCategoryId__c';
const CATEGORY_NAME = 'OSLastLeadCategoryName__c';

/** The person object the Tasks' WhoIds are of, and the fields the connected user sees on it. */
export type TaskPeople = { object: SalesforcePersonObject; fields: ReadonlySet<string> };

/**
 * The task step: each event's Task on its person, created in sObject Collections. One an earlier
 * attempt created without recording is adopted instead.
 */
export async function writeTasks(
  context: SalesforceWriteContext,
  items: SalesforceItem[],
  people: TaskPeople,
) {
  const toLog = items.filter(
    (item) =>
      !item.steps.engagementId && item.steps.contactId && activityOf(item.event, item.settings),
  );
  if (toLog.length === 0) return;
  const categories = await leadCategories(context, toLog, people);
  const zones = await context.fieldCache.timeZonesOf(context.client, context.orgId, [
    ...new Set(toLog.map((item) => item.settings.hubspotOwnerId).filter((id) => id !== '')),
  ]);
  const planned = toLog.flatMap((item) => {
    const fields = activityOf(item.event, item.settings, {
      leadCategory: categories.get(item.steps.contactId ?? ''),
      ownerTimeZone: zones.get(item.settings.hubspotOwnerId),
    });
    return fields && !item.steps.engagementId && item.steps.contactId
      ? [{ item, fields: { ...fields, WhoId: item.steps.contactId } }]
      : [];
  });
  if (planned.length === 0) return;
  const adopted = await findStartedTasks(
    context,
    planned.filter(({ item }) => item.steps.engagementStartedAt),
  );
  const toCreate = planned.filter(({ item }) => !adopted.has(item.id));
  for (const { item } of planned) {
    const id = adopted.get(item.id);
    if (id) await taskWritten(context, item, id);
  }
  if (toCreate.length === 0) return;
  const now = new Date();
  await Promise.all(
    toCreate.map(({ item }) => context.record(item.id, { engagementStartedAt: now })),
  );
  await saveRecords(
    toCreate,
    () =>
      createAfterRecordedStart(
        context.record,
        // sObject Collections sends 200 records per request: those a refused request's
        // predecessors saved were created.
        (error) =>
          toCreate
            .slice(error instanceof SalesforceBatchInterruptedError ? error.completed.length : 0)
            .map(({ item }) => item.id),
        () =>
          context.client.createRecords(
            'Task',
            toCreate.map((entry) => entry.fields),
          ),
      ),
    (saved, results) => applyResults(context, saved, results),
  );
}

/**
 * The category each person holds in OutSync's category fields, for the Tasks whose subject names
 * it and whose event sets none (a send, an open). Read after the person step, so a category event
 * earlier in the batch counts; read the same way on a retry, so the retried subject matches the
 * Task an interrupted attempt created. None when the org lacks the fields.
 */
async function leadCategories(
  context: SalesforceWriteContext,
  items: SalesforceItem[],
  { object, fields }: TaskPeople,
): Promise<Map<string, CanonicalCategory>> {
  const categories = new Map<string, CanonicalCategory>();
  const ids = items.flatMap((item) =>
    subjectNamesCategory(item.settings) && !item.event.category && item.steps.contactId
      ? [item.steps.contactId]
      : [],
  );
  const select = [CATEGORY_ID, CATEGORY_NAME].filter((name) => fields.has(name.toLowerCase()));
  if (ids.length === 0 || select.length === 0) return categories;
  const rows = await context.client.findRecords({
    sobject: object,
    field: 'Id',
    values: [...new Set(ids)],
    select,
  });
  for (const row of rows) {
    const id = typeof row[CATEGORY_ID] === 'string' ? row[CATEGORY_ID] : null;
    const name = typeof row[CATEGORY_NAME] === 'string' ? row[CATEGORY_NAME] : null;
    if (id === null && name === null) continue;
    for (const contactId of ids)
      if (sameId(row.Id, contactId)) categories.set(contactId, { id, name });
  }
  return categories;
}

async function applyResults(
  context: SalesforceWriteContext,
  saved: PlannedTask[],
  results: SalesforceSaveResult[],
) {
  for (const [index, result] of results.entries()) {
    const item = saved[index]?.item;
    if (!item) continue;
    if (result.success) await taskWritten(context, item, result.id);
    else refuse(context, { ids: [item.id], step: 'task', object: 'Task', errors: result.errors });
  }
}

async function taskWritten(context: SalesforceWriteContext, item: SalesforceItem, id: string) {
  item.steps.engagementId = id;
  item.steps.engagementType = 'tasks';
  await context.record(item.id, { engagementId: id, engagementType: 'tasks' });
}

/**
 * Tasks whose create an earlier attempt sent without recording the answer: the person's Task
 * with the same subject and date, created since shortly before that attempt and recorded by no
 * other event, if Salesforce has it. One query for all of them.
 */
async function findStartedTasks(
  context: SalesforceWriteContext,
  entries: PlannedTask[],
): Promise<Map<string, string>> {
  const adopted = new Map<string, string>();
  if (entries.length === 0) return adopted;
  const rows = await context.client.findRecords({
    sobject: 'Task',
    field: 'WhoId',
    values: [...new Set(entries.map(({ item }) => item.steps.contactId ?? ''))],
    select: ['Subject', 'ActivityDate', 'CreatedDate'],
  });
  const candidates = rows.filter((row) =>
    entries.some(
      ({ item, fields }) =>
        row.Subject === fields.Subject &&
        sameId(String(row.WhoId ?? ''), item.steps.contactId ?? ''),
    ),
  );
  const recorded =
    candidates.length > 0 && context.recordedActivities
      ? await context.recordedActivities(candidates.map((row) => row.Id))
      : new Map<string, string>();
  const taken = new Set<string>();
  for (const { item, fields } of entries) {
    const since = (item.steps.engagementStartedAt?.getTime() ?? 0) - STARTED_SLACK_MS;
    const match = rows.find(
      (row) =>
        !taken.has(row.Id) &&
        (recorded.get(row.Id) ?? item.id) === item.id &&
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
