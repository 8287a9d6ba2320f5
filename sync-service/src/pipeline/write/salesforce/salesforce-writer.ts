import type { SalesforcePersonObject } from '../../../connectors/crm/salesforce/salesforce-objects.types';
import { skipAutomatedReplies } from '../automated-replies';
import type { CrmWriter } from '../crm-writer';
import { scopedRecordIds } from '../lead-lookup';
import { createWriteOutcomes, runSteps } from '../write-outcomes';
import {
  subjectNamesCategory,
  writesCustomFields,
  type SalesforceWriteSettings,
} from './salesforce-mapping';
import { writePeople } from './salesforce-people';
import { writeTasks } from './salesforce-tasks';
import {
  personCacheKey,
  type SalesforceItem,
  type SalesforceWriteContext,
  type SalesforceWriterDeps,
} from './salesforce-write-context';

// The field cache lived here first; its importers keep this path.
export {
  FIELD_CACHE_TTL_MS,
  createSalesforceFieldCache,
  type SalesforceFieldCache,
} from './salesforce-field-cache';
export type { SalesforceWriterDeps } from './salesforce-write-context';

const PERSON_OBJECTS: readonly SalesforcePersonObject[] = ['Contact', 'Lead'];

/**
 * Writes the events of one Salesforce org (issue 12 "Write to Salesforce"), step by step for the
 * whole batch and per person object: the person (looked up per the webhook's lookup method with
 * one SOQL `IN` query per field, then updated or created in sObject Collections of 200), then the
 * Task. Each completed step is recorded on its events before the next starts, so a retry skips
 * finished work. One record's refusal fails its events only; a rate limit or an outage sends
 * every unfinished event back for a retry, after recording what an interrupted batch completed.
 * Automatic replies are not written (automated-replies.ts).
 */
export function createSalesforceWriter(
  deps: SalesforceWriterDeps,
): CrmWriter<SalesforceWriteSettings> {
  const { personIds, ...rest } = deps;
  const personIdsOf = (object: SalesforcePersonObject) =>
    scopedRecordIds(personIds, `salesforce:${deps.orgId}:${object}`, personCacheKey);
  return {
    async write(items, record) {
      const outcomes = createWriteOutcomes();
      const context: SalesforceWriteContext = { ...rest, record, outcomes };
      skipAutomatedReplies(items, outcomes);
      for (const object of PERSON_OBJECTS) {
        const batch = items.filter(
          (item) => item.settings.salesforceObjectType === object && outcomes.isOpen(item),
        );
        if (batch.length === 0) continue;
        let fields: ReadonlySet<string> = new Set();
        await runSteps(batch, outcomes, [
          [
            'fields',
            async () => {
              fields = await fieldsFor(context, object, batch);
            },
          ],
          [
            'person',
            () =>
              writePeople({ ...context, object, fields, personIds: personIdsOf(object) }, batch),
          ],
          ['task', () => writeTasks(context, batch.filter(outcomes.isOpen), { object, fields })],
        ]);
      }
      return outcomes.finish(items);
    },
  };
}

/**
 * The object's visible fields, when a person is written, custom fields are, or a Task subject
 * names the lead's category (read from OutSync's fields).
 */
async function fieldsFor(
  context: SalesforceWriteContext,
  object: SalesforcePersonObject,
  batch: SalesforceItem[],
): Promise<ReadonlySet<string>> {
  const needsFields = batch.some(
    (item) =>
      !item.steps.contactWritten ||
      writesCustomFields(item.settings) ||
      subjectNamesCategory(item.settings),
  );
  return needsFields
    ? context.fieldCache.fieldsOf(context.client, context.orgId, object)
    : new Set<string>();
}
