// The HubSpot CRM object calls the sync pipeline's writer makes (issue 11 "Write to HubSpot").
// Batch-first: every write takes an array and is split into HubSpot's batches of 100, so the
// pipeline can group the events waiting for one portal (issue 12 builds on it).
import type { ConnectorErrorCode } from '../../http';

/** The CRM object types the writer touches (v3 object paths). */
export type HubspotCrmObjectType = 'contacts' | 'companies' | 'emails' | 'tasks';

/** Property values as HubSpot takes and returns them: strings (numbers, dates and booleans too). */
export type HubspotProperties = Record<string, string>;

export type HubspotRecord = {
  id: string;
  /** What HubSpot answered; a property it left out is absent, an empty one null. */
  properties: Record<string, string | null>;
  /** Echo of the input's `objectWriteTraceId` on batch create/update/upsert results. */
  objectWriteTraceId?: string;
};

export type HubspotUpsertedRecord = HubspotRecord & {
  /** True when the upsert created the record. */
  new: boolean;
};

export type HubspotSearchOperator =
  | 'EQ'
  | 'NEQ'
  | 'IN'
  | 'NOT_IN'
  | 'HAS_PROPERTY'
  | 'NOT_HAS_PROPERTY'
  | 'CONTAINS_TOKEN'
  | 'GT'
  | 'GTE'
  | 'LT'
  | 'LTE';

export type HubspotSearchFilter = {
  propertyName: string;
  operator: HubspotSearchOperator;
  value?: string;
  /** For IN / NOT_IN. */
  values?: string[];
};

export type HubspotSearchRequest = {
  /** ORed groups of ANDed filters (≤ 5 groups, ≤ 25 filters in all). */
  filterGroups: Array<{ filters: HubspotSearchFilter[] }>;
  properties: string[];
  /** Page size, ≤ 200. One page only: the writer's searches expect a handful of matches. */
  limit?: number;
  sorts?: Array<{ propertyName: string; direction: 'ASCENDING' | 'DESCENDING' }>;
};

/** HUBSPOT_DEFINED association type ids the writer uses (external-apis.md §1.3). */
export const HUBSPOT_ASSOCIATION_TYPES = {
  contactToCompany: 279,
  emailToContact: 198,
  emailToCompany: 186,
  taskToContact: 204,
  taskToCompany: 192,
} as const;

/** An inline association on create: `{to: {id}, types: [{associationCategory, associationTypeId}]}`. */
export type HubspotInlineAssociation = { toId: string; associationTypeId: number };

export type HubspotCreateInput = {
  properties: HubspotProperties;
  associations?: HubspotInlineAssociation[];
  /** Echoed on the created record: how a result is matched to its input (HubSpot keeps no order). */
  objectWriteTraceId: string;
};

export type HubspotUpdateInput = {
  id: string;
  properties: HubspotProperties;
  objectWriteTraceId?: string;
};

export type HubspotUpsertInput = {
  /** A unique property: `email` for contacts, or a custom property with `hasUniqueValue`. */
  idProperty: string;
  id: string;
  properties: HubspotProperties;
  objectWriteTraceId?: string;
};

/**
 * One error of a batch answered 207 (or of a chunk that failed as a whole): HubSpot's
 * `{status, category, message, context}`. `context` names the inputs it concerns (`ids`,
 * `objectWriteTraceId`, `propertyName`), as HubSpot sends it. `traceIds` lists the
 * `objectWriteTraceId`s of the inputs it concerns where the connector can tell (a chunk that
 * failed as a whole: all of the chunk's), so the caller fails only those inputs.
 */
export type HubspotBatchError = {
  /** A refusal of the whole request (a chunk refused as a whole): the connector's code. */
  code?: ConnectorErrorCode;
  status: string;
  category: string;
  message: string;
  context: Record<string, string[]>;
  traceIds: string[];
};

export type HubspotBatchResult<R> = { results: R[]; errors: HubspotBatchError[] };

export type HubspotPropertyInput = {
  name: string;
  label: string;
  type: 'string' | 'number' | 'date' | 'datetime' | 'enumeration' | 'bool';
  fieldType: 'text' | 'textarea' | 'number' | 'date' | 'select' | 'booleancheckbox';
  groupName: string;
  description?: string;
  options?: Array<{ label: string; value: string; displayOrder?: number }>;
};

/** The writer's calls, added to `HubspotClient`. */
export type HubspotObjectsApi = {
  /** `POST /crm/v3/objects/{type}/search`, first page. */
  searchObjects(
    type: HubspotCrmObjectType,
    request: HubspotSearchRequest,
  ): Promise<HubspotRecord[]>;
  /** `POST .../batch/read` in chunks of 100; ids missing in HubSpot are simply absent. */
  batchReadObjects(
    type: HubspotCrmObjectType,
    request: { ids: string[]; idProperty?: string; properties: string[] },
  ): Promise<HubspotRecord[]>;
  /** `POST .../batch/create` in chunks of 100, inline associations included. */
  batchCreateObjects(
    type: HubspotCrmObjectType,
    inputs: HubspotCreateInput[],
  ): Promise<HubspotBatchResult<HubspotRecord>>;
  /** `POST .../batch/update` in chunks of 100. */
  batchUpdateObjects(
    type: HubspotCrmObjectType,
    inputs: HubspotUpdateInput[],
  ): Promise<HubspotBatchResult<HubspotRecord>>;
  /** `POST .../batch/upsert` in chunks of 100. */
  batchUpsertObjects(
    type: HubspotCrmObjectType,
    inputs: HubspotUpsertInput[],
  ): Promise<HubspotBatchResult<HubspotUpsertedRecord>>;
  /** `POST /crm/v4/associations/{from}/{to}/batch/associate/default` in chunks of 100. */
  batchAssociateDefault(
    from: HubspotCrmObjectType,
    to: HubspotCrmObjectType,
    pairs: Array<{ fromId: string; toId: string }>,
  ): Promise<{ errors: HubspotBatchError[] }>;
  /** `GET /crm/v3/properties/{type}/groups`: the group names. */
  listPropertyGroups(type: 'contacts' | 'companies'): Promise<string[]>;
  /** `POST /crm/v3/properties/{type}/groups`; a group that already exists (409) is not an error. */
  createPropertyGroup(
    type: 'contacts' | 'companies',
    group: { name: string; label: string },
  ): Promise<'created' | 'exists'>;
  /** `POST /crm/v3/properties/{type}/batch/create`; answers the names created. */
  batchCreateProperties(
    type: 'contacts' | 'companies',
    inputs: HubspotPropertyInput[],
  ): Promise<HubspotBatchResult<{ name: string }>>;
};
