import {
  SalesforceBatchInterruptedError,
  type SalesforceClient,
} from '../../../connectors/crm/salesforce';
import type {
  SalesforceFields,
  SalesforcePersonObject,
  SalesforceRecordError,
  SalesforceSaveResult,
} from '../../../connectors/crm/salesforce/salesforce-objects.types';
import type {
  CreateClaims,
  RecordedActivities,
  StepRecorder,
  WriteItem,
  WrittenEventCounts,
} from '../crm-writer';
import type { FailureCode } from '../../failure-code';
import type { LeadGroup, ScopedRecordIds } from '../lead-lookup';
import type { RecordIdCache } from '../record-id-cache';
import type { StepOutcomes } from '../write-outcomes';
import type { SalesforceFieldCache } from './salesforce-field-cache';
import type { SalesforceLookupKey, SalesforceWriteSettings } from './salesforce-mapping';

export type SalesforceWriterDeps = {
  client: SalesforceClient;
  /** The org id: the field cache's key. */
  orgId: string;
  fieldCache: SalesforceFieldCache;
  /** Counters from the log; without it they are the record's value plus the batch's events. */
  writtenEventCounts?: WrittenEventCounts;
  /** People found by lookup key (shared by the writers of a process); none: always look up. */
  personIds?: RecordIdCache;
  /** Tasks other events already record; without it, only this batch's are known. */
  recordedActivities?: RecordedActivities;
  /** Shared claims on new records (companies, people) two workers may create at once. */
  createClaims?: CreateClaims;
};

export type SalesforceItem = WriteItem<SalesforceWriteSettings>;

/** The events of one lead in one batch, written to one person (Contact or Lead, `recordId`). */
export type PersonGroup = LeadGroup<SalesforceItem, SalesforceLookupKey>;

/** What every step of one `write` call works with. */
export type SalesforceWriteContext = Omit<SalesforceWriterDeps, 'personIds'> & {
  record: StepRecorder;
  outcomes: StepOutcomes;
};

/** The person step's context: one person object of the org, as the connected user sees it. */
export type PersonObjectContext = SalesforceWriteContext & {
  object: SalesforcePersonObject;
  /** The object's fields the connected user can see (lower case). */
  fields: ReadonlySet<string>;
  personIds: ScopedRecordIds<SalesforceLookupKey>;
};

/** A person to write: its lead's events and the fields sent (an update's or a create's). */
export type PersonWrite = { group: PersonGroup; fields: SalesforceFields };

/** A lookup key as the record id cache holds it (field names and values compare in lower case). */
export function personCacheKey(key: SalesforceLookupKey): string {
  return `${key.field.toLowerCase()}\u0000${key.value.toLowerCase()}`;
}

/** Per-record refusals that may pass unchanged later. */
export const RETRYABLE_RECORD_ERRORS = new Set(['UNABLE_TO_LOCK_ROW', 'REQUEST_LIMIT_EXCEEDED']);

/** The failure code of a retryable refusal: the org's request limit, else a locked row. */
export function retryableRefusalCode(errors: readonly { statusCode: string }[]): FailureCode {
  return errors.some((error) => error.statusCode === 'REQUEST_LIMIT_EXCEEDED')
    ? 'rate_limited'
    : 'contention';
}
/** Per-record refusals naming a field the describe had: it was deleted or hidden since. */
const FIELD_RECORD_ERRORS = new Set(['INVALID_FIELD', 'INVALID_FIELD_FOR_INSERT_UPDATE']);

/** Fails (or retries) the events of a refused record, naming Salesforce's reason. */
export function refuse(
  context: SalesforceWriteContext,
  refusal: { ids: string[]; step: string; object: string; errors: SalesforceRecordError[] },
) {
  const { ids, step, errors } = refusal;
  const message = `Salesforce refused the ${refusal.object}: ${
    errors.map((error) => `${error.statusCode}: ${error.message}`).join('; ') || 'no reason given'
  }`;
  const { outcomes } = context;
  if (errors.some((error) => FIELD_RECORD_ERRORS.has(error.statusCode))) {
    // A field deleted since the describe: describe again, and the retry leaves it out.
    context.fieldCache.forget(context.orgId);
    outcomes.retry(ids, step, message, 'record_refused');
  } else if (errors.some((error) => RETRYABLE_RECORD_ERRORS.has(error.statusCode))) {
    outcomes.retry(ids, step, message, retryableRefusalCode(errors));
  } else if (
    step === 'person' &&
    errors.some((error) => error.statusCode === 'ENTITY_IS_DELETED')
  ) {
    // The person was deleted or merged away since the lookup: the retry looks the lead up again.
    outcomes.retry(ids, step, message, 'not_found');
  } else {
    outcomes.fail(ids, step, message, 'record_refused');
  }
}

/**
 * Sends one collections call and applies its results (in input order). When a later chunk is
 * refused, the earlier chunks' results are applied before the error goes on: the events are
 * retried, and must not write those records again.
 */
export async function saveRecords<Entry>(
  entries: Entry[],
  call: () => Promise<SalesforceSaveResult[]>,
  apply: (entries: Entry[], results: SalesforceSaveResult[]) => Promise<void>,
): Promise<void> {
  if (entries.length === 0) return;
  let results: SalesforceSaveResult[];
  try {
    results = await call();
  } catch (error) {
    if (error instanceof SalesforceBatchInterruptedError)
      await apply(entries.slice(0, error.completed.length), error.completed);
    throw error;
  }
  await apply(entries, results);
}
