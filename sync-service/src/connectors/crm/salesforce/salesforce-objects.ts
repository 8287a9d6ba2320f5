import { z } from 'zod';
import { ConnectorError, isConnectorError, type HttpClient } from '../../http';
import { querySoql, soqlString } from './salesforce-soql';
import type {
  SalesforceFields,
  SalesforceFindRequest,
  SalesforceObjectsApi,
  SalesforceRecordError,
  SalesforceRow,
  SalesforceSaveResult,
} from './salesforce-objects.types';

/** sObject Collections take at most 200 records a call. */
export const SALESFORCE_COLLECTION_SIZE = 200;
/** Values per SOQL `IN` list, so a lookup chunk mirrors a write chunk. */
const FIND_MAX_VALUES = 200;
/**
 * The query URL's path and query string (`/services/data/v62.0/query?q=…`) stay within this many
 * characters. Salesforce refuses request lines over about 16,000 (414); the margin covers the
 * instance origin and a proxy's own, lower limits.
 */
export const SALESFORCE_QUERY_URL_MAX = 12_000;
/**
 * An API name: a letter, then letters, digits and underscores (`Email`, `ns__Field__c`). Only
 * names that pass reach SOQL, so a name can never carry SOQL of its own.
 */
const API_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** A selected field may be a relationship path: `Owner.Email`. */
const FIELD_PATH = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/;

/**
 * A refusal of a later chunk after earlier chunks of the same call were written. It is the same
 * ConnectorError (code, status, retryability) plus the earlier chunks' results, in input order,
 * in `completed`, so the caller can record those records before it retries: repeating the whole
 * call would create them twice. `completed` is kept out of logs (not enumerable), as HubSpot's.
 */
export class SalesforceBatchInterruptedError extends ConnectorError {
  declare readonly completed: SalesforceSaveResult[];

  constructor(error: ConnectorError, completed: SalesforceSaveResult[]) {
    super({
      system: error.system,
      operation: error.operation,
      code: error.code,
      status: error.status,
      retryAfterSeconds: error.retryAfterSeconds,
      vendorMessage: error.vendorMessage,
      vendorCode: error.vendorCode,
      message: `${error.message} (after the first ${completed.length} records were sent)`,
    });
    Object.defineProperty(this, 'completed', { value: completed, enumerable: false });
  }
}

const RowSchema = z.looseObject({ Id: z.string() });

/** A SaveResult as sObject Collections answer it; a failed record has no (or a null) id. */
const SaveResultsSchema = z.array(
  z.looseObject({
    id: z.string().nullish(),
    success: z.boolean(),
    errors: z
      .array(
        z.looseObject({
          statusCode: z.string().optional(),
          message: z.string().optional(),
          fields: z.array(z.string()).optional(),
        }),
      )
      .nullish(),
  }),
);

const LimitsSchema = z.looseObject({
  DailyApiRequests: z.looseObject({ Max: z.number(), Remaining: z.number() }),
});

type SaveResultAnswer = z.output<typeof SaveResultsSchema>[number];

/** The record calls of the sync writer: SOQL `IN` lookups and sObject Collections writes. */
export function createSalesforceObjectsApi(
  http: HttpClient,
  dataPath: string,
): SalesforceObjectsApi {
  /** One collections call per chunk of 200, one after another, results in input order. */
  async function saveInChunks(
    operation: 'createRecords' | 'updateRecords',
    sobject: string,
    records: readonly SalesforceFields[],
  ): Promise<SalesforceSaveResult[]> {
    checkName(operation, 'object', sobject, API_NAME);
    const results: SalesforceSaveResult[] = [];
    for (const chunk of chunks(records, SALESFORCE_COLLECTION_SIZE)) {
      try {
        results.push(...(await saveChunk(operation, sobject, chunk)));
      } catch (error) {
        if (results.length > 0 && isConnectorError(error)) {
          throw new SalesforceBatchInterruptedError(error, results);
        }
        throw error;
      }
    }
    return results;
  }

  async function saveChunk(
    operation: 'createRecords' | 'updateRecords',
    sobject: string,
    chunk: readonly SalesforceFields[],
  ): Promise<SalesforceSaveResult[]> {
    const answer = await http.request({
      operation,
      method: operation === 'createRecords' ? 'POST' : 'PATCH',
      path: `${dataPath}/composite/sobjects`,
      json: {
        allOrNone: false,
        records: chunk.map((record) => ({ attributes: { type: sobject }, ...record })),
      },
      // Setting the same values again leaves the same records, so an update may repeat after an
      // outage; a create may not, as it could have created them.
      idempotent: operation === 'updateRecords',
      schema: SaveResultsSchema,
    });
    if (answer.length !== chunk.length) {
      throw unexpected(operation, `answered ${answer.length} results for ${chunk.length} records`);
    }
    return answer.map((result) => saveResult(operation, result));
  }

  return {
    async findRecords(request) {
      const soqls = findQueries(request);
      const rows: SalesforceRow[] = [];
      for (const soql of soqls) {
        const found = await querySoql(http, dataPath, soql, RowSchema, 'findRecords');
        rows.push(...found.map(withoutAttributes));
      }
      return rows;
    },

    createRecords: (sobject, records) => saveInChunks('createRecords', sobject, records),

    updateRecords: (sobject, records) => saveInChunks('updateRecords', sobject, records),

    async apiUsage() {
      const limits = await http.request({
        operation: 'apiUsage',
        method: 'GET',
        path: `${dataPath}/limits`,
        schema: LimitsSchema,
      });
      const { Max: max, Remaining: remaining } = limits.DailyApiRequests;
      return { used: Math.max(0, max - remaining), max };
    },
  };

  /** The SOQL of each chunk of values; none when there is no value to look for. */
  function findQueries(request: SalesforceFindRequest): string[] {
    checkName('findRecords', 'object', request.sobject, API_NAME);
    checkName('findRecords', 'field', request.field, API_NAME);
    for (const name of request.select) checkName('findRecords', 'field', name, FIELD_PATH);
    const fields = uniqueNames(['Id', request.field, ...request.select]);
    const head = `SELECT ${fields.join(', ')} FROM ${request.sobject} WHERE ${request.field} IN (`;
    const tail = `)${request.excludeConvertedLeads === true ? ' AND IsConverted = false' : ''}`;
    const budget =
      SALESFORCE_QUERY_URL_MAX - `${dataPath}/query?q=`.length - encodedLength(head + tail);
    return valueChunks(uniqueValues(request.values), budget).map(
      (literals) => `${head}${literals.join(', ')}${tail}`,
    );
  }
}

/**
 * The values as SOQL literals, grouped so each group's encoded `IN` list fits `budget` and holds
 * at most 200. A value too long to fit alone is left out: no field SOQL can filter on holds one
 * (text fields end at 255 characters), and sending it would only have the whole lookup refused.
 */
function valueChunks(values: readonly string[], budget: number): string[][] {
  const separator = encodedLength(', ');
  const groups: string[][] = [];
  let current: string[] = [];
  let used = 0;
  for (const value of values) {
    const literal = soqlString(value);
    const length = encodedLength(literal);
    if (length > budget) continue;
    const extra = current.length === 0 ? length : separator + length;
    if (current.length === FIND_MAX_VALUES || used + extra > budget) {
      groups.push(current);
      current = [literal];
      used = length;
    } else {
      current.push(literal);
      used += extra;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** The length `text` takes as a query-string value (form encoding: each character separately). */
function encodedLength(text: string): number {
  return new URLSearchParams({ q: text }).toString().length - 'q='.length;
}

/** Without empty values and repeats, in first-seen order. */
function uniqueValues(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value.trim() !== ''))];
}

/** SOQL refuses a field selected twice; API names are case-insensitive. */
function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function checkName(operation: string, kind: string, name: string, pattern: RegExp): void {
  if (pattern.test(name)) return;
  throw new ConnectorError({
    system: 'salesforce',
    operation,
    code: 'invalid_request',
    message: `Salesforce ${operation}: ${JSON.stringify(name)} is not a valid ${kind} API name`,
  });
}

function saveResult(operation: string, result: SaveResultAnswer): SalesforceSaveResult {
  if (result.success) {
    if (!result.id) throw unexpected(operation, 'answered a saved record without an id');
    return { success: true, id: result.id };
  }
  return { success: false, id: null, errors: (result.errors ?? []).map(recordError) };
}

function recordError(error: {
  statusCode?: string;
  message?: string;
  fields?: string[];
}): SalesforceRecordError {
  return {
    statusCode: error.statusCode ?? 'UNKNOWN_EXCEPTION',
    message: error.message ?? '',
    fields: error.fields ?? [],
  };
}

/** The row without Salesforce's `attributes` (type and URL), which the caller knows already. */
function withoutAttributes(row: z.output<typeof RowSchema>): SalesforceRow {
  const { attributes: _attributes, ...rest } = row;
  return rest;
}

function unexpected(operation: string, problem: string): ConnectorError {
  return new ConnectorError({
    system: 'salesforce',
    operation,
    code: 'unexpected',
    message: `Salesforce ${operation} ${problem}`,
  });
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}
