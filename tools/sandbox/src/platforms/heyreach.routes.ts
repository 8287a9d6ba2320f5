import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import {
  asArray,
  asNumber,
  asString,
  bodyObject,
  clamp,
  isObject,
  nowIso,
  type Ctx,
} from '../core/http.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { platformAccountOf, platformGuard } from './platform-auth.ts';
import type { HeyreachList, PlatformStore } from './platform-store.ts';
import {
  HEYREACH_WEBHOOK_EVENTS,
  registerWebhook,
  type PlatformWebhook,
} from './platform-webhooks.ts';

export const HEYREACH_PREFIX = '/heyreach/api/public';
const LEADS_PER_CALL = 100;

export function heyreachAuth(store: PlatformStore): Middleware {
  return platformGuard(
    'heyreach',
    HEYREACH_PREFIX,
    store,
    (ctx) => ctx.get('x-api-key') || undefined,
    () => ({ errorMessage: 'Invalid API key', statusCode: 401 }),
  );
}

/** Key check and lists: get all, create an empty list, add leads (V1 and V2), read leads. */
export function heyreachRouter(state: SandboxState): Router {
  const router = new Router({ prefix: HEYREACH_PREFIX });
  const lists = (ctx: Ctx): Map<number, HeyreachList> => platformAccountOf(ctx).heyreachLists;

  router.get('/auth/CheckApiKey', (ctx) => {
    ctx.status = 200;
    ctx.body = '';
  });
  // Webhooks (reference §6.3): one event type each; no campaign ids means every campaign.
  router.post('/webhooks/CreateWebhook', (ctx) => {
    const body = bodyObject(ctx);
    const eventType = asString(body.eventType) ?? '';
    if (!(HEYREACH_WEBHOOK_EVENTS as readonly string[]).includes(eventType)) {
      return badRequest(ctx, `eventType must be one of ${HEYREACH_WEBHOOK_EVENTS.join(', ')}`);
    }
    const campaignIds = asArray(body.campaignIds).map((id) => asNumber(id, -1));
    const webhook = registerWebhook(
      ctx,
      platformAccountOf(ctx),
      {
        name: asString(body.webhookName),
        url: asString(body.webhookUrl),
        campaignIds: campaignIds.length > 0 ? campaignIds : null,
        eventTypes: [eventType],
      },
      () => state.platforms.ids.take(),
    );
    if (webhook) ctx.body = publicWebhook(webhook);
  });
  router.get('/webhooks/GetAllWebhooks', (ctx) => {
    const items = platformAccountOf(ctx).webhooks.map(publicWebhook);
    ctx.body = { totalCount: items.length, items };
  });
  router.post('/list/GetAll', (ctx) => {
    const body = bodyObject(ctx);
    const keyword = asString(body.keyword)?.toLowerCase();
    const listType = asString(body.listType);
    const matches = [...lists(ctx).values()].filter(
      (list) =>
        (!keyword || list.name.toLowerCase().includes(keyword)) &&
        (!listType || list.listType === listType),
    );
    const offset = Math.max(0, asNumber(body.offset, 0));
    const limit = clamp(asNumber(body.limit, 100), 1, 100);
    ctx.body = {
      totalCount: matches.length,
      items: matches.slice(offset, offset + limit).map(publicList),
    };
  });
  router.post('/list/CreateEmptyList', (ctx) => {
    const body = bodyObject(ctx);
    const name = asString(body.name)?.trim();
    if (!name) return badRequest(ctx, 'name is required');
    const list: HeyreachList = {
      id: state.platforms.ids.take(),
      name,
      listType: asString(body.type) === 'COMPANY_LIST' ? 'COMPANY_LIST' : 'USER_LIST',
      creationTime: nowIso(),
      campaignIds: [],
      leads: new Map(),
    };
    lists(ctx).set(list.id, list);
    ctx.body = publicList(list);
  });
  router.post('/list/AddLeadsToListV2', (ctx) =>
    withList(ctx, (list) => (ctx.body = addLeads(list, bodyObject(ctx).leads))),
  );
  router.post('/list/AddLeadsToList', (ctx) =>
    withList(ctx, (list) => (ctx.body = addLeads(list, bodyObject(ctx).leads).addedLeadsCount)),
  );
  router.post('/list/GetLeadsFromList', (ctx) =>
    withList(ctx, (list) => {
      const body = bodyObject(ctx);
      const offset = Math.max(0, asNumber(body.offset, 0));
      const limit = clamp(asNumber(body.limit, 100), 1, 100);
      const leads = [...list.leads.values()];
      ctx.body = { totalCount: leads.length, items: leads.slice(offset, offset + limit) };
    }),
  );
  return router;
}

function withList(ctx: Ctx, handle: (list: HeyreachList) => void): void {
  const list = platformAccountOf(ctx).heyreachLists.get(asNumber(bodyObject(ctx).listId, -1));
  if (!list) {
    ctx.status = 404;
    ctx.body = { errorMessage: 'List not found', statusCode: 404 };
    return;
  }
  handle(list);
}

/** Public profile URLs only (`linkedin.com/in/<slug>`); anything else counts as failed. */
function addLeads(
  list: HeyreachList,
  value: unknown,
): { addedLeadsCount: number; updatedLeadsCount: number; failedLeadsCount: number } {
  const result = { addedLeadsCount: 0, updatedLeadsCount: 0, failedLeadsCount: 0 };
  for (const lead of asArray(value).slice(0, LEADS_PER_CALL)) {
    const profileUrl = isObject(lead)
      ? normaliseProfileUrl(asString(lead.profileUrl) ?? '')
      : undefined;
    if (!isObject(lead) || !profileUrl) {
      result.failedLeadsCount++;
      continue;
    }
    if (list.leads.has(profileUrl)) result.updatedLeadsCount++;
    else result.addedLeadsCount++;
    list.leads.set(profileUrl, {
      profileUrl,
      firstName: asString(lead.firstName) ?? '',
      lastName: asString(lead.lastName) ?? '',
      companyName: asString(lead.companyName) ?? '',
      position: asString(lead.position) ?? '',
      emailAddress: asString(lead.emailAddress) ?? '',
      addedAt: nowIso(),
    });
  }
  result.failedLeadsCount += Math.max(0, asArray(value).length - LEADS_PER_CALL);
  return result;
}

function normaliseProfileUrl(value: string): string | undefined {
  const match = /^(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/in\/([^/?#]+)\/?$/i.exec(
    value.trim(),
  );
  return match?.[1] ? `https://www.linkedin.com/in/${match[1].toLowerCase()}` : undefined;
}

function publicList(list: HeyreachList): Record<string, unknown> {
  return {
    id: list.id,
    name: list.name,
    totalItemsCount: list.leads.size,
    listType: list.listType,
    creationTime: list.creationTime,
    campaignIds: list.campaignIds,
    isDeleted: false,
  };
}

function badRequest(ctx: Ctx, message: string): void {
  ctx.status = 400;
  ctx.body = { errorMessage: message, statusCode: 400 };
}

function publicWebhook(webhook: PlatformWebhook) {
  return {
    id: webhook.id,
    webhookName: webhook.name,
    webhookUrl: webhook.url,
    eventType: webhook.eventTypes[0],
    campaignIds: webhook.campaignIds ?? [],
    isActive: true,
  };
}
