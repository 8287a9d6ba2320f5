// The Salesforce record calls the sync pipeline's writer makes (issue 12 "Write to Salesforce").
// Batch-first like HubSpot's: lookups are SOQL `IN` queries and writes are sObject Collections
// of at most 200 records with allOrNone false, so one refused record fails only its own event.

/** The person objects a webhook writes (salesforceObjectType). */
export type SalesforcePersonObject = 'Contact' | 'Lead';

/** A record as Salesforce answers it: `Id` plus the selected fields (null when empty). */
export type SalesforceRow = { Id: string } & Record<string, unknown>;

/** Field values to write; `null` clears a field. */
export type SalesforceFields = Record<string, string | number | boolean | null>;

export type SalesforceRecordError = {
  /** e.g. `REQUIRED_FIELD_MISSING`, `INVALID_FIELD`, `INVALID_CROSS_REFERENCE_KEY`. */
  statusCode: string;
  message: string;
  fields: string[];
};

/** One input's result, in input order (sObject Collections answer in input order). */
export type SalesforceSaveResult =
  | {
      success: true;
      id: string;
      /** Upsert only: true when it created the record. */ created?: boolean;
    }
  | { success: false; id: null; errors: SalesforceRecordError[] };

export type SalesforceFindRequest = {
  sobject: string;
  /** The field compared, e.g. `Email` or a custom `LinkedIn_URL__c`. */
  field: string;
  /** Compared with `IN`; duplicates and empty values are dropped, chunks keep the URL short. */
  values: readonly string[];
  /** Fields to select besides `Id` (and `field`, always selected). */
  select: readonly string[];
  /** Leads: leave converted ones out (`IsConverted = false`). */
  excludeConvertedLeads?: boolean;
};

export type SalesforceApiUsage = {
  /** Daily API requests used and allowed, from `/limits` (`DailyApiRequests`). */
  used: number;
  max: number;
};

export type SalesforceObjectsApi = {
  /** Every row whose `field` is one of `values` (several rows may match one value). */
  findRecords(request: SalesforceFindRequest): Promise<SalesforceRow[]>;
  /** `POST /composite/sobjects` in chunks of 200, allOrNone false; results in input order. */
  createRecords(
    sobject: string,
    records: readonly SalesforceFields[],
  ): Promise<SalesforceSaveResult[]>;
  /** `PATCH /composite/sobjects` in chunks of 200, allOrNone false; results in input order. */
  updateRecords(
    sobject: string,
    records: ReadonlyArray<SalesforceFields & { Id: string }>,
  ): Promise<SalesforceSaveResult[]>;
  /** `GET /limits`: today's API budget. */
  apiUsage(): Promise<SalesforceApiUsage>;
};
