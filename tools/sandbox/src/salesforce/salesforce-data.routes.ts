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
import { salesforceOrgOf, salesforceStoreOf } from './salesforce-auth.ts';
import { composite } from './salesforce-composite.ts';
import { SALESFORCE_INSTANCE_PREFIX } from './salesforce-orgs.ts';
import { field as fieldDescribe, type FieldDescribe } from './salesforce-schema.ts';
import {
  evaluate,
  parseSoql,
  sortRecords,
  SoqlError,
  type Condition,
  type SoqlQuery,
} from './salesforce-soql.ts';
import {
  SalesforceParseError,
  SalesforceWriteError,
  type SalesforceStore,
  type SfError,
  type SfRecord,
  type SfValue,
} from './salesforce-store.ts';
import { ReportRequestError, reportDescribe, reportList, runReport } from './salesforce-reports.ts';

const QUERY_BATCH = 2000;
const COLLECTION_MAX = 200;
/**
 * The versions an org answers, oldest first: 31.0 (Summer '14; 21.0–30.0 were retired in
 * Summer '25) to 67.0 (Summer '26). Any other `vXX.X` answers 404 NOT_FOUND.
 */
export const SALESFORCE_API_VERSIONS = Array.from({ length: 67 - 31 + 1 }, (_, index) =>
  (31 + index).toFixed(1),
);

/** The release a version came with: 20.0 was Winter '11, then three releases a year. */
function releaseLabel(version: string): string {
  const step = Number(version) - 20;
  const season = ['Winter', 'Spring', 'Summer'][step % 3] ?? 'Winter';
  return `${season} '${String(11 + Math.floor(step / 3)).padStart(2, '0')}`;
}

/** The Resources by Version answer's resources that the sandbox serves. */
const VERSION_RESOURCES = [
  'sobjects',
  'query',
  'queryAll',
  'composite',
  'limits',
  'tooling',
  'analytics',
];

/** REST data API under each org's instance: `/salesforce-instance/<key>/services/data/vXX.X`. */
export function salesforceDataRouter(state: SandboxState): Router {
  const router = new Router({ prefix: `${SALESFORCE_INSTANCE_PREFIX}/:orgKey/services/data` });
  const store = (ctx: ParameterizedContext): SalesforceStore => salesforceStoreOf(ctx);
  const cursors = new QueryCursors();

  // Versions: `[{label: "Winter '25", url: "/services/data/v62.0", version: "62.0"}, …]`.
  router.get('/', (ctx) => {
    ctx.body = SALESFORCE_API_VERSIONS.map((version) => ({
      label: releaseLabel(version),
      url: `/services/data/v${version}`,
      version,
    }));
  });
  router.param('version', (version, ctx, next) => {
    if (!SALESFORCE_API_VERSIONS.some((known) => version === `v${known}`)) return notFound(ctx);
    return next();
  });
  // Resources by Version: each resource's path, and `identity`, the session user's identity URL
  // (jsforce's identity() reads it from here).
  router.get('/:version', (ctx) => {
    const base = `/services/data/${ctx.params.version ?? ''}`;
    const org = salesforceOrgOf(ctx);
    const users = org.store.all('User').filter((user) => user.IsActive !== false);
    const userId = (ctx.state.salesforceUserId as string | undefined) ?? String(users[0]?.Id ?? '');
    ctx.body = {
      ...Object.fromEntries(VERSION_RESOURCES.map((name) => [name, `${base}/${name}`])),
      identity: `${state.publicUrl}${org.instancePath}/id/${org.orgId}/${userId}`,
    };
  });
  router.get('/:version/sobjects', (ctx) => {
    ctx.body = {
      encoding: 'UTF-8',
      maxBatchSize: COLLECTION_MAX,
      sobjects: [
        'Account',
        'Contact',
        'Lead',
        'Opportunity',
        'Task',
        'User',
        'PermissionSet',
        'FieldPermissions',
        'PermissionSetAssignment',
        'Profile',
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
  // The same counter as `Sforce-Limit-Info` (this call included).
  router.get('/:version/limits', (ctx) => {
    const { max, remaining } = salesforceOrgOf(ctx).apiBudget.usage();
    ctx.body = { DailyApiRequests: { Max: max, Remaining: remaining } };
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
        let result: ReturnType<typeof upsert>;
        try {
          result = upsert(
            store(ctx),
            objectName,
            ctx.params.field ?? '',
            decodeURIComponent(ctx.params.value ?? ''),
            bodyObject(ctx),
          );
        } catch (error) {
          if (!(error instanceof MultipleMatches)) throw error;
          ctx.status = 300;
          ctx.body = error.matches.map(
            (record) =>
              `/services/data/${ctx.params.version ?? ''}/sobjects/${objectName}/${String(record.Id)}`,
          );
          return;
        }
        ctx.status = result.created ? 201 : 200;
        ctx.body = result;
      }),
    ),
  );

  router.post('/:version/composite/sobjects', (ctx) =>
    collection(
      ctx,
      store(ctx),
      (record) => typeOfRecord(store(ctx), record),
      (record) => {
        const objectName = knownObject(store(ctx), record);
        return { id: String(store(ctx).create(objectName, withoutAttributes(record)).Id) };
      },
    ),
  );
  router.patch('/:version/composite/sobjects', (ctx) =>
    collection(
      ctx,
      store(ctx),
      (record) => typeOfRecord(store(ctx), record),
      (record) => {
        const objectName = knownObject(store(ctx), record);
        const existing = existingRecord(store(ctx), objectName, record);
        const updated = store(ctx).update(objectName, existing, withoutAttributes(record));
        return { id: String(updated.Id) };
      },
    ),
  );
  // Delete by ids (`?ids=a,b&allOrNone=`), each result in the order of the ids.
  router.delete('/:version/composite/sobjects', (ctx) => {
    const ids = (queryString(ctx, 'ids') ?? '').split(',').filter(Boolean);
    if (ids.length > COLLECTION_MAX)
      return badRequest(
        ctx,
        'EXCEEDED_ID_LIMIT',
        `record limit reached. cannot submit more than ${COLLECTION_MAX} records into this call`,
      );
    const restore = store(ctx).snapshot();
    const results = ids.map((id): SaveResult => {
      const found = store(ctx).find(id) ?? store(ctx).find(id.slice(0, 15));
      if (!found || !store(ctx).delete(found.objectName, String(found.record.Id)))
        return failure(new SalesforceWriteError('ENTITY_IS_DELETED', 'entity is deleted'));
      return { id: String(found.record.Id), success: true, errors: [] };
    });
    if (queryString(ctx, 'allOrNone') === 'true' && results.some((result) => !result.success)) {
      restore();
      ctx.body = results.map((result) =>
        result.success ? { success: false, errors: [ROLLED_BACK] } : result,
      );
      return;
    }
    ctx.body = results;
  });
  // Retrieve by ids: the records in the order of the ids, null where there is none.
  router.post('/:version/composite/sobjects/:object', (ctx) =>
    withObject(ctx, store(ctx), (objectName) => {
      const body = bodyObject(ctx);
      const ids = asArray(body.ids).map((id) => asString(id) ?? '');
      const fields = asArray(body.fields).map((name) => asString(name) ?? '');
      const unknown = fields.find((name) => !store(ctx).fieldOf(objectName, name));
      if (unknown) return badRequest(ctx, 'INVALID_FIELD', noSuchColumn(unknown, objectName));
      ctx.body = ids.map((id) => {
        const record = store(ctx).get(objectName, id);
        return record ? present(objectName, record, fields, ctx.params.version ?? '') : null;
      });
    }),
  );
  // Upsert by an External ID field: each result also says whether the record was created.
  // Records of one call that share a key value all fail, as Salesforce cannot tell which wins.
  router.patch('/:version/composite/sobjects/:object/:field', (ctx) =>
    withObject(ctx, store(ctx), (objectName) => {
      const fieldName = ctx.params.field ?? '';
      const canonical = store(ctx).fieldOf(objectName, fieldName)?.name ?? fieldName;
      const keyOf = (record: JsonObject) =>
        asString(record[Object.keys(record).find((key) => sameName(key, canonical)) ?? '']) ?? '';
      const repeated = repeatedKeys(asArray(bodyObject(ctx).records).filter(isObject), keyOf);
      collection(
        ctx,
        store(ctx),
        () => objectName,
        (record) => {
          const key = keyOf(record);
          if (repeated.has(key.toLowerCase()))
            throw new SalesforceWriteError(
              'DUPLICATE_VALUE',
              `Duplicate external id specified: ${key}`,
              [canonical],
            );
          const { id, created } = upsert(store(ctx), objectName, fieldName, key, record);
          return { id, created };
        },
      );
    }),
  );

  router.post('/:version/composite', (ctx) => composite(ctx, () => store(ctx).snapshot()));
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
  // A POST runs the report with the body's `reportMetadata` (columns, filters, sort) for
  // this run only.
  router.post('/:version/analytics/reports/:reportId', (ctx) =>
    withReport(ctx, store(ctx), (report) => {
      try {
        ctx.body = runReport(
          store(ctx),
          report,
          queryString(ctx, 'includeDetails') !== 'false',
          bodyObject(ctx),
        );
      } catch (error) {
        if (!(error instanceof ReportRequestError)) throw error;
        badRequest(ctx, 'BAD_REQUEST', error.message);
      }
    }),
  );
  return router;
}

function sameName(left: string, right: string): boolean {
  return left.toLowerCase() === right.toLowerCase();
}

/** The key values (lower-cased, as matching ignores case) more than one record carries. */
function repeatedKeys(records: JsonObject[], keyOf: (record: JsonObject) => string): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const record of records) {
    const key = keyOf(record).toLowerCase();
    if (key === '') continue;
    if (seen.has(key)) repeated.add(key);
    seen.add(key);
  }
  return repeated;
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
    if (error instanceof SalesforceParseError) return parseFailure(ctx, error);
    if (!(error instanceof SalesforceWriteError)) throw error;
    ctx.status = 400;
    ctx.body = [{ message: error.message, errorCode: error.errorCode, fields: error.fields }];
  }
}

/** 400 JSON_PARSER_ERROR `[{message, errorCode}]`, the message ending with where the value is. */
function parseFailure(ctx: Ctx, error: SalesforceParseError): void {
  const raw = String((ctx.request as { rawBody?: unknown }).rawBody ?? '');
  const literal = JSON.stringify(error.raw);
  const key = raw.indexOf(`"${error.field}"`);
  const value = key < 0 ? -1 : raw.indexOf(literal, key + error.field.length + 2);
  const before = raw.slice(0, value < 0 ? raw.length : value + literal.length).split('\n');
  const location = `[line:${before.length}, column:${(before.at(-1)?.length ?? 0) + 1}]`;
  ctx.status = 400;
  ctx.body = [{ message: `${error.message} at ${location}`, errorCode: error.errorCode }];
}

function notFound(ctx: Ctx): void {
  ctx.status = 404;
  ctx.body = [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }];
}

function badRequest(ctx: Ctx, errorCode: string, message: string): void {
  ctx.status = 400;
  ctx.body = [{ message, errorCode }];
}

/**
 * Several records hold the external id: the row upsert answers 300 with their URLs ("sObject
 * Rows by External ID"), a collection upsert fails that record with DUPLICATE_EXTERNAL_ID.
 */
class MultipleMatches extends SalesforceWriteError {
  constructor(
    readonly objectName: string,
    fieldName: string,
    readonly matches: SfRecord[],
  ) {
    super(
      'DUPLICATE_EXTERNAL_ID',
      `more than one record found for external id field: [${matches.map((record) => String(record.Id)).join(', ')}]`,
      [fieldName],
    );
  }
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
  if (matches.length > 1) throw new MultipleMatches(objectName, definition.name, matches);
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

type Saved = { id: string; created?: boolean };
type SaveResult = (Saved & { success: true; errors: [] }) | { success: false; errors: SfError[] };

const ROLLED_BACK: SfError = {
  statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
  message:
    'Record rolled back because not all records were valid and the request was using AllOrNone header',
  fields: [],
};

/**
 * sObject Collections: every record is processed in input order and gets its SaveResult. With
 * allOrNone, when one fails everything is rolled back: each failing record keeps its own
 * errors, the others report ALL_OR_NONE_OPERATION_ROLLED_BACK (AllOrNoneHeader: "If other
 * records in the same call have no errors, their errors fields indicate that they were rolled
 * back"). A value its field's type cannot hold fails the whole request (JSON_PARSER_ERROR).
 */
function collection(
  ctx: Ctx,
  store: SalesforceStore,
  typeOf: (record: JsonObject) => string | undefined,
  apply: (record: JsonObject) => Saved,
): void {
  const records = asArray(bodyObject(ctx).records).filter(isObject);
  if (records.length > COLLECTION_MAX)
    return badRequest(
      ctx,
      'EXCEEDED_ID_LIMIT',
      `record limit reached. cannot submit more than ${COLLECTION_MAX} records into this call`,
    );
  try {
    for (const record of records) {
      const objectName = typeOf(record);
      if (objectName) store.parse(objectName, withoutAttributes(record));
    }
  } catch (error) {
    if (error instanceof SalesforceParseError) return parseFailure(ctx, error);
    throw error;
  }
  const restore = store.snapshot();
  const results = records.map((record): SaveResult => {
    try {
      return { ...apply(record), success: true, errors: [] };
    } catch (error) {
      return failure(error);
    }
  });
  if (bodyObject(ctx).allOrNone === true && results.some((result) => !result.success)) {
    restore();
    ctx.body = results.map((result) =>
      result.success ? { success: false, errors: [ROLLED_BACK] } : result,
    );
    return;
  }
  ctx.body = results;
}

function typeOfRecord(store: SalesforceStore, record: JsonObject): string | undefined {
  const type = isObject(record.attributes) ? asString(record.attributes.type) : undefined;
  return type === undefined ? undefined : store.objectName(type);
}

function knownObject(store: SalesforceStore, record: JsonObject): string {
  const type = objectOf(record);
  const objectName = store.objectName(type);
  if (!objectName)
    throw new SalesforceWriteError('INVALID_TYPE', `sObject type '${type}' is not supported.`);
  return objectName;
}

function existingRecord(store: SalesforceStore, objectName: string, record: JsonObject): SfRecord {
  const idKey = Object.keys(record).find((key) => key.toLowerCase() === 'id') ?? 'Id';
  const existing = store.get(objectName, asString(record[idKey]) ?? '');
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
  const text = queryString(ctx, 'q') ?? '';
  let parsed: SoqlQuery;
  try {
    parsed = parseSoql(text);
  } catch (error) {
    return badRequest(
      ctx,
      'MALFORMED_QUERY',
      error instanceof Error ? error.message : String(error),
    );
  }
  const objectName = store.objectName(parsed.objectName);
  if (!objectName || tooling !== (objectName === 'CustomField')) {
    const message = `sObject type '${parsed.objectName}' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.`;
    return badRequest(ctx, 'INVALID_TYPE', located(text, { name: parsed.objectName, message }));
  }
  const problem =
    fieldProblem(store, objectName, fieldsNamed(parsed)) ??
    filterProblem(store, objectName, parsed.where);
  if (problem) return badRequest(ctx, 'INVALID_FIELD', located(text, problem));
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

/** Every field a query names, in the order Salesforce checks them: select list, WHERE, ORDER BY. */
function fieldsNamed(query: SoqlQuery): string[] {
  const inCondition = (condition: Condition | undefined): string[] => {
    if (!condition) return [];
    if (condition.kind === 'compare') return [condition.field];
    if (condition.kind === 'not') return inCondition(condition.inner);
    return [...inCondition(condition.left), ...inCondition(condition.right)];
  };
  return [
    ...query.fields,
    ...inCondition(query.where),
    ...(query.orderBy ? [query.orderBy.field] : []),
  ];
}

/** Fields of the `Name` object a polymorphic relationship (Who, What) resolves to. */
const NAME_OBJECT_FIELDS = [
  'Id',
  'Name',
  'Type',
  'FirstName',
  'LastName',
  'Email',
  'Title',
  'Phone',
];

/**
 * The first field a query names that the object does not have, as Salesforce words it: an
 * unknown column, an unknown relationship, or an unknown column on the related object.
 */
function fieldProblem(
  store: SalesforceStore,
  objectName: string,
  names: string[],
): { name: string; message: string } | undefined {
  for (const name of names) {
    const [head = '', tail] = name.split('.');
    if (tail === undefined) {
      if (!store.fieldOf(objectName, head))
        return { name, message: noSuchColumn(head, objectName) };
      continue;
    }
    const lookup = store
      .fields(objectName)
      .find((field) => field.relationshipName?.toLowerCase() === head.toLowerCase());
    if (!lookup || name.split('.').length > 2)
      return {
        name,
        message: `Didn't understand relationship '${head}' in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.`,
      };
    const [target = ''] = lookup.referenceTo;
    const known =
      lookup.referenceTo.length > 1
        ? NAME_OBJECT_FIELDS.some((field) => field.toLowerCase() === tail.toLowerCase())
        : store.fieldOf(target, tail) !== undefined;
    if (!known)
      return {
        name,
        message: noSuchColumn(tail, lookup.referenceTo.length > 1 ? 'Name' : target),
      };
  }
  return undefined;
}

/** The described field a query names: `Field`, or `Relationship.Field` of a single-type lookup. */
function describedField(
  store: SalesforceStore,
  objectName: string,
  name: string,
): FieldDescribe | undefined {
  const [head = '', tail] = name.split('.');
  if (tail === undefined) return store.fieldOf(objectName, head);
  const lookup = store
    .fields(objectName)
    .find((field) => field.relationshipName?.toLowerCase() === head.toLowerCase());
  const [target] = lookup?.referenceTo ?? [];
  return lookup?.referenceTo.length === 1 && target ? store.fieldOf(target, tail) : undefined;
}

const QUOTED_TYPES = new Set([
  'string',
  'email',
  'url',
  'phone',
  'picklist',
  'combobox',
  'textarea',
]);
const BARE_TYPES: Record<string, string> = {
  date: 'date',
  datetime: 'datetime',
  boolean: 'boolean',
};

/**
 * A filter value written as its field's type requires: dates, date-times and checkboxes bare
 * (`ActivityDate = 2026-01-31`), text in quotes; otherwise INVALID_FIELD "value of filter
 * criterion for field 'X' must be of type date and should not be enclosed in quotes".
 */
function filterProblem(
  store: SalesforceStore,
  objectName: string,
  condition: Condition | undefined,
): { name: string; message: string } | undefined {
  if (!condition) return undefined;
  if (condition.kind === 'not') return filterProblem(store, objectName, condition.inner);
  if (condition.kind !== 'compare')
    return (
      filterProblem(store, objectName, condition.left) ??
      filterProblem(store, objectName, condition.right)
    );
  const definition = describedField(store, objectName, condition.field);
  if (!definition) return undefined;
  const values = Array.isArray(condition.value) ? condition.value : [condition.value];
  const bare = BARE_TYPES[definition.type];
  const wrong = values.some((value, index) => {
    if (value === null) return false;
    const quoted = condition.quoted[index] ?? false;
    return bare ? quoted : QUOTED_TYPES.has(definition.type) && !quoted;
  });
  if (!wrong) return undefined;
  const typeName = bare ?? 'string';
  return {
    name: condition.field,
    message: `value of filter criterion for field '${condition.field}' must be of type ${typeName} and ${bare ? 'should not' : 'should'} be enclosed in quotes`,
  };
}

function noSuchColumn(field: string, entity: string): string {
  return `No such column '${field}' on entity '${entity}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`;
}

/** Salesforce prefixes a query error with the query line, a caret and `ERROR at Row:r:Column:c`. */
function located(text: string, problem: { name: string; message: string }): string {
  const lines = text.split('\n');
  const escaped = problem.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(^|[^\\w.])${escaped}(?![\\w.])`, 'i');
  const row = Math.max(
    0,
    lines.findIndex((line) => pattern.test(line)),
  );
  const line = lines[row] ?? '';
  const match = pattern.exec(line);
  const column = match ? match.index + (match[1]?.length ?? 0) + 1 : 1;
  return `\n${line}\n${' '.repeat(column - 1)}^\nERROR at Row:${row + 1}:Column:${column}\n${problem.message}`;
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
