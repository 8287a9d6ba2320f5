import { z } from 'zod';
import { ConnectorError, isConnectorError, type HttpClient } from '../../http';
import type {
  HubspotBatchError,
  HubspotBatchResult,
  HubspotCreateInput,
  HubspotCrmObjectType,
  HubspotObjectsApi,
  HubspotPropertyInput,
  HubspotRecord,
  HubspotSearchRequest,
  HubspotUpsertedRecord,
} from './hubspot-objects.types';

/** HubSpot's limit for one CRM object, association or property batch. */
export const HUBSPOT_BATCH_SIZE = 100;
const SEARCH_DEFAULT_LIMIT = 10;
const SEARCH_MAX_LIMIT = 200;

/**
 * A failure of a later chunk after earlier chunks of the same call were written. It is the same
 * ConnectorError (code, status, retryability) plus what the earlier chunks answered in
 * `completed`, so the caller can record those records before it retries: repeating the whole
 * call would create them twice. `completed` holds personal data, so it is kept out of logs
 * (not enumerable).
 */
export class HubspotBatchInterruptedError<R = unknown> extends ConnectorError {
  declare readonly completed: HubspotBatchResult<R>;

  constructor(error: ConnectorError, completed: HubspotBatchResult<R>, inputsDone: number) {
    super({
      system: error.system,
      operation: error.operation,
      code: error.code,
      status: error.status,
      retryAfterSeconds: error.retryAfterSeconds,
      vendorMessage: error.vendorMessage,
      vendorCode: error.vendorCode,
      message: `${error.message} (after the first ${inputsDone} inputs were sent)`,
    });
    Object.defineProperty(this, 'completed', { value: completed, enumerable: false });
  }
}

// Answers are validated loosely: HubSpot adds fields over time, and only these are used.
const PropertiesSchema = z.record(z.string(), z.string().nullable());

const RecordSchema = z.looseObject({
  id: z.string(),
  properties: PropertiesSchema,
  objectWriteTraceId: z.string().optional(),
});

const UpsertedRecordSchema = z.looseObject({
  ...RecordSchema.shape,
  new: z.boolean(),
});

const StandardErrorSchema = z.looseObject({
  status: z.union([z.string(), z.number()]).optional(),
  category: z.string().optional(),
  message: z.string().optional(),
  context: z.record(z.string(), z.unknown()).optional(),
});

function batchAnswerSchema<Item extends z.ZodType>(item: Item) {
  return z.looseObject({
    results: z.array(item),
    errors: z.array(StandardErrorSchema).optional(),
  });
}

const SearchAnswerSchema = z.looseObject({
  results: z.array(z.looseObject({ id: z.string(), properties: PropertiesSchema })),
});

const AssociateAnswerSchema = z.looseObject({
  results: z.array(z.unknown()).optional(),
  errors: z.array(StandardErrorSchema).optional(),
});

const PropertyGroupsSchema = z.looseObject({
  results: z.array(z.looseObject({ name: z.string() })),
});

const PropertyGroupSchema = z.looseObject({ name: z.string() });

type StandardError = z.output<typeof StandardErrorSchema>;
type ChunkAnswer<R> = { results: R[]; errors: HubspotBatchError[] };

/** The CRM object, association and property calls of the sync writer, over HubSpot's v3/v4 API. */
export function createHubspotObjectsApi(http: HttpClient): HubspotObjectsApi {
  const objectsPath = (type: HubspotCrmObjectType) => `/crm/v3/objects/${type}`;

  return {
    async searchObjects(type, request) {
      const answer = await http.request({
        operation: 'searchObjects',
        method: 'POST',
        path: `${objectsPath(type)}/search`,
        json: searchBody(request),
        idempotent: true,
        schema: SearchAnswerSchema,
      });
      return answer.results.map((record) => ({ id: record.id, properties: record.properties }));
    },

    async batchReadObjects(type, request) {
      const records: HubspotRecord[] = [];
      // Reads repeat harmlessly, so a failure of any chunk simply fails the call.
      for (const ids of chunks(request.ids, HUBSPOT_BATCH_SIZE)) {
        const answer = await http.request({
          operation: 'batchReadObjects',
          method: 'POST',
          path: `${objectsPath(type)}/batch/read`,
          json: {
            ...(request.idProperty === undefined ? {} : { idProperty: request.idProperty }),
            inputs: ids.map((id) => ({ id })),
            properties: request.properties,
            propertiesWithHistory: [],
          },
          idempotent: true,
          // A 207 lists the ids HubSpot does not have; they are simply absent from the results.
          schema: batchAnswerSchema(RecordSchema),
        });
        records.push(...answer.results.map(toRecord));
      }
      return records;
    },

    batchCreateObjects: (type, inputs) =>
      inChunks(inputs, createTraceIds, async (chunk) => {
        const answer = await http.request({
          operation: 'batchCreateObjects',
          method: 'POST',
          path: `${objectsPath(type)}/batch/create`,
          json: { inputs: chunk.map(createInputBody) },
          schema: batchAnswerSchema(RecordSchema),
        });
        return { results: answer.results.map(toRecord), errors: batchErrors(answer.errors) };
      }),

    batchUpdateObjects: (type, inputs) =>
      inChunks(inputs, optionalTraceIds, async (chunk) => {
        const answer = await http.request({
          operation: 'batchUpdateObjects',
          method: 'POST',
          path: `${objectsPath(type)}/batch/update`,
          json: {
            inputs: chunk.map((input) => ({
              id: input.id,
              properties: input.properties,
              ...traceIdField(input.objectWriteTraceId),
            })),
          },
          // Setting the same values again leaves the same record: safe to repeat after an outage.
          idempotent: true,
          schema: batchAnswerSchema(RecordSchema),
        });
        return { results: answer.results.map(toRecord), errors: batchErrors(answer.errors) };
      }),

    batchUpsertObjects: (type, inputs) =>
      inChunks(inputs, optionalTraceIds, async (chunk) => {
        const answer = await http.request({
          operation: 'batchUpsertObjects',
          method: 'POST',
          path: `${objectsPath(type)}/batch/upsert`,
          json: {
            inputs: chunk.map((input) => ({
              idProperty: input.idProperty,
              id: input.id,
              properties: input.properties,
              ...traceIdField(input.objectWriteTraceId),
            })),
          },
          // Keyed by a unique property: a repeat updates what the first attempt created.
          idempotent: true,
          schema: batchAnswerSchema(UpsertedRecordSchema),
        });
        return {
          results: answer.results.map((record): HubspotUpsertedRecord => ({
            ...toRecord(record),
            new: record.new,
          })),
          errors: batchErrors(answer.errors),
        };
      }),

    async batchAssociateDefault(from, to, pairs) {
      const { errors } = await inChunks(pairs, noTraceIds, async (chunk) => {
        const answer = await http.request({
          operation: 'batchAssociateDefault',
          method: 'POST',
          path: `/crm/v4/associations/${from}/${to}/batch/associate/default`,
          json: {
            inputs: chunk.map((pair) => ({ from: { id: pair.fromId }, to: { id: pair.toId } })),
          },
          // An association that exists already is left as it is.
          idempotent: true,
          schema: AssociateAnswerSchema,
        });
        return { results: [], errors: batchErrors(answer.errors) };
      });
      return { errors };
    },

    async listPropertyGroups(type) {
      const answer = await http.request({
        operation: 'listPropertyGroups',
        method: 'GET',
        path: `/crm/v3/properties/${type}/groups`,
        schema: PropertyGroupsSchema,
      });
      return answer.results.map((group) => group.name);
    },

    async createPropertyGroup(type, group) {
      try {
        await http.request({
          operation: 'createPropertyGroup',
          method: 'POST',
          path: `/crm/v3/properties/${type}/groups`,
          json: { name: group.name, label: group.label },
          // A repeat after an outage meets the 409 below.
          idempotent: true,
          schema: PropertyGroupSchema,
        });
        return 'created';
      } catch (error) {
        if (isConnectorError(error) && error.status === 409) return 'exists';
        throw error;
      }
    },

    batchCreateProperties: (type, inputs) =>
      inChunks(inputs, noTraceIds, async (chunk) => {
        const answer = await http.request({
          operation: 'batchCreateProperties',
          method: 'POST',
          path: `/crm/v3/properties/${type}/batch/create`,
          json: { inputs: chunk.map(propertyInputBody) },
          schema: batchAnswerSchema(z.looseObject({ name: z.string() })),
        });
        return {
          results: answer.results.map((property) => ({ name: property.name })),
          errors: batchErrors(answer.errors),
        };
      }),
  };
}

/**
 * Sends `inputs` in HubSpot-sized chunks, one after another, and merges their answers. A chunk
 * HubSpot refuses as a whole (400 for one bad value, 409) is split in halves and sent again, so
 * one bad input fails alone (about 2·log2(100) calls more); when both halves are refused the
 * refusal is taken as the request's own and each half fails with its error. Other failures
 * (rate limit, outage, auth) end the call, carrying what was written before them.
 */
async function inChunks<I, R>(
  inputs: readonly I[],
  traceIdsOf: (chunk: readonly I[]) => string[],
  send: (chunk: I[]) => Promise<ChunkAnswer<R>>,
): Promise<HubspotBatchResult<R>> {
  const merged: HubspotBatchResult<R> = { results: [], errors: [] };
  let inputsDone = 0;

  /** Sends `part`; answers HubSpot's refusal of it as a whole, or null once its answer is merged. */
  async function attempt(part: I[]): Promise<ConnectorError | null> {
    try {
      const answer = await send(part);
      merged.results.push(...answer.results);
      merged.errors.push(...answer.errors);
      return null;
    } catch (error) {
      if (isConnectorError(error) && refusesChunk(error)) return error;
      if (isConnectorError(error) && (inputsDone > 0 || merged.results.length > 0))
        throw new HubspotBatchInterruptedError(error, merged, inputsDone);
      throw error;
    }
  }

  async function isolate(part: I[], refusal: ConnectorError): Promise<void> {
    if (part.length === 1) {
      merged.errors.push(chunkError(refusal, traceIdsOf(part)));
      return;
    }
    const middle = Math.ceil(part.length / 2);
    const refused: Array<{ half: I[]; error: ConnectorError }> = [];
    for (const half of [part.slice(0, middle), part.slice(middle)]) {
      const error = await attempt(half);
      if (error) refused.push({ half, error });
    }
    if (refused.length === 2) {
      for (const { half, error } of refused)
        merged.errors.push(chunkError(error, traceIdsOf(half)));
      return;
    }
    for (const { half, error } of refused) await isolate(half, error);
  }

  for (const chunk of chunks(inputs, HUBSPOT_BATCH_SIZE)) {
    const refusal = await attempt(chunk);
    if (refusal) await isolate(chunk, refusal);
    inputsDone += chunk.length;
  }
  return merged;
}

/** HubSpot refused this request's content: sending it again cannot succeed. */
function refusesChunk(error: ConnectorError): boolean {
  return error.code === 'invalid_request' || error.code === 'not_found';
}

function chunkError(error: ConnectorError, traceIds: string[]): HubspotBatchError {
  return {
    status: 'error',
    category: error.vendorCode ?? error.code.toUpperCase(),
    message: error.vendorMessage ?? error.message,
    context: {},
    traceIds,
    code: error.code,
  };
}

function batchErrors(errors: readonly StandardError[] | undefined): HubspotBatchError[] {
  return (errors ?? []).map((error) => {
    const context = contextOf(error.context);
    return {
      status: error.status === undefined ? 'error' : String(error.status),
      category: error.category ?? 'UNKNOWN',
      message: error.message ?? '',
      context,
      traceIds: context.objectWriteTraceId ?? [],
    };
  });
}

/** HubSpot's `context` maps names to string lists; a lone string is taken as a list of one. */
function contextOf(context: Record<string, unknown> | undefined): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(context ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    result[name] = values.flatMap((item) =>
      typeof item === 'string' || typeof item === 'number' ? [String(item)] : [],
    );
  }
  return result;
}

function searchBody(request: HubspotSearchRequest) {
  return {
    filterGroups: request.filterGroups,
    properties: request.properties,
    limit: searchLimit(request.limit),
    ...(request.sorts === undefined ? {} : { sorts: request.sorts }),
  };
}

function searchLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return SEARCH_DEFAULT_LIMIT;
  return Math.min(SEARCH_MAX_LIMIT, Math.max(1, Math.trunc(limit)));
}

function createInputBody(input: HubspotCreateInput) {
  return {
    properties: input.properties,
    // Required by the batch create schema, even when empty.
    associations: (input.associations ?? []).map((association) => ({
      to: { id: association.toId },
      types: [
        {
          associationCategory: 'HUBSPOT_DEFINED',
          associationTypeId: association.associationTypeId,
        },
      ],
    })),
    objectWriteTraceId: input.objectWriteTraceId,
  };
}

function propertyInputBody(input: HubspotPropertyInput) {
  return {
    name: input.name,
    label: input.label,
    type: input.type,
    fieldType: input.fieldType,
    groupName: input.groupName,
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.options === undefined
      ? {}
      : {
          // `hidden` is required by HubSpot's OptionInput.
          options: input.options.map((option) => ({ ...option, hidden: false })),
        }),
  };
}

function toRecord(record: z.output<typeof RecordSchema>): HubspotRecord {
  return {
    id: record.id,
    properties: record.properties,
    ...traceIdField(record.objectWriteTraceId),
  };
}

function traceIdField(traceId: string | undefined): { objectWriteTraceId?: string } {
  return traceId === undefined ? {} : { objectWriteTraceId: traceId };
}

function createTraceIds(chunk: readonly HubspotCreateInput[]): string[] {
  return chunk.map((input) => input.objectWriteTraceId);
}

function optionalTraceIds(chunk: ReadonlyArray<{ objectWriteTraceId?: string }>): string[] {
  return chunk.flatMap((input) => input.objectWriteTraceId ?? []);
}

function noTraceIds(): string[] {
  return [];
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}
