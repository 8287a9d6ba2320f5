import { Router } from '@koa/router';
import {
  asArray,
  asNumber,
  asString,
  bodyObject,
  isObject,
  queryString,
  type Ctx,
  type JsonObject,
} from '../core/http.ts';
import type { ParameterizedContext } from 'koa';
import type { SandboxState } from '../sandbox-state.ts';
import { salesforceStoreOf } from './salesforce-auth.ts';
import { SALESFORCE_INSTANCE_PREFIX } from './salesforce-orgs.ts';
import { field as fieldDescribe } from './salesforce-schema.ts';
import { evaluate, parseSoql, sortRecords, SoqlError, type SoqlQuery } from './salesforce-soql.ts';
import {
  SalesforceWriteError,
  type SalesforceStore,
  type SfRecord,
  type SfValue,
} from './salesforce-store.ts';
import { reportDescribe, reportList, runReport } from './salesforce-reports.ts';

const QUERY_BATCH = 2000;
const COLLECTION_MAX = 200;
export const SALESFORCE_API_VERSIONS = ['58.0', '59.0', '60.0', '61.0', '62.0'];

/** REST data API under each org's instance: `/salesforce-instance/<key>/services/data/vXX.X`. */
export function salesforceDataRouter(state: SandboxState): Router {
  const router = new Router({ prefix: `${SALESFORCE_INSTANCE_PREFIX}/:orgKey/services/data` });
  const store = (ctx: ParameterizedContext): SalesforceStore => salesforceStoreOf(ctx);
  const cursors = new QueryCursors();

  router.get('/', (ctx) => {
    ctx.body = SALESFORCE_API_VERSIONS.map((version) => ({
      label: `v${version}`,
      url: `/services/data/v${version}`,
      version,
    }));
  });
  router.get('/:version/sobjects', (ctx) => {
    ctx.body = {
      encoding: 'UTF-8',
      maxBatchSize: COLLECTION_MAX,
      sobjects: [
        'Account',
        'Contact',
        'Lead',
        'Task',
        'User',
        'PermissionSet',
        'FieldPermissions',
        'PermissionSetAssignment',
      ].map((name) => ({
        name,
        label: name,
        custom: false,
        queryable: true,
        createable: true,
        updateable: true,
      })),
    };
  });
  router.get('/:version/limits', (ctx) => {
    const used = state.stats.snapshot().systems.salesforce?.requests ?? 0;
    ctx.body = { DailyApiRequests: { Max: 100000, Remaining: Math.max(0, 100000 - used) } };
  });
  router.get('/:version/sobjects/:object/describe', (ctx) =>
    withObject(ctx, store(ctx), (objectName) => {
      ctx.body = {
        name: objectName,
        label: objectName,
        custom: false,
        createable: true,
        updateable: true,
        queryable: true,
        fields: store(ctx).fields(objectName),
      };
    }),
  );
  router.get('/:version/query', (ctx) => query(ctx, store(ctx), cursors, false));
  router.get('/:version/queryAll', (ctx) => query(ctx, store(ctx), cursors, false));
  router.get('/:version/query/:cursor', (ctx) => nextBatch(ctx, cursors));
  router.get('/:version/tooling/query', (ctx) => query(ctx, store(ctx), cursors, true));

  router.post('/:version/sobjects/:object', (ctx) =>
    withObject(ctx, store(ctx), (objectName) =>
      write(ctx, () => {
        const record = store(ctx).create(objectName, bodyObject(ctx));
        ctx.status = 201;
        ctx.body = { id: record.Id, success: true, errors: [] };
      }),
    ),
  );
  router.get('/:version/sobjects/:object/:id', (ctx) =>
    withObject(ctx, store(ctx), (objectName) => {
      const record = store(ctx).get(objectName, ctx.params.id ?? '');
      if (!record) return notFound(ctx);
      const fields = queryString(ctx, 'fields')
        ?.split(',')
        .map((name) => name.trim());
      ctx.body = present(objectName, record, fields, ctx.params.version ?? '');
    }),
  );
  router.patch('/:version/sobjects/:object/:id', (ctx) =>
    withObject(ctx, store(ctx), (objectName) =>
      write(ctx, () => {
        const record = store(ctx).get(objectName, ctx.params.id ?? '');
        if (!record) return notFound(ctx);
        store(ctx).update(objectName, record, bodyObject(ctx));
        ctx.status = 204;
      }),
    ),
  );
  router.delete('/:version/sobjects/:object/:id', (ctx) =>
    withObject(ctx, store(ctx), (objectName) => {
      if (!store(ctx).delete(objectName, ctx.params.id ?? '')) return notFound(ctx);
      ctx.status = 204;
    }),
  );
  router.patch('/:version/sobjects/:object/:field/:value', (ctx) =>
    withObject(ctx, store(ctx), (objectName) =>
      write(ctx, () => {
        const result = upsert(
          store(ctx),
          objectName,
          ctx.params.field ?? '',
          decodeURIComponent(ctx.params.value ?? ''),
          bodyObject(ctx),
        );
        ctx.status = result.created ? 201 : 200;
        ctx.body = result;
      }),
    ),
  );

  router.post('/:version/composite/sobjects', (ctx) =>
    collection(ctx, store(ctx), 'create', (record) => {
      const objectName = knownObject(store(ctx), record);
      return store(ctx).create(objectName, withoutAttributes(record)).Id;
    }),
  );
  router.patch('/:version/composite/sobjects', (ctx) =>
    collection(ctx, store(ctx), 'update', (record) => {
      const objectName = knownObject(store(ctx), record);
      const existing = existingRecord(store(ctx), objectName, record);
      return store(ctx).update(objectName, existing, withoutAttributes(record)).Id;
    }),
  );
  router.patch('/:version/composite/sobjects/:object/:field', (ctx) =>
    withObject(ctx, store(ctx), (objectName) => {
      const records = asArray(bodyObject(ctx).records);
      if (records.length > COLLECTION_MAX)
        return badRequest(
          ctx,
          'EXCEEDED_ID_LIMIT',
          `record limit reached. cannot submit more than ${COLLECTION_MAX} records into this call`,
        );
      ctx.body = records.map((record) => {
        try {
          const values = isObject(record) ? record : {};
          return upsert(
            store(ctx),
            objectName,
            ctx.params.field ?? '',
            asString(values[ctx.params.field ?? '']) ?? '',
            values,
          );
        } catch (error) {
          return failure(error);
        }
      });
    }),
  );

  router.post('/:version/tooling/sobjects/CustomField', (ctx) =>
    write(ctx, () => createCustomField(ctx, store(ctx))),
  );
  router.get(
    '/:version/analytics/reports',
    (ctx) => (ctx.body = reportList(store(ctx), ctx.params.version ?? '')),
  );
  router.get('/:version/analytics/reports/:reportId/describe', (ctx) =>
    withReport(ctx, store(ctx), (report) => (ctx.body = reportDescribe(report))),
  );
  router.get('/:version/analytics/reports/:reportId', (ctx) =>
    withReport(
      ctx,
      store(ctx),
      (report) =>
        (ctx.body = runReport(store(ctx), report, queryString(ctx, 'includeDetails') !== 'false')),
    ),
  );
  router.post('/:version/analytics/reports/:reportId', (ctx) =>
    withReport(
      ctx,
      store(ctx),
      (report) =>
        (ctx.body = runReport(store(ctx), report, queryString(ctx, 'includeDetails') !== 'false')),
    ),
  );
  return router;
}

function withObject(ctx: Ctx, store: SalesforceStore, handle: (objectName: string) => void): void {
  const objectName = store.objectName(ctx.params.object ?? '');
  if (!objectName) {
    ctx.status = 404;
    ctx.body = [
      {
        errorCode: 'NOT_FOUND',
        message: `The requested resource does not exist: sObject type '${ctx.params.object ?? ''}' is not supported.`,
      },
    ];
    return;
  }
  handle(objectName);
}

function withReport(
  ctx: Ctx,
  store: SalesforceStore,
  handle: (report: SalesforceStore['reports'][number]) => void,
): void {
  const report = store.reports.find(
    (candidate) =>
      candidate.id === ctx.params.reportId || candidate.id.slice(0, 15) === ctx.params.reportId,
  );
  if (!report) {
    ctx.status = 404;
    ctx.body = [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }];
    return;
  }
  handle(report);
}

function write(ctx: Ctx, action: () => void): void {
  try {
    action();
  } catch (error) {
    if (!(error instanceof SalesforceWriteError)) throw error;
    ctx.status = 400;
    ctx.body = [{ message: error.message, errorCode: error.errorCode, fields: error.fields }];
  }
}

function notFound(ctx: Ctx): void {
  ctx.status = 404;
  ctx.body = [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }];
}

function badRequest(ctx: Ctx, errorCode: string, message: string): void {
  ctx.status = 400;
  ctx.body = [{ message, errorCode }];
}

/** Upsert by an External ID field: 201 created, 200 updated, 300 when several records match. */
function upsert(
  store: SalesforceStore,
  objectName: string,
  fieldName: string,
  value: string,
  values: JsonObject,
): { id: string; success: boolean; errors: unknown[]; created: boolean } {
  const definition = store.fieldOf(objectName, fieldName);
  if (!definition || !(definition.externalId || definition.name === 'Id')) {
    throw new SalesforceWriteError(
      'INVALID_FIELD',
      `Field ${fieldName} is not an External ID or indexed field for ${objectName}`,
      [fieldName],
    );
  }
  const { [definition.name]: _ignored, ...rest } = withoutAttributes(values);
  const matches =
    definition.name === 'Id'
      ? [store.get(objectName, value)].filter((record): record is SfRecord => record !== undefined)
      : store.findByField(objectName, definition.name, value);
  if (matches.length > 1)
    throw new SalesforceWriteError(
      'MULTIPLE_RECORDS',
      `${matches.length} records found for ${definition.name} = ${value}`,
    );
  const existing = matches[0];
  if (existing) {
    store.update(objectName, existing, rest);
    return { id: String(existing.Id), success: true, errors: [], created: false };
  }
  const created = store.create(
    objectName,
    definition.name === 'Id' ? rest : { ...rest, [definition.name]: value },
  );
  return { id: String(created.Id), success: true, errors: [], created: true };
}

/**
 * sObject Collections: results in input order. With allOrNone every record is checked
 * first; when one fails nothing is written, the failing records carry their own errors and
 * the others ALL_OR_NONE_OPERATION_ROLLED_BACK, as Salesforce answers.
 */
function collection(
  ctx: Ctx,
  store: SalesforceStore,
  mode: 'create' | 'update',
  apply: (record: JsonObject) => SfValue | undefined,
): void {
  const body = bodyObject(ctx);
  const records = asArray(body.records).filter(isObject);
  if (records.length > COLLECTION_MAX)
    return badRequest(
      ctx,
      'EXCEEDED_ID_LIMIT',
      `record limit reached. cannot submit more than ${COLLECTION_MAX} records into this call`,
    );
  const allOrNone = body.allOrNone === true;
  if (allOrNone) {
    const problems = records.map((record) => dryRun(store, record, mode));
    if (problems.some((problem) => problem !== undefined)) {
      ctx.body = problems.map((problem) => ({
        success: false,
        errors: [
          problem ?? {
            statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
            message:
              'Record rolled back because not all records were valid and the request was using AllOrNone header',
            fields: [],
          },
        ],
      }));
      return;
    }
  }
  ctx.body = records.map((record) => {
    try {
      return { id: String(apply(record)), success: true, errors: [] };
    } catch (error) {
      return failure(error);
    }
  });
}

/** Every check the write would make, without writing; the error Salesforce would report. */
function dryRun(
  store: SalesforceStore,
  record: JsonObject,
  mode: 'create' | 'update',
): { statusCode: string; message: string; fields: string[] } | undefined {
  try {
    const objectName = knownObject(store, record);
    const existing = mode === 'update' ? existingRecord(store, objectName, record) : undefined;
    store.check(objectName, withoutAttributes(record), mode, existing);
    return undefined;
  } catch (error) {
    if (!(error instanceof SalesforceWriteError)) throw error;
    return { statusCode: error.errorCode, message: error.message, fields: error.fields };
  }
}

function knownObject(store: SalesforceStore, record: JsonObject): string {
  const type = objectOf(record);
  const objectName = store.objectName(type);
  if (!objectName)
    throw new SalesforceWriteError('INVALID_TYPE', `sObject type '${type}' is not supported.`);
  return objectName;
}

function existingRecord(store: SalesforceStore, objectName: string, record: JsonObject): SfRecord {
  const existing = store.get(objectName, asString(record.Id) ?? '');
  if (!existing) throw new SalesforceWriteError('ENTITY_IS_DELETED', 'entity is deleted', []);
  return existing;
}

function failure(error: unknown): {
  success: false;
  errors: Array<{ statusCode: string; message: string; fields: string[] }>;
} {
  if (error instanceof SalesforceWriteError)
    return {
      success: false,
      errors: [{ statusCode: error.errorCode, message: error.message, fields: error.fields }],
    };
  throw error;
}

function objectOf(record: JsonObject): string {
  const type = isObject(record.attributes) ? asString(record.attributes.type) : undefined;
  if (!type) throw new SalesforceWriteError('INVALID_TYPE', 'Must send a concrete entity type.');
  return type;
}

function withoutAttributes(record: JsonObject): JsonObject {
  const { attributes: _attributes, ...rest } = record;
  return rest;
}

/** Tooling API: `{FullName: "Contact.Outreach_Id__c", Metadata: {label, type, length, externalId, unique}}`. */
function createCustomField(ctx: Ctx, store: SalesforceStore): void {
  const body = bodyObject(ctx);
  const fullName = asString(body.FullName) ?? '';
  const metadata = isObject(body.Metadata) ? body.Metadata : {};
  const [objectPart, fieldName] = fullName.split('.');
  const objectName = store.objectName(objectPart ?? '');
  if (!objectName || !fieldName || !fieldName.endsWith('__c')) {
    throw new SalesforceWriteError(
      'INVALID_INPUT',
      `FullName must look like Object.Field__c, got '${fullName}'`,
      ['FullName'],
    );
  }
  const type = (asString(metadata.type) ?? 'Text').toLowerCase();
  const apiType =
    {
      text: 'string',
      longtextarea: 'textarea',
      textarea: 'textarea',
      number: 'double',
      checkbox: 'boolean',
      date: 'date',
      datetime: 'datetime',
      url: 'url',
      email: 'email',
      picklist: 'picklist',
      phone: 'phone',
    }[type] ?? 'string';
  store.addCustomField(
    objectName,
    fieldDescribe(fieldName, apiType, {
      label: asString(metadata.label) ?? fieldName,
      length: asNumber(metadata.length, apiType === 'string' ? 255 : 0),
      externalId: metadata.externalId === true,
      unique: metadata.unique === true,
      custom: true,
    }),
  );
  const id = store.newId('CustomField');
  store.insertRaw('CustomField', {
    Id: id,
    DeveloperName: fieldName.replace(/__c$/, ''),
    FullName: fullName,
    TableEnumOrId: objectName,
    CreatedDate: new Date().toISOString(),
    LastModifiedDate: new Date().toISOString(),
  });
  ctx.status = 201;
  ctx.body = { id, success: true, errors: [], warnings: [], infos: [] };
}

function query(ctx: Ctx, store: SalesforceStore, cursors: QueryCursors, tooling: boolean): void {
  let parsed: SoqlQuery;
  try {
    parsed = parseSoql(queryString(ctx, 'q') ?? '');
  } catch (error) {
    return badRequest(
      ctx,
      'MALFORMED_QUERY',
      error instanceof Error ? error.message : String(error),
    );
  }
  const objectName = store.objectName(parsed.objectName);
  if (!objectName || tooling !== (objectName === 'CustomField')) {
    return badRequest(ctx, 'INVALID_TYPE', `sObject type '${parsed.objectName}' is not supported.`);
  }
  const unknown = [...parsed.fields, ...(parsed.orderBy ? [parsed.orderBy.field] : [])].find(
    (name) => !name.includes('.') && !store.fieldOf(objectName, name),
  );
  if (unknown)
    return badRequest(
      ctx,
      'INVALID_FIELD',
      `No such column '${unknown}' on entity '${objectName}'.`,
    );
  let matches: SfRecord[];
  try {
    matches = sortRecords(
      store
        .all(objectName)
        .filter((record) => evaluate(parsed.where, (name) => read(store, record, name))),
      parsed.orderBy,
    );
  } catch (error) {
    if (error instanceof SoqlError) return badRequest(ctx, 'MALFORMED_QUERY', error.message);
    throw error;
  }
  matches = matches.slice(
    parsed.offset ?? 0,
    parsed.limit === undefined ? undefined : (parsed.offset ?? 0) + parsed.limit,
  );
  if (parsed.count) {
    ctx.body = { totalSize: matches.length, done: true, records: [] };
    return;
  }
  const version = ctx.params.version ?? 'v60.0';
  const rows = matches.map((record) => present(objectName, record, parsed.fields, version, store));
  respondInBatches(ctx, cursors, rows as unknown as SfRecord[], version);
}

/** Query locators of unfinished query results (`nextRecordsUrl`). */
class QueryCursors extends Map<string, SfRecord[]> {
  private issued = 0;
  open(rows: SfRecord[]): string {
    const cursor = `01g5e00000${(this.issued++).toString(36).toUpperCase().padStart(5, '0')}`;
    this.set(cursor, rows);
    return cursor;
  }
}

function respondInBatches(
  ctx: Ctx,
  cursors: QueryCursors,
  rows: SfRecord[],
  version: string,
): void {
  const first = rows.slice(0, QUERY_BATCH);
  if (rows.length <= QUERY_BATCH) {
    ctx.body = { totalSize: rows.length, done: true, records: first };
    return;
  }
  const cursor = cursors.open(rows.slice(QUERY_BATCH));
  ctx.body = {
    totalSize: rows.length,
    done: false,
    nextRecordsUrl: `/services/data/${version}/query/${cursor}-${QUERY_BATCH}`,
    records: first,
  };
}

function nextBatch(ctx: Ctx, cursors: QueryCursors): void {
  const [cursor] = (ctx.params.cursor ?? '').split('-');
  const rest = cursor ? cursors.get(cursor) : undefined;
  if (!rest) return badRequest(ctx, 'INVALID_QUERY_LOCATOR', 'invalid query locator');
  cursors.delete(cursor ?? '');
  respondInBatches(ctx, cursors, rest, ctx.params.version ?? 'v60.0');
}

/** Reads `Field` or one relationship hop such as `Owner.Name` or `Account.Name`. */
function read(store: SalesforceStore, record: SfRecord, name: string): SfValue | undefined {
  const [head, tail] = name.split('.');
  if (!tail)
    return record[
      Object.keys(record).find((key) => key.toLowerCase() === (head ?? '').toLowerCase()) ?? ''
    ];
  const related = related_(store, record, head ?? '');
  return related ? read(store, related.record, tail) : null;
}

function related_(
  store: SalesforceStore,
  record: SfRecord,
  relationship: string,
): { objectName: string; record: SfRecord } | undefined {
  const id =
    record[`${relationship}Id`] ?? (relationship === 'Parent' ? record.ParentId : undefined);
  return typeof id === 'string' ? store.find(id) : undefined;
}

function present(
  objectName: string,
  record: SfRecord,
  fields: string[] | undefined,
  version: string,
  store?: SalesforceStore,
): JsonObject {
  const attributes = {
    type: objectName,
    url: `/services/data/${version}/sobjects/${objectName}/${String(record.Id)}`,
  };
  if (!fields) return { attributes, ...record };
  const out: JsonObject = { attributes };
  for (const name of fields) {
    const [head, tail] = name.split('.');
    if (!tail || !store) {
      const key = Object.keys(record).find(
        (candidate) => candidate.toLowerCase() === name.toLowerCase(),
      );
      const canonical = store?.fieldOf(objectName, name)?.name ?? key ?? name;
      out[canonical] = key === undefined ? null : (record[key] ?? null);
      continue;
    }
    const related = related_(store, record, head ?? '');
    const nested =
      (out[head ?? ''] as JsonObject | null | undefined) ??
      (related
        ? {
            attributes: {
              type: related.objectName,
              url: `/services/data/${version}/sobjects/${related.objectName}/${String(related.record.Id)}`,
            },
          }
        : null);
    if (nested) nested[tail] = related?.record[tail] ?? null;
    out[head ?? ''] = nested;
  }
  return out;
}
