import { Router } from '@koa/router';
import {
  asArray,
  asNumber,
  asString,
  bodyArray,
  bodyObject,
  clamp,
  queryInt,
  queryString,
  type Ctx,
} from '../core/http.ts';
import type { ParameterizedContext } from 'koa';
import { hubspotStoreOf } from './hubspot-auth.ts';
import { notFound, validationError } from './hubspot-errors.ts';
import { objectTypeOf } from './hubspot-schema.ts';
import type { HubspotList } from './hubspot-store.ts';

const MEMBERSHIP_PAGE_MAX = 250;

/** Lists v3: metadata, search with `hs_list_size`, creation and memberships. */
export function hubspotListsRouter(): Router {
  const router = new Router({ prefix: '/hubspot/crm/v3/lists' });
  const lists = (ctx: ParameterizedContext): Map<string, HubspotList> => hubspotStoreOf(ctx).lists;

  router.get('/', (ctx) => {
    const ids = asArray(ctx.query.listIds).concat(
      typeof ctx.query.listIds === 'string' ? [ctx.query.listIds] : [],
    );
    ctx.body = { lists: ids.flatMap((id) => lists(ctx).get(String(id)) ?? []).map(publicList) };
  });
  router.post('/', (ctx) => {
    const body = bodyObject(ctx);
    const name = asString(body.name);
    const objectTypeId = asString(body.objectTypeId);
    const processingType = asString(body.processingType);
    if (!name || !objectTypeId || !processingType)
      return validationError(ctx, 'name, objectTypeId and processingType are required.');
    if ([...lists(ctx).values()].some((list) => list.name === name))
      return validationError(ctx, `A list named ${name} already exists.`);
    const list = hubspotStoreOf(ctx).createList({
      name,
      objectTypeId,
      processingType:
        processingType === 'DYNAMIC'
          ? 'DYNAMIC'
          : processingType === 'SNAPSHOT'
            ? 'SNAPSHOT'
            : 'MANUAL',
    });
    ctx.body = { list: publicList(list) };
  });
  router.post('/search', (ctx) => {
    const body = bodyObject(ctx);
    const query = asString(body.query)?.toLowerCase() ?? '';
    const objectTypeId = asString(body.objectTypeId);
    const listIds = asArray(body.listIds).map(String);
    const processingTypes = asArray(body.processingTypes).map(String);
    const count = clamp(asNumber(body.count, 20), 1, 500);
    const offset = Math.max(0, asNumber(body.offset, 0));
    const matches = [...lists(ctx).values()].filter(
      (list) =>
        list.name.toLowerCase().includes(query) &&
        (!objectTypeId || list.objectTypeId === objectTypeId) &&
        (listIds.length === 0 || listIds.includes(list.listId)) &&
        (processingTypes.length === 0 || processingTypes.includes(list.processingType)),
    );
    const page = matches.slice(offset, offset + count);
    ctx.body = {
      lists: page.map(searchResult),
      hasMore: offset + count < matches.length,
      offset: offset + page.length,
      total: matches.length,
    };
  });
  router.get('/object-type-id/:objectTypeId/name/:listName', (ctx) => {
    const list = [...lists(ctx).values()].find(
      (candidate) =>
        candidate.objectTypeId === ctx.params.objectTypeId &&
        candidate.name === ctx.params.listName,
    );
    if (!list) return notFound(ctx, `List ${ctx.params.listName ?? ''} does not exist.`);
    ctx.body = { list: publicList(list) };
  });
  router.get('/:listId', (ctx) => withList(ctx, (list) => (ctx.body = { list: publicList(list) })));
  router.delete('/:listId', (ctx) =>
    withList(ctx, (list) => {
      lists(ctx).delete(list.listId);
      ctx.status = 204;
    }),
  );
  router.get('/:listId/memberships', (ctx) =>
    withList(ctx, (list) => memberships(ctx, list, 'recordId')),
  );
  router.get('/:listId/memberships/join-order', (ctx) =>
    withList(ctx, (list) => memberships(ctx, list, 'joinOrder')),
  );
  router.put('/:listId/memberships/add', (ctx) =>
    withList(ctx, (list) => {
      const { present, missing } = splitByExistence(ctx, list, bodyArray(ctx).map(String));
      const added = present.filter((id) => !list.members.has(id));
      const now = new Date().toISOString();
      added.forEach((id) => list.members.set(id, now));
      list.updatedAt = now;
      ctx.body = { recordsIdsAdded: added, recordIdsRemoved: [], recordIdsMissing: missing };
    }),
  );
  router.put('/:listId/memberships/remove', (ctx) =>
    withList(ctx, (list) => {
      const { present, missing } = splitByExistence(ctx, list, bodyArray(ctx).map(String));
      const removed = present.filter((id) => list.members.delete(id));
      ctx.body = { recordsIdsAdded: [], recordIdsRemoved: removed, recordIdsMissing: missing };
    }),
  );
  return router;
}

function withList(ctx: Ctx, handle: (list: HubspotList) => void): void {
  const list = hubspotStoreOf(ctx).lists.get(ctx.params.listId ?? '');
  if (!list) return notFound(ctx, `List ${ctx.params.listId ?? ''} does not exist.`);
  handle(list);
}

/**
 * Record ids of the list's object type that exist, and the others, which HubSpot reports in
 * `recordIdsMissing` instead of adding. Lists of object types the sandbox does not hold
 * (deals, …) take every id.
 */
function splitByExistence(
  ctx: Ctx,
  list: HubspotList,
  ids: string[],
): { present: string[]; missing: string[] } {
  const type = objectTypeOf(list.objectTypeId);
  const store = hubspotStoreOf(ctx);
  const exists = (id: string) => !type || store.get(type, id) !== undefined;
  return { present: ids.filter(exists), missing: ids.filter((id) => !exists(id)) };
}

/** Pages of record ids, sorted by id or by join time, with HubSpot's opaque `after` cursor. */
function memberships(ctx: Ctx, list: HubspotList, order: 'recordId' | 'joinOrder'): void {
  const limit = clamp(queryInt(ctx, 'limit', 100), 1, MEMBERSHIP_PAGE_MAX);
  const after = Number(Buffer.from(queryString(ctx, 'after') ?? '', 'base64url').toString() || '0');
  const entries = [...list.members.entries()];
  if (order === 'recordId') entries.sort((a, b) => Number(a[0]) - Number(b[0]));
  const page = entries.slice(after, after + limit);
  const next = after + limit;
  ctx.body = {
    results: page.map(([recordId, membershipTimestamp]) => ({ recordId, membershipTimestamp })),
    total: entries.length,
    ...(next < entries.length
      ? { paging: { next: { after: Buffer.from(String(next)).toString('base64url') } } }
      : {}),
  };
}

function publicList(list: HubspotList): Record<string, unknown> {
  return {
    listId: list.listId,
    listVersion: list.listVersion,
    name: list.name,
    objectTypeId: list.objectTypeId,
    processingStatus: 'COMPLETE',
    processingType: list.processingType,
    size: list.members.size,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
    filtersUpdatedAt: list.updatedAt,
  };
}

function searchResult(list: HubspotList): Record<string, unknown> {
  const { size: _size, ...rest } = publicList(list);
  return {
    ...rest,
    additionalProperties: {
      hs_list_size: String(list.members.size),
      hs_last_record_added_at: String(Date.parse(list.updatedAt)),
      hs_list_reference_count: '0',
    },
  };
}
