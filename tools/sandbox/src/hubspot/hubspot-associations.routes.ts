import { Router } from '@koa/router';
import {
  asArray,
  asNumber,
  asString,
  bodyArray,
  bodyObject,
  isObject,
  nowIso,
  type Ctx,
  type JsonObject,
} from '../core/http.ts';
import type { ParameterizedContext } from 'koa';
import { hubspotStoreOf } from './hubspot-auth.ts';
import { notFound, validationError } from './hubspot-errors.ts';
import {
  OBJECT_TYPE_IDS,
  associationLabel,
  defaultAssociationType,
  objectTypeOf,
  type HubspotObjectType,
} from './hubspot-schema.ts';
import type { HubspotStore } from './hubspot-store.ts';

interface Pair {
  from: HubspotObjectType;
  to: HubspotObjectType;
}

/** Associations v4: default and labelled associations, single and batch, both directions. */
export function hubspotAssociationsRouter(): Router {
  const router = new Router({ prefix: '/hubspot/crm/v4' });
  const store = (ctx: ParameterizedContext): HubspotStore => hubspotStoreOf(ctx);

  router.put('/objects/:fromType/:fromId/associations/default/:toType/:toId', (ctx) =>
    withPair(ctx, ({ from, to }) => {
      const fromId = ctx.params.fromId ?? '';
      const toId = ctx.params.toId ?? '';
      if (!exists(store(ctx), from, fromId) || !exists(store(ctx), to, toId))
        return notFound(ctx, 'One or both objects do not exist.');
      ctx.body = {
        status: 'COMPLETE',
        results: defaultAssociate(store(ctx), { from, to }, fromId, toId),
        startedAt: nowIso(),
        completedAt: nowIso(),
      };
    }),
  );
  router.put('/objects/:fromType/:fromId/associations/:toType/:toId', (ctx) =>
    withPair(ctx, ({ from, to }) => {
      const fromId = ctx.params.fromId ?? '';
      const toId = ctx.params.toId ?? '';
      if (!exists(store(ctx), from, fromId) || !exists(store(ctx), to, toId))
        return notFound(ctx, 'One or both objects do not exist.');
      const typeIds = bodyArray(ctx).map((spec) =>
        isObject(spec) ? asNumber(spec.associationTypeId, -1) : -1,
      );
      typeIds.forEach((typeId) => store(ctx).associate(from, fromId, to, toId, typeId));
      // The OpenAPI declares 201 (and no 200) for this PUT; the generated clients throw on 200.
      ctx.status = 201;
      ctx.body = labelsBetween(store(ctx), { from, to }, fromId, toId);
    }),
  );
  router.delete('/objects/:fromType/:fromId/associations/:toType/:toId', (ctx) =>
    withPair(ctx, ({ from, to }) => {
      store(ctx).unassociate(from, ctx.params.fromId ?? '', to, ctx.params.toId ?? '');
      ctx.status = 204;
    }),
  );
  router.get('/objects/:fromType/:fromId/associations/:toType', (ctx) =>
    withPair(ctx, ({ from, to }) => {
      ctx.body = { results: associatedWithLabels(store(ctx), from, ctx.params.fromId ?? '', to) };
    }),
  );

  // A pair naming a record that does not exist is not associated and gets an error entry of
  // its own; the other pairs are associated (207, as HubSpot's batch endpoints answer a
  // partial success).
  router.post('/associations/:fromType/:toType/batch/associate/default', (ctx) =>
    withPair(ctx, (pair) => {
      const results: unknown[] = [];
      const errors: unknown[] = [];
      for (const { fromId, toId } of inputsOf(ctx)) {
        const problem = missingEnd(store(ctx), pair, fromId, toId);
        if (problem) errors.push(problem);
        else results.push(...defaultAssociate(store(ctx), pair, fromId, toId));
      }
      const times = { startedAt: nowIso(), completedAt: nowIso() };
      if (errors.length === 0) {
        ctx.body = { status: 'COMPLETE', results, ...times };
        return;
      }
      ctx.status = 207;
      ctx.body = { status: 'COMPLETE', results, numErrors: errors.length, errors, ...times };
    }),
  );
  router.post('/associations/:fromType/:toType/batch/create', (ctx) =>
    withPair(ctx, (pair) => {
      const results = asArray(bodyObject(ctx).inputs).flatMap((input) => {
        if (!isObject(input)) return [];
        const fromId = idOf(input.from);
        const toId = idOf(input.to);
        if (!exists(store(ctx), pair.from, fromId) || !exists(store(ctx), pair.to, toId)) return [];
        for (const spec of asArray(input.types)) {
          if (isObject(spec))
            store(ctx).associate(
              pair.from,
              fromId,
              pair.to,
              toId,
              asNumber(spec.associationTypeId, -1),
            );
        }
        return [labelsBetween(store(ctx), pair, fromId, toId)];
      });
      ctx.status = 201;
      ctx.body = { status: 'COMPLETE', results, startedAt: nowIso(), completedAt: nowIso() };
    }),
  );
  router.post('/associations/:fromType/:toType/batch/read', (ctx) =>
    withPair(ctx, (pair) => {
      const results = asArray(bodyObject(ctx).inputs).flatMap((input) => {
        const fromId = isObject(input) ? (asString(input.id) ?? '') : '';
        const to = associatedWithLabels(store(ctx), pair.from, fromId, pair.to);
        return to.length > 0 ? [{ from: { id: fromId }, to }] : [];
      });
      ctx.body = { status: 'COMPLETE', results, startedAt: nowIso(), completedAt: nowIso() };
    }),
  );
  router.post('/associations/:fromType/:toType/batch/archive', (ctx) =>
    withPair(ctx, (pair) => {
      for (const input of asArray(bodyObject(ctx).inputs)) {
        if (!isObject(input)) continue;
        const fromId = idOf(input.from);
        for (const to of asArray(input.to))
          store(ctx).unassociate(pair.from, fromId, pair.to, idOf(to));
      }
      ctx.status = 204;
    }),
  );
  return router;
}

function withPair(ctx: Ctx, handle: (pair: Pair) => void): void {
  const from = objectTypeOf(ctx.params.fromType);
  const to = objectTypeOf(ctx.params.toType);
  if (!from || !to)
    return validationError(
      ctx,
      `Unknown object types ${ctx.params.fromType ?? ''} → ${ctx.params.toType ?? ''}`,
    );
  handle({ from, to });
}

function idOf(value: unknown): string {
  return isObject(value) ? (asString(value.id) ?? '') : '';
}

function inputsOf(ctx: Ctx): Array<{ fromId: string; toId: string }> {
  return asArray(bodyObject(ctx).inputs).flatMap((input) =>
    isObject(input) ? [{ fromId: idOf(input.from), toId: idOf(input.to) }] : [],
  );
}

/** The error entry for a pair whose from or to record does not exist (none when both do). */
function missingEnd(
  store: HubspotStore,
  pair: Pair,
  fromId: string,
  toId: string,
): JsonObject | undefined {
  const fromMissing = !exists(store, pair.from, fromId);
  const toMissing = !exists(store, pair.to, toId);
  if (!fromMissing && !toMissing) return undefined;
  const missing = [
    ...(fromMissing ? [`${pair.from} ${fromId}`] : []),
    ...(toMissing ? [`${pair.to} ${toId}`] : []),
  ];
  return {
    status: 'error',
    category: 'VALIDATION_ERROR',
    message: `Could not associate ${pair.from} ${fromId} with ${pair.to} ${toId}: ${missing.join(' and ')} does not exist.`,
    context: {
      ...(fromMissing ? { fromObjectId: [fromId] } : {}),
      ...(toMissing ? { toObjectId: [toId] } : {}),
    },
    errors: [],
    links: {},
  };
}

function exists(store: HubspotStore, type: HubspotObjectType, id: string): boolean {
  return store.get(type, id) !== undefined;
}

function defaultAssociate(
  store: HubspotStore,
  pair: Pair,
  fromId: string,
  toId: string,
): unknown[] {
  const typeId = defaultAssociationType(pair.from, pair.to);
  if (typeId === undefined) return [];
  store.associate(pair.from, fromId, pair.to, toId, typeId);
  return [
    {
      from: { id: fromId },
      to: { id: toId },
      associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId },
    },
  ];
}

function labelsBetween(store: HubspotStore, pair: Pair, fromId: string, toId: string): unknown {
  const edge = store
    .associationsOf(pair.from, fromId, pair.to)
    .find((candidate) => candidate.toId === toId);
  const labels = [...(edge?.typeIds ?? [])].flatMap((typeId) => associationLabel(typeId) ?? []);
  return {
    fromObjectTypeId: OBJECT_TYPE_IDS[pair.from],
    fromObjectId: fromId,
    toObjectTypeId: OBJECT_TYPE_IDS[pair.to],
    toObjectId: toId,
    labels,
  };
}

function associatedWithLabels(
  store: HubspotStore,
  from: HubspotObjectType,
  fromId: string,
  to: HubspotObjectType,
): unknown[] {
  return store.associationsOf(from, fromId, to).map((edge) => ({
    toObjectId: edge.toId,
    associationTypes: [...edge.typeIds].map((typeId) => {
      const label = associationLabel(typeId);
      return { category: 'HUBSPOT_DEFINED', typeId, ...(label ? { label } : {}) };
    }),
  }));
}
