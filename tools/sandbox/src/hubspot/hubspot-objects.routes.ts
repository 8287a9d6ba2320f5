import { Router } from '@koa/router';
import type { ParameterizedContext } from 'koa';
import {
  asArray,
  asNumber,
  asString,
  bodyObject,
  clamp,
  isObject,
  nowIso,
  queryInt,
  queryString,
  queryValues,
  type Ctx,
  type JsonObject,
} from '../core/http.ts';
import { hubspotStoreOf } from './hubspot-auth.ts';
import { hubspotError, notFound, validationError } from './hubspot-errors.ts';
import {
  associationTypeName,
  defaultAssociationType,
  objectTypeOf,
  type HubspotObjectType,
} from './hubspot-schema.ts';
import {
  associationFilterType,
  matchesFilterGroups,
  matchesQuery,
  searchProblem,
  sortRecords,
  SEARCH_LIMITS,
} from './hubspot-search.ts';
import { propertyValues, publicRecord, requestedProperties } from './hubspot-serialize.ts';
import { PropertyValidationError, type CrmRecord, type HubspotStore } from './hubspot-store.ts';

const BATCH_LIMIT = 100;

/** CRM objects v3: single and batch reads and writes, upsert by idProperty, and search. */
export function hubspotObjectsRouter(): Router {
  const router = new Router({ prefix: '/hubspot/crm/v3/objects/:objectType' });
  const store = (ctx: ParameterizedContext): HubspotStore => hubspotStoreOf(ctx);

  router.get('/', (ctx) => withType(ctx, (type) => listRecords(ctx, store(ctx), type)));
  router.post('/', (ctx) =>
    withType(ctx, (type) => guarded(ctx, () => createOne(ctx, store(ctx), type))),
  );
  router.post('/search', (ctx) => withType(ctx, (type) => search(ctx, store(ctx), type)));
  router.post('/batch/read', (ctx) => withType(ctx, (type) => batchRead(ctx, store(ctx), type)));
  router.post('/batch/create', (ctx) =>
    withType(ctx, (type) => guarded(ctx, () => batchCreate(ctx, store(ctx), type))),
  );
  router.post('/batch/update', (ctx) =>
    withType(ctx, (type) => guarded(ctx, () => batchUpdate(ctx, store(ctx), type))),
  );
  router.post('/batch/upsert', (ctx) =>
    withType(ctx, (type) => guarded(ctx, () => batchUpsert(ctx, store(ctx), type))),
  );
  router.post('/batch/archive', (ctx) =>
    withType(ctx, (type) => batchArchive(ctx, store(ctx), type)),
  );
  router.get('/:objectId', (ctx) => withType(ctx, (type) => readOne(ctx, store(ctx), type)));
  router.patch('/:objectId', (ctx) =>
    withType(ctx, (type) => guarded(ctx, () => updateOne(ctx, store(ctx), type))),
  );
  router.delete('/:objectId', (ctx) => withType(ctx, (type) => archiveOne(ctx, store(ctx), type)));
  return router;
}

function withType(ctx: Ctx, handle: (type: HubspotObjectType) => void): void {
  const type = objectTypeOf(ctx.params.objectType);
  if (!type)
    return notFound(ctx, `Unable to infer object type from: ${ctx.params.objectType ?? ''}`);
  handle(type);
}

/**
 * Turns the store's property validation into HubSpot's 400 VALIDATION_ERROR; a batch input's
 * problem carries that input's `objectWriteTraceId` in the error's `context`.
 */
function guarded(ctx: ParameterizedContext, write: () => void): void {
  try {
    write();
  } catch (error) {
    if (error instanceof InputValidationError)
      return hubspotError(ctx, 400, 'VALIDATION_ERROR', error.cause.message, {
        context: { objectWriteTraceId: [error.traceId] },
      });
    if (error instanceof PropertyValidationError) return validationError(ctx, error.message);
    throw error;
  }
}

/** A batch input's property problem, with the trace id the caller gave that input. */
class InputValidationError extends Error {
  constructor(
    override readonly cause: PropertyValidationError,
    readonly traceId: string,
  ) {
    super(cause.message);
  }
}

/** Checks one batch input's properties, naming its trace id when the input has one. */
function assertInput(
  store: HubspotStore,
  type: HubspotObjectType,
  properties: Record<string, string>,
  traceId: string | undefined,
  mode: 'create' | 'update',
): void {
  try {
    store.assertProperties(type, properties, mode);
  } catch (error) {
    if (error instanceof PropertyValidationError && traceId !== undefined)
      throw new InputValidationError(error, traceId);
    throw error;
  }
}

/** The caller's `objectWriteTraceId` of a batch input, echoed on its result. */
function traceIdOf(input: unknown): string | undefined {
  return isObject(input) ? asString(input.objectWriteTraceId) : undefined;
}

function traced<T extends object>(result: T, traceId: string | undefined): T {
  return traceId === undefined ? result : { ...result, objectWriteTraceId: traceId };
}

function listRecords(ctx: Ctx, store: HubspotStore, type: HubspotObjectType): void {
  const limit = clamp(queryInt(ctx, 'limit', 10), 1, 100);
  const after = queryInt(ctx, 'after', 0);
  const records = store.all(type).sort((a, b) => Number(a.id) - Number(b.id));
  const page = records.slice(after, after + limit);
  const properties = requestedProperties(queryValues(ctx, 'properties'));
  const associationTypes = requestedProperties(queryValues(ctx, 'associations'));
  ctx.body = {
    results: page.map((record) =>
      withAssociations(store, type, record, properties, associationTypes),
    ),
    ...paging(after + limit, records.length),
  };
}

function readOne(ctx: Ctx, store: HubspotStore, type: HubspotObjectType): void {
  const record = store.get(type, ctx.params.objectId ?? '', queryString(ctx, 'idProperty'));
  if (!record) return notFound(ctx);
  ctx.body = withAssociations(
    store,
    type,
    record,
    requestedProperties(queryValues(ctx, 'properties')),
    requestedProperties(queryValues(ctx, 'associations')),
  );
}

/** A read's record with the associations asked for (`associations=` may repeat). */
function withAssociations(
  store: HubspotStore,
  type: HubspotObjectType,
  record: CrmRecord,
  properties: string[],
  associationTypes: string[],
): JsonObject {
  const result: JsonObject = publicRecord(type, record, properties);
  if (associationTypes.length > 0)
    result.associations = inlineAssociations(store, type, record.id, associationTypes);
  return result;
}

function createOne(ctx: Ctx, store: HubspotStore, type: HubspotObjectType): void {
  const body = bodyObject(ctx);
  const properties = propertyValues(body.properties);
  if (conflict(ctx, store, type, properties)) return;
  const problem = associationProblem(store, type, body.associations);
  if (problem) return validationError(ctx, problem);
  const record = store.create(type, properties);
  addInlineAssociations(store, type, record.id, body.associations);
  ctx.status = 201;
  ctx.body = publicRecord(type, record);
}

function updateOne(ctx: Ctx, store: HubspotStore, type: HubspotObjectType): void {
  const record = store.get(type, ctx.params.objectId ?? '', queryString(ctx, 'idProperty'));
  if (!record) return notFound(ctx);
  store.update(type, record, propertyValues(bodyObject(ctx).properties));
  ctx.body = publicRecord(type, record);
}

function archiveOne(ctx: Ctx, store: HubspotStore, type: HubspotObjectType): void {
  store.archive(type, ctx.params.objectId ?? '');
  ctx.status = 204;
}

function batchRead(ctx: Ctx, store: HubspotStore, type: HubspotObjectType): void {
  const body = bodyObject(ctx);
  const inputs = batchInputs(ctx, body);
  if (!inputs) return;
  const idProperty = asString(body.idProperty);
  const properties = requestedProperties(body.properties);
  const found: CrmRecord[] = [];
  const missing: string[] = [];
  for (const input of inputs) {
    const id = isObject(input) ? asString(input.id) : undefined;
    const record = id === undefined ? undefined : store.get(type, id, idProperty);
    if (record) found.push(record);
    else missing.push(id ?? '');
  }
  batchResponse(
    ctx,
    found.map((record) => publicRecord(type, record, properties)),
    missing,
    type,
  );
}

function batchCreate(ctx: Ctx, store: HubspotStore, type: HubspotObjectType): void {
  const inputs = batchInputs(ctx, bodyObject(ctx));
  if (!inputs) return;
  const prepared = inputs.map((input) => ({
    properties: propertyValues(isObject(input) ? input.properties : undefined),
    associations: isObject(input) ? input.associations : undefined,
    traceId: traceIdOf(input),
  }));
  for (const input of prepared) {
    assertInput(store, type, input.properties, input.traceId, 'create');
    if (conflict(ctx, store, type, input.properties)) return;
    const problem = associationProblem(store, type, input.associations);
    if (problem) return validationError(ctx, problem);
  }
  const created = prepared.map((input) => {
    const record = store.create(type, input.properties);
    addInlineAssociations(store, type, record.id, input.associations);
    return traced(publicRecord(type, record), input.traceId);
  });
  ctx.status = 201;
  batchResponse(ctx, created, [], type, 201);
}

function batchUpdate(ctx: Ctx, store: HubspotStore, type: HubspotObjectType): void {
  const inputs = batchInputs(ctx, bodyObject(ctx));
  if (!inputs) return;
  const found = inputs.filter(isObject).map((input) => ({
    id: asString(input.id) ?? '',
    record: store.get(type, asString(input.id) ?? '', asString(input.idProperty)),
    properties: propertyValues(input.properties),
    traceId: traceIdOf(input),
  }));
  // Every input is checked before any is written, so a refused batch writes nothing.
  for (const input of found)
    if (input.record) assertInput(store, type, input.properties, input.traceId, 'update');
  const updated = found.flatMap(({ record, properties, traceId }) =>
    record ? [traced(publicRecord(type, store.update(type, record, properties)), traceId)] : [],
  );
  batchResponse(
    ctx,
    updated,
    found.flatMap(({ record, id, traceId }) => (record ? [] : [{ id, traceId }])),
    type,
  );
}

/** Creates or updates by a unique idProperty (`email` for contacts, or a unique custom one). */
function batchUpsert(ctx: Ctx, store: HubspotStore, type: HubspotObjectType): void {
  const inputs = batchInputs(ctx, bodyObject(ctx));
  if (!inputs) return;
  const seen = new Set<string>();
  for (const input of inputs) {
    const idProperty = isObject(input) ? (asString(input.idProperty) ?? 'hs_object_id') : '';
    const id = isObject(input) ? (asString(input.id) ?? '') : '';
    if (idProperty !== 'hs_object_id' && !store.collection(type).isUnique(idProperty)) {
      return validationError(ctx, `Property ${idProperty} is not a unique identifier property.`);
    }
    const key = `${idProperty}:${id.toLowerCase()}`;
    if (seen.has(key))
      return validationError(
        ctx,
        `Duplicate IDs found in batch input: [${id}]. IDs must be unique`,
      );
    seen.add(key);
    const exists = store.get(type, id, idProperty) !== undefined;
    assertInput(
      store,
      type,
      propertyValues(isObject(input) ? input.properties : undefined),
      traceIdOf(input),
      exists ? 'update' : 'create',
    );
  }
  const results = inputs.filter(isObject).map((input) => {
    const idProperty = asString(input.idProperty) ?? 'hs_object_id';
    const id = asString(input.id) ?? '';
    const properties = propertyValues(input.properties);
    const existing = store.get(type, id, idProperty);
    const traceId = traceIdOf(input);
    if (existing)
      return traced(
        { ...publicRecord(type, store.update(type, existing, properties)), new: false },
        traceId,
      );
    const created = store.create(
      type,
      idProperty === 'hs_object_id' ? properties : { ...properties, [idProperty]: id },
    );
    return traced({ ...publicRecord(type, created), new: true }, traceId);
  });
  batchResponse(ctx, results, [], type);
}

function batchArchive(ctx: Ctx, store: HubspotStore, type: HubspotObjectType): void {
  const inputs = batchInputs(ctx, bodyObject(ctx));
  if (!inputs) return;
  for (const input of inputs) if (isObject(input)) store.archive(type, asString(input.id) ?? '');
  ctx.status = 204;
}

function search(ctx: Ctx, store: HubspotStore, type: HubspotObjectType): void {
  const body = bodyObject(ctx);
  const properties = store.propertyMap(type);
  const problem = searchProblem(
    body,
    (name) => properties.has(name) || associationFilterType(name) !== undefined,
  );
  if (problem) return validationError(ctx, problem);
  const limit = clamp(asNumber(body.limit, 10), 1, SEARCH_LIMITS.pageSize);
  const after = Math.max(0, asNumber(body.after, 0));
  const query = asString(body.query);
  const hits = sortRecords(
    store.all(type).filter(
      (record) =>
        matchesQuery(record, query) &&
        matchesFilterGroups(record, body.filterGroups, {
          typeOf: (name) => properties.get(name)?.type,
          associatedIds: (found, toType) =>
            store.associationsOf(type, found.id, toType).map((edge) => edge.toId),
        }),
    ),
    body.sorts,
  );
  const requested = requestedProperties(body.properties);
  ctx.body = {
    total: hits.length,
    results: hits
      .slice(after, after + limit)
      .map((record) => publicRecord(type, record, requested)),
    ...paging(after + limit, hits.length),
  };
}

function batchInputs(ctx: Ctx, body: JsonObject): unknown[] | undefined {
  const inputs = asArray(body.inputs);
  if (inputs.length > BATCH_LIMIT) {
    validationError(ctx, `Batch input length exceeds the limit of ${BATCH_LIMIT}.`);
    return undefined;
  }
  return inputs;
}

/** An input whose record does not exist, with the trace id the caller gave it. */
interface MissingInput {
  id: string;
  traceId?: string | undefined;
}

/**
 * 200 when every input succeeded, 207 otherwise: HubSpot's one OBJECT_NOT_FOUND entry for the
 * missing ids, and an entry of its own for each missing input that carried an
 * `objectWriteTraceId` (in its `context`), so the caller can tell which write failed.
 */
function batchResponse(
  ctx: Ctx,
  results: unknown[],
  missing: Array<string | MissingInput>,
  type: HubspotObjectType,
  okStatus = 200,
): void {
  const times = { startedAt: nowIso(), completedAt: nowIso() };
  if (missing.length === 0) {
    ctx.status = okStatus;
    ctx.body = { status: 'COMPLETE', results, ...times };
    return;
  }
  const inputs = missing.map((input) => (typeof input === 'string' ? { id: input } : input));
  const untraced = inputs.filter((input) => input.traceId === undefined).map(({ id }) => id);
  const errors = [
    ...(untraced.length > 0 ? [notFoundEntry(type, { ids: untraced })] : []),
    ...inputs.flatMap(({ id, traceId }) =>
      traceId === undefined
        ? []
        : [notFoundEntry(type, { ids: [id], objectWriteTraceId: [traceId] })],
    ),
  ];
  ctx.status = 207;
  ctx.body = { status: 'COMPLETE', results, numErrors: errors.length, errors, ...times };
}

function notFoundEntry(type: HubspotObjectType, context: Record<string, string[]>): JsonObject {
  return {
    status: 'error',
    category: 'OBJECT_NOT_FOUND',
    message: `Could not get some ${type.replace(/s$/, '').replace(/ie$/, 'y').toUpperCase()} objects, they may be deleted or not exist. Check that ids are valid.`,
    context,
    errors: [],
    links: {},
  };
}

function paging(next: number, total: number): { paging?: { next: { after: string } } } {
  return next < total ? { paging: { next: { after: String(next) } } } : {};
}

/** HubSpot refuses a second contact with the same e-mail with 409 CONFLICT. */
function conflict(
  ctx: Ctx,
  store: HubspotStore,
  type: HubspotObjectType,
  properties: Record<string, string>,
): boolean {
  if (type !== 'contacts' || !properties.email) return false;
  const existing = store.get(type, properties.email, 'email');
  if (!existing) return false;
  hubspotError(ctx, 409, 'CONFLICT', `Contact already exists. Existing ID: ${existing.id}`);
  return true;
}

interface InlineAssociation {
  toType: HubspotObjectType;
  toId: string;
  typeId: number;
}

function parseInlineAssociations(
  type: HubspotObjectType,
  value: unknown,
): Array<InlineAssociation | string> {
  return asArray(value).flatMap((item) => {
    if (!isObject(item) || !isObject(item.to)) return ['Invalid association input'];
    const toId = asString(item.to.id) ?? '';
    return asArray(item.types).map((spec) => {
      const typeId = isObject(spec) ? asNumber(spec.associationTypeId, -1) : -1;
      const toType = targetOf(type, typeId);
      return toType
        ? { toType, toId, typeId }
        : `${typeId} is not a valid association type id for ${type}`;
    });
  });
}

function associationProblem(
  store: HubspotStore,
  type: HubspotObjectType,
  value: unknown,
): string | undefined {
  for (const association of parseInlineAssociations(type, value)) {
    if (typeof association === 'string') return association;
    if (!store.get(association.toType, association.toId)) {
      return `One or more associations are invalid: ${association.toType} ${association.toId} does not exist`;
    }
  }
  return undefined;
}

function addInlineAssociations(
  store: HubspotStore,
  type: HubspotObjectType,
  id: string,
  value: unknown,
): void {
  for (const association of parseInlineAssociations(type, value)) {
    if (typeof association !== 'string')
      store.associate(type, id, association.toType, association.toId, association.typeId);
  }
}

const PRIMARY_TARGETS: Partial<Record<HubspotObjectType, Record<number, HubspotObjectType>>> = {
  contacts: { 1: 'companies' },
  companies: { 2: 'contacts' },
};

/** The object type an association type id points to, seen from `from`. */
function targetOf(from: HubspotObjectType, typeId: number): HubspotObjectType | undefined {
  const primary = PRIMARY_TARGETS[from]?.[typeId];
  if (primary) return primary;
  const targets: HubspotObjectType[] = ['contacts', 'companies', 'emails', 'tasks'];
  return targets.find((to) => defaultAssociationType(from, to) === typeId);
}

function inlineAssociations(
  store: HubspotStore,
  type: HubspotObjectType,
  id: string,
  toTypes: string[],
): JsonObject {
  const out: JsonObject = {};
  for (const name of toTypes) {
    const toType = objectTypeOf(name);
    if (!toType) continue;
    const results = store.associationsOf(type, id, toType).flatMap((edge) =>
      [...edge.typeIds].map((typeId) => ({
        id: edge.toId,
        type: associationTypeName(type, toType, typeId),
      })),
    );
    if (results.length > 0) out[toType] = { results };
  }
  return out;
}
