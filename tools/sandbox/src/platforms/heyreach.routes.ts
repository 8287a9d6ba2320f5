import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import {
  asArray,
  asNumber,
  asString,
  asStringArray,
  bodyObject,
  clamp,
  isObject,
  nowIso,
  type Ctx,
} from '../core/http.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { platformAccountOf, platformGuard } from './platform-auth.ts';
import { linkedInIdOf, type HeyreachList, type PlatformStore } from './platform-store.ts';
import {
  HEYREACH_WEBHOOK_EVENTS,
  registerWebhook,
  type PlatformWebhook,
} from './platform-webhooks.ts';

export const HEYREACH_PREFIX = '/heyreach/api/public';
const LEADS_PER_CALL = 100;
/** GetLeadsFromList pages up to 1,000 leads (heyreach CLI). */
const LEADS_PER_PAGE = 1000;

export function heyreachAuth(store: PlatformStore): Middleware {
  return platformGuard(
    'heyreach',
    HEYREACH_PREFIX,
    store,
    (ctx) => ctx.get('x-api-key') || undefined,
    () => ({ errorMessage: 'Invalid API key', statusCode: 401 }),
  );
}

/**
 * Key check, webhooks and lists: get all, create an empty list, add leads (V1 and V2, at most
 * 100 a call), read leads (with each lead's profileUrl and LinkedIn member id), delete leads
 * by member id or by profile URL.
 */
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
    withLeadBatch(ctx, (list, leads) => (ctx.body = addLeads(state, list, leads))),
  );
  router.post('/list/AddLeadsToList', (ctx) =>
    withLeadBatch(ctx, (list, leads) => (ctx.body = addLeads(state, list, leads).addedLeadsCount)),
  );
  router.post('/list/GetLeadsFromList', (ctx) =>
    withList(ctx, (list) => {
      const body = bodyObject(ctx);
      const offset = Math.max(0, asNumber(body.offset, 0));
      const limit = clamp(asNumber(body.limit, 100), 1, LEADS_PER_PAGE);
      const profileUrl = normaliseProfileUrl(asString(body.leadProfileUrl) ?? '');
      const linkedInId = asString(body.leadLinkedInId);
      const keyword = asString(body.keyword)?.toLowerCase();
      const leads = [...list.leads.values()].filter(
        (lead) =>
          (!profileUrl || lead.profileUrl === profileUrl) &&
          (!linkedInId || lead.linkedInId === linkedInId) &&
          (!keyword ||
            `${lead.firstName} ${lead.lastName} ${lead.companyName}`
              .toLowerCase()
              .includes(keyword)),
      );
      ctx.body = { totalCount: leads.length, items: leads.slice(offset, offset + limit) };
    }),
  );
  // The heyreach CLI sends these with DELETE and a JSON body; the reference lists them as POST.
  // Both are taken. The answer's body is undocumented: the sandbox sends none.
  const deleteByMemberIds = (ctx: Ctx) =>
    withList(ctx, (list) => {
      const ids = new Set(asStringArray(bodyObject(ctx).leadMemberIds));
      for (const [key, lead] of list.leads) if (ids.has(lead.linkedInId)) list.leads.delete(key);
      ctx.status = 200;
      ctx.body = '';
    });
  const deleteByProfileUrl = (ctx: Ctx) =>
    withList(ctx, (list) => {
      for (const url of asStringArray(bodyObject(ctx).profileUrls)) {
        const key = normaliseProfileUrl(url);
        if (key) list.leads.delete(key);
      }
      ctx.status = 200;
      ctx.body = '';
    });
  router.post('/list/DeleteLeadsFromList', deleteByMemberIds);
  router.delete('/list/DeleteLeadsFromList', deleteByMemberIds);
  router.post('/list/DeleteLeadsFromListByProfileUrl', deleteByProfileUrl);
  router.delete('/list/DeleteLeadsFromListByProfileUrl', deleteByProfileUrl);
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

/**
 * A batch of leads for a list: more than 100 is refused with HeyReach's 400 (the API takes at
 * most 100 per call) rather than cut silently.
 */
function withLeadBatch(ctx: Ctx, handle: (list: HeyreachList, leads: unknown[]) => void): void {
  const leads = asArray(bodyObject(ctx).leads);
  if (leads.length > LEADS_PER_CALL)
    return badRequest(
      ctx,
      `At most ${LEADS_PER_CALL} leads can be added in one request (got ${leads.length}).`,
    );
  withList(ctx, (list) => handle(list, leads));
}

/** Public profile URLs only (`linkedin.com/in/<slug>`); anything else counts as failed. */
function addLeads(
  state: SandboxState,
  list: HeyreachList,
  leads: unknown[],
): { addedLeadsCount: number; updatedLeadsCount: number; failedLeadsCount: number } {
  const result = { addedLeadsCount: 0, updatedLeadsCount: 0, failedLeadsCount: 0 };
  for (const lead of leads) {
    const profileUrl = isObject(lead)
      ? normaliseProfileUrl(asString(lead.profileUrl) ?? '')
      : undefined;
    if (!isObject(lead) || !profileUrl) {
      result.failedLeadsCount++;
      continue;
    }
    const existing = list.leads.get(profileUrl);
    if (existing) result.updatedLeadsCount++;
    else result.addedLeadsCount++;
    list.leads.set(profileUrl, {
      id: existing?.id ?? state.platforms.ids.take(),
      linkedInId: linkedInIdOf(profileUrl),
      profileUrl,
      firstName: asString(lead.firstName) ?? '',
      lastName: asString(lead.lastName) ?? '',
      companyName: asString(lead.companyName) ?? '',
      position: asString(lead.position) ?? '',
      emailAddress: asString(lead.emailAddress) ?? '',
      addedAt: existing?.addedAt ?? nowIso(),
    });
  }
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
