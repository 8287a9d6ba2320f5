import { Router } from '@koa/router';
import {
  asArray,
  asString,
  bodyObject,
  clamp,
  isObject,
  nowIso,
  queryInt,
  queryString,
  type Ctx,
  type JsonObject,
} from '../core/http.ts';
import { hubspotStoreOf } from './hubspot-auth.ts';
import { hubspotError, notFound, validationError } from './hubspot-errors.ts';
import {
  groupOf,
  objectTypeOf,
  type HubspotObjectType,
  type PropertyDefinition,
  type PropertyGroup,
} from './hubspot-schema.ts';
import type { HubspotStore, Owner } from './hubspot-store.ts';

const PROPERTY_TYPES = [
  'string',
  'number',
  'date',
  'datetime',
  'enumeration',
  'bool',
  'phone_number',
];
const FIELD_TYPES = [
  'text',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'booleancheckbox',
  'number',
  'date',
  'file',
  'html',
  'phonenumber',
  'calculation_equation',
];

/** Properties v3 (read and create custom properties) and owners v3. */
export function hubspotSchemaRouter(): Router {
  const router = new Router({ prefix: '/hubspot/crm/v3' });

  router.get('/properties/:objectType', (ctx) =>
    withType(ctx, (type) => {
      ctx.body = {
        results: [...hubspotStoreOf(ctx).propertyMap(type).values()].filter(
          (property) => !property.archived,
        ),
      };
    }),
  );
  router.get('/properties/:objectType/groups', (ctx) =>
    withType(ctx, (type) => {
      ctx.body = {
        results: [...hubspotStoreOf(ctx).groupMap(type).values()].filter(
          (group) => !group.archived,
        ),
      };
    }),
  );
  router.post('/properties/:objectType/groups', (ctx) =>
    withType(ctx, (type) => {
      const body = bodyObject(ctx);
      const name = asString(body.name);
      const label = asString(body.label);
      if (!name || !label) return validationError(ctx, 'name and label are required.');
      const groups = hubspotStoreOf(ctx).groupMap(type);
      if (groups.get(name)?.archived === false)
        return exists(ctx, `A property group named ${name} already exists.`);
      const group = {
        name,
        label,
        displayOrder: typeof body.displayOrder === 'number' ? body.displayOrder : -1,
        archived: false,
      };
      groups.set(name, group);
      ctx.status = 201;
      ctx.body = group;
    }),
  );
  router.get('/properties/:objectType/groups/:groupName', (ctx) =>
    withGroup(ctx, (group) => {
      ctx.body = group;
    }),
  );
  router.patch('/properties/:objectType/groups/:groupName', (ctx) =>
    withGroup(ctx, (group) => {
      const body = bodyObject(ctx);
      group.label = asString(body.label) ?? group.label;
      if (typeof body.displayOrder === 'number') group.displayOrder = body.displayOrder;
      ctx.body = group;
    }),
  );
  router.delete('/properties/:objectType/groups/:groupName', (ctx) =>
    withGroup(ctx, (group) => {
      group.archived = true;
      ctx.status = 204;
    }),
  );
  router.get('/properties/:objectType/:propertyName', (ctx) =>
    withType(ctx, (type) => {
      const property = hubspotStoreOf(ctx)
        .propertyMap(type)
        .get(ctx.params.propertyName ?? '');
      if (!property)
        return notFound(ctx, `Unable to find property ${ctx.params.propertyName ?? ''}`);
      ctx.body = property;
    }),
  );
  router.post('/properties/:objectType', (ctx) =>
    withType(ctx, (type) => {
      const result = createProperty(hubspotStoreOf(ctx), type, bodyObject(ctx));
      if (typeof result === 'string')
        return result.startsWith('exists:') ? exists(ctx, result) : validationError(ctx, result);
      ctx.status = 201;
      ctx.body = result;
    }),
  );
  router.post('/properties/:objectType/batch/create', (ctx) =>
    withType(ctx, (type) => {
      const results: PropertyDefinition[] = [];
      const errors: JsonObject[] = [];
      for (const input of asArray(bodyObject(ctx).inputs)) {
        const result = createProperty(hubspotStoreOf(ctx), type, isObject(input) ? input : {});
        if (typeof result === 'string')
          errors.push({
            status: 'error',
            category: 'VALIDATION_ERROR',
            message: result.replace(/^exists:/, ''),
            context: {},
            errors: [],
            links: {},
          });
        else results.push(result);
      }
      ctx.status = errors.length > 0 ? 207 : 201;
      ctx.body = {
        status: 'COMPLETE',
        results,
        startedAt: nowIso(),
        completedAt: nowIso(),
        ...(errors.length > 0 ? { errors, numErrors: errors.length } : {}),
      };
    }),
  );
  router.post('/properties/:objectType/batch/read', (ctx) =>
    withType(ctx, (type) => {
      const names = asArray(bodyObject(ctx).inputs).flatMap((input) =>
        isObject(input) ? (asString(input.name) ?? []) : [],
      );
      const map = hubspotStoreOf(ctx).propertyMap(type);
      ctx.body = {
        status: 'COMPLETE',
        results: names.flatMap((name) => map.get(name) ?? []),
        startedAt: nowIso(),
        completedAt: nowIso(),
      };
    }),
  );

  router.get('/owners', (ctx) => listOwners(ctx, hubspotStoreOf(ctx)));
  router.get('/owners/:ownerId', (ctx) => {
    const idProperty = queryString(ctx, 'idProperty') ?? 'id';
    const id = ctx.params.ownerId ?? '';
    const owner = [...hubspotStoreOf(ctx).owners.values()].find(
      (candidate) => (idProperty === 'userId' ? String(candidate.userId) : candidate.id) === id,
    );
    if (!owner) return notFound(ctx, `No owner with ${idProperty} ${id}`);
    ctx.body = owner;
  });
  return router;
}

function withType(ctx: Ctx, handle: (type: HubspotObjectType) => void): void {
  const type = objectTypeOf(ctx.params.objectType);
  if (!type)
    return notFound(ctx, `Unable to infer object type from: ${ctx.params.objectType ?? ''}`);
  handle(type);
}

/** A live (not archived) property group of the path's object type, or HubSpot's 404. */
function withGroup(ctx: Ctx, handle: (group: PropertyGroup) => void): void {
  withType(ctx, (type) => {
    const name = ctx.params.groupName ?? '';
    const group = hubspotStoreOf(ctx).groupMap(type).get(name);
    if (!group || group.archived) return notFound(ctx, `Unable to find property group ${name}`);
    handle(group);
  });
}

function exists(ctx: Ctx, result: string): void {
  hubspotError(ctx, 409, 'OBJECT_ALREADY_EXISTS', result.replace(/^exists:/, ''));
}

/** Validates a PropertyCreate body; answers the new property or a problem text. */
function createProperty(
  store: HubspotStore,
  type: HubspotObjectType,
  body: JsonObject,
): PropertyDefinition | string {
  const name = asString(body.name);
  const label = asString(body.label);
  const propertyType = asString(body.type);
  const fieldType = asString(body.fieldType);
  const groupName = asString(body.groupName) ?? groupOf(type);
  if (!name || !label || !propertyType || !fieldType)
    return 'name, label, type, fieldType and groupName are required.';
  if (!/^[a-z][a-z0-9_]*$/.test(name))
    return `Property name ${name} must be lower case letters, digits and underscores.`;
  if (!PROPERTY_TYPES.includes(propertyType))
    return `${propertyType} is not a valid property type.`;
  if (!FIELD_TYPES.includes(fieldType)) return `${fieldType} is not a valid field type.`;
  if (store.propertyMap(type).has(name)) return `exists:Property named ${name} already exists.`;
  const now = nowIso();
  const property: PropertyDefinition = {
    name,
    label,
    type: propertyType,
    fieldType,
    groupName,
    description: asString(body.description) ?? '',
    options: asArray(body.options).flatMap((option, index) =>
      isObject(option)
        ? [
            {
              label: asString(option.label) ?? '',
              value: asString(option.value) ?? '',
              hidden: option.hidden === true,
              displayOrder: index,
            },
          ]
        : [],
    ),
    hasUniqueValue: body.hasUniqueValue === true,
    hubspotDefined: false,
    hidden: body.hidden === true,
    formField: body.formField === true,
    displayOrder: typeof body.displayOrder === 'number' ? body.displayOrder : -1,
    createdAt: now,
    updatedAt: now,
    archived: false,
  };
  store.addProperty(type, property);
  return property;
}

function listOwners(ctx: Ctx, store: HubspotStore): void {
  const email = queryString(ctx, 'email')?.toLowerCase();
  const limit = clamp(queryInt(ctx, 'limit', 100), 1, 500);
  const after = queryInt(ctx, 'after', 0);
  const owners: Owner[] = [...store.owners.values()].filter(
    (owner) => !email || owner.email.toLowerCase() === email,
  );
  const page = owners.slice(after, after + limit);
  ctx.body = {
    results: page,
    ...(after + limit < owners.length
      ? { paging: { next: { after: String(after + limit) } } }
      : {}),
  };
}
