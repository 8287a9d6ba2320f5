import { Router } from '@koa/router';
import {
  asArray,
  asNumber,
  asString,
  bodyArray,
  bodyObject,
  clamp,
  isObject,
  queryInt,
  queryString,
  type Ctx,
  type JsonObject,
} from '../core/http.ts';
import type { ParameterizedContext } from 'koa';
import { hubspotStoreOf } from './hubspot-auth.ts';
import { notFound, validationError } from './hubspot-errors.ts';
import {
  compileListFilter,
  ListFilterError,
  normalizeListFilter,
  type RecordPredicate,
} from './hubspot-list-filters.ts';
import { objectTypeOf } from './hubspot-schema.ts';
import type { HubspotList, HubspotStore, ListMembers } from './hubspot-store.ts';

const MEMBERSHIP_PAGE_MAX = 250;

/**
 * Lists v3: metadata, search with `hs_list_size`, creation (DYNAMIC and SNAPSHOT lists with a
 * `filterBranch`) and memberships. A DYNAMIC list's members are the records that pass its
 * filter at the time of reading; HubSpot changes them by itself, so adding or removing members
 * by hand is refused there (the API allows it on MANUAL and SNAPSHOT lists only).
 */
export function hubspotListsRouter(): Router {
  const router = new Router({ prefix: '/hubspot/crm/v3/lists' });
  const lists = (ctx: ParameterizedContext): Map<string, HubspotList> => hubspotStoreOf(ctx).lists;

  router.get('/', (ctx) => {
    const ids = asArray(ctx.query.listIds).concat(
      typeof ctx.query.listIds === 'string' ? [ctx.query.listIds] : [],
    );
    const store = hubspotStoreOf(ctx);
    ctx.body = {
      lists: ids
        .flatMap((id) => lists(ctx).get(String(id)) ?? [])
        .map((list) => publicList(store, list, includeFilters(ctx))),
    };
  });
  router.post('/', (ctx) => createList(ctx, hubspotStoreOf(ctx)));
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
    const store = hubspotStoreOf(ctx);
    ctx.body = {
      lists: page.map((list) => searchResult(store, list)),
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
    ctx.body = { list: publicList(hubspotStoreOf(ctx), list, includeFilters(ctx)) };
  });
  router.get('/:listId', (ctx) =>
    withList(
      ctx,
      (list) => (ctx.body = { list: publicList(hubspotStoreOf(ctx), list, includeFilters(ctx)) }),
    ),
  );
  router.delete('/:listId', (ctx) =>
    withList(ctx, (list) => {
      lists(ctx).delete(list.listId);
      ctx.status = 204;
    }),
  );
  router.get('/:listId/memberships', (ctx) =>
    withList(ctx, (list) => memberships(ctx, hubspotStoreOf(ctx).membersOf(list), 'recordId')),
  );
  router.get('/:listId/memberships/join-order', (ctx) =>
    withList(ctx, (list) => memberships(ctx, hubspotStoreOf(ctx).membersOf(list), 'joinOrder')),
  );
  router.put('/:listId/memberships/add', (ctx) =>
    withManualList(ctx, (list) => {
      const { present, missing } = splitByExistence(ctx, list, bodyArray(ctx).map(String));
      const added = present.filter((id) => !list.members.has(id));
      const now = new Date().toISOString();
      added.forEach((id) => list.members.set(id, now));
      list.updatedAt = now;
      ctx.body = { recordsIdsAdded: added, recordIdsRemoved: [], recordIdsMissing: missing };
    }),
  );
  router.put('/:listId/memberships/remove', (ctx) =>
    withManualList(ctx, (list) => {
      const { present, missing } = splitByExistence(ctx, list, bodyArray(ctx).map(String));
      const removed = present.filter((id) => list.members.delete(id));
      ctx.body = { recordsIdsAdded: [], recordIdsRemoved: removed, recordIdsMissing: missing };
    }),
  );
  return router;
}

/** `POST /crm/v3/lists`: a DYNAMIC or SNAPSHOT list may carry a `filterBranch`, checked first. */
function createList(ctx: Ctx, store: HubspotStore): void {
  const body = bodyObject(ctx);
  const name = asString(body.name);
  const objectTypeId = asString(body.objectTypeId);
  const processingType = asString(body.processingType);
  if (!name || !objectTypeId || !processingType)
    return validationError(ctx, 'name, objectTypeId and processingType are required.');
  if (!['MANUAL', 'SNAPSHOT', 'DYNAMIC'].includes(processingType))
    return validationError(
      ctx,
      `processingType ${processingType} is not one of MANUAL, SNAPSHOT or DYNAMIC.`,
    );
  if ([...store.lists.values()].some((list) => list.name === name))
    return validationError(ctx, `A list named ${name} already exists.`);
  const filtered = processingType !== 'MANUAL' && body.filterBranch !== undefined;
  let matches: RecordPredicate | undefined;
  if (filtered) {
    const type = objectTypeOf(objectTypeId);
    try {
      matches = compileListFilter(
        body.filterBranch,
        (property) => type !== undefined && store.propertyMap(type).has(property),
      );
    } catch (error) {
      if (error instanceof ListFilterError) return validationError(ctx, error.message);
      throw error;
    }
  }
  const list = store.createList({
    name,
    objectTypeId,
    processingType: processingType as HubspotList['processingType'],
    ...(filtered && isObject(body.filterBranch)
      ? { filterBranch: normalizeListFilter(body.filterBranch), matches }
      : {}),
  });
  ctx.body = { list: publicList(store, list, true) };
}

function includeFilters(ctx: Ctx): boolean {
  return queryString(ctx, 'includeFilters') === 'true';
}

function withList(ctx: Ctx, handle: (list: HubspotList) => void): void {
  const list = hubspotStoreOf(ctx).lists.get(ctx.params.listId ?? '');
  if (!list) return notFound(ctx, `List ${ctx.params.listId ?? ''} does not exist.`);
  handle(list);
}

/** Membership changes by hand: MANUAL and SNAPSHOT lists only (HubSpot's lists API). */
function withManualList(ctx: Ctx, handle: (list: HubspotList) => void): void {
  withList(ctx, (list) => {
    if (list.processingType === 'DYNAMIC')
      return validationError(
        ctx,
        `List ${list.listId} is a DYNAMIC list: its memberships follow its filters and cannot be changed by hand. Only MANUAL and SNAPSHOT lists take memberships through the API.`,
      );
    handle(list);
  });
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

/**
 * Pages of record ids, sorted by id or by join time, with an opaque `after` cursor: for id
 * order it names the last record id seen (a binary search finds the next page, and a member
 * added or removed meanwhile does not shift the pages); for join order, a position.
 */
function memberships(ctx: Ctx, members: ListMembers, order: 'recordId' | 'joinOrder'): void {
  const limit = clamp(queryInt(ctx, 'limit', 100), 1, MEMBERSHIP_PAGE_MAX);
  const cursor = Buffer.from(queryString(ctx, 'after') ?? '', 'base64url').toString();
  const ids = order === 'recordId' ? members.byRecordId() : members.byJoinOrder();
  const start = order === 'recordId' ? firstAfter(ids, cursor) : Math.max(0, Number(cursor) || 0);
  const page = ids.slice(start, start + limit);
  const last = page[page.length - 1];
  const next = start + page.length;
  const token = order === 'recordId' ? (last ?? '') : String(next);
  ctx.body = {
    results: page.map((recordId) => ({
      recordId,
      membershipTimestamp: members.get(recordId) ?? '',
    })),
    total: ids.length,
    ...(next < ids.length
      ? { paging: { next: { after: Buffer.from(token).toString('base64url') } } }
      : {}),
  };
}

/** The index of the first id greater than `after` in ids sorted numerically (0 without one). */
function firstAfter(ids: readonly string[], after: string): number {
  if (after === '') return 0;
  const bound = Number(after);
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (Number(ids[middle]) <= bound) low = middle + 1;
    else high = middle;
  }
  return low;
}

function publicList(
  store: HubspotStore,
  list: HubspotList,
  withFilters: boolean,
): Record<string, unknown> {
  return {
    listId: list.listId,
    listVersion: list.listVersion,
    name: list.name,
    objectTypeId: list.objectTypeId,
    processingStatus: 'COMPLETE',
    processingType: list.processingType,
    size: store.membersOf(list).size,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
    filtersUpdatedAt: list.updatedAt,
    ...(withFilters && list.filterBranch ? { filterBranch: list.filterBranch } : {}),
  };
}

function searchResult(store: HubspotStore, list: HubspotList): Record<string, unknown> {
  const { size, ...rest } = publicList(store, list, false);
  return {
    ...rest,
    additionalProperties: {
      hs_list_size: String(size),
      hs_last_record_added_at: String(Date.parse(list.updatedAt)),
      hs_list_reference_count: '0',
    } satisfies JsonObject,
  };
}
