import type { HubspotClient } from '../../../connectors/crm/hubspot';
import type { FailureCode } from '../../failure-code';
import type {
  HubspotBatchError,
  HubspotCrmObjectType,
  HubspotRecord,
} from '../../../connectors/crm/hubspot/hubspot-objects.types';
import type {
  CreateClaims,
  RecordedActivities,
  StepRecorder,
  WriteItem,
  WrittenEventCounts,
} from '../crm-writer';
import type { LeadGroup, ScopedRecordIds } from '../lead-lookup';
import type { RecordIdCache } from '../record-id-cache';
import type { StepOutcomes } from '../write-outcomes';
import type { HubspotWriteSettings, LookupKey } from './hubspot-mapping';
import type { PropertyCache, PropertyCatalog } from './hubspot-properties';

export type HubspotWriterDeps = {
  client: HubspotClient;
  /** The portal (hub id): the property cache's key. */
  portalId: string;
  propertyCache: PropertyCache;
  /** Counters from the log; without it they are the contact's value plus the batch's events. */
  writtenEventCounts?: WrittenEventCounts;
  /** Contacts found by lookup key (shared by the writers of a process); none: always look up. */
  contactIds?: RecordIdCache;
  /** Activities other events already record; without it, only this batch's are known. */
  recordedActivities?: RecordedActivities;
  /** Shared claims on new records (companies, people) two workers may create at once. */
  createClaims?: CreateClaims;
};

export type HubspotItem = WriteItem<HubspotWriteSettings>;

/** The events of one lead in one batch, written to one contact (`recordId`). */
export type ContactGroup = LeadGroup<HubspotItem, LookupKey>;

/** What every step of one `write` call works with. */
export type HubspotWriteContext = Omit<HubspotWriterDeps, 'contactIds'> & {
  /** The portal's contacts as the record id cache holds them. */
  contactIds: ScopedRecordIds<LookupKey>;
  record: StepRecorder;
  outcomes: StepOutcomes;
  /** The company name each contact found holds (`company`), by contact id: a new company's name. */
  contactCompanies: Map<string, string>;
  /** The portal's OutSync properties as the properties step found them: the missing are not written. */
  catalog: PropertyCatalog;
};

/** HubSpot's IN filter takes up to 100 values. */
const IN_VALUES = 100;
export const SEARCH_PAGE = 200;

/** A lookup key as the record id cache holds it (property names and values compare in lower case). */
export function contactCacheKey(key: LookupKey): string {
  return `${key.property.toLowerCase()}\u0000${key.value.toLowerCase()}`;
}

/** The records of `object` whose `property` is one of `values`: one IN search per 100 values. */
export async function searchByValues(
  client: HubspotClient,
  search: {
    object: HubspotCrmObjectType;
    property: string;
    values: readonly string[];
    properties: string[];
  },
): Promise<HubspotRecord[]> {
  const records: HubspotRecord[] = [];
  for (let start = 0; start < search.values.length; start += IN_VALUES) {
    records.push(
      ...(await client.searchObjects(search.object, {
        filterGroups: [
          {
            filters: [
              {
                propertyName: search.property,
                operator: 'IN',
                values: search.values.slice(start, start + IN_VALUES),
              },
            ],
          },
        ],
        properties: search.properties,
        limit: SEARCH_PAGE,
      })),
    );
  }
  return records;
}

export function describe(error: HubspotBatchError): string {
  return `HubSpot refused it: ${error.message}`;
}

/**
 * A refusal's failure code: the request's own when HubSpot refused it as a whole, else the
 * record's — gone since the lookup, or refused for its values.
 */
export function refusalCode(error: HubspotBatchError): FailureCode {
  if (error.code) return error.code;
  return error.category === 'OBJECT_NOT_FOUND' ? 'not_found' : 'record_refused';
}
